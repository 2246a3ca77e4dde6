// Two people play a whole game of each game through an invite link, in two
// browser contexts (two devices), while a third context watches.
import { expect, joinByLink, moves, openTableForFriend, playFirstMove, test } from "./host";

for (const gameId of ["uttt", "tictactoe"]) {
  test(`a whole game of ${gameId} through an invite link, watched by a spectator`, async ({ browser }) => {
    const [ana, ben, spectator] = await Promise.all([browser.newContext(), browser.newContext(), browser.newContext()]);
    const a = await ana.newPage();
    const b = await ben.newPage();
    const watcher = await spectator.newPage();

    const link = await openTableForFriend(a, gameId, "Ana");
    const code = link.slice(-6);
    await joinByLink(b, link, "Ben");
    await watcher.goto(`./#/watch/${code}`);
    await expect(watcher.locator(".watching")).toBeVisible();
    await expect(watcher.locator(".seat .who", { hasText: "Ana" })).toBeVisible();
    await expect(watcher.locator(".seat .who", { hasText: "Ben" })).toBeVisible();
    await expect(a.locator(".invite")).toHaveCount(0);

    let played = 0;
    const seen: string[] = [];
    for (;;) {
      const mover = await playFirstMove([a, b]);
      if (!mover) break;
      ++played;
      // Every page shows the move before anyone plays the next.
      for (const page of [a, b, watcher]) await expect(moves(page)).toHaveCount(played);
      seen.push((await moves(watcher).nth(played - 1).textContent()) ?? "");
      await expect(watcher.locator(".board-column .cell.playable")).toHaveCount(0);
    }
    expect(played).toBeGreaterThan(4);
    await expect(b.locator("[data-action=next-game]")).toBeVisible();
    await expect(watcher.locator("[data-action=next-game]")).toHaveCount(0);
    // The spectator saw every move, in order, and the same final board.
    expect(await moves(a).allTextContents()).toEqual(seen);
    expect(await moves(b).allTextContents()).toEqual(seen);
    const finalStatus = await a.locator(".status").textContent();
    await expect(watcher.locator(".status")).toHaveText(finalStatus!);
    await expect(b.locator(".status")).toHaveText(finalStatus!);
    await Promise.all([ana.close(), ben.close(), spectator.close()]);
  });
}
