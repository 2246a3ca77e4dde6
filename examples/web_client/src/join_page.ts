// The page an invite link opens: before sitting down, the person invited
// sees which game it is, who invites them and how the table is set up, as
// the lobby says its settings (time per turn first), then gives a name.
import { api, gamesIn } from "./api";
import { clear, h } from "./dom";
import type { Table } from "./gen/boardgame/v1/table";
import { SeatPlan_Kind } from "./gen/boardgame/v1/table";
import { inviteCode, joinForm, nameField, TIME_PER_TURN, valueText } from "./lobby";
import type { Page } from "./page";

export async function showJoin(page: Page, root: HTMLElement, code: string): Promise<void> {
  const name = nameField(page);
  const about = h("section", { class: "join-about", "aria-live": "polite" });
  clear(root, about, name.element, joinForm(page, code, name.read));
  root.querySelector<HTMLInputElement>("#player-name")?.focus();
  const wanted = inviteCode(code);
  if (!wanted) return;
  // Without the table the form still works, and says what is wrong (an
  // unknown code, a full table) when the person tries to sit down.
  const [found, games] = await Promise.all([
    api.getTable({ invite_code: wanted }).catch(() => undefined),
    gamesIn(page.locale).catch(() => undefined),
  ]);
  const table = found?.table;
  const game = games?.games.find((g) => g.id === table?.game_id);
  if (!table || !game || !root.contains(about)) return;
  document.title = `${game.name} · ${page.strings.t("app.title")}`;
  clear(
    about,
    h("h1", {}, inviter(table) ? page.strings.t("join.invites", { name: inviter(table)!, game: game.name }) : page.strings.t("join.table_of", { game: game.name })),
    table.rated ? h("p", { class: "rated" }, page.strings.t("table.rated")) : null,
    h("h2", {}, page.strings.t("lobby.settings")),
    h("ul", { class: "table-settings" },
      // Time per turn first: it is what a person weighs before sitting down.
      ...[...game.settings]
        .sort((a, b) => Number(b.id === TIME_PER_TURN) - Number(a.id === TIME_PER_TURN))
        .map((spec) => {
          const value = valueText(spec, table.settings.find((s) => s.id === spec.id)?.value ?? spec.default_value, page);
          const text = spec.id === TIME_PER_TURN ? page.strings.t("lobby.turn_time", { value }) : page.strings.t("lobby.fixed_setting", { setting: spec.label, value });
          return h("li", { "data-setting": spec.id }, text);
        }),
    ),
  );
}

// The person already seated, who sent the link.
function inviter(table: Table): string | undefined {
  return table.seats.find((seat) => seat.plan?.kind === SeatPlan_Kind.PERSON && seat.taken && seat.name)?.name;
}
