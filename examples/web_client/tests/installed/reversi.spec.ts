// Reversi, a game built outside this tree, served by an installed game-host:
// the client knows nothing of it, yet one move changes many discs and a
// player with no move passes, all through the generic interface.
import { expect, joinByLink, moves, openTableForFriend, test } from "../host";

// Eight moves after which Black has no square that flips a disc, while
// White still has one (the same line as tests/sdk/reversi_sdk_test.py).
const TO_A_PASS = ["c4", "c3", "e6", "b4", "a4", "a5", "b2", "a3"];

test("reversi in the browser: discs flipped, a forced pass, watched by a spectator", async ({ browser }) => {
  const [ana, bruno, spectator] = await Promise.all([browser.newContext(), browser.newContext(), browser.newContext()]);
  const black = await ana.newPage();
  const white = await bruno.newPage();
  const watcher = await spectator.newPage();
  const link = await openTableForFriend(black, "reversi", "Ana");
  await joinByLink(white, link, "Bruno");
  await watcher.goto(`./#/watch/${link.slice(-6)}`);
  await expect(watcher.locator(".board-column .cell")).toHaveCount(64);

  for (const [i, square] of TO_A_PASS.entries()) {
    const player = i % 2 === 0 ? black : white;
    await player.getByRole("button", { name: new RegExp(`Play ${square} here`) }).click();
    for (const page of [black, white, watcher]) await expect(moves(page)).toHaveCount(i + 1);
    // The disc placed and every disc it flipped are the last move.
    expect(await watcher.locator(".board-column .cell.last").count()).toBeGreaterThanOrEqual(2);
  }
  expect(await moves(watcher).allTextContents()).toEqual(TO_A_PASS);

  // Black has no square: the board offers none, only the pass.
  await expect(black.locator(".status")).toContainText("Black has no move and must pass");
  await expect(black.locator(".board-column .cell.playable")).toHaveCount(0);
  await expect(black.locator(".pass")).toHaveCount(1);
  await expect(white.locator(".pass")).toHaveCount(0);
  await black.locator(".pass").click();
  for (const page of [black, white, watcher]) await expect(moves(page)).toHaveCount(TO_A_PASS.length + 1);
  await expect(moves(watcher).last()).toHaveText("pass");
  // White plays on; a pass is never offered to a side that has a square.
  await expect(white.locator(".board-column .cell.playable").first()).toBeVisible();
  await expect(white.locator(".pass")).toHaveCount(0);
  await white.locator(".board-column .cell.playable").first().click();
  await expect(moves(watcher)).toHaveCount(TO_A_PASS.length + 2);
  await Promise.all([ana.close(), bruno.close(), spectator.close()]);
});
