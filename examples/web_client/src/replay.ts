// After a game: a replay that steps through it, showing the cells that were
// playable at each step, and its game text to copy or download.
import { Board } from "./board";
import { h } from "./dom";
import type { GameInfo } from "./gen/boardgame/v1/game_info";
import type { GameState } from "./gen/boardgame/v1/game_state";
import { gameText } from "./game_text";
import { replaySteps } from "./history";
import type { Page } from "./page";
import type { Catalog } from "./strings";

function modal(label: string, ...children: Node[]): HTMLDialogElement {
  const dialog = h("dialog", { class: "modal", "aria-label": label }, ...children);
  dialog.addEventListener("close", () => dialog.remove());
  document.body.append(dialog);
  dialog.showModal();
  return dialog;
}

export async function showReplay(page: Page, game: GameInfo, words: Catalog, record: GameState): Promise<void> {
  const s = page.strings;
  const steps = await replaySteps(record);
  let at = steps.length - 1;
  const board = new Board();
  const caption = h("p", { class: "replay-step", "aria-live": "polite" });
  const status = h("p", { class: "status" });
  const show = (step: number) => {
    at = Math.max(0, Math.min(steps.length - 1, step));
    const { state, move } = steps[at];
    caption.textContent = move ? s.t("replay.step", { step: at, total: steps.length - 1, move: move.notation }) : s.t("replay.start");
    status.textContent = words.text(state.view?.status);
    // The playable cells of the position are lit, but nothing can be played.
    const playable = (state.view?.playable_cells ?? []).map((cell) => ({
      id: -1, notation: "", cells: [cell], opponent: { oneofKind: undefined }, ends_game: false,
    }));
    board.update({ view: state.view!, sides: game.sides, moves: playable, strings: s, label: s.t("replay.title", { number: record.game_number }) });
    for (const cell of board.element.querySelectorAll(".cell.playable")) cell.setAttribute("aria-disabled", "true");
  };
  const button = (key: string, action: string, to: () => number) =>
    h("button", { type: "button", "data-action": action, onclick: () => show(to()) }, s.t(key));
  const dialog = modal(
    s.t("replay.title", { number: record.game_number }),
    h("h2", {}, s.t("replay.title", { number: record.game_number })),
    caption,
    status,
    board.element,
    h("div", { class: "replay-controls" },
      button("replay.first", "replay-first", () => 0),
      button("replay.back", "replay-back", () => at - 1),
      button("replay.forward", "replay-forward", () => at + 1),
      button("replay.last", "replay-last", () => steps.length - 1),
    ),
    h("form", { method: "dialog" }, h("button", { type: "submit" }, s.t("replay.close"))),
  );
  dialog.addEventListener("keydown", (e) => {
    if (e.key === "ArrowLeft" && !(e.target instanceof HTMLButtonElement && e.target.classList.contains("cell"))) show(at - 1);
    if (e.key === "ArrowRight" && !(e.target instanceof HTMLButtonElement && e.target.classList.contains("cell"))) show(at + 1);
  });
  show(at);
}

// `seats` names each seat in the header (seats[s - 1] for seat s), as the
// table shows them; without them the header leaves the seats out.
export function showExport(page: Page, state: GameState, notations: readonly string[], seats: readonly string[] = []): void {
  const s = page.strings;
  // The day of the export, in UTC as game-client writes it: the state does
  // not say when the game ended.
  const text = gameText(state, notations, { date: new Date().toISOString().slice(0, 10), seats });
  const area = h("textarea", { readonly: true, rows: 8, class: "game-text", "aria-label": s.t("export.title", { number: state.game_number }) });
  area.value = text;
  const download = h("a", {
    class: "button",
    download: `${state.game_id}-game-${state.game_number}.txt`,
    href: URL.createObjectURL(new Blob([text + "\n"], { type: "text/plain" })),
  }, s.t("export.download"));
  modal(
    s.t("export.title", { number: state.game_number }),
    h("h2", {}, s.t("export.title", { number: state.game_number })),
    h("p", {}, s.t("export.explain")),
    area,
    h("div", { class: "buttons" },
      h("button", { type: "button", "data-action": "copy-text", onclick: () => void navigator.clipboard?.writeText(text) }, s.t("export.copy")),
      download,
      h("form", { method: "dialog" }, h("button", { type: "submit" }, s.t("export.close"))),
    ),
  );
}
