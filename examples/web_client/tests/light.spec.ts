// A light page: the script and style come compressed under hashed names
// that the browser keeps for good, a table fetches its game's words and not
// its rules documents, and a reload sends almost nothing again. The timings
// under a slow network are speed/page_speed.spec.ts's, not a test's.
import type { Page, Response } from "@playwright/test";
import { card, expect, test } from "./host";

// Every response of the page but the API's (whose streams never end), with
// the bytes it took on the wire.
function record(page: Page) {
  const seen: { url: string; status: number; encoding: string | undefined; bytes: number }[] = [];
  const pending: Promise<void>[] = [];
  page.on("response", (response: Response) => {
    if (new URL(response.url()).pathname.startsWith("/api/")) return;
    pending.push(
      (async () => {
        const sizes = await response.request().sizes();
        const headers = await response.allHeaders();
        seen.push({
          url: new URL(response.url()).pathname + new URL(response.url()).search,
          status: response.status(),
          encoding: headers["content-encoding"],
          bytes: sizes.responseBodySize,
        });
      })(),
    );
  });
  return async () => {
    await Promise.all(pending);
    return seen;
  };
}

test("the page is light: compressed, hashed, cached, and no rules documents for a table", async ({ page }) => {
  const responses = record(page);
  await page.goto("./");
  await card(page, "uttt").locator("[data-action=play-cpu]").click();
  await expect(page.locator(".board-column .cell.playable").first()).toBeVisible();
  const first = await responses();

  const script = first.find((r) => /^\/play\/assets\/main-[A-Z0-9]+\.js$/.test(r.url));
  expect(script, JSON.stringify(first, null, 1)).toBeDefined();
  expect(script!.encoding).toBe("br");
  expect(script!.bytes).toBeLessThanOrEqual(40 * 1024);
  const style = first.find((r) => /^\/play\/assets\/app-[A-Z0-9]+\.css$/.test(r.url));
  expect(style?.encoding).toBe("br");
  // The game's words, small, and never its whole rules documents.
  const words = first.filter((r) => r.url.startsWith("/rules/uttt/") && r.url.endsWith("?format=strings"));
  expect(words.map((r) => r.url).sort()).toEqual(["/rules/uttt/en?format=strings"]);
  expect(words[0].bytes).toBeLessThan(10 * 1024);
  expect(first.filter((r) => /GetRules|\/rules\/uttt\/[a-z]+$/.test(r.url))).toEqual([]);

  // A reload: the hashed files come from the browser's cache, the rest
  // are asked again and answered 304; no body crosses the wire again
  // (Chromium reports 0 or less for those).
  const again = record(page);
  await page.reload();
  await expect(page.locator(".board-column .cell.playable").first()).toBeVisible();
  const reloaded = await again();
  expect(reloaded.map((r) => r.url)).toContain("/play/");
  for (const r of reloaded) expect(r.bytes, r.url).toBeLessThanOrEqual(0);
});

test("a table in Spanish asks for the game's words in Spanish and English at once", async ({ browser }) => {
  const context = await browser.newContext({ locale: "es" });
  const page = await context.newPage();
  const asked: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith("/rules/")) asked.push(url.pathname + url.search);
  });
  await page.goto("./");
  await card(page, "uttt").locator("[data-action=play-cpu]").click();
  await expect(page.locator(".board-column .cell.playable").first()).toBeVisible();
  expect(asked.sort()).toEqual(["/rules/uttt/en?format=strings", "/rules/uttt/es?format=strings"]);
  await context.close();
});
