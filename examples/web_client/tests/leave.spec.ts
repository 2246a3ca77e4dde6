// A player closes the page mid-game: after the grace period the computer
// plays for them; they reopen the table from the same device and have their
// seat back.
import { expect, joinByLink, moves, openTableForFriend, relay, test } from "./host";

test.use({ hostArgs: ["--grace-ms", "1500"] });

test("the computer stands in for a player who left, who then takes the seat back", async ({ browser }) => {
  const [ana, ben] = await Promise.all([browser.newContext(), browser.newContext()]);
  const a = await ana.newPage();
  let b = await ben.newPage();
  const link = await openTableForFriend(a, "uttt", "Ana");
  await joinByLink(b, link, "Ben");
  const tableUrl = b.url();

  await a.locator(".board-column .cell.playable").first().click();
  await expect(moves(b)).toHaveCount(1);
  await b.close();

  // Ben's seat is marked, and the computer plays his turns.
  const benSeat = a.locator(".seat", { hasText: "Ben" });
  await expect(benSeat.locator(".away")).toHaveText("The computer is playing for Ben");
  await expect(moves(a)).toHaveCount(2);
  await expect(a.locator(".notice")).toContainText("Ben is away: the computer played");
  await a.locator(".board-column .cell.playable").first().click();
  await expect(moves(a)).toHaveCount(4);

  // Back from the same device: the seat is his again, mid-game.
  b = await ben.newPage();
  await b.goto(tableUrl);
  await expect(b.locator(".seat .who", { hasText: "Ben (you)" })).toBeVisible();
  await expect(benSeat.locator(".away")).toHaveCount(0);
  await expect(moves(b)).toHaveCount(4);
  await a.locator(".board-column .cell.playable").first().click();
  await expect(moves(b)).toHaveCount(5);
  await b.locator(".board-column .cell.playable").first().click();
  await expect(moves(a)).toHaveCount(6);

  // Another device cannot take his seat.
  const carla = await browser.newContext();
  const c = await carla.newPage();
  await c.goto(link);
  await c.locator("[data-action=join]").click();
  await expect(c.locator(".error")).toHaveText("Every seat at this table is taken. You can still watch it.");
  await Promise.all([ana.close(), ben.close(), carla.close()]);
});

test("a reload resumes the table with no move lost or repeated", async ({ browser, host }) => {
  const line = await relay(host);
  const [ana, ben] = await Promise.all([browser.newContext(), browser.newContext()]);
  const a = await ana.newPage();
  const b = await ben.newPage();
  const link = await openTableForFriend(a, "tictactoe", "Ana");
  await joinByLink(b, link.replace(host.url, line.url), "Ben");
  await a.locator(".board-column .cell.playable").first().click();
  await expect(moves(b)).toHaveCount(1);
  await b.reload();
  await expect(moves(b)).toHaveCount(1);
  await b.locator(".board-column .cell.playable").first().click();
  await expect(moves(a)).toHaveCount(2);
  // The connection drops while Ana moves; Ben's page catches up when it is back.
  line.cut();
  await expect(b.locator(".banner")).toBeVisible();
  await a.locator(".board-column .cell.playable").first().click();
  await expect(moves(a)).toHaveCount(3);
  await expect(moves(b)).toHaveCount(3);
  await expect(b.locator(".banner")).toHaveCount(0);
  expect(await moves(b).allTextContents()).toEqual(await moves(a).allTextContents());
  await Promise.all([ana.close(), ben.close(), line.close()]);
});

test("a player's own move shows at once, even while their page is reconnecting", async ({ browser, host }) => {
  const line = await relay(host);
  const [ana, ben] = await Promise.all([browser.newContext({ baseURL: line.url }), browser.newContext()]);
  const a = await ana.newPage();
  const b = await ben.newPage();
  const link = await openTableForFriend(a, "tictactoe", "Ana");
  await joinByLink(b, link.replace(line.url, host.url), "Ben");
  // Ana's connection drops; while her page waits to reconnect, the host's
  // answer to her move is all it hears of that move.
  line.cut();
  await expect(a.locator(".banner")).toBeVisible();
  await a.locator(".board-column .cell.playable").first().click();
  await expect(moves(b)).toHaveCount(1);
  await expect(moves(a)).toHaveCount(1);
  expect(await moves(a).allTextContents()).toEqual(await moves(b).allTextContents());
  await Promise.all([ana.close(), ben.close(), line.close()]);
});
