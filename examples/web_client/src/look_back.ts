// Looking back during a game, as Lichess and Board Game Arena allow: the
// move list, one row per turn, whose moves are buttons; the board as it was
// after the move chosen, which nobody can play on; and the way back to the
// live board. The game goes on meanwhile: its moves keep arriving in the
// list, and the live status line keeps saying whose turn it is.
import { h } from "./dom";
import type { BoardView, GameState } from "./gen/boardgame/v1/game_state";
import { replaySteps, type Step } from "./history";
import type { Catalog } from "./strings";

export class LookBack {
  // The move whose position is shown, counted from 1; 0 for the live board.
  private at = 0;
  // Every position up to some move, rebuilt by the host: reused while the
  // game only grows, since earlier positions never change then.
  private steps: Step[] = [];
  private stepsFor: { game: number; moves: number[] } = { game: 0, moves: [] };
  private wanted = 0; // the last move asked for, so that a slow answer to an older click loses

  constructor(
    private readonly strings: () => Catalog,
    private readonly changed: () => void,
  ) {}

  get looking(): boolean {
    return this.at > 0;
  }

  // The board to show instead of the live one, if any.
  view(): BoardView | undefined {
    return this.at > 0 ? this.steps[this.at]?.state.view : undefined;
  }

  // The live game moved on. A new game, or a takeback of the move shown,
  // leaves nothing to look back at: the live board comes back.
  follow(state: GameState | undefined): void {
    const moves = state?.moves ?? [];
    const same = state?.game_number === this.stepsFor.game && this.stepsFor.moves.every((id, i) => i >= moves.length || moves[i] === id);
    if (!same) {
      // Cached positions past a takeback may no longer be the game's.
      this.steps = [];
      this.stepsFor = { game: 0, moves: [] };
    }
    if (this.at > moves.length || !same) this.at = 0;
  }

  private async show(move: number, state: GameState): Promise<void> {
    this.wanted = move;
    // The latest move's position is the live board, which can be played on.
    if (move >= state.moves.length) return this.back();
    if (this.steps.length <= move) {
      const steps = await replaySteps(state).catch(() => undefined);
      if (!steps || this.wanted !== move) return;
      this.steps = steps;
      this.stepsFor = { game: state.game_number, moves: [...state.moves] };
    }
    this.at = move;
    this.changed();
  }

  back(): void {
    this.wanted = 0;
    if (!this.at) return;
    this.at = 0;
    this.changed();
  }

  // "Move 3 of 8" and the way back; nothing on the live board.
  bar(total: number): HTMLElement | null {
    if (!this.at) return null;
    const s = this.strings();
    return h(
      "div",
      { class: "look-back", role: "status" },
      h("p", {}, s.t("table.looking_back", { number: this.at, count: total })),
      h("button", { type: "button", class: "primary", "data-action": "back-to-game", onclick: () => this.back() }, s.t("table.back_to_game")),
    );
  }

  // The moves paired by turn when two sides take turns ("1. 5/5 5/1"), one
  // a row otherwise; each move shows the board after it.
  list(notations: readonly string[], state: GameState | undefined, perRow: number): HTMLElement {
    const rows: HTMLElement[] = [];
    for (let first = 0; first < notations.length; first += perRow) {
      const buttons = notations.slice(first, first + perRow).map((notation, i) => {
        const number = first + i + 1;
        return h(
          "button",
          {
            type: "button",
            class: `move${number === this.at ? " shown" : ""}`,
            "data-move": number,
            "aria-current": number === this.at ? "step" : undefined,
            onclick: () => state && void this.show(number, state),
          },
          notation,
        );
      });
      rows.push(h("li", { class: "turn" }, ...buttons));
    }
    return h("ol", { class: "turns" }, ...rows);
  }

  // The page is redrawn whole on every event: the move button (or the way
  // back) that had the keyboard's focus gets it again.
  keepFocus(root: HTMLElement): () => void {
    const active = document.activeElement;
    const move = active instanceof HTMLElement && root.contains(active) ? active.dataset.move : undefined;
    const wasBack = active instanceof HTMLElement && active.dataset.action === "back-to-game";
    return () => {
      if (move) root.querySelector<HTMLElement>(`.moves .move[data-move="${move}"]`)?.focus();
      // The way back is gone once used: the move list keeps the focus.
      else if (wasBack) [...root.querySelectorAll<HTMLElement>(".moves .move")].pop()?.focus();
    };
  }
}
