// The club's player on this device and Play now. The player is created at
// first use with the name typed in the lobby (no registration), and its key
// then takes every seat, so that ratings follow the player. Play now seeks
// an opponent for a game card's settings; the lobby lists the open seeks
// and the counts, asked again every few seconds.
import { api, ApiError, seek } from "./api";
import { clear, h } from "./dom";
import type { GameInfo } from "./gen/boardgame/v1/game_info";
import type { Setting } from "./gen/boardgame/v1/settings";
import type { GameLobby, Pairing, Seek } from "./gen/boardgame/v1/player_service";
import type { Page } from "./page";
import { keepPlayerKey, keepSeat, type PlayerKey, playerKey } from "./storage";

const LOBBY_EVERY_MS = 3000;

// The device's player, made now if it has none.
export async function ensurePlayer(name: string): Promise<PlayerKey> {
  const kept = playerKey();
  if (kept) return kept;
  const created = await api.createPlayer({ name });
  keepPlayerKey(created.key!);
  return created.key!;
}

// Runs `call` as the device's player. A key the host no longer knows (a
// host that lost its players) is replaced by a new player, once.
export async function asPlayer<T>(name: string, call: (key: PlayerKey) => Promise<T>): Promise<T> {
  try {
    return await call(await ensurePlayer(name));
  } catch (e) {
    if (!(e instanceof ApiError) || e.reason !== "bad_player_key") throw e;
    localStorage.removeItem("club.player");
    return call(await ensurePlayer(name));
  }
}

// A new name for the device's player; nothing to do before it exists.
export async function renamePlayer(name: string): Promise<void> {
  const key = playerKey();
  if (key && name) await api.renamePlayer({ key, name });
}

function sit(pairing: Pairing, gameId: string, page: Page): void {
  keepSeat({ tableId: pairing.table_id, inviteCode: "", gameId, seat: pairing.seat, token: pairing.token });
  page.go(`#/table/${pairing.table_id}`);
}

function seekLine(page: Page, s: Seek): string {
  const rating = Math.round(s.rating) + (s.provisional ? "?" : "");
  const kind = page.strings.t(s.rated ? "play_now.rated_short" : "play_now.casual_short");
  const clock = s.time_per_turn_s
    ? page.strings.t("play_now.per_turn", { seconds: s.time_per_turn_s })
    : page.strings.t("play_now.no_clock");
  return page.strings.t("play_now.seek_line", { name: s.player_name, rating, kind, clock });
}

// Play now for one game card: the button, the counts, and the open seeks.
export class PlayNow {
  readonly element: HTMLElement;
  private readonly counts = h("p", { class: "counts", "aria-live": "polite" });
  private readonly list = h("ul", { class: "seeks" });
  private readonly state = h("div", { class: "seek-state" });
  private readonly error = h("p", { class: "error", role: "alert" });
  private readonly rated: HTMLInputElement;
  private seeking?: AbortController;

  constructor(
    private readonly page: Page,
    private readonly game: GameInfo,
    private readonly settings: () => Setting[],
    private readonly name: () => string,
  ) {
    const s = page.strings;
    this.rated = h("input", { type: "checkbox", id: `rated-${game.id}`, checked: true });
    this.element = h(
      "div",
      { class: "play-now" },
      h("h3", {}, s.t("play_now.title")),
      this.counts,
      h("div", { class: "setting flag" }, this.rated, h("label", { for: this.rated.id }, s.t("play_now.rated"))),
      this.state,
      h("h4", {}, s.t("play_now.open_seeks")),
      this.list,
      this.error,
    );
    this.idle();
  }

  stop(): void {
    this.seeking?.abort();
  }

  // The lobby's latest answer for this game.
  show(lobby: GameLobby): void {
    const s = this.page.strings;
    this.counts.textContent = s.t("play_now.counts", { online: lobby.online, seeking: lobby.seeking });
    const me = playerKey()?.player_id;
    clear(
      this.list,
      ...(lobby.seeks.length ? lobby.seeks : []).map((open) =>
        h("li", { class: "seek" },
          h("span", {}, seekLine(this.page, open)),
          open.player_id === me
            ? h("span", { class: "yours" }, s.t("play_now.yours"))
            : h("button", { type: "button", "data-action": "accept-seek", onclick: () => void this.accept(open) }, s.t("play_now.accept")),
        ),
      ),
    );
    if (!lobby.seeks.length) this.list.append(h("li", { class: "none" }, s.t("play_now.no_seeks")));
  }

  private idle(): void {
    clear(this.state, h("button", { type: "button", class: "primary", "data-action": "play-now", onclick: () => void this.seek() }, this.page.strings.t("play_now.button")));
  }

  private async seek(): Promise<void> {
    const s = this.page.strings;
    this.error.textContent = "";
    const controller = new AbortController();
    this.seeking = controller;
    clear(this.state,
      h("p", { class: "seeking", role: "status" }, s.t("play_now.looking")),
      h("button", { type: "button", "data-action": "cancel-seek", onclick: () => controller.abort() }, s.t("play_now.cancel")),
    );
    try {
      await asPlayer(this.name(), (key) =>
        seek({ key, game_id: this.game.id, settings: this.settings(), rated: this.rated.checked }, (event) => {
          if (event.event.oneofKind === "paired") sit(event.event.paired, this.game.id, this.page);
        }, controller.signal),
      );
    } catch (e) {
      if (!controller.signal.aborted) this.error.textContent = this.page.errorText(e);
    } finally {
      this.seeking = undefined;
      if (this.element.isConnected) this.idle();
    }
  }

  private async accept(open: Seek): Promise<void> {
    this.error.textContent = "";
    try {
      const pairing = await asPlayer(this.name(), (key) => api.acceptSeek({ key, seek_id: open.seek_id }));
      this.seeking?.abort();
      sit(pairing, this.game.id, this.page);
    } catch (e) {
      this.error.textContent = this.page.errorText(e);
    }
  }
}

// Asks the host for every game's lobby until stopped.
export function followLobby(cards: Map<string, PlayNow>): () => void {
  let stopped = false;
  let timer = 0;
  const ask = async () => {
    try {
      const key = playerKey();
      const { games } = await api.getLobby(key ? { key } : {});
      for (const game of games) cards.get(game.game_id)?.show(game);
    } catch {
      // The next round asks again; the page says nothing of a missed poll.
    }
    if (!stopped) timer = window.setTimeout(() => void ask(), LOBBY_EVERY_MS);
  };
  void ask();
  return () => {
    stopped = true;
    window.clearTimeout(timer);
    for (const card of cards.values()) card.stop();
  };
}

// The device's player: a link to its page, and moving it to another device.
export function playerBox(page: Page, name: () => string): HTMLElement {
  const s = page.strings;
  const key = playerKey();
  const out = h("div", { class: "transfer-out" });
  const error = h("p", { class: "error", role: "alert" });
  const code = h("input", { id: "transfer-code", autocomplete: "off", autocapitalize: "characters", spellcheck: false, placeholder: "K7MQ-4XWD" });
  const startTransfer = async () => {
    error.textContent = "";
    try {
      const transfer = await asPlayer(name(), (k) => api.startTransfer(k));
      clear(out, h("p", {}, s.t("player.transfer_code")), h("p", { class: "code" }, h("strong", { class: "transfer-code" }, transfer.code)));
    } catch (e) {
      error.textContent = page.errorText(e);
    }
  };
  const claim = async (event: Event) => {
    event.preventDefault();
    error.textContent = "";
    try {
      const moved = await api.claimTransfer({ code: code.value });
      keepPlayerKey(moved.key!);
      page.go("#/");
    } catch (e) {
      error.textContent = page.errorText(e);
    }
  };
  return h(
    "section",
    { class: "player-box" },
    h("h2", {}, s.t("player.title")),
    key ? h("p", {}, h("a", { href: `#/player/${key.player_id}`, "data-action": "my-page" }, s.t("player.my_page"))) : h("p", {}, s.t("player.first_use")),
    h("details", {},
      h("summary", {}, s.t("player.devices")),
      h("button", { type: "button", "data-action": "transfer-out", onclick: () => void startTransfer() }, s.t("player.move_out")),
      out,
      h("form", { class: "transfer-in", onsubmit: (e: Event) => void claim(e) },
        h("label", { for: "transfer-code" }, s.t("player.move_in")),
        code,
        h("button", { type: "submit", "data-action": "transfer-in" }, s.t("player.use_code")),
      ),
    ),
    error,
  );
}
