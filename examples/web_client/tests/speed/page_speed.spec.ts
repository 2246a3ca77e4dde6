// How fast the page is on a slow phone: Chromium throttled as Lighthouse's
// mobile profile is (1.6 Mbit/s down, 750 kbit/s up, 150 ms round trip, the
// CPU 4× slower). It prints figures and checks nothing about them: run it
// on purpose, before and after a change (docs/web.md, "A light page"):
//
//   npx playwright test --project speed
//   GAME_HOST=… WEB=… npx playwright test --project speed   # another build
//
// Each figure is the median of RUNS runs, each in a fresh browser context
// (an empty cache) but for the reload, which reuses the context's cache.
import type { BrowserContext, Page } from "@playwright/test";
import { card, expect, test } from "../host";

const RUNS = Number(process.env.RUNS ?? 5);

async function throttled(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  return page;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

test("the page's speed, throttled", async ({ browser }) => {
  test.setTimeout(RUNS * 60_000);
  const lobby: number[] = [], board: number[] = [], reload: number[] = [];
  let bytes = 0;
  for (let run = 0; run < RUNS; run++) {
    const context = await browser.newContext();
    const page = await throttled(context);
    let received = 0;
    page.on("response", async (response) => {
      // An event stream never ends: its size never comes.
      if (/^\/api\/.*\/(Watch|Seek)$/.test(new URL(response.url()).pathname)) return;
      received += Math.max(0, (await response.request().sizes()).responseBodySize);
    });
    // Usable: the button that starts a game can be pressed.
    let start = Date.now();
    await page.goto("./");
    const play = card(page, "uttt").locator("[data-action=play-cpu]");
    await expect(play).toBeEnabled({ timeout: 30_000 });
    lobby.push(Date.now() - start);

    // A board: drawn, whoever is to move.
    const drawn = page.locator(".board-column .cell").first();
    start = Date.now();
    await play.click();
    await expect(drawn).toBeVisible({ timeout: 30_000 });
    board.push(Date.now() - start);
    bytes = received;

    start = Date.now();
    await page.reload();
    await expect(drawn).toBeVisible({ timeout: 30_000 });
    reload.push(Date.now() - start);
    await context.close();
  }
  const figures = {
    "lobby usable (ms)": median(lobby),
    "Play to a board (ms)": median(board),
    "table reload to its board (ms)": median(reload),
    "bytes to the first board, all but event streams": bytes,
  };
  console.log(`page speed, throttled, median of ${RUNS} runs: ${JSON.stringify(figures, null, 1)}`);
});
