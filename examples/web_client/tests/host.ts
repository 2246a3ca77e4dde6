// A real game-host per test file, on free ports, with the built client:
//   GAME_HOST   the game-host program   (default ../../build/bin/game-host)
//   PLUGINS     its plugin folder       (default ../../build/plugins)
//   WEB         the built client        (default ../../build/web)
// A file may add options with test.use({ hostArgs: [...] }). With
// CLUB_HOST_URL set, the tests use that host, already running, instead.
import { test as base, type BrowserContext, expect, type Page } from "@playwright/test";
import { type ChildProcess, spawn } from "node:child_process";
import { createConnection, createServer, type Socket } from "node:net";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";

export interface Host {
  url: string;
  process: ChildProcess | undefined;
  log: () => string;
}

const fromClient = (path: string) => resolve(fileURLToPath(new URL("..", import.meta.url)), path);

export const test = base.extend<{ pageErrors: void }, { hostArgs: string[]; host: Host }>({
  // Every page of a test must run with no uncaught error and nothing refused
  // by the Content-Security-Policy.
  pageErrors: [
    async ({ browser, context }, use) => {
      const errors: string[] = [];
      const watch = (c: BrowserContext) => {
        c.on("weberror", (e) => errors.push(String(e.error())));
        c.on("console", (m) => {
          if (m.type() === "error" && /Content.Security.Policy/i.test(m.text())) errors.push(m.text());
        });
      };
      watch(context);
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (options) => {
        const c = await newContext(options);
        watch(c);
        return c;
      };
      await use();
      browser.newContext = newContext;
      expect(errors).toEqual([]);
    },
    { auto: true },
  ],
  hostArgs: [[], { scope: "worker", option: true }],
  host: [
    async ({ hostArgs }, use) => {
      if (process.env.CLUB_HOST_URL) return use({ url: process.env.CLUB_HOST_URL, process: undefined, log: () => "" });
      const child = spawn(
        process.env.GAME_HOST ?? fromClient("../../build/bin/game-host"),
        [
          "--listen", "127.0.0.1:0",
          "--http", "127.0.0.1:0",
          "--plugins", process.env.PLUGINS ?? fromClient("../../build/plugins"),
          "--web", process.env.WEB ?? fromClient("../../build/web"),
          "--store", "memory",
          "--cpu-ms", "50",
          "--stand-in-ms", "50",
          "--flagship", "uttt",
          ...hostArgs,
        ],
        { stdio: ["ignore", "pipe", "pipe"] },
      );
      let output = "";
      child.stdout.on("data", (d) => (output += d));
      child.stderr.on("data", (d) => (output += d));
      const url = await new Promise<string>((done, fail) => {
        const timer = setTimeout(() => fail(new Error(`game-host did not start:\n${output}`)), 15_000);
        child.on("exit", (code) => fail(new Error(`game-host exited with ${code}:\n${output}`)));
        child.stdout.on("data", () => {
          const found = /web client on (http:\/\/\S+)/.exec(output);
          if (found) {
            clearTimeout(timer);
            done(found[1]);
          }
        });
      });
      await use({ url, process: child, log: () => output });
      const exited = new Promise<number | null>((done) => child.on("exit", (code) => done(code)));
      child.kill("SIGTERM");
      expect(await exited, `game-host stops cleanly:\n${output}`).toBe(0);
    },
    { scope: "worker" },
  ],
  baseURL: async ({ host }, use) => use(host.url),
});

export { expect };

// A relay in front of the host whose connections a test can cut, as a
// dropped network does. The browser's offline mode is not enough: it leaves
// a page's open event stream flowing.
export interface Relay {
  url: string;
  cut: () => void;
  close: () => Promise<void>;
}

export async function relay(host: Host): Promise<Relay> {
  const url = new URL(host.url);
  const upstreamAt = { port: Number(url.port), host: url.hostname };
  const open = new Set<Socket>();
  const keep = (socket: Socket) => {
    open.add(socket);
    socket.on("close", () => open.delete(socket));
    socket.on("error", () => socket.destroy());
  };
  const server = createServer((client) => {
    const upstream = createConnection(upstreamAt);
    keep(client);
    keep(upstream);
    client.pipe(upstream).pipe(client);
    client.on("close", () => upstream.destroy());
    upstream.on("close", () => client.destroy());
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  url.port = String((server.address() as { port: number }).port);
  const cut = () => open.forEach((socket) => socket.destroy());
  return {
    url: url.toString(),
    cut,
    close: () => new Promise<void>((done) => {
      cut();
      server.close(() => done());
    }),
  };
}

// The game card of the lobby for one game.
export function card(page: Page, gameId: string) {
  return page.locator("section.game-card", { has: page.locator(`#title-${gameId}`) });
}

export async function setName(page: Page, name: string): Promise<void> {
  await page.locator("#player-name").fill(name);
  await page.locator("#player-name").dispatchEvent("change");
}

// Opens a table for a friend from the lobby; returns the invite link.
export async function openTableForFriend(page: Page, gameId: string, name: string): Promise<string> {
  await page.goto("./");
  await setName(page, name);
  await card(page, gameId).locator("[data-action=open-table]").click();
  const link = page.locator(".invite-link");
  await expect(link).toHaveValue(/#\/join\/[A-Z0-9]{6}$/);
  return link.inputValue();
}

export async function joinByLink(page: Page, link: string, name: string): Promise<void> {
  await page.goto(link);
  await setName(page, name);
  await page.locator("[data-action=join]").click();
  await expect(page.locator(".seat .who", { hasText: `${name} (you)` })).toBeVisible();
}

export function moves(page: Page) {
  return page.locator(".moves .move");
}

// Whoever may move plays the first move the page offers; returns the page
// that moved, or undefined once no page offers a move any more.
export async function playFirstMove(players: Page[]): Promise<Page | undefined> {
  for (let tries = 0; tries < 100; ++tries) {
    for (const page of players) {
      if (await page.locator("[data-action=next-game]").count()) return undefined;
      const move = page.locator(".board-column .cell.playable, .board-column .pass").first();
      if (await move.count()) {
        const before = await moves(page).count();
        try {
          await move.click({ timeout: 2_000 });
        } catch {
          continue; // the board changed under the click (its answer came): look again
        }
        // Played once its page shows it, so that the next call never clicks
        // a cell of the board the move's answer is about to replace.
        await expect
          .poll(async () => (await moves(page).count()) > before || (await page.locator("[data-action=next-game]").count()) > 0)
          .toBe(true);
        return page;
      }
    }
    await players[0].waitForTimeout(100);
  }
  throw new Error("no player was offered a move for 10 s");
}
