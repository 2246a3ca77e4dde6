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
