// Play now: two strangers press "Play now" and land at the same table while
// a third device watches the lobby's counts change; after a rated game both
// see their rating change, and a player's page draws the rating's chart.
import { card, expect, playFirstMove, setName, test } from "./host";

test("two players find each other with Play now and see their ratings change", async ({ browser }) => {
  const [ana, ben, carla] = await Promise.all([browser.newContext(), browser.newContext(), browser.newContext()]);
  const a = await ana.newPage();
  const b = await ben.newPage();
  const lobby = await carla.newPage();

  await lobby.goto("./");
  const counts = card(lobby, "tictactoe").locator(".counts");
  // The host serves the other tests of this worker too: players of theirs
  // may still count as online for a minute, but none is looking.
  await expect(counts).toHaveText(/^\d+ players? online now · 0 looking for an opponent$/);

  await a.goto("./");
  await setName(a, "Ana");
  await card(a, "tictactoe").locator("[data-action=play-now]").click();
  await expect(card(a, "tictactoe").locator(".seeking")).toBeVisible();
  // The third device sees Ana waiting, and counts her.
  await expect(counts).toHaveText(/^[1-9]\d* players? online now · 1 looking for an opponent$/);
  await expect(card(lobby, "tictactoe").locator(".seek")).toContainText("Ana (1500?) · rated · no clock");

  await b.goto("./");
  await setName(b, "Ben");
  await card(b, "tictactoe").locator("[data-action=play-now]").click();
  await expect(a).toHaveURL(/#\/table\//);
  await expect(b).toHaveURL(/#\/table\//);
  expect(new URL(a.url()).hash).toEqual(new URL(b.url()).hash);
  await expect(a.locator(".seat .who", { hasText: "Ana (you)" })).toBeVisible();
  await expect(a.locator(".seat .who", { hasText: "Ben" })).toBeVisible();
  await expect(a.locator(".rated")).toBeVisible();
  await expect(counts).toHaveText(/0 looking for an opponent/);
  await expect(card(lobby, "tictactoe").locator(".seek")).toHaveCount(0);

  let played = 0;
  while (await playFirstMove([a, b])) ++played;
  expect(played).toBeGreaterThanOrEqual(5);
  for (const page of [a, b]) {
    const changes = page.locator(".rating-changes li");
    await expect(changes).toHaveCount(2);
    await expect(changes.first()).toContainText(/rating 1500 → \d+ \([+-]?\d+\)/);
  }

  // Ana's page: her rating in the game, its chart, and the game.
  await a.goto("./");
  await a.locator("[data-action=my-page]").click();
  await expect(a.locator("h1")).toHaveText("Ana");
  const game = a.locator(".player-game[data-game=tictactoe]");
  await expect(game.locator(".player-rating")).toContainText(/Rating: \d+ \(provisional/);
  await expect(game.locator("svg.rating-chart polyline")).toHaveCount(1);
  await expect(game.locator("svg.rating-chart circle")).toHaveCount(2);
  await expect(game.locator(".rated-games li")).toHaveCount(1);
  await game.locator("[data-action=open-replay]").click();
  await expect(a.locator("dialog.modal .replay-step")).toBeVisible();
  await Promise.all([ana.close(), ben.close(), carla.close()]);
});

test("a seek ends when its player stops looking, and nobody plays themselves", async ({ browser }) => {
  const context = await browser.newContext();
  const a = await context.newPage();
  const other = await context.newPage(); // the same player on a second tab
  await a.goto("./");
  await setName(a, "Dora");
  await card(a, "tictactoe").locator("[data-action=play-now]").click();
  await other.goto("./");
  const seeks = card(other, "tictactoe").locator(".seek");
  await expect(seeks).toHaveCount(1);
  await expect(seeks.locator(".yours")).toHaveText("you");
  await expect(seeks.locator("[data-action=accept-seek]")).toHaveCount(0);
  await card(a, "tictactoe").locator("[data-action=cancel-seek]").click();
  await expect(card(a, "tictactoe").locator("[data-action=play-now]")).toBeVisible();
  await expect(seeks).toHaveCount(0);
  await context.close();
});

test("a player moves to another device with a one-time code", async ({ browser }) => {
  const [first, second] = await Promise.all([browser.newContext(), browser.newContext()]);
  const a = await first.newPage();
  const b = await second.newPage();
  await a.goto("./");
  await setName(a, "Eva");
  // The player is made at first use: opening a table makes her.
  await card(a, "tictactoe").locator("[data-action=open-table]").click();
  await expect(a.locator(".invite-link")).toBeVisible();
  await a.goto("./");
  await a.locator(".player-box summary").click();
  await a.locator("[data-action=transfer-out]").click();
  const code = await a.locator(".transfer-code").textContent();
  expect(code).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}$/);

  await b.goto("./");
  await b.locator(".player-box summary").click();
  await b.locator("#transfer-code").fill(code!.toLowerCase());
  await b.locator("[data-action=transfer-in]").click();
  await b.locator("[data-action=my-page]").click();
  await expect(b.locator("h1")).toHaveText("Eva");
  // The code worked once: again, it is refused.
  await b.goto("./");
  await b.locator(".player-box summary").click();
  await b.locator("#transfer-code").fill(code!);
  await b.locator("[data-action=transfer-in]").click();
  await expect(b.locator(".player-box .error")).toContainText("That code does not work");
  await Promise.all([first.close(), second.close()]);
});
