// One table, as a player at it or as a spectator: the board, the seats with
// their clocks, the game's status line, the moves, the scoreboard, and what
// the player may do now. It follows the table's event stream and picks it up
// again after a lost connection or a reload, from the last version it saw,
// so no move is shown twice or missed.
import { api, ApiError, gamesIn, watch } from "./api";
import { Board } from "./board";
import { clear, h } from "./dom";
import type { GameInfo } from "./gen/boardgame/v1/game_info";
import { SeatResult_Result } from "./gen/boardgame/v1/game_state";
import type { Move } from "./gen/boardgame/v1/move";
import {
  type Seat,
  SeatPlan_Kind,
  type Table,
  type TableEvent,
  TableEvent_Kind,
  TableEvent_StandIn,
  Table_Phase,
} from "./gen/boardgame/v1/table";
import { replaySteps } from "./history";
import { LEVELS } from "./lobby";
import { LookBack } from "./look_back";
import { betweenPeople, offerButtons, offerLine, offerNotice, type Seated } from "./offers";
import type { Page } from "./page";
import { showExport, showReplay } from "./replay";
import { shareButton } from "./share";
import { deviceId, forgetSeat, keepSeat, playerKey, type SeatKey, seatAt } from "./storage";
import { type Catalog, gameCatalog } from "./strings";

const RETRY_MS = [500, 1000, 2000, 4000];

export class TableView {
  private table?: Table;
  private seat?: SeatKey;
  private game?: GameInfo;
  private words?: Catalog; // the game's own
  private notations: string[] = [];
  private legal: Move[] = [];
  private notice = "";
  private ratingChanges: string[] = [];
  private ratingsOf = 0; // the game whose rating changes were asked for
  private error = "";
  private lost = false;
  private closed = false;
  private confirmingResign = false;
  // When the turn's clock runs out, on this page's own monotonic clock:
  // counted from the time left the host sends with every table.
  private deadline?: number;
  private readonly board = new Board();
  private readonly abort = new AbortController();
  private readonly ticker: number;
  private previewText = "";
  private events: Promise<void> = Promise.resolve();
  private readonly lookBack = new LookBack(() => this.page.strings, () => this.render());

  constructor(
    private readonly page: Page,
    private readonly root: HTMLElement,
    private readonly ref: { table_id?: string; invite_code?: string },
  ) {
    if (ref.table_id) this.seat = seatAt(ref.table_id);
    this.ticker = window.setInterval(() => this.tick(), 250);
  }

  stop(): void {
    this.abort.abort();
    window.clearInterval(this.ticker);
  }

  async start(): Promise<void> {
    clear(this.root, h("p", { class: "loading" }, this.page.strings.t("app.loading")));
    void this.follow();
  }

  private get mySeat(): number {
    return this.seat?.seat ?? 0;
  }

  private async follow(): Promise<void> {
    let attempt = 0;
    while (!this.abort.signal.aborted && !this.closed) {
      try {
        await watch(
          {
            table: this.table ? { table_id: this.table.table_id } : this.ref,
            after_version: this.table?.version,
            token: this.seat?.token ?? "",
          },
          (event) => {
            attempt = 0;
            if (this.lost) {
              this.lost = false;
              this.render();
              void this.events.then(() => this.refreshClock());
            }
            // One at a time, in order: the first waits for the game's words.
            this.events = this.events.then(() => this.onEvent(event)).catch((e) => {
              this.error = this.page.errorText(e);
            });
          },
          this.abort.signal,
        );
        // The host ended the watch cleanly: it is stopping. Carry on when it
        // is back, unless the table was closed.
        await this.events;
        if (this.closed) return;
      } catch (e) {
        if (this.abort.signal.aborted) return;
        if (e instanceof ApiError && e.reason === "bad_token" && this.seat) {
          if (await this.takeSeatBack()) continue;
        } else if (e instanceof ApiError && !e.unreachable && !["table_moved", "watcher_too_slow", "store_failed"].includes(e.reason)) {
          this.error = this.page.errorText(e);
          if (!this.table) clear(this.root, h("p", { class: "error", role: "alert" }, this.error), h("a", { href: "#/" }, this.page.strings.t("app.lobby")));
          else this.render();
          return;
        }
        this.lost = true;
        if (this.table) this.render();
        await new Promise((r) => setTimeout(r, RETRY_MS[Math.min(attempt++, RETRY_MS.length - 1)]));
      }
    }
  }

  // The stored token no longer works (the player left, or took the seat on
  // a newer page): the player, or the device id of a seat taken without
  // one, gives the seat back with a fresh token.
  private async takeSeatBack(): Promise<boolean> {
    const seat = this.seat!;
    const table = { table_id: seat.tableId };
    const key = playerKey();
    const rejoin = () =>
      key
        ? api.rejoin({ table, seat: seat.seat, player: key }).catch((e: unknown) => {
            if (e instanceof ApiError && e.reason === "other_device") return api.rejoin({ table, seat: seat.seat, device_id: deviceId() });
            throw e;
          })
        : api.rejoin({ table, seat: seat.seat, device_id: deviceId() });
    try {
      const back = await rejoin();
      this.seat = { ...seat, token: back.ticket!.token };
      keepSeat(this.seat);
      return true;
    } catch (e) {
      forgetSeat(seat.tableId);
      this.seat = undefined;
      this.notice = this.page.errorText(e);
      return true; // watch on as a spectator
    }
  }

  private async onEvent(event: TableEvent): Promise<void> {
    const table = event.table!;
    if (this.table && table.version <= this.table.version && event.kind !== TableEvent_Kind.SNAPSHOT) return;
    this.table = table;
    this.clockFrom(table);
    this.ratingsOnce(table);
    if (!this.seat) this.seat = seatAt(table.table_id);
    if (this.seat && !this.seat.inviteCode) {
      // A seat from Play now learns its table's code here.
      this.seat = { ...this.seat, inviteCode: table.invite_code };
      keepSeat(this.seat);
    }
    if (!this.game || !this.words) await this.loadGame(table.game_id);
    const name = this.seatName(event.seat);
    const answered = offerNotice(this.page, event, name);
    if (answered !== undefined) this.notice = answered;
    switch (event.kind) {
      case TableEvent_Kind.CPU_STANDING_IN:
        this.notice = this.page.strings.t(event.stand_in === TableEvent_StandIn.TIME_RAN_OUT ? "table.stand_in_time" : "table.stand_in_away", {
          name,
          move: event.move?.notation ?? "",
        });
        break;
      case TableEvent_Kind.UNDONE:
        this.notice = this.page.strings.t("table.undone", { name, count: this.notations.length - (table.state?.moves.length ?? 0) });
        break;
      // A notice says what just happened: a person's next move, or the
      // person coming back, makes it old news (the computer's answer not).
      case TableEvent_Kind.MOVE:
        if (table.seats[event.seat - 1]?.plan?.kind === SeatPlan_Kind.PERSON) this.notice = "";
        break;
      case TableEvent_Kind.SEAT_REJOINED:
        this.notice = "";
        break;
      case TableEvent_Kind.NEXT_GAME:
        this.notations = [];
        this.notice = "";
        this.ratingChanges = [];
        break;

      case TableEvent_Kind.EXPIRED:
        this.closed = true;
        this.notice = this.page.strings.t("table.closed");
        break;
    }
    this.syncMoves(event.move);
    this.syncLegal();
    this.lookBack.follow(table.state);
    this.render();
  }

  // Once per rated game that ended, however the page learnt of its end: by
  // its event, or by the answer to its own last move, which may come first.
  private ratingsOnce(table: Table): void {
    const number = table.state?.game_number ?? 0;
    if (!table.rated || table.phase !== Table_Phase.GAME_OVER || this.ratingsOf === number) return;
    this.ratingsOf = number;
    void this.showRatingChanges(table);
  }

  // Each player's rating before and after the game that just ended.
  private async showRatingChanges(table: Table): Promise<void> {
    const number = table.state?.game_number;
    const lines = await Promise.all(
      table.seats
        .filter((seat) => seat.player_id)
        .map(async (seat) => {
          const profile = await api.getPlayer({ player_id: seat.player_id }).catch(() => undefined);
          const game = profile?.recent_games.find((g) => g.table_id === table.table_id && g.game_number === number);
          if (!game?.counted) return "";
          const delta = Math.round(game.rating_after) - Math.round(game.rating_before);
          return this.page.strings.t("table.rating_change", {
            name: seat.name,
            before: Math.round(game.rating_before),
            after: Math.round(game.rating_after),
            change: delta > 0 ? `+${delta}` : String(delta),
          });
        }),
    );
    if (this.table?.state?.game_number !== number) return;
    this.ratingChanges = lines.filter((line) => line);
    this.render();
  }

  private async loadGame(gameId: string): Promise<void> {
    const [{ games }, words] = await Promise.all([gamesIn(this.page.locale), gameCatalog(gameId, this.page.locale)]);
    this.game = games.find((g) => g.id === gameId);
    this.words = words;
  }

  // The move list follows the events; when it cannot (a fresh page, a
  // resumed stream), it is rebuilt from the game's record.
  private syncMoves(move: Move | undefined): void {
    const state = this.table?.state;
    if (!state) {
      this.notations = [];
      return;
    }
    const count = state.moves.length;
    if (move && this.notations.length === count - 1) this.notations.push(move.notation);
    else if (this.notations.length > count) this.notations.length = count;
    if (this.notations.length === count) return;
    const version = this.table!.version;
    replaySteps(state)
      .then((steps) => {
        if (this.table?.version !== version) return;
        this.notations = steps.slice(1).map((s) => s.move!.notation);
        this.render();
      })
      .catch(() => undefined);
  }

  private myTurn(): boolean {
    const t = this.table;
    return !!t && t.phase === Table_Phase.PLAYING && this.mySeat > 0 && t.state?.seat_to_move === this.mySeat;
  }

  private syncLegal(): void {
    this.legal = [];
    if (!this.myTurn()) return;
    const version = this.table!.version;
    api
      .listMoves({ state: this.table!.state })
      .then(({ moves }) => {
        if (this.table?.version !== version) return;
        this.legal = moves;
        this.render();
      })
      .catch((e) => {
        this.error = this.page.errorText(e, this.words);
        this.render();
      });
  }

  private levelName(seat: Seat): string {
    const key = LEVELS.find(([level]) => level === seat.plan?.level)?.[1] ?? "level.normal";
    return this.page.strings.t(key);
  }

  private seatName(number: number): string {
    const seat = this.table?.seats.find((s) => s.number === number);
    if (!seat) return this.page.strings.t("seat.player", { seat: number });
    if (seat.plan?.kind === SeatPlan_Kind.CPU) return this.page.strings.t("seat.cpu", { level: this.levelName(seat) });
    return seat.name || this.page.strings.t("seat.free");
  }

  private sideOf(seat: number): string {
    const index = this.table?.state?.side_seats.indexOf(seat) ?? -1;
    return index >= 0 ? (this.game?.sides[index] ?? "") : "";
  }

  // Seats this device may have taken, though its storage lost them: its
  // player's, or any person's seat its device id may have taken.
  private mayBeMine(): Seat[] {
    const key = playerKey();
    const seats = (this.table?.seats ?? []).filter((seat) => seat.plan?.kind === SeatPlan_Kind.PERSON && seat.taken);
    const players = seats.filter((seat) => key && seat.player_id === key.player_id);
    return players.length ? players : seats.filter((seat) => !seat.player_id);
  }

  // Rejoins the first of those seats that answers, and plays on from it.
  private async claimSeat(): Promise<void> {
    const t = this.table!;
    const key = playerKey();
    for (const seat of this.mayBeMine()) {
      const request = key && seat.player_id ? { player: key } : { device_id: deviceId() };
      try {
        const back = await api.rejoin({ table: { table_id: t.table_id }, seat: seat.number, ...request });
        keepSeat({ tableId: t.table_id, inviteCode: t.invite_code, gameId: t.game_id, seat: seat.number, token: back.ticket!.token });
        return this.page.go(`#/table/${t.table_id}`);
      } catch (e) {
        if (!(e instanceof ApiError) || e.reason !== "other_device") {
          this.error = this.page.errorText(e);
          return this.render();
        }
      }
    }
    this.error = this.page.strings.t("error.other_device");
    this.render();
  }

  // How the game that just ended went for this seat.
  private resultKey(): string {
    const result = this.table?.state?.outcome?.results.find((r) => r.seat === this.mySeat)?.result;
    return result === SeatResult_Result.WIN ? "table.result_won" : result === SeatResult_Result.LOSS ? "table.result_lost" : "table.result_drawn";
  }

  private clockFrom(table: Table): void {
    const left = Number(table.turn_time_left_ms);
    this.deadline = left > 0 ? performance.now() + left : undefined;
  }

  // Seconds left on the clock of the seat to move.
  private secondsLeft(): number | undefined {
    if (this.deadline === undefined) return undefined;
    return Math.max(0, Math.ceil((this.deadline - performance.now()) / 1000));
  }

  // After a reconnection the events that were missed replay with the time
  // left they had then: the table as it is now sets the clock right.
  private async refreshClock(): Promise<void> {
    if (!this.table) return;
    const now = await api.getTable({ table_id: this.table.table_id }).catch(() => undefined);
    // Unless an event came meanwhile, which set the clock itself.
    if (now?.table && now.table.version === this.table?.version) {
      this.clockFrom(now.table);
      this.tick();
    }
  }

  private tick(): void {
    const left = this.secondsLeft();
    const clock = this.root.querySelector<HTMLElement>(".seat.to-move .clock");
    if (clock && left !== undefined) clock.textContent = this.page.strings.t("seat.seconds", { seconds: left });
  }

  // The answer to the page's own call may come before its event, which is
  // then dropped as already seen: the answer updates everything the event
  // would have, the move list included.
  private async act(call: () => Promise<{ table?: Table; move?: Move }>): Promise<void> {
    this.error = "";
    try {
      const { table, move } = await call();
      if (table && this.table && table.version > this.table.version) {
        this.table = table;
        this.clockFrom(table);
        this.ratingsOnce(table);
        this.syncMoves(move);
        this.syncLegal();
        this.lookBack.follow(table.state);
      }
    } catch (e) {
      this.error = this.page.errorText(e, this.words);
    }
    this.render();
  }

  private play(move: Move): void {
    const t = this.table!;
    this.legal = [];
    void this.act(() =>
      api.play({ table_id: t.table_id, token: this.seat!.token, game_number: t.state!.game_number, move_number: t.next_move_number, move_id: move.id }),
    );
  }

  private render(): void {
    const t = this.table;
    if (!t || !this.game || !this.words) return;
    const s = this.page.strings;
    const state = t.state;
    document.title = this.myTurn() ? `${s.t("table.your_turn")} · ${this.game.name}` : `${this.game.name} · ${s.t("app.title")}`;
    const playing = t.phase === Table_Phase.PLAYING;
    const over = t.phase === Table_Phase.GAME_OVER;
    const seated = this.mySeat > 0;
    const freeSeats = t.seats.some((seat) => seat.plan?.kind === SeatPlan_Kind.PERSON && !seat.taken);

    const link = `${location.origin}${location.pathname}#/join/${t.invite_code}`;
    const invite =
      seated && freeSeats
        ? h(
            "section",
            { class: "invite" },
            h("p", {}, s.t("table.invite", { code: t.invite_code })),
            h("div", { class: "invite-row" },
              h("input", { readonly: true, value: link, "aria-label": s.t("table.copy_link"), class: "invite-link" }),
              shareButton(s, link, this.game.name),
            ),
            h("p", { class: "code" }, h("strong", { class: "invite-code" }, t.invite_code)),
          )
        : null;

    const seatsList = h(
      "ul",
      { class: "seats" },
      ...t.seats.map((seat) => {
        const toMove = playing && state?.seat_to_move === seat.number;
        const left = toMove ? this.secondsLeft() : undefined;
        // A computer seat has no clock: it moves at once.
        const cpu = seat.plan?.kind === SeatPlan_Kind.CPU;
        const clock = cpu ? "" : t.time_per_turn_s ? s.t("seat.seconds", { seconds: left ?? t.time_per_turn_s }) : s.t("seat.no_limit");
        const name = this.seatName(seat.number);
        return h(
          "li",
          { class: `seat${toMove ? " to-move" : ""}${seat.absent ? " absent" : ""}`, "data-seat": seat.number },
          h("span", { class: `side side-${this.game!.sides.indexOf(this.sideOf(seat.number))}` }, this.sideOf(seat.number)),
          h("span", { class: "who" }, seat.number === this.mySeat ? s.t("seat.you", { name }) : name),
          clock ? h("span", { class: "clock" }, clock) : null,
          toMove ? h("span", { class: "to-move-mark" }, s.t("seat.to_move")) : null,
          seat.absent ? h("span", { class: "away" }, s.t("seat.cpu_stands_in", { name })) : null,
        );
      }),
    );

    const actions = h("div", { class: "actions" });
    if (seated && playing) {
      if (t.undo_allowed)
        actions.append(
          h("button", {
            type: "button",
            "data-action": "undo",
            onclick: () => void this.act(() => api.undo({ table_id: t.table_id, token: this.seat!.token, game_number: state!.game_number, move_number: t.next_move_number })),
          }, s.t("table.undo")),
        );
      if (this.confirmingResign)
        actions.append(
          h("span", { class: "confirm" }, s.t("table.resign_confirm")),
          h("button", {
            type: "button",
            class: "danger",
            "data-action": "resign-confirm",
            onclick: () => {
              this.confirmingResign = false;
              void this.act(() => api.resign({ table_id: t.table_id, token: this.seat!.token, game_number: state!.game_number }));
            },
          }, s.t("table.resign")),
          h("button", { type: "button", onclick: () => ((this.confirmingResign = false), this.render()) }, s.t("table.keep_playing")),
        );
      else
        actions.append(h("button", { type: "button", "data-action": "resign", onclick: () => ((this.confirmingResign = true), this.render()) }, s.t("table.resign")));
    }
    const seatedHere: Seated | undefined = seated
      ? { page: this.page, table: t, seat: this.mySeat, token: this.seat!.token, name: (n) => this.seatName(n), act: (call) => void this.act(call) }
      : undefined;
    if (seatedHere) actions.append(...offerButtons(seatedHere));
    if (seated && over && !betweenPeople(t, this.mySeat))
      actions.append(
        h("button", {
          type: "button",
          class: "primary",
          "data-action": "next-game",
          onclick: () => void this.act(() => api.nextGame({ table_id: t.table_id, token: this.seat!.token, game_number: state!.game_number })),
        }, s.t("table.next_game")),
      );
    if (over && state) {
      actions.append(
        h("button", { type: "button", "data-action": "replay", onclick: () => void showReplay(this.page, this.game!, this.words!, state) }, s.t("table.replay")),
        h("button", { type: "button", "data-action": "export", onclick: () => showExport(this.page, state, this.notations, t.seats.map((seat) => this.seatName(seat.number))) }, s.t("table.export")),
      );
    }
    if (seated)
      actions.append(
        h("button", {
          type: "button",
          "data-action": "leave",
          onclick: async () => {
            try {
              await api.leave({ table_id: t.table_id, token: this.seat!.token });
            } finally {
              this.page.go("#/");
            }
          },
        }, s.t("table.leave")),
      );

    const scores = t.scores.some((sc) => sc.wins + sc.draws + sc.losses > 0)
      ? h(
          "section",
          { class: "scoreboard" },
          h("h2", {}, s.t("table.scoreboard")),
          h("ul", {}, ...t.scores.map((sc) =>
            h("li", {}, s.t("table.score_line", { player: this.seatName(sc.seat), wins: sc.wins, draws: sc.draws, losses: sc.losses, points: sc.points })),
          )),
        )
      : null;

    const boardHadFocus = this.board.hasFocus();
    const refocus = this.lookBack.keepFocus(this.root);
    const status = state ? this.words.text(state.view?.status) : s.t("table.waiting");
    // An earlier position is only looked at: nobody plays on it.
    const looking = this.lookBack.view();
    const live = !looking;
    if (state?.view)
      this.board.update({
        view: looking ?? state.view,
        sides: this.game.sides,
        moves: this.myTurn() && live ? this.legal : [],
        strings: s,
        label: this.game.name,
        onPlay: (move) => this.play(move),
        onPreview: (text) => {
          this.previewText = text;
          const line = this.root.querySelector(".preview");
          if (line) line.textContent = text;
        },
      });

    clear(
      this.root,
      h("header", { class: "table-head" },
        // A game against the computer has no code anyone needs.
        h("h1", {}, t.undo_allowed && !freeSeats ? s.t("table.title_cpu", { game: this.game.name }) : s.t("table.title", { game: this.game.name, code: t.invite_code })),
        h("nav", {},
          h("a", { href: "#/" }, s.t("app.lobby")),
          h("a", { href: `/rules/${t.game_id}/${this.page.locale}`, target: "_blank", rel: "noopener" }, s.t("app.rules", { game: this.game.name })),
        ),
      ),
      this.lost ? h("p", { class: "banner", role: "status" }, s.t("app.connection_lost")) : null,
      invite,
      !seated ? h("p", { class: "watching" }, s.t("table.watching")) : null,
      !seated && this.mayBeMine().length
        ? h("p", { class: "take-back" },
            h("button", { type: "button", class: "primary", "data-action": "take-seat-back", onclick: () => void this.claimSeat() }, s.t("table.take_seat_back")),
          )
        : null,
      t.rated ? h("p", { class: "rated" }, s.t("table.rated")) : null,
      h("div", { class: "play-area" },
        h("div", { class: `board-column${live ? "" : " looking-back"}` },
          h("p", { class: `status${this.myTurn() ? " your-turn" : ""}`, role: "status", "aria-live": "polite" },
            state ? s.t("table.status_line", { game: s.t("table.game_number", { number: state.game_number }), status }) : status),
          this.myTurn() ? h("p", { class: "your-turn-banner" }, s.t("table.your_turn")) : null,
          over && seated ? h("p", { class: "result-banner", role: "status" }, s.t(this.resultKey())) : null,
          this.lookBack.bar(this.notations.length),
          state?.view ? this.board.element : null,
          // Below the board, so that a longer preview never moves the cells.
          h("p", { class: "preview", "aria-hidden": "true" }, live ? this.previewText : ""),
          this.myTurn() && live ? h("p", { class: "keys" }, s.t("app.keys")) : null,
        ),
        h("aside", { class: "side-column" },
          seatsList,
          this.notice ? h("p", { class: "notice", role: "status" }, this.notice) : null,
          this.ratingChanges.length ? h("ul", { class: "rating-changes" }, ...this.ratingChanges.map((line) => h("li", {}, line))) : null,
          this.error ? h("p", { class: "error", role: "alert" }, this.error) : null,
          offerLine(seatedHere ?? { page: this.page, table: t, seat: 0, token: "", name: (n) => this.seatName(n), act: () => undefined }),
          actions,
          scores,
          h("section", { class: "moves" },
            h("h2", {}, s.t("table.moves")),
            this.notations.length
              ? this.lookBack.list(this.notations, state, this.game.sides.length === 2 ? 2 : 1)
              : h("p", {}, s.t("table.no_moves")),
          ),
        ),
      ),
    );
    if (boardHadFocus) this.board.refocus();
    refocus();
  }
}
