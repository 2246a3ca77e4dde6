// A game as text, the same as game-client writes and replays
// (examples/generic_client/game_text.h): a header of PGN-like tag lines for
// people to read, then the moves line that replays the game:
//   [Game "uttt"]
//   [Date "2026-12-07"]
//   [Seat1 "Ana"]
//   [Seat2 "Computer (Normal)"]
//   [Result "1-0"]
//   [Settings "fast_game=5"]
//   uttt fast_game=5 game_number=2: 5/5 5/1 1/9 resigned_seat=1
// A text without the header, as written before it existed, still reads.
import { SeatResult_Result, type GameState } from "./gen/boardgame/v1/game_state";
import type { SettingValue } from "./gen/boardgame/v1/settings";

function valueText(value: SettingValue | undefined): string {
  const kind = value?.kind;
  switch (kind?.oneofKind) {
    case "flag":
      return kind.flag ? "on" : "off";
    case "number":
      return String(kind.number);
    case "choice":
      return kind.choice;
    default:
      return "";
  }
}

// A line break or other control character in a name would end the tag line
// early: it is written as a space.
function tagLine(name: string, value: string): string {
  // eslint-disable-next-line no-control-regex
  const escaped = value.replace(/[\\"]/g, (c) => `\\${c}`).replace(/[\u0000-\u001f\u007f]/g, " ");
  return `[${name} "${escaped}"]\n`;
}

// PGN's way with halves: "1/2", not "0.5".
function scoreText(score: number): string {
  const halves = score * 2;
  if (Math.abs(halves - Math.round(halves)) > 1e-9) return String(score);
  const n = Math.round(halves);
  return n % 2 === 0 ? String(n / 2) : `${n}/2`;
}

// Each seat's score joined by "-" ("1-0", "1/2-1/2"): PGN for two seats,
// and still meaningful for more; "*" while the game is unfinished.
export function resultTag(state: GameState): string {
  const results = state.outcome?.results ?? [];
  if (state.seat_to_move !== 0 || results.length === 0) return "*";
  return results
    .map((r) => {
      // A rules plugin that gives no score still says who won.
      if (r.score === 0 && r.result === SeatResult_Result.WIN) return "1";
      if (r.score === 0 && r.result === SeatResult_Result.DRAW) return "1/2";
      return scoreText(r.score);
    })
    .join("-");
}

export interface GameTextHeader {
  date?: string; // "2026-12-07"
  seats?: readonly string[]; // seats[s - 1] names seat s
}

export function gameText(state: GameState, notations: readonly string[], header: GameTextHeader = {}): string {
  const settings = state.settings.map((s) => `${s.id}=${valueText(s.value)}`).join(" ");
  let out = tagLine("Game", state.game_id);
  if (header.date) out += tagLine("Date", header.date);
  (header.seats ?? []).forEach((name, i) => (out += tagLine(`Seat${i + 1}`, name)));
  out += tagLine("Result", resultTag(state));
  if (settings) out += tagLine("Settings", settings);
  out += state.game_id;
  if (settings) out += ` ${settings}`;
  if (state.game_number > 1) out += ` game_number=${state.game_number}`;
  out += ":";
  for (const move of notations) out += ` ${move}`;
  if (state.resigned_seat) out += ` resigned_seat=${state.resigned_seat}`;
  return out;
}

// What is wrong with a text: a client string key and its arguments, as
// game-client's game_text.* strings have them.
export class GameTextError extends Error {
  constructor(
    readonly key: string,
    readonly args: Record<string, string> = {},
  ) {
    super(`${key} ${JSON.stringify(args)}`);
  }
}

export interface ReadGameText {
  tags: [string, string][]; // name, unescaped value, in order; unknown ones kept
  gameId: string;
  // The moves line after the game's id, up to the colon, and after it:
  // the host checks the settings and moves when the game is replayed.
  settings: string[];
  moves: string[];
}

const TAG = /^\[\s*([A-Za-z0-9_]+)\s*"((?:[^"\\]|\\.)*)"\s*\]$/;

// The header's tags and the moves line's parts, or a GameTextError naming
// the line that is wrong.
export function readGameText(text: string): ReadGameText {
  const lines = text.split("\n");
  const tags: [string, string][] = [];
  let at = 0;
  for (; at < lines.length; at++) {
    const line = lines[at].trim();
    if (line && !line.startsWith("[")) break;
    if (!line) continue;
    const where = { line: String(at + 1), text: line };
    const match = TAG.exec(line);
    if (!match) throw new GameTextError("game_text.bad_tag", where);
    if (/\\/.test(match[2].replace(/\\[\\"]/g, ""))) throw new GameTextError("game_text.bad_escape", where);
    const [, name, raw] = match;
    if (tags.some(([n]) => n === name)) throw new GameTextError("game_text.tag_twice", { line: where.line, tag: name });
    tags.push([name, raw.replace(/\\(.)/g, "$1")]);
  }
  const rest = lines.slice(at).join("\n");
  if (tags.length && !rest.trim()) throw new GameTextError("game_text.no_moves_line");
  const colon = rest.indexOf(":");
  if (colon < 0) throw new GameTextError("game_text.no_colon");
  const [gameId, ...settings] = rest.slice(0, colon).split(/\s+/).filter(Boolean);
  if (!gameId) throw new GameTextError("game_text.no_game");
  const named = tags.find(([n]) => n === "Game")?.[1];
  if (named && named !== gameId) throw new GameTextError("game_text.header_game", { tag: named, game: gameId });
  return { tags, gameId, settings, moves: rest.slice(colon + 1).split(/\s+/).filter(Boolean) };
}
