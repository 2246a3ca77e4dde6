// Looking back at an earlier position during a game, sharing the invite
// link, and the page an invite link opens.
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { card, expect, joinByLink, moves, openTableForFriend, playFirstMove, setName, test } from "./host";

async function seriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id}: ${v.help}`);
}

const marks = (page: Page) => page.locator(".board-column .cell .mark");
const playable = (page: Page) => page.locator(".board-column .cell.playable");

test("looking back at an earlier move while the game goes on", async ({ browser }) => {
  const [ana, ben] = await Promise.all([browser.newContext({ viewport: { width: 320, height: 568 } }), browser.newContext()]);
  const a = await ana.newPage();
  const b = await ben.newPage();
  await joinByLink(b, await openTableForFriend(a, "uttt", "Ana"), "Ben");
  for (let played = 1; played <= 4; ++played) {
    await playFirstMove([a, b]);
    for (const page of [a, b]) await expect(moves(page)).toHaveCount(played);
  }
  // Whoever is not to move looks back; the other plays on meanwhile.
  const [mover, looker] = (await playable(a).count()) ? [a, b] : [b, a];
  await expect(marks(looker)).toHaveCount(4);
  // Paired by turn: two moves a row.
  await expect(looker.locator(".moves .turn")).toHaveCount(2);
  await expect(looker.locator(".moves .turn").first().locator(".move")).toHaveCount(2);

  // By keyboard: the moves are buttons.
  await looker.locator(".moves .move[data-move='1']").focus();
  await looker.keyboard.press("Enter");
  await expect(looker.locator(".look-back")).toContainText("Move 1 of 4");
  await expect(looker.locator(".moves .move[data-move='1']")).toHaveAttribute("aria-current", "step");
  await expect(looker.locator(".moves .move[data-move='1']")).toBeFocused();
  await expect(marks(looker)).toHaveCount(1);
  expect(await looker.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  expect(await seriousViolations(looker)).toEqual([]);

  // A new move arrives in the list; the board stays on the move looked at,
  // and nothing can be played on it though it is now this player's turn.
  await playable(mover).first().click();
  await expect(moves(looker)).toHaveCount(5);
  await expect(looker.locator(".moves .turn")).toHaveCount(3);
  await expect(looker.locator(".look-back")).toContainText("Move 1 of 5");
  await expect(looker.locator(".status")).toHaveClass(/your-turn/);
  await expect(marks(looker)).toHaveCount(1);
  await expect(playable(looker)).toHaveCount(0);

  // Another earlier move, then back to the live board, which can be played.
  await looker.locator(".moves .move[data-move='3']").click();
  await expect(looker.locator(".look-back")).toContainText("Move 3 of 5");
  await expect(marks(looker)).toHaveCount(3);
  await looker.locator("[data-action=back-to-game]").click();
  await expect(looker.locator(".look-back")).toHaveCount(0);
  await expect(marks(looker)).toHaveCount(5);
  await expect(playable(looker).first()).toBeVisible();
  await playable(looker).first().click();
  for (const page of [a, b]) await expect(moves(page)).toHaveCount(6);
  await Promise.all([ana.close(), ben.close()]);
});

test("the latest move is the live board, and a takeback ends looking back", async ({ page }) => {
  await page.goto("./");
  await setName(page, "Carla");
  await card(page, "uttt").locator("[data-action=play-cpu]").click();
  await playable(page).first().click();
  await expect(moves(page)).toHaveCount(2);
  await playable(page).first().click();
  await expect(moves(page)).toHaveCount(4);
  await page.locator(".moves .move[data-move='4']").click();
  await expect(page.locator(".look-back")).toHaveCount(0);
  await expect(playable(page).first()).toBeVisible();
  await page.locator(".moves .move[data-move='3']").click();
  await expect(page.locator(".look-back")).toContainText("Move 3 of 4");
  await expect(playable(page)).toHaveCount(0);
  // Undo takes moves 3 and 4 back: there is nothing left to look at.
  await page.locator("[data-action=undo]").click();
  await expect(moves(page)).toHaveCount(2);
  await expect(page.locator(".look-back")).toHaveCount(0);
  await expect(marks(page)).toHaveCount(2);
  await expect(playable(page).first()).toBeVisible();
});

test("Share copies the invite link where the browser cannot share", async ({ browser }) => {
  const context = await browser.newContext({ permissions: ["clipboard-read", "clipboard-write"] });
  const page = await context.newPage();
  const link = await openTableForFriend(page, "tictactoe", "Ana");
  expect(await page.evaluate(() => typeof navigator.share)).toBe("undefined");
  await page.locator("[data-action=share]").click();
  await expect(page.locator(".share-said")).toHaveText("Link copied");
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
  expect(await seriousViolations(page)).toEqual([]);
  await context.close();
});

test("Share opens the device's share sheet where there is one", async ({ browser }) => {
  const context = await browser.newContext();
  // A share sheet as a phone has, which remembers what it was given.
  await context.addInitScript(() => {
    Object.defineProperty(navigator, "share", {
      value: (data: ShareData) => {
        (window as unknown as { shared: ShareData }).shared = data;
        return Promise.resolve();
      },
    });
  });
  const page = await context.newPage();
  const link = await openTableForFriend(page, "tictactoe", "Ana");
  await page.locator("[data-action=share]").click();
  await expect.poll(() => page.evaluate(() => (window as unknown as { shared?: ShareData }).shared?.url)).toBe(link);
  await expect(page.locator(".share-said")).toHaveText("");
  await context.close();
});

test("the join page names the game, who invites and the time per turn", async ({ browser }) => {
  const [ana, ben] = await Promise.all([browser.newContext(), browser.newContext({ viewport: { width: 320, height: 568 } })]);
  const a = await ana.newPage();
  await a.goto("./");
  const uttt = card(a, "uttt");
  const game = (await uttt.locator("#title-uttt").textContent())!;
  // A time per turn other than the default, so that the page must read the table's.
  await uttt.locator("summary").click();
  const time = uttt.locator("#setting-uttt-time_per_turn");
  const options = await time.locator("option").allTextContents();
  const current = options[Number(await time.inputValue())];
  const chosen = options.find((o) => o !== current)!;
  await time.selectOption({ label: chosen });
  await setName(a, "Ana");
  await uttt.locator("[data-action=open-table]").click();
  const link = await a.locator(".invite-link").inputValue();

  const b = await ben.newPage();
  await b.goto(link);
  await expect(b.locator(".join-about h1")).toHaveText(`Ana invites you to play ${game}`);
  await expect(b.locator(".table-settings li").first()).toHaveText(`Time per turn: ${chosen}`);
  expect(await b.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  expect(await seriousViolations(b)).toEqual([]);
  await joinByLink(b, link, "Ben");
  await expect(a.locator(".seat .who", { hasText: "Ben" })).toBeVisible();

  // In another language, the same page in its words.
  const carla = await browser.newContext({ locale: "pt-PT" });
  const c = await carla.newPage();
  await c.goto(link);
  await expect(c.locator(".join-about h1")).toContainText("Ana convida-te para jogar");
  await expect(c.locator(".table-settings li").first()).toContainText("Tempo por turno:");
  await Promise.all([ana.close(), ben.close(), carla.close()]);
});
