// What every view shares: the language, the client's words, navigation, and
// how a refusal of the host is told to the player.
import { ApiError } from "./api";
import type { Catalog, Locale } from "./strings";

export class Page {
  constructor(
    readonly locale: Locale,
    readonly strings: Catalog,
  ) {}

  go(hash: string): void {
    if (location.hash === hash) window.dispatchEvent(new HashChangeEvent("hashchange"));
    else location.hash = hash;
  }

  // The player's words for a refusal: the game's own ("error.illegal_move"
  // of the game's catalogue), else the client's, else the host's message.
  errorText(e: unknown, game?: Catalog): string {
    // The page's own fault is not the host's.
    if (!(e instanceof ApiError)) return this.strings.t("error.page", { message: String(e) });
    if (e.unreachable) return this.strings.t("error.unreachable");
    const key = `error.${e.reason}`;
    const args = Object.fromEntries((e.detail?.args ?? []).map((a) => [a.name, a.value]));
    if (e.reason && game?.has(key)) return game.t(key, args);
    if (e.reason && this.strings.has(key)) return this.strings.t(key, args);
    return this.strings.t("error.host", { message: e.message });
  }
}
