// Offers between the people of a table: a draw, a takeback, the next game.
// The buttons that make one, the line that shows the one waiting with its
// answers, and the notice an answer leaves. One waits at a time; the next
// move withdraws it (the host's rule: TableService.Offer).
import { api } from "./api";
import { h } from "./dom";
import { Offer_Kind, SeatPlan_Kind, type Table, type TableEvent, TableEvent_Kind, Table_Phase } from "./gen/boardgame/v1/table";
import type { Page } from "./page";

export interface Seated {
  page: Page;
  table: Table;
  seat: number;
  token: string;
  name: (seat: number) => string;
  act: (call: () => Promise<{ table?: Table }>) => void;
}

const WORD: Partial<Record<Offer_Kind, string>> = {
  [Offer_Kind.DRAW]: "draw",
  [Offer_Kind.TAKEBACK]: "takeback",
  [Offer_Kind.NEXT_GAME]: "next_game",
};

// Whether another seat than `seat` is a person's: against the computer
// alone, Undo and NextGame need no one's agreement.
export function betweenPeople(table: Table, seat: number): boolean {
  return table.seats.some((s) => s.number !== seat && s.plan?.kind === SeatPlan_Kind.PERSON);
}

function other(t: Table, seat: number, name: (seat: number) => string): string {
  const them = t.seats.find((s) => s.number !== seat && s.plan?.kind === SeatPlan_Kind.PERSON);
  return them ? name(them.number) : "";
}

// The buttons that make an offer: none while one waits.
export function offerButtons(at: Seated): HTMLElement[] {
  const { page, table: t, token, act } = at;
  if (!betweenPeople(t, at.seat) || t.offer) return [];
  const game_number = t.state?.game_number ?? 0;
  const offer = (kind: Offer_Kind) => () =>
    act(() => api.offer({ table_id: t.table_id, token, game_number, kind, move_number: t.next_move_number }));
  const s = page.strings;
  if (t.phase === Table_Phase.GAME_OVER)
    return [h("button", { type: "button", class: "primary", "data-action": "next-game", onclick: offer(Offer_Kind.NEXT_GAME) }, s.t("table.next_game"))];
  if (t.phase !== Table_Phase.PLAYING) return [];
  const buttons = [h("button", { type: "button", "data-action": "offer-draw", onclick: offer(Offer_Kind.DRAW) }, s.t("table.offer.make.draw"))];
  if (t.state?.moves.length)
    buttons.push(h("button", { type: "button", "data-action": "offer-takeback", onclick: offer(Offer_Kind.TAKEBACK) }, s.t("table.offer.make.takeback")));
  return buttons;
}

// The offer waiting, as the seat that made it, another player or a
// spectator (seat 0) sees it, with the answers the seat may give.
export function offerLine(at: Seated): HTMLElement | null {
  const { page, table: t, token, act } = at;
  const offer = t.offer;
  const word = offer && WORD[offer.kind];
  if (!offer || !word) return null;
  const s = page.strings;
  const mine = offer.seat === at.seat;
  const answer = (accept: boolean) => () =>
    act(() => api.answerOffer({ table_id: t.table_id, token, game_number: offer.game_number, kind: offer.kind, accept }));
  const text = mine
    ? s.t(`table.offer.mine.${word}`, { name: other(t, at.seat, at.name) })
    : s.t(`table.offer.theirs.${word}`, { name: at.name(offer.seat) });
  const buttons = !at.seat
    ? []
    : mine
      ? [h("button", { type: "button", "data-action": "offer-withdraw", onclick: answer(false) }, s.t("table.offer.withdraw"))]
      : [
          h("button", { type: "button", class: "primary", "data-action": "offer-accept", onclick: answer(true) }, s.t("table.offer.accept")),
          h("button", { type: "button", "data-action": "offer-decline", onclick: answer(false) }, s.t("table.offer.decline")),
        ];
  return h("div", { class: "offer", role: "status" }, h("p", {}, text), ...buttons);
}

// The notice an answer to an offer leaves; undefined for other events.
export function offerNotice(page: Page, event: TableEvent, name: string): string | undefined {
  const word = event.offer && WORD[event.offer.kind];
  if (!word) return undefined;
  switch (event.kind) {
    case TableEvent_Kind.OFFER_ACCEPTED:
      return page.strings.t(`table.offer.accepted.${word}`, { name });
    case TableEvent_Kind.OFFER_DECLINED:
      return page.strings.t(`table.offer.declined.${word}`, { name });
    case TableEvent_Kind.OFFER_WITHDRAWN:
      return page.strings.t("table.offer.withdrawn", { name });
    case TableEvent_Kind.OFFERED:
      return "";
  }
  return undefined;
}
