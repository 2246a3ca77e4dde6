// 30 s per turn, on a host whose clocks run 15 times as fast: the player
// lets the time run out and the computer makes that one move for them.
import { card, expect, moves, setName, test } from "./host";

test.use({ hostArgs: ["--clock-rate", "15"] });

test("a player's time runs out and the computer plays that move", async ({ page }) => {
  await page.goto("./");
  await setName(page, "Dora");
  const uttt = card(page, "uttt");
  await uttt.locator("summary").click();
  await uttt.locator("#setting-uttt-time_per_turn").selectOption({ index: 1 });
  await uttt.locator("[data-action=play-cpu]").click();
  const mine = page.locator(".seat", { hasText: "Dora (you)" });
  // The first turn counts from the time the host says is left (30 s of
  // its clock are 2 s here), not from a deadline read by the page's clock.
  await expect(mine.locator(".clock")).toHaveText(/^[0-2] s$/);
  // The computer's seat has no clock.
  await expect(page.locator(".seat", { hasText: "Computer" }).locator(".clock")).toHaveCount(0);
  await expect(page.locator(".notice")).toContainText("Time ran out for Dora: the computer played", { timeout: 20_000 });
  // The game goes on: the computer's own answer follows, and it is her turn.
  await expect(moves(page)).toHaveCount(2);
  await expect(page.locator(".board-column .cell.playable").first()).toBeVisible();
});
