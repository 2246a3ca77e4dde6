// Draws any game from its BoardView: a grid of cells tiled by regions, the
// cells playable now, the last move, decided regions marked large, the
// winning line, and where a move sends the next player (on hover, on focus
// and on a long press). Knows nothing of any game: every meaning comes from
// BoardView and the moves the host lists.
import { h } from "./dom";
import type { BoardView } from "./gen/boardgame/v1/game_state";
import type { Move } from "./gen/boardgame/v1/move";
import type { Catalog } from "./strings";

export interface BoardInput {
  view: BoardView;
  sides: readonly string[];
  // The moves this viewer may make now; empty when it is not their turn.
  moves: readonly Move[];
  strings: Catalog;
  label: string;
  onPlay?: (move: Move) => void;
  onPreview?: (text: string) => void;
}

const LONG_PRESS_MS = 450;

export function regionOf(view: BoardView, cell: number): number {
  if (!view.region_rows || !view.region_columns) return -1;
  const row = Math.floor(cell / view.columns);
  const column = cell % view.columns;
  const perRow = view.columns / view.region_columns;
  return Math.floor(row / view.region_rows) * perRow + Math.floor(column / view.region_columns);
}

function place(view: BoardView, cell: number, strings: Catalog): string {
  const row = Math.floor(cell / view.columns);
  const column = cell % view.columns;
  const region = regionOf(view, cell);
  if (region < 0) return strings.t("cell.place", { row: row + 1, column: column + 1 });
  const inner = (row % view.region_rows) * view.region_columns + (column % view.region_columns);
  return strings.t("cell.region_place", { region: region + 1, cell: inner + 1 });
}

// What a move leaves the next player, in words.
export function moveEffect(move: Move, strings: Catalog): string {
  const parts: string[] = [];
  if (move.cells.length > 1) parts.push(strings.t("move.marks", { count: move.cells.length }));
  const opponent = move.opponent;
  if (move.ends_game) parts.push(strings.t("move.ends_game"));
  else if (opponent.oneofKind === "destination_region")
    parts.push(strings.t("move.destination", { region: opponent.destination_region + 1 }));
  else if (opponent.oneofKind === "free_move") parts.push(strings.t("move.free_move"));
  return parts.join(" ");
}

function regionText(view: BoardView, region: number, strings: Catalog): string {
  const mark = view.regions[region] ?? ".";
  if (mark === "=") return strings.t("region.drawn", { region: region + 1 });
  if (mark === "+") return strings.t("region.drawn_both", { region: region + 1 });
  if (mark !== ".") return strings.t("region.won", { region: region + 1, side: mark });
  return "";
}

// The board keeps which cell has the keyboard's focus across redraws.
export class Board {
  readonly element = h("div", { class: "board-frame" });
  private focused = -1;
  private input?: BoardInput;

  // Redraws; the caller calls refocus() once the board is back in the page
  // if it had the focus.
  update(input: BoardInput): void {
    this.input = input;
    const { view, strings } = input;
    const cellCount = view.rows * view.columns;
    if (this.focused < 0 || this.focused >= cellCount) this.focused = input.moves[0]?.cells[0] ?? 0;
    const byCell = new Map<number, Move>();
    for (const move of input.moves) for (const cell of move.cells.slice(0, 1)) byCell.set(cell, move);
    const last = new Set(view.last_move_cells);

    const grid = h("div", {
      class: "board",
      role: "group",
      "aria-label": input.label,
      style: `--rows: ${view.rows}; --columns: ${view.columns}`,
    });
    const regionCount = view.regions.length;
    const overlays: HTMLElement[] = [];
    for (let r = 0; r < regionCount; ++r) {
      const perRow = view.columns / view.region_columns;
      const top = Math.floor(r / perRow) * view.region_rows;
      const left = (r % perRow) * view.region_columns;
      const mark = view.regions[r];
      const overlay = h(
        "div",
        {
          class: `region${mark !== "." ? " decided" : ""}${view.highlighted_regions.includes(r) ? " winning" : ""}`,
          style: `grid-row: ${top + 1} / span ${view.region_rows}; grid-column: ${left + 1} / span ${view.region_columns}`,
          "data-region": r,
          "aria-hidden": "true",
        },
        mark !== "." ? h("span", { class: `big side-${input.sides.indexOf(mark)}` }, mark === "+" || mark === "=" ? "=" : mark) : null,
      );
      overlays.push(overlay);
    }
    const preview = (move: Move | undefined) => {
      for (const o of overlays) o.classList.remove("destination");
      if (move?.opponent.oneofKind === "destination_region") overlays[move.opponent.destination_region]?.classList.add("destination");
      input.onPreview?.(move ? strings.t("move.preview", { move: move.notation, effect: moveEffect(move, strings) }) : "");
    };

    const upcoming = new Set(input.moves.length ? [] : view.playable_cells);
    for (let cell = 0; cell < cellCount; ++cell) {
      const row = Math.floor(cell / view.columns);
      const column = cell % view.columns;
      const mark = view.cells[cell] ?? ".";
      const move = byCell.get(cell);
      const where = place(view, cell, strings);
      const decided = regionOf(view, cell) >= 0 ? regionText(view, regionOf(view, cell), strings) : "";
      let label = move
        ? `${strings.t("cell.playable", { place: where, move: move.notation })} ${moveEffect(move, strings)}`.trim()
        : mark === "."
          ? strings.t("cell.empty", { place: where })
          : strings.t("cell.marked", { place: where, side: mark });
      if (last.has(cell)) label = strings.t("cell.last_move", { label });
      if (decided) label = strings.t("cell.in_region", { label, region: decided });
      const classes = ["cell"];
      if (move) classes.push("playable");
      // Where the side to move may play, shown quietly to everyone else.
      else if (upcoming.has(cell)) classes.push("upcoming");
      if (last.has(cell)) classes.push("last");
      const button = h(
        "button",
        {
          type: "button",
          class: classes.join(" "),
          style: `grid-row: ${row + 1}; grid-column: ${column + 1}`,
          "data-cell": cell,
          "aria-label": label,
          "aria-disabled": move ? undefined : "true",
          tabindex: cell === this.focused ? 0 : -1,
        },
        mark !== "." ? h("span", { class: `mark side-${input.sides.indexOf(mark)}`, "aria-hidden": "true" }, mark) : null,
      );
      let pressTimer = 0;
      let longPressed = false;
      button.addEventListener("pointerenter", () => preview(move));
      button.addEventListener("pointerleave", () => {
        window.clearTimeout(pressTimer);
        preview(undefined);
      });
      button.addEventListener("focus", () => {
        this.focused = cell;
        preview(move);
      });
      button.addEventListener("pointerdown", (e) => {
        longPressed = false;
        if (e.pointerType !== "mouse")
          pressTimer = window.setTimeout(() => {
            longPressed = true;
            preview(move);
          }, LONG_PRESS_MS);
      });
      button.addEventListener("pointerup", () => window.clearTimeout(pressTimer));
      // A long press only shows where the move leads; it never plays.
      button.addEventListener("contextmenu", (e) => {
        if (longPressed) e.preventDefault();
      });
      button.addEventListener("click", () => {
        if (longPressed) {
          longPressed = false;
          return;
        }
        if (move) input.onPlay?.(move);
      });
      button.addEventListener("keydown", (e) => this.onKey(e, cell));
      grid.append(button);
    }
    grid.append(...overlays);

    const passes = input.moves.filter((m) => m.cells.length === 0);
    this.element.replaceChildren(
      grid,
      ...passes.map((m) =>
        h("button", { type: "button", class: "pass", onclick: () => input.onPlay?.(m) }, strings.t("move.pass", { move: m.notation })),
      ),
    );
  }

  hasFocus(): boolean {
    return this.element.contains(document.activeElement);
  }

  refocus(): void {
    this.focusCell(this.focused);
  }

  private focusCell(cell: number): void {
    const button = this.element.querySelector<HTMLButtonElement>(`[data-cell="${cell}"]`);
    if (!button) return;
    for (const b of this.element.querySelectorAll<HTMLButtonElement>(".cell")) b.tabIndex = -1;
    button.tabIndex = 0;
    button.focus();
  }

  private onKey(e: KeyboardEvent, cell: number): void {
    const view = this.input?.view;
    if (!view) return;
    const row = Math.floor(cell / view.columns);
    const column = cell % view.columns;
    const moves: Record<string, [number, number]> = {
      ArrowUp: [-1, 0],
      ArrowDown: [1, 0],
      ArrowLeft: [0, -1],
      ArrowRight: [0, 1],
    };
    const step = moves[e.key];
    if (step) {
      e.preventDefault();
      const r = Math.min(view.rows - 1, Math.max(0, row + step[0]));
      const c = Math.min(view.columns - 1, Math.max(0, column + step[1]));
      this.focusCell(r * view.columns + c);
    } else if (e.key === "Home" || e.key === "End") {
      e.preventDefault();
      this.focusCell(e.key === "Home" ? 0 : view.rows * view.columns - 1);
    }
  }
}
