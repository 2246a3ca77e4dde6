// The lobby: every game of the host in the player's language, its settings
// schema as a form (the table's settings, local rules and variants), and the
// ways to play: against the computer, with a friend by invite, by code, or
// as a spectator.
import { api, ApiError, gamesIn } from "./api";
import { clear, h } from "./dom";
import type { GameInfo } from "./gen/boardgame/v1/game_info";
import { type Setting, type SettingSpec, SettingSpec_Category, SettingSpec_Type, type SettingValue } from "./gen/boardgame/v1/settings";
import { SeatPlan_Kind } from "./gen/boardgame/v1/table";
import { SuggestMoveRequest_Level } from "./gen/boardgame/v1/game_service";
import type { Page } from "./page";
import { asPlayer, followLobby, PlayNow, playerBox, renamePlayer } from "./players";
import { keepSeat, playerName, seats, setPlayerName } from "./storage";

const CATEGORY_KEYS: Record<number, string> = {
  [SettingSpec_Category.PLATFORM]: "lobby.category_platform",
  [SettingSpec_Category.LOCAL_RULE]: "lobby.category_local_rule",
  [SettingSpec_Category.VARIANT]: "lobby.category_variant",
};

export const LEVELS = [
  [SuggestMoveRequest_Level.NOVATO, "level.novato"],
  [SuggestMoveRequest_Level.NORMAL, "level.normal"],
  [SuggestMoveRequest_Level.EXPERTO, "level.experto"],
] as const;

function sameValue(a: SettingValue | undefined, b: SettingValue | undefined): boolean {
  return JSON.stringify(a?.kind) === JSON.stringify(b?.kind);
}

// A setting's value in words: its label among the allowed values, else
// on/off for a flag, else the number or text itself.
export function valueText(spec: SettingSpec, value: SettingValue | undefined, page: Page): string {
  const label = spec.allowed_values.find((allowed) => sameValue(allowed.value, value))?.label;
  if (label !== undefined) return label;
  const kind = value?.kind;
  if (kind?.oneofKind === "flag") return page.strings.t(kind.flag ? "lobby.on" : "lobby.off");
  return kind && kind.oneofKind ? String((kind as Record<string, unknown>)[kind.oneofKind]) : "";
}

// The table's time per turn, a setting of every game (docs/tables.md): the
// card says it without the settings opened.
export const TIME_PER_TURN = "time_per_turn";

// The form of one game's settings; `read` gives the values that differ from
// the defaults, as CreateTable takes them; `turnTime` says the time per turn
// chosen.
function settingsForm(game: GameInfo, page: Page): { element: HTMLElement; read: () => Setting[]; turnTime: HTMLElement } {
  const readers: (() => Setting | undefined)[] = [];
  const turnTime = h("p", { class: "turn-time" });
  const groups = new Map<number, HTMLElement>();
  for (const spec of game.settings) {
    let group = groups.get(spec.category);
    if (!group) {
      group = h("fieldset", { class: "settings-group" }, h("legend", {}, page.strings.t(CATEGORY_KEYS[spec.category] ?? "lobby.settings")));
      groups.set(spec.category, group);
    }
    const id = `setting-${game.id}-${spec.id}`;
    // A setting nobody may change is said, not shown as a field to try.
    if (!spec.changeable) {
      group.append(
        h("div", { class: "setting fixed", "data-setting": spec.id },
          h("p", {}, page.strings.t("lobby.fixed_setting", { setting: spec.label, value: valueText(spec, spec.default_value, page) })),
          spec.description ? h("p", { class: "hint" }, spec.description) : null,
        ),
      );
      continue;
    }
    let control: HTMLInputElement | HTMLSelectElement;
    if (spec.type === SettingSpec_Type.FLAG) {
      control = h("input", { type: "checkbox", id });
      control.checked = spec.default_value?.kind.oneofKind === "flag" && spec.default_value.kind.flag;
      const box = control;
      readers.push(() => {
        const value: SettingValue = { kind: { oneofKind: "flag", flag: box.checked } };
        return sameValue(value, spec.default_value) ? undefined : { id: spec.id, value };
      });
    } else {
      const select = h("select", { id });
      spec.allowed_values.forEach((allowed, i) => {
        const option = h("option", { value: String(i) }, allowed.label);
        option.selected = sameValue(allowed.value, spec.default_value);
        select.append(option);
      });
      if (spec.id === TIME_PER_TURN) {
        const say = () => (turnTime.textContent = page.strings.t("lobby.turn_time", { value: spec.allowed_values[Number(select.value)]?.label ?? "" }));
        select.addEventListener("change", say);
        say();
      }
      control = select;
      readers.push(() => {
        const value = spec.allowed_values[Number(select.value)]?.value;
        return !value || sameValue(value, spec.default_value) ? undefined : { id: spec.id, value };
      });
    }
    group.append(
      h(
        "div",
        { class: `setting ${spec.type === SettingSpec_Type.FLAG ? "flag" : "choice"}` },
        control.type === "checkbox" ? control : null,
        h("label", { for: id }, spec.label),
        control.type === "checkbox" ? null : control,
        spec.description ? h("p", { class: "hint" }, spec.description) : null,
      ),
    );
  }
  return {
    element: h("div", { class: "settings" }, ...groups.values()),
    read: () => readers.map((r) => r()).filter((s): s is Setting => s !== undefined),
    turnTime,
  };
}

function gameCard(game: GameInfo, page: Page, name: () => string, playNow: Map<string, PlayNow>): HTMLElement {
  const form = settingsForm(game, page);
  const now = new PlayNow(page, game, form.read, name);
  playNow.set(game.id, now);
  const error = h("p", { class: "error", role: "alert" });
  const level = h("select", { id: `level-${game.id}` });
  for (const [value, key] of LEVELS) {
    const option = h("option", { value: String(value) }, page.strings.t(key));
    option.selected = value === SuggestMoveRequest_Level.NORMAL;
    level.append(option);
  }
  const side = h("select", { id: `side-${game.id}` });
  game.sides.forEach((s, i) => side.append(h("option", { value: String(i) }, s)));

  const open = async (against: "cpu" | "friend") => {
    error.textContent = "";
    const seatsPlan = [{ kind: SeatPlan_Kind.PERSON }, { kind: SeatPlan_Kind.PERSON }];
    if (against === "cpu") {
      const cpu = { kind: SeatPlan_Kind.CPU, level: Number(level.value) };
      seatsPlan[side.value === "0" ? 1 : 0] = cpu;
    }
    try {
      const created = await asPlayer(name(), (key) =>
        api.createTable({ game_id: game.id, settings: form.read(), seats: seatsPlan, player: { key } }),
      );
      const table = created.table!;
      keepSeat({
        tableId: table.table_id,
        inviteCode: table.invite_code,
        gameId: game.id,
        seat: created.ticket!.seat,
        token: created.ticket!.token,
      });
      page.go(`#/table/${table.table_id}`);
    } catch (e) {
      error.textContent = page.errorText(e);
    }
  };

  return h(
    "section",
    { class: "game-card", "aria-labelledby": `title-${game.id}` },
    h(
      "header",
      {},
      h("h2", { id: `title-${game.id}` }, game.name),
      game.other_names.length ? h("p", { class: "other-names" }, game.other_names.join(" · ")) : null,
      h("a", { href: `/rules/${game.id}/${page.locale}`, target: "_blank", rel: "noopener" }, page.strings.t("app.rules", { game: game.name })),
      h("a", { href: `#/standings/${game.id}`, "data-action": "standings" }, page.strings.t("standings.link")),
    ),
    form.turnTime.textContent ? form.turnTime : null,
    h("details", {}, h("summary", {}, page.strings.t("lobby.settings")), form.element),
    now.element,
    h(
      "div",
      { class: "play-cpu" },
      h("h3", {}, page.strings.t("lobby.against_cpu")),
      h("label", { for: level.id }, page.strings.t("lobby.level")),
      level,
      h("label", { for: side.id }, page.strings.t("lobby.first_move")),
      side,
      h("button", { type: "button", class: "primary", "data-action": "play-cpu", onclick: () => void open("cpu") }, page.strings.t("lobby.play")),
    ),
    h(
      "div",
      { class: "play-friend" },
      h("h3", {}, page.strings.t("lobby.with_friend")),
      h("button", { type: "button", "data-action": "open-table", onclick: () => void open("friend") }, page.strings.t("lobby.open_table")),
    ),
    error,
  );
}

// The code as the host writes it (six characters of its alphabet, which
// has no 0/O, 1/I/L), from what a person typed; "" when it cannot be one.
export function inviteCode(typed: string): string {
  const code = typed.replace(/[\s-]/g, "").toUpperCase();
  return /^[2-9A-HJKMNP-Z]{6}$/.test(code) ? code : "";
}

// Sits down at a table by its invite code, or watches it.
export function joinForm(page: Page, code: string, name: () => string): HTMLElement {
  const input = h("input", {
    id: "invite-code",
    value: code,
    autocomplete: "off",
    autocapitalize: "characters",
    spellcheck: false,
    placeholder: page.strings.t("lobby.code_hint"),
  });
  const error = h("p", { class: "error", role: "alert" });
  const join = async () => {
    error.textContent = "";
    const wanted = inviteCode(input.value);
    // A slip of the keyboard is said here, and never counts as a guess.
    if (!wanted) {
      error.textContent = page.strings.t("error.bad_table_ref");
      return input.focus();
    }
    const mine = seats().find((s) => s.inviteCode === wanted);
    if (mine) return page.go(`#/table/${mine.tableId}`);
    try {
      const seat = await asPlayer(name(), (key) => api.joinTable({ table: { invite_code: wanted }, player: { key } }));
      keepSeat({
        tableId: seat.table!.table_id,
        inviteCode: seat.table!.invite_code,
        gameId: seat.table!.game_id,
        seat: seat.ticket!.seat,
        token: seat.ticket!.token,
      });
      page.go(`#/table/${seat.table!.table_id}`);
    } catch (e) {
      error.textContent = page.errorText(e);
      if (e instanceof ApiError && e.reason === "table_full") input.focus();
    }
  };
  return h(
    "form",
    {
      class: "join",
      onsubmit: (e: Event) => {
        e.preventDefault();
        void join();
      },
    },
    h("h2", {}, page.strings.t("lobby.join_title")),
    h("label", { for: "invite-code" }, page.strings.t("lobby.code")),
    input,
    h("div", { class: "buttons" },
      h("button", { type: "submit", class: "primary", "data-action": "join" }, page.strings.t("lobby.join")),
      h("button", {
        type: "button",
        "data-action": "watch",
        onclick: () => {
          const code = inviteCode(input.value);
          if (code) page.go(`#/watch/${code}`);
          else error.textContent = page.strings.t("error.bad_table_ref");
        },
      }, page.strings.t("lobby.watch")),
    ),
    error,
  );
}

export function nameField(page: Page): { element: HTMLElement; read: () => string } {
  const input = h("input", { id: "player-name", value: playerName(), maxlength: 32, autocomplete: "nickname" });
  input.addEventListener("change", () => {
    setPlayerName(input.value.trim());
    void renamePlayer(input.value.trim()).catch(() => undefined);
  });
  return {
    element: h("div", { class: "name" }, h("label", { for: "player-name" }, page.strings.t("lobby.name")), input),
    read: () => input.value.trim() || page.strings.t("lobby.default_name"),
  };
}

// Shows the lobby and follows its seeks and counts; the function returned
// stops that.
export async function showLobby(page: Page, root: HTMLElement): Promise<() => void> {
  const { games } = await gamesIn(page.locale);
  const name = nameField(page);
  const mine = seats();
  const names = new Map(games.map((g) => [g.id, g.name]));
  const playNow = new Map<string, PlayNow>();
  const yours = mine.length
    ? h(
        "section",
        { class: "your-tables" },
        h("h2", {}, page.strings.t("lobby.your_tables")),
        h("ul", {}, ...mine.map((s) => h("li", {}, h("a", { href: `#/table/${s.tableId}` }, page.strings.t("lobby.return", { game: names.get(s.gameId) ?? s.gameId, code: s.inviteCode }))))),
      )
    : null;
  clear(
    root,
    h("h1", {}, page.strings.t("lobby.title")),
    // A returning player's tables come first: they are what they came back for.
    yours,
    h("p", { class: "lede" }, page.strings.t("lobby.guest")),
    name.element,
    playerBox(page, name.read),
    games.length ? h("div", { class: "games" }, ...games.map((g) => gameCard(g, page, name.read, playNow))) : h("p", {}, page.strings.t("app.no_games")),
    joinForm(page, "", name.read),
  );
  return followLobby(playNow);
}
