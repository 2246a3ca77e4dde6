// A game against the computer: undo, then a replay and the game's text.
import AxeBuilder from "@axe-core/playwright";
import { readFile } from "node:fs/promises";
import { GameTextError, readGameText } from "../src/game_text";
import { card, expect, moves, playFirstMove, setName, test } from "./host";

test("against the computer: undo, replay and export", async ({ page }) => {
  await page.goto("./");
  await setName(page, "Carla");
  const uttt = card(page, "uttt");
  await uttt.locator("#level-uttt").selectOption({ label: "Novice" });
  await uttt.locator("[data-action=play-cpu]").click();
  await expect(page.locator(".seat .who", { hasText: "Computer (Novice)" })).toBeVisible();

  // My move and the computer's answer, then both taken back together.
  await page.locator(".board-column .cell.playable").first().click();
  await expect(moves(page)).toHaveCount(2);
  const before = await moves(page).allTextContents();
  await page.locator("[data-action=undo]").click();
  await expect(moves(page)).toHaveCount(0);
  await expect(page.locator(".board-column .cell.playable")).toHaveCount(81);
  await page.locator(".board-column .cell.playable").first().click();
  await expect(moves(page)).toHaveCount(2);
  expect((await moves(page).allTextContents())[0]).toBe(before[0]);

  // Keyboard play: the focused cell moves with the arrows, Enter plays it.
  const playable = page.locator(".board-column .cell.playable").first();
  await playable.focus();
  await page.keyboard.press("Enter");
  await expect(moves(page)).toHaveCount(4);

  // Play to the end.
  let count = 4;
  while (await playFirstMove([page])) {
    count += 1;
    await expect.poll(async () => (await moves(page).count()) >= count).toBe(true);
    count = await moves(page).count();
  }
  await expect(page.locator("[data-action=undo]")).toHaveCount(0);
  const played = await moves(page).allTextContents();

  // The replay steps through the game, with the playable cells of each step.
  await page.locator("[data-action=replay]").click();
  const replay = page.locator("dialog.modal");
  await expect(replay.locator(".replay-step")).toContainText(`Move ${played.length} of ${played.length}`);
  await replay.locator("[data-action=replay-first]").click();
  await expect(replay.locator(".replay-step")).toHaveText("Start position");
  await expect(replay.locator(".cell.playable")).toHaveCount(81);
  await replay.locator("[data-action=replay-forward]").click();
  await expect(replay.locator(".replay-step")).toContainText(`Move 1 of ${played.length}: ${played[0]}`);
  await expect(replay.locator(".cell.last")).toHaveCount(1);
  expect(await replay.locator(".cell.playable").count()).toBeLessThanOrEqual(9);
  const axe = await new AxeBuilder({ page }).include("dialog.modal").analyze();
  expect(axe.violations.filter((v) => v.impact === "serious" || v.impact === "critical")).toEqual([]);
  await replay.getByRole("button", { name: "Back to the table" }).click();
  await expect(replay).toHaveCount(0);

  // The game text: a header (the game, the day, who won), then the moves
  // line: the game's id and every move. The browser's reader reads it back.
  await page.locator("[data-action=export]").click();
  const text = await page.locator("textarea.game-text").inputValue();
  expect(text).toMatch(/^\[Game "uttt"\]\n\[Date "\d{4}-\d\d-\d\d"\]\n\[Seat1 "[^"]+"\]\n\[Seat2 "[^"]+"\]\n\[Result "(1-0|0-1|1\/2-1\/2)"\]\n/);
  expect(text.split("\n").at(-1)).toBe(`uttt: ${played.join(" ")}`);
  const read = readGameText(text);
  expect(read.gameId).toBe("uttt");
  expect(read.moves).toEqual(played);
  expect(read.tags.map(([name]) => name)).toEqual(["Game", "Date", "Seat1", "Seat2", "Result"]);
  expect(read.tags.filter(([name]) => name.startsWith("Seat")).map(([, value]) => value).sort()).toEqual(["Carla", "Computer (Novice)"]);
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download" }).click();
  const file = await (await download).path();
  expect((await readFile(file, "utf8")).trim()).toBe(text);
});

test("a game text with a header reads, and a malformed header line is named", () => {
  const read = readGameText(
    '[Game "uttt"]\n[Date "2026-12-07"]\n[Seat1 "Zoë \\"Z\\" \\\\ 李"]\n[Seat2 "Computer (Normal)"]\n' +
      '[Result "1-0"]\n[Event "Club night"]\n[Settings "fast_game=5"]\nuttt fast_game=5: 5/5 5/1 1/9\n',
  );
  expect(read.tags.find(([name]) => name === "Seat1")?.[1]).toBe('Zoë "Z" \\ 李');
  expect(read.tags.find(([name]) => name === "Event")?.[1]).toBe("Club night");
  expect(read.settings).toEqual(["fast_game=5"]);
  expect(read.moves).toEqual(["5/5", "5/1", "1/9"]);
  // The text written before the header still reads.
  expect(readGameText("uttt: 5/5 5/1").moves).toEqual(["5/5", "5/1"]);
  const cases: [string, string, Record<string, string>][] = [
    ['[Game "uttt"]\n[Seat1 Ana]\nuttt: 5/5', "game_text.bad_tag", { line: "2", text: "[Seat1 Ana]" }],
    ['[Seat1 "A\\nna"]\nuttt: 5/5', "game_text.bad_escape", { line: "1", text: '[Seat1 "A\\nna"]' }],
    ['[Seat1 "A"]\n[Seat1 "B"]\nuttt: 5/5', "game_text.tag_twice", { line: "2", tag: "Seat1" }],
    ['[Game "uttt"]\n', "game_text.no_moves_line", {}],
  ];
  for (const [text, key, args] of cases) expect(() => readGameText(text), text).toThrow(new GameTextError(key, args));
});

test("where a move sends the next player: on hover, on focus, and on a long press that never plays", async ({ browser }) => {
  const context = await browser.newContext({ hasTouch: true });
  const page = await context.newPage();
  await page.goto("./");
  await card(page, "uttt").locator("[data-action=play-cpu]").click();
  const cell = page.getByRole("button", { name: /^Board 1, cell 5:/ });
  await cell.hover();
  await expect(page.locator(".preview")).toHaveText("1/5: The next move then goes to board 5.");
  await expect(page.locator(".region.destination")).toHaveAttribute("data-region", "4");
  await expect(cell).toHaveAttribute("aria-label", "Board 1, cell 5: empty. Play 1/5 here. The next move then goes to board 5.");

  // The keyboard: arrows move the focus, and the preview follows it.
  await cell.focus();
  await page.keyboard.press("ArrowRight");
  await expect(page.locator(".preview")).toHaveText("1/6: The next move then goes to board 6.");
  await page.keyboard.press("ArrowDown");
  await expect(page.locator(".preview")).toHaveText("1/9: The next move then goes to board 9.");

  // A long press on a touch screen shows where the move leads, and plays nothing.
  await page.mouse.move(0, 0);
  const other = page.getByRole("button", { name: /^Board 5, cell 1:/ });
  await other.dispatchEvent("pointerdown", { pointerType: "touch" });
  await page.waitForTimeout(700);
  await other.dispatchEvent("pointerup", { pointerType: "touch" });
  await other.dispatchEvent("click");
  await expect(page.locator(".preview")).toHaveText("5/1: The next move then goes to board 1.");
  await expect(page.locator(".region.destination")).toHaveAttribute("data-region", "0");
  await expect(page.locator(".moves .move")).toHaveCount(0);
  await other.tap();
  await expect(page.locator(".moves .move")).toHaveCount(2);
  await context.close();
});
