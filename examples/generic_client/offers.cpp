// Offers between the people at a table, as the browser client makes them
// (examples/web_client/src/offers.ts): undo asks to take back, another asks
// for the next game, draw offers a draw; accept, decline and withdraw answer
// the one waiting. The host keeps the offer (Table.offer) and tells every
// watcher of each step, so what is printed comes from its events.
#include "offers.h"

#include "rules_view.h"
#include "session.h"

namespace game_client {
namespace {

using namespace std::chrono_literals;

// As online_play.cpp: the call's own event is printed before the prompt.
constexpr auto kOwnEventPatience = 3s;

}  // namespace

bool between_people(const v1::Table& table, std::uint32_t seat) { return other_person(table, seat) != 0; }

std::uint32_t other_person(const v1::Table& table, std::uint32_t seat) {
  for (const v1::Seat& s : table.seats())
    if (s.number() != seat && s.plan().kind() == v1::SeatPlan::PERSON) return s.number();
  return 0;
}

const char* offer_word(v1::Offer::Kind kind) {
  switch (kind) {
    case v1::Offer::DRAW: return "draw";
    case v1::Offer::TAKEBACK: return "takeback";
    case v1::Offer::NEXT_GAME: return "next_game";
    default: return "";
  }
}

void Session::make_offer(Game& game, Online& on, TableWatch& watch, v1::Offer::Kind kind) {
  v1::OfferRequest request;
  request.set_table_id(on.table.table_id());
  request.set_token(on.seat.token);
  request.set_game_number(on.table.state().game_number());
  request.set_kind(kind);
  // The position the offer is about: one that has moved on is refused.
  request.set_move_number(on.table.next_move_number());
  v1::TableResponse response;
  if (Failure f = host_.offer(request, &response)) {
    error(explain_online(f, &game));
    return;
  }
  if (response.table().version() > on.table.version()) on.table = response.table();
  watch.wait_for(response.table().version(), kOwnEventPatience);
}

void Session::answer_offer(Game& game, Online& on, TableWatch& watch, Command command) {
  const v1::Table& t = on.table;
  if (!t.has_offer() || !*offer_word(t.offer().kind())) {
    error(say("online.error.no_offer"));
    return;
  }
  const v1::Offer offer = t.offer();
  const bool mine = offer.seat() == on.seat.seat;
  // The host would refuse these too; here the refusal can name the command
  // to type instead.
  if (mine && command == Command::kAccept) {
    error(say("online.offer.yours", {{"withdraw", command_word(Command::kWithdraw, ui_)}}));
    return;
  }
  if (!mine && command == Command::kWithdraw) {
    error(say("online.offer.not_yours", {{"decline", command_word(Command::kDecline, ui_)}}));
    return;
  }
  v1::AnswerOfferRequest request;
  request.set_table_id(t.table_id());
  request.set_token(on.seat.token);
  request.set_game_number(offer.game_number());
  // The kind seen: if another offer took its place meanwhile, the host
  // answers no_offer rather than settle the wrong one.
  request.set_kind(offer.kind());
  // Declined by its own seat, an offer is withdrawn (AnswerOffer).
  request.set_accept(command == Command::kAccept);
  v1::TableResponse response;
  if (Failure f = host_.answer_offer(request, &response)) {
    error(explain_online(f, &game));
    return;
  }
  if (response.table().version() > on.table.version()) on.table = response.table();
  watch.wait_for(response.table().version(), kOwnEventPatience);
}

void Session::show_offer(const Online& on, const v1::Table& table, const v1::Offer& offer) {
  const std::string word = offer_word(offer.kind());
  if (word.empty()) return;
  auto dim = [&](const std::string& text) { con_.line(con_.style().paint(text, Tone::kDim)); };
  if (!on.spectator() && offer.seat() == on.seat.seat) {
    con_.line(con_.style().paint(
        say("online.offer.mine." + word, {{"player", table_player(table, other_person(table, offer.seat()))}}),
        Tone::kHighlight));
    dim(say("online.offer.withdraw_how", {{"withdraw", command_word(Command::kWithdraw, ui_)}}));
    return;
  }
  con_.line(con_.style().paint(say("online.offer.theirs." + word, {{"player", table_player(table, offer.seat())}}),
                               Tone::kHighlight));
  if (!on.spectator())
    dim(say("online.offer.answer_how",
            {{"accept", command_word(Command::kAccept, ui_)}, {"decline", command_word(Command::kDecline, ui_)}}));
}

bool Session::show_offer_event(const Online& on, const v1::TableEvent& event) {
  const std::string word = offer_word(event.offer().kind());
  std::string key;
  Tone tone = Tone::kHighlight;
  switch (event.kind()) {
    case v1::TableEvent::OFFERED: show_offer(on, event.table(), event.offer()); return true;
    case v1::TableEvent::OFFER_ACCEPTED:
      key = "online.offer.accepted." + word;
      tone = Tone::kGood;
      break;
    case v1::TableEvent::OFFER_DECLINED: key = "online.offer.declined." + word; break;
    case v1::TableEvent::OFFER_WITHDRAWN: key = "online.offer.withdrawn"; break;
    default: return false;
  }
  if (word.empty()) return true;  // an offer of a kind this client never showed
  const bool me = !on.spectator() && event.seat() == on.seat.seat;
  con_.line(con_.style().paint(say(key, {{"player", table_player(event.table(), event.seat())}, {"person", person(me)}}),
                               tone));
  return true;
}

const char* Session::offer_help_key(Command command, const char* key) {
  switch (command) {
    case Command::kUndo: return "online.help.takeback";
    case Command::kAnother: return "online.help.next_game";
    default: return key;
  }
}

void Session::show_offer_help() {
  con_.line(wrap(say("online.help.draw", {{"command", command_word(Command::kDraw, ui_)}}), opt_.width, "  ", "      "));
  con_.line(wrap(say("online.help.answer", {{"accept", command_word(Command::kAccept, ui_)},
                                            {"decline", command_word(Command::kDecline, ui_)},
                                            {"withdraw", command_word(Command::kWithdraw, ui_)}}),
                 opt_.width, "  ", "      "));
}

}  // namespace game_client
