// Offers between two people at a table, in two browser contexts, watched
// by a third: a draw declined then accepted, a takeback, and the next game
// once both agree.
import { expect, joinByLink, moves, openTableForFriend, playFirstMove, test } from "./host";

test("a draw offered and declined, a takeback, a draw agreed and a rematch both want", async ({ browser }) => {
  const [ana, ben, spectator] = await Promise.all([browser.newContext(), browser.newContext(), browser.newContext()]);
  const a = await ana.newPage();
  const b = await ben.newPage();
  const watcher = await spectator.newPage();
  const link = await openTableForFriend(a, "tictactoe", "Ana");
  await joinByLink(b, link, "Ben");
  await watcher.goto(`./#/watch/${link.slice(-6)}`);
  await expect(watcher.locator(".watching")).toBeVisible();

  // Nothing to offer before a move but a draw.
  await expect(a.locator("[data-action=offer-draw]")).toBeVisible();
  await expect(a.locator("[data-action=offer-takeback]")).toHaveCount(0);
  for (let played = 1; played <= 2; ++played) {
    await playFirstMove([a, b]);
    for (const page of [a, b]) await expect(moves(page)).toHaveCount(played);
  }

  // Ana offers a draw: Ben may answer, the spectator sees it, Ana may withdraw.
  await a.locator("[data-action=offer-draw]").click();
  await expect(a.locator(".offer")).toContainText("You offered a draw. Waiting for Ben to answer");
  await expect(a.locator("[data-action=offer-withdraw]")).toBeVisible();
  await expect(a.locator("[data-action=offer-draw]")).toHaveCount(0);
  await expect(b.locator(".offer")).toContainText("Ana offers a draw.");
  await expect(watcher.locator(".offer")).toContainText("Ana offers a draw.");
  await expect(watcher.locator(".offer button")).toHaveCount(0);
  await b.locator("[data-action=offer-decline]").click();
  await expect(a.locator(".notice")).toHaveText("Ben declined the draw.");
  await expect(a.locator(".offer")).toHaveCount(0);
  // Not again in this position.
  await a.locator("[data-action=offer-draw]").click();
  await expect(a.locator(".error")).toHaveText("This offer was declined. You can make it again after the next move.");

  // Whoever is to move asks to take back their last move; the other agrees.
  const asker = (await a.locator(".your-turn-banner").count()) ? a : b;
  const other = asker === a ? b : a;
  await asker.locator("[data-action=offer-takeback]").click();
  await expect(other.locator(".offer")).toContainText("asks to take back their last move.");
  await other.locator("[data-action=offer-accept]").click();
  for (const page of [a, b, watcher]) await expect(moves(page)).toHaveCount(0);

  // One move each, then a draw both agree to.
  for (let played = 1; played <= 2; ++played) {
    await playFirstMove([a, b]);
    for (const page of [a, b]) await expect(moves(page)).toHaveCount(played);
  }
  await b.locator("[data-action=offer-draw]").click();
  await a.locator("[data-action=offer-accept]").click();
  for (const page of [a, b, watcher]) await expect(page.locator(".status")).toContainText("Draw by agreement.");
  await expect(b.locator(".notice")).toHaveText("Ana accepted the draw.");
  await expect(a.locator(".result-banner")).toBeVisible();

  // The next game begins only once both want it.
  await a.locator("[data-action=next-game]").click();
  await expect(a.locator(".offer")).toContainText("You asked for the next game. Waiting for Ben to agree");
  await expect(b.locator(".offer")).toContainText("Ana would like to play the next game.");
  await expect(a.locator(".status")).toContainText("Game 1");
  await b.locator("[data-action=offer-accept]").click();
  for (const page of [a, b, watcher]) await expect(page.locator(".status")).toContainText("Game 2");
  await expect(moves(a)).toHaveCount(0);
  await Promise.all([ana.close(), ben.close(), spectator.close()]);
});
