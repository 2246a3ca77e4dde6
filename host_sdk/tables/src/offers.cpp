// Offers between the people of a table: a draw, a takeback, the next game
// (TableService's Offer and AnswerOffer, and NextGame between people). One
// waits at a time, in Table.offer, until it is answered or withdrawn; the
// next move withdraws it (record_move). The last one settled stays in the
// record, so that a retried answer gets its first answer.
#include "boardgame/tables/table_host.h"
#include "host_impl.h"
#include "seat_call.h"
#include "table_changes.h"
#include "table_errors.h"

namespace boardgame::tables {

using Impl = TableHost::Impl;

namespace {

std::string kind_name(v1::Offer::Kind kind) {
  switch (kind) {
    case v1::Offer::DRAW:
      return "a draw";
    case v1::Offer::TAKEBACK:
      return "a takeback";
    case v1::Offer::NEXT_GAME:
      return "the next game";
    default:
      return "nothing";
  }
}

bool others_are_people(const v1::Table& table, std::uint32_t seat) {
  for (const v1::Seat& other : table.seats())
    if (other.number() != seat && other.plan().kind() == v1::SeatPlan::PERSON) return true;
  return false;
}

bool known_kind(v1::Offer::Kind kind) {
  return kind == v1::Offer::DRAW || kind == v1::Offer::TAKEBACK || kind == v1::Offer::NEXT_GAME;
}

// A kind of offer, about a game the table has reached.
grpc::Status check_request(v1::Offer::Kind kind, std::uint32_t asked, std::uint32_t current) {
  if (!known_kind(kind)) return refuse::bad_offer();
  if (asked == 0 || asked > current) return refuse::other_game(asked, current);
  return grpc::Status::OK;
}

// The index of `seat`'s last move in the current game, or -1.
int last_move_of(const OpenTable& table, std::uint32_t seat) {
  int last = -1;
  for (int i = 0; i < table.record.move_seats_size(); ++i)
    if (table.record.move_seats(i) == seat) last = i;
  return last;
}

void add_offer_event(Change& change, v1::TableEvent::Kind kind, std::uint32_t seat,
                     const v1::Offer& offer) {
  Change::Item item{kind, seat, {}, v1::TableEvent::STAND_IN_UNSPECIFIED};
  item.offer = offer;
  change.items.push_back(std::move(item));
}

// Takes the waiting offer off the table, remembered as settled.
v1::Offer settle(OpenTable& table, bool accepted) {
  v1::Table& t = table.table();
  v1::Offer offer = t.offer();
  *table.record.mutable_settled_offer() = offer;
  table.record.set_settled_accepted(accepted);
  t.clear_offer();
  return offer;
}

// What an accepted offer does, after its OFFER_ACCEPTED.
grpc::Status carry_out(Impl& host, OpenTable& table, const v1::Offer& offer, Change& change) {
  v1::Table& t = table.table();
  switch (offer.kind()) {
    case v1::Offer::DRAW: {
      v1::GameState drawn;
      if (const grpc::Status s = table.game->rules.agree_draw(t.state(), &drawn); !s.ok()) return s;
      *t.mutable_state() = std::move(drawn);
      host.end_game_if_over(table, change);
      host.start_turn(table);
      return grpc::Status::OK;
    }
    case v1::Offer::TAKEBACK: {
      // Checked when it was offered; a move since would have withdrawn it.
      const int last = last_move_of(table, offer.seat());
      if (last < 0) return refuse::nothing_to_undo(false);
      if (const grpc::Status s = take_back(table, last); !s.ok()) return s;
      change.add(v1::TableEvent::UNDONE, offer.seat());
      host.start_turn(table);
      return grpc::Status::OK;
    }
    case v1::Offer::NEXT_GAME:
      return begin_next_game(host, table, change);
    default:
      return refuse::bad_offer();
  }
}

void accept_under_lock(Impl& host, SeatCall& call, Reply<v1::TableResponse> reply) {
  OpenTable& table = *call.table;
  const v1::TableRecord before = table.record;
  const v1::Offer offer = settle(table, true);
  Change change;
  change.mover = call.seat;
  add_offer_event(change, v1::TableEvent::OFFER_ACCEPTED, call.seat, offer);
  if (const grpc::Status s = carry_out(host, table, offer, change); !s.ok()) {
    table.record = before;  // a refused call changes nothing
    return refuse_now(reply, s);
  }
  host.commit(call.table, std::move(change), table_reply(std::move(reply)));
  host.follow_up(call.table);
}

// Whether the offer of `request` may be made now; OK when it may.
grpc::Status check_offer(const OpenTable& table, std::uint32_t seat,
                         const v1::OfferRequest& request) {
  const v1::Table& t = table.record.table();
  const std::uint32_t game_number = t.state().game_number();
  const bool next_game = request.kind() == v1::Offer::NEXT_GAME;
  if (next_game && t.phase() != v1::Table::GAME_OVER) return refuse::game_not_over(game_number);
  if (!next_game && t.phase() == v1::Table::GAME_OVER) return refuse::game_over(game_number);
  if (!next_game && request.move_number() != t.next_move_number())
    return refuse::stale_move(game_number, t.next_move_number());
  if (request.kind() == v1::Offer::DRAW && !table.game->rules.draws())
    return refuse::draws_not_supported(table.game->rules.game_id());
  if (request.kind() == v1::Offer::TAKEBACK && last_move_of(table, seat) < 0)
    return refuse::nothing_to_undo(t.state().moves_size() > 0);
  const v1::Offer& settled = table.record.settled_offer();
  if (!table.record.settled_accepted() && settled.kind() == request.kind() &&
      settled.game_number() == game_number && settled.move_number() == t.next_move_number() &&
      settled.seat() == seat && !next_game)
    return refuse::offer_declined(kind_name(request.kind()));
  return grpc::Status::OK;
}

// Makes the offer, or accepts the same one made by another seat.
void offer_under_lock(Impl& host, SeatCall& call, const v1::OfferRequest& request,
                      Reply<v1::TableResponse> reply) {
  OpenTable& table = *call.table;
  v1::Table& t = table.table();
  const std::uint32_t game_number = t.state().game_number();
  if (const grpc::Status s = check_request(request.kind(), request.game_number(), game_number);
      !s.ok())
    return refuse_now(reply, s);
  if (request.game_number() < game_number) {
    // The next game began: this offer's, accepted, or another's.
    if (request.kind() == v1::Offer::NEXT_GAME)
      return answer_when_durable(table, call.lock, t.version(), table_reply(std::move(reply)));
    return refuse_now(reply, refuse::game_over(request.game_number()));
  }
  if (!others_are_people(t, call.seat)) return refuse_now(reply, refuse::no_one_to_ask());
  if (t.has_offer()) {
    const v1::Offer& waiting = t.offer();
    // The same offer again: a retry, answered with the table as it is.
    if (waiting.kind() == request.kind() && waiting.seat() == call.seat)
      return answer_when_durable(table, call.lock, t.version(), table_reply(std::move(reply)));
    // Both want the same: agreed.
    if (waiting.kind() == request.kind()) return accept_under_lock(host, call, std::move(reply));
    return refuse_now(reply, refuse::offer_pending(kind_name(waiting.kind())));
  }
  if (const grpc::Status s = check_offer(table, call.seat, request); !s.ok())
    return refuse_now(reply, s);
  v1::Offer& offer = *t.mutable_offer();
  offer.set_kind(request.kind());
  offer.set_seat(call.seat);
  offer.set_game_number(game_number);
  offer.set_move_number(t.next_move_number());
  offer.set_made_ms(host.clock.now_ms());
  Change change;
  change.mover = call.seat;
  add_offer_event(change, v1::TableEvent::OFFERED, call.seat, offer);
  host.commit(call.table, std::move(change), table_reply(std::move(reply)));
}

}  // namespace

void TableHost::offer(const v1::OfferRequest& request, Reply<v1::TableResponse> reply) {
  SeatCall call;
  if (const grpc::Status s = open_seat_call(*impl_, request.table_id(), request.token(), &call);
      !s.ok())
    return refuse_now(reply, s);
  offer_under_lock(*impl_, call, request, std::move(reply));
}

void TableHost::answer_offer(const v1::AnswerOfferRequest& request,
                             Reply<v1::TableResponse> reply) {
  Impl& host = *impl_;
  SeatCall call;
  if (const grpc::Status s = open_seat_call(host, request.table_id(), request.token(), &call);
      !s.ok())
    return refuse_now(reply, s);
  OpenTable& table = *call.table;
  v1::Table& t = table.table();
  const std::uint32_t game_number = t.state().game_number();
  if (const grpc::Status s = check_request(request.kind(), request.game_number(), game_number);
      !s.ok())
    return refuse_now(reply, s);
  const v1::Offer& waiting = t.offer();
  if (!t.has_offer() || waiting.kind() != request.kind() ||
      waiting.game_number() != request.game_number()) {
    // A retry of the answer that settled it gets the first answer.
    const v1::Offer& settled = table.record.settled_offer();
    const bool accepted = table.record.settled_accepted();
    if (settled.kind() == request.kind() && settled.game_number() == request.game_number() &&
        accepted == request.accept() && (!accepted || settled.seat() != call.seat))
      return answer_when_durable(table, call.lock, t.version(), table_reply(std::move(reply)));
    return refuse_now(reply, refuse::no_offer(kind_name(request.kind())));
  }
  if (waiting.seat() == call.seat && request.accept())
    return refuse_now(reply, refuse::own_offer());
  if (request.accept()) return accept_under_lock(host, call, std::move(reply));
  const bool withdrawn = waiting.seat() == call.seat;
  Change change;
  change.mover = call.seat;
  const v1::Offer offer = settle(table, false);
  add_offer_event(change,
                  withdrawn ? v1::TableEvent::OFFER_WITHDRAWN : v1::TableEvent::OFFER_DECLINED,
                  call.seat, offer);
  host.commit(call.table, std::move(change), table_reply(std::move(reply)));
}

}  // namespace boardgame::tables
