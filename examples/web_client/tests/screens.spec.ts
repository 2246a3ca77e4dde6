// Phone (upright and sideways), a small phone and desktop layouts in four
// languages: a screenshot of each, no horizontal scrolling, the whole board
// on one screen, and no serious accessibility violation (axe-core).
import AxeBuilder from "@axe-core/playwright";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { card, expect, test } from "./host";

const shots = process.env.CLUB_SCREENSHOTS ?? fileURLToPath(new URL("../test-results/screenshots", import.meta.url));
mkdirSync(shots, { recursive: true });

const viewports = {
  phone: { width: 390, height: 844 },
  landscape: { width: 844, height: 390 },
  small: { width: 320, height: 568 },
  desktop: { width: 1280, height: 800 },
};

async function seriousViolations(page: import("@playwright/test").Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
}

for (const locale of ["en", "es", "de", "pt"]) {
  for (const [device, viewport] of Object.entries(viewports)) {
    test(`${device} in ${locale}: lobby and a game under way`, async ({ browser }) => {
      const touch = device !== "desktop";
      const context = await browser.newContext({ viewport, locale, isMobile: touch, hasTouch: touch });
      const page = await context.newPage();
      await page.goto("./");
      await expect(page.locator("html")).toHaveAttribute("lang", locale);
      await expect(card(page, "uttt")).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({ path: join(shots, `lobby-${device}-${locale}.png`), fullPage: true });

      await card(page, "uttt").locator("[data-action=play-cpu]").click();
      for (let i = 0; i < 4; ++i) {
        const before = await page.locator(".moves .move").count();
        await page.locator(".board-column .cell.playable").first().click();
        await expect(page.locator(".moves .move")).toHaveCount(before + 2);
      }
      await expect(page.locator(".board-column .cell.playable").first()).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      // The whole board fits on the screen: scrolled to, every row shows.
      const board = page.locator(".board-column .board");
      await board.scrollIntoViewIfNeeded();
      const box = (await board.boundingBox())!;
      expect(box.height).toBeLessThanOrEqual(viewport.height);
      expect(await seriousViolations(page)).toEqual([]);
      await page.locator(".board-column .cell.playable").first().hover();
      await page.screenshot({ path: join(shots, `table-${device}-${locale}.png`), fullPage: true });
      await context.close();
    });
  }
}
