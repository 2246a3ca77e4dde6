// Bugs a new user found at the table, each shown fixed: a page that
// survives its own damaged storage, codes of the wrong shape caught in the
// page, "Your turn", notices that go once they are old news, and a way back
// to a seat whose entry the page lost.
import { card, expect, moves, openTableForFriend, joinByLink, setName, test } from "./host";

test("damaged storage is set right, never blamed on the host", async ({ page }) => {
  await page.goto("./");
  await page.evaluate(() => {
    localStorage.setItem("club.seats", "[null, 5, {\"tableId\": 3}]");
    localStorage.setItem("club.device", "not a device id!");
    localStorage.setItem("club.player", "{broken");
  });
  await page.reload();
  await expect(card(page, "tictactoe")).toBeVisible();
  await expect(page.locator(".error:not(:empty)")).toHaveCount(0);
  await setName(page, "Gil");
  await card(page, "tictactoe").locator("[data-action=play-cpu]").click();
  await expect(page.locator(".seat .who", { hasText: "Gil (you)" })).toBeVisible();
});

test("a code of the wrong shape is caught in the page and is no guess", async ({ page }) => {
  const asked: string[] = [];
  page.on("request", (r) => {
    if (/JoinTable|GetTable/.test(r.url())) asked.push(r.url());
  });
  await page.goto("./");
  await page.locator("#invite-code").fill("abc");
  await page.locator("[data-action=join]").click();
  await expect(page.locator(".join .error")).toHaveText("That is not an invite code: it has six letters and digits, such as K7MQ4X.");
  await page.locator("[data-action=watch]").click();
  await expect(page.locator(".join .error")).toContainText("That is not an invite code");
  expect(asked).toEqual([]);
});

test("your turn is said in the page and the tab; old notices go", async ({ page }) => {
  await page.goto("./");
  await setName(page, "Hana");
  await card(page, "tictactoe").locator("[data-action=play-cpu]").click();
  await expect(page.locator(".your-turn-banner")).toHaveText("Your turn");
  await expect(page).toHaveTitle(/^Your turn · /);
  await page.locator(".board-column .cell.playable").first().click();
  await expect(moves(page)).toHaveCount(2);
  await expect(page.locator(".your-turn-banner")).toHaveText("Your turn");
  await page.locator("[data-action=undo]").click();
  await expect(page.locator(".notice")).toHaveText("Hana took back 2 moves.");
  await page.locator(".board-column .cell.playable").first().click();
  await expect(moves(page)).toHaveCount(2);
  await expect(page.locator(".notice")).toHaveCount(0);
});

test("a seat the page's storage lost can be taken back", async ({ browser }) => {
  const [ana, ben] = await Promise.all([browser.newContext(), browser.newContext()]);
  const a = await ana.newPage();
  const b = await ben.newPage();
  const link = await openTableForFriend(a, "tictactoe", "Ana");
  await joinByLink(b, link, "Ben");
  const url = b.url();
  await b.evaluate(() => localStorage.removeItem("club.seats"));
  await b.goto(url);
  await b.reload();
  await expect(b.locator(".watching")).toBeVisible();
  await b.locator("[data-action=take-seat-back]").click();
  await expect(b.locator(".seat .who", { hasText: "Ben (you)" })).toBeVisible();
  await expect(b.locator(".watching")).toHaveCount(0);
  await Promise.all([ana.close(), ben.close()]);
});

test("the lobby shows the flagship game first, the time per turn and a returning player's tables first", async ({ page }) => {
  await page.goto("./");
  // The host names the club's flagship (game-host --flagship uttt, tests/host.ts).
  await expect(page.locator("section.game-card").first().locator("#title-uttt")).toHaveCount(1);
  const uttt = card(page, "uttt");
  await expect(uttt.locator(".turn-time")).toHaveText(/^Time per turn: /);
  const before = await uttt.locator(".turn-time").textContent();
  await uttt.locator("summary").first().click();
  await uttt.locator("#setting-uttt-time_per_turn").selectOption({ index: 1 });
  await expect(uttt.locator(".turn-time")).not.toHaveText(before!);
  await setName(page, "Iris");
  await card(page, "tictactoe").locator("[data-action=play-cpu]").click();
  // Against the computer the heading has no invite code to read out.
  await expect(page.locator(".table-head h1")).toHaveText(/against the computer$/);
  await page.goto("./");
  await expect(page.locator(".your-tables")).toBeVisible();
  await expect(card(page, "uttt")).toBeVisible();
  const first = await page.evaluate(() => {
    const tables = document.querySelector(".your-tables");
    const games = document.querySelector(".games");
    return !!tables && !!games && !!(tables.compareDocumentPosition(games) & Node.DOCUMENT_POSITION_FOLLOWING);
  });
  expect(first).toBe(true);
});

test("the waiting side sees where the next move goes, and the end says who won", async ({ browser }) => {
  const [ana, ben] = await Promise.all([browser.newContext(), browser.newContext()]);
  const a = await ana.newPage();
  const b = await ben.newPage();
  const link = await openTableForFriend(a, "uttt", "Ana");
  await joinByLink(b, link, "Ben");
  // The centre of the centre board sends Ben to its 8 free cells; Ana sees
  // them lit quietly, not playable.
  await a.locator('.board-column .cell[data-cell="40"]').click();
  await expect(b.locator(".board-column .cell.playable")).toHaveCount(8);
  await expect(a.locator(".board-column .cell.upcoming")).toHaveCount(8);
  await expect(a.locator(".board-column .cell.playable")).toHaveCount(0);
  await b.locator("[data-action=resign]").click();
  await b.locator("[data-action=resign-confirm]").click();
  await expect(a.locator(".result-banner")).toHaveText("You won!");
  await expect(b.locator(".result-banner")).toHaveText("You lost.");
  await Promise.all([ana.close(), ben.close()]);
});
