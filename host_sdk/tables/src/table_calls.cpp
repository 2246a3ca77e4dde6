// The calls of TableHost: each checks, changes the table under its lock,
// and answers once the change is durable (table_host.cpp).
#include "boardgame/host/error_status.h"
#include "boardgame/tables/secrets.h"
#include "host_impl.h"
#include "seat_call.h"
#include "table_changes.h"
#include "seats.h"
#include "table_errors.h"

namespace boardgame::tables {

using Impl = TableHost::Impl;
using Table = Impl::Table;
using Lock = Impl::Lock;

namespace {

constexpr char kTimePerTurn[] = "time_per_turn";

Impl::Reply seat_reply(Reply<v1::SeatResponse> reply, std::uint32_t seat, std::string token) {
  return [reply = std::move(reply), seat, token = std::move(token)](const grpc::Status& status,
                                                                    const v1::Table& table) {
    v1::SeatResponse response;
    if (status.ok()) {
      *response.mutable_table() = table;
      response.mutable_ticket()->set_seat(seat);
      response.mutable_ticket()->set_token(token);
    }
    reply(status, std::move(response));
  };
}

bool all_seated(const v1::Table& table) {
  for (const v1::Seat& seat : table.seats())
    if (!seat.taken()) return false;
  return true;
}

// Starts game 1 once every seat is taken.
grpc::Status start_if_seated(Impl& host, OpenTable& table, Change& change) {
  v1::Table& t = table.table();
  if (t.phase() != v1::Table::WAITING || !all_seated(t)) return grpc::Status::OK;
  v1::GameState state;
  if (const grpc::Status s = table.game->rules.setup(t.settings(), 1, &state); !s.ok()) return s;
  *t.mutable_state() = std::move(state);
  t.set_phase(v1::Table::PLAYING);
  change.add(v1::TableEvent::GAME_STARTED);
  host.start_turn(table);
  if (t.turn_deadline_ms()) change.add(v1::TableEvent::CLOCK_STARTED, t.state().seat_to_move());
  return grpc::Status::OK;
}

}  // namespace

namespace {

// The seat that resigned game `number` of the table, from its finished
// games; 0 when none did (or the store cannot tell).
std::uint32_t resigned_game(TableHost::Impl& host, const OpenTable& table, std::uint32_t number) {
  try {
    for (const v1::FinishedGame& game : host.store->finished_games(table.record.table().table_id()))
      if (game.game_number() == number) return game.state().resigned_seat();
  } catch (const std::exception&) {
  }
  return 0;
}

}  // namespace

std::uint32_t time_per_turn_s(const v1::GameState& game) {
  for (const v1::Setting& s : game.settings())
    if (s.id() == kTimePerTurn && s.value().kind_case() == v1::SettingValue::kNumber)
      return std::uint32_t(std::max<std::int64_t>(0, s.value().number()));
  return 0;
}

namespace {

grpc::Status unknown_game(const std::string& game_id) {
  return host::error(grpc::NOT_FOUND, "unknown_game", "unknown game '" + game_id + "'",
                     {{"game", game_id}});
}

}  // namespace

grpc::Status TableHost::first_game(const std::string& game_id,
                                   const google::protobuf::RepeatedPtrField<v1::Setting>& settings,
                                   v1::GameState* game) const {
  const ServedGame* served = impl_->served(game_id);
  if (!served) return unknown_game(game_id);
  return served->rules.setup(settings, 1, game);
}

namespace {

// The table CreateTableRequest asks for, checked, with no one seated yet;
// `people` gets its person seats, in order.
grpc::Status plan_table(Impl& host, const v1::CreateTableRequest& request, const ServedGame** game,
                        v1::TableRecord* record, std::vector<std::uint32_t>* people) {
  *game = host.served(request.game_id());
  if (!*game) return unknown_game(request.game_id());
  const v1::GameInfo& info = (*game)->info;
  const auto seats = std::uint32_t(request.seats_size());
  if (seats < info.min_players() || seats > info.max_players())
    return refuse::bad_seats(info.id() + " is played by " + std::to_string(info.min_players()) +
                             " to " + std::to_string(info.max_players()) +
                             " seats; the request has " + std::to_string(seats));
  for (std::uint32_t n = 1; n <= seats; ++n) {
    const v1::SeatPlan& plan = request.seats(int(n) - 1);
    if (plan.kind() == v1::SeatPlan::KIND_UNSPECIFIED)
      return refuse::bad_seats("seat " + std::to_string(n) +
                               " is neither a person's nor the computer's");
    if (plan.kind() == v1::SeatPlan::PERSON) people->push_back(n);
  }
  if (people->empty()) return refuse::bad_seats("a table needs at least one person's seat");
  if (host.table_count() >= host.options.max_tables)
    return refuse::too_many_tables(host.options.max_tables);
  v1::GameState first;  // checks the settings
  if (const grpc::Status s = (*game)->rules.setup(request.settings(), 1, &first); !s.ok()) return s;

  const std::int64_t now = host.clock.now_ms();
  record->set_created_ms(now);
  record->set_last_activity_ms(now);
  v1::Table& t = *record->mutable_table();
  t.set_table_id(new_table_id());
  t.set_game_id(info.id());
  t.set_rated(request.rated());
  t.set_phase(v1::Table::WAITING);
  t.set_time_per_turn_s(time_per_turn_s(first));
  *t.mutable_settings() = first.settings();
  for (std::uint32_t n = 1; n <= seats; ++n) {
    v1::Seat& seat = *t.add_seats();
    seat.set_number(n);
    *seat.mutable_plan() = request.seats(int(n) - 1);
    if (seat.plan().kind() == v1::SeatPlan::CPU) {
      seat.set_taken(true);
      if (seat.plan().level() == v1::SuggestMoveRequest::LEVEL_UNSPECIFIED)
        seat.mutable_plan()->set_level(v1::SuggestMoveRequest::NORMAL);
    }
    t.add_scores()->set_seat(n);
    record->add_secrets()->set_seat(n);
  }
  t.set_undo_allowed(people->size() == 1);
  t.set_next_move_number(1);
  return grpc::Status::OK;
}

// Opens the planned table with `sitting` (seat, person) seated, in one
// change: the table is answered, with a ticket per person seated, once
// durable.
void open_table(Impl& host, const ServedGame* game, v1::TableRecord record,
                const std::vector<std::pair<std::uint32_t, v1::Player>>& sitting,
                Reply<OpenedTable> reply) {
  Change change;
  change.add(v1::TableEvent::CREATED);
  std::vector<v1::SeatTicket> tickets;
  for (const auto& [seat, who] : sitting) {
    v1::SeatTicket& ticket = tickets.emplace_back();
    ticket.set_seat(seat);
    ticket.set_token(seat_player(record, seat, who));
    change.add(v1::TableEvent::SEAT_JOINED, seat);
  }
  const std::int64_t now = record.created_ms();
  const Impl::Table table = host.add_table(std::move(record), game);
  Lock lock(table->mutex);
  if (const grpc::Status s = start_if_seated(host, *table, change); !s.ok()) {
    host.forget_table(table);
    return refuse_now(reply, s);
  }
  host.commit(table, std::move(change),
              [reply = std::move(reply), tickets](const grpc::Status& status,
                                                  const v1::Table& table) {
                OpenedTable opened;
                if (status.ok()) opened = {table, tickets};
                reply(status, std::move(opened));
              });
  host.follow_up(table);
  host.schedule({now + host.options.idle_expiry_ms, Due::kExpiry, table->table().table_id(), 0, 0});
  for (const auto& [seat, who] : sitting) {
    host.touch(*table, seat);
    host.check_presence_later(*table, seat);
  }
}

}  // namespace

void TableHost::create(const v1::CreateTableRequest& request,
                       Reply<v1::CreateTableResponse> reply) {
  Impl& host = *impl_;
  const ServedGame* game = nullptr;
  v1::TableRecord record;
  std::vector<std::uint32_t> people;
  if (const grpc::Status s = plan_table(host, request, &game, &record, &people); !s.ok())
    return refuse_now(reply, s);
  std::vector<std::pair<std::uint32_t, v1::Player>> sitting;
  if (request.has_player()) {
    v1::Player who;
    if (const grpc::Status s = check_player(host.options.players, request.player(), &who); !s.ok())
      return refuse_now(reply, s);
    sitting.emplace_back(people.front(), std::move(who));
  }
  open_table(host, game, std::move(record), sitting,
             [reply = std::move(reply)](const grpc::Status& status, OpenedTable opened) {
               v1::CreateTableResponse response;
               if (status.ok()) {
                 *response.mutable_table() = std::move(opened.table);
                 if (!opened.tickets.empty()) *response.mutable_ticket() = opened.tickets.front();
               }
               reply(status, std::move(response));
             });
}

void TableHost::create_seated(const v1::CreateTableRequest& request,
                              const std::vector<SeatedPlayer>& players, Reply<OpenedTable> reply) {
  Impl& host = *impl_;
  const ServedGame* game = nullptr;
  v1::TableRecord record;
  std::vector<std::uint32_t> people;
  if (const grpc::Status s = plan_table(host, request, &game, &record, &people); !s.ok())
    return refuse_now(reply, s);
  if (people.size() != players.size())
    return refuse_now(reply, refuse::bad_seats("the table has " + std::to_string(people.size()) +
                                               " person seats for " +
                                               std::to_string(players.size()) + " players"));
  std::vector<std::pair<std::uint32_t, v1::Player>> sitting;
  for (std::size_t i = 0; i < people.size(); ++i)
    sitting.emplace_back(people[i], club_player(players[i].player_id, players[i].name));
  open_table(host, game, std::move(record), sitting, std::move(reply));
}

void TableHost::join(const v1::JoinTableRequest& request, const std::string& caller,
                     Reply<v1::SeatResponse> reply) {
  Impl& host = *impl_;
  v1::Player who;
  if (const grpc::Status s = check_player(host.options.players, request.player(), &who); !s.ok())
    return refuse_now(reply, s);
  Table table;
  if (const grpc::Status s = host.find(request.table(), caller, &table); !s.ok())
    return refuse_now(reply, s);
  Lock lock(table->mutex);
  if (table->closed) return refuse_now(reply, refuse::table_closed());
  if (table->broken)
    return refuse_now(reply, refuse::store_failed("an earlier change was not stored"));
  v1::Table& t = table->table();
  const auto seats = std::uint32_t(t.seats_size());
  // A device that already sits here gets its seat back: a join retried
  // after a lost answer must not cost the player their seat.
  for (std::uint32_t n = 1; n <= seats; ++n)
    if (t.seats(int(n) - 1).plan().kind() == v1::SeatPlan::PERSON &&
        same_device(table->record, n, who.device_id())) {
      lock.unlock();
      v1::RejoinRequest again;
      *again.mutable_table() = request.table();
      again.set_seat(n);
      if (request.player().has_key()) *again.mutable_player() = request.player().key();
      else again.set_device_id(who.device_id());
      return rejoin(again, caller, std::move(reply));
    }
  std::uint32_t seat = request.seat();
  if (seat > seats) return refuse_now(reply, refuse::no_such_seat(seat, seats));
  if (seat == 0) {
    for (std::uint32_t n = 1; n <= seats && !seat; ++n)
      if (!t.seats(int(n) - 1).taken()) seat = n;
    if (!seat) return refuse_now(reply, refuse::table_full());
  } else if (table->seat(seat).taken()) {
    return refuse_now(reply, refuse::seat_taken(seat));
  }
  Change change;
  const v1::TableRecord before = table->record;
  std::string token = seat_player(table->record, seat, who);
  change.mover = seat;
  change.add(v1::TableEvent::SEAT_JOINED, seat);
  if (const grpc::Status s = start_if_seated(host, *table, change); !s.ok()) {
    table->record = before;  // the game refused to start: nothing changes
    return refuse_now(reply, s);
  }
  host.commit(table, std::move(change), seat_reply(std::move(reply), seat, std::move(token)));
  host.follow_up(table);
  host.touch(*table, seat);
  if (table->presence[seat - 1].watches == 0) host.check_presence_later(*table, seat);
}

void TableHost::rejoin(const v1::RejoinRequest& request, const std::string& caller,
                       Reply<v1::SeatResponse> reply) {
  Impl& host = *impl_;
  std::string device_id;
  if (const grpc::Status s = rejoining_device(host.options.players, request, &device_id); !s.ok())
    return refuse_now(reply, s);
  Table table;
  if (const grpc::Status s = host.find(request.table(), caller, &table); !s.ok())
    return refuse_now(reply, s);
  Lock lock(table->mutex);
  if (table->closed) return refuse_now(reply, refuse::table_closed());
  if (table->broken)
    return refuse_now(reply, refuse::store_failed("an earlier change was not stored"));
  const std::uint32_t seat = request.seat();
  const auto seats = std::uint32_t(table->table().seats_size());
  if (seat < 1 || seat > seats) return refuse_now(reply, refuse::no_such_seat(seat, seats));
  if (!same_device(table->record, seat, device_id))
    return refuse_now(reply, refuse::other_device(seat));
  std::string token = new_seat_token(table->record, seat);
  Change change;
  host.come_back(*table, seat, change);
  host.commit(table, std::move(change), seat_reply(std::move(reply), seat, std::move(token)));
  host.follow_up(table);
  host.touch(*table, seat);
  if (table->presence[seat - 1].watches == 0) host.check_presence_later(*table, seat);
}

void TableHost::leave(const v1::SeatRequest& request, Reply<v1::TableResponse> reply) {
  Impl& host = *impl_;
  SeatCall call;
  if (const grpc::Status s =
          open_seat_call(host, request.table_id(), request.token(), &call, false);
      !s.ok())
    return refuse_now(reply, s);
  OpenTable& table = *call.table;
  table.secret(call.seat).clear_token_hash();
  // Their watches go on, as a spectator's.
  for (const auto& watch : table.watches)
    if (watch->seat == call.seat) watch->seat = 0;
  table.presence[call.seat - 1].watches = 0;
  Change change;
  change.mover = call.seat;
  host.mark_absent(table, call.seat, change);
  host.commit(call.table, std::move(change), table_reply(std::move(reply)));
  host.follow_up(call.table);
}

void TableHost::play(const v1::PlayRequest& request, Reply<v1::PlayResponse> reply) {
  Impl& host = *impl_;
  SeatCall call;
  if (const grpc::Status s = open_seat_call(host, request.table_id(), request.token(), &call);
      !s.ok())
    return refuse_now(reply, s);
  OpenTable& table = *call.table;
  v1::Table& t = table.table();
  if (!request.has_move_id())
    return refuse_now(reply,
                      host::error(grpc::INVALID_ARGUMENT, "missing_move", "move_id is required"));
  const std::uint32_t game_number = t.state().game_number();
  const std::uint32_t number = request.move_number();
  // The same move by the same seat at the same number: a retry. It gets
  // the first answer, once that is durable.
  if (request.game_number() == game_number && number >= 1 &&
      number <= std::uint32_t(t.state().moves_size()) &&
      table.record.move_seats(int(number) - 1) == call.seat &&
      t.state().moves(int(number) - 1) == request.move_id()) {
    const std::uint64_t version = table.record.move_versions(int(number) - 1);
    auto answer = [&host, t = call.table, version, reply](const grpc::Status& status,
                                                          const v1::Table&) {
      if (!status.ok()) return reply(status, v1::PlayResponse());
      std::optional<v1::TableEvent> event;
      {
        Lock lock(t->mutex);
        for (const auto& e : t->recent)
          if (e->event.version() == version) event = e->event;
      }
      if (!event) {
        auto stored = host.store->events(t->record.table().table_id(), version - 1, version);
        if (!stored.empty()) event = std::move(stored[0]);
      }
      if (!event) return reply(refuse::store_failed("the move's event is missing"), {});
      v1::PlayResponse response;
      *response.mutable_table() = event->table();
      *response.mutable_move() = event->move();
      response.set_version(version);
      reply(status, std::move(response));
    };
    return answer_when_durable(table, call.lock, version, std::move(answer));
  }
  if (request.game_number() != game_number || number != t.next_move_number())
    return refuse_now(reply, refuse::stale_move(game_number, t.next_move_number()));
  if (t.phase() == v1::Table::GAME_OVER) return refuse_now(reply, refuse::game_over(game_number));
  v1::GameState next;
  v1::Move move;
  if (const grpc::Status s =
          table.game->rules.apply(t.state(), call.seat, request.move_id(), &next, &move);
      !s.ok())
    return refuse_now(reply, s);
  Change change;
  change.mover = call.seat;
  const std::uint64_t version = t.version() + 1;
  host.record_move(table, call.seat, std::move(next), move, change);
  host.commit(call.table, std::move(change),
              [reply = std::move(reply), move, version](const grpc::Status& status,
                                                        const v1::Table& table) {
                v1::PlayResponse response;
                if (status.ok()) {
                  *response.mutable_table() = table;
                  *response.mutable_move() = move;
                  response.set_version(version);
                }
                reply(status, std::move(response));
              });
  host.follow_up(call.table);
}

void TableHost::resign(const v1::GameRequest& request, Reply<v1::TableResponse> reply) {
  Impl& host = *impl_;
  SeatCall call;
  if (const grpc::Status s = open_seat_call(host, request.table_id(), request.token(), &call);
      !s.ok())
    return refuse_now(reply, s);
  OpenTable& table = *call.table;
  v1::Table& t = table.table();
  const std::uint32_t game_number = t.state().game_number();
  if (request.game_number() == 0 || request.game_number() > game_number)
    return refuse_now(reply, refuse::other_game(request.game_number(), game_number));
  if (request.game_number() < game_number) {
    // A retry of the resignation that ended an earlier game gets its
    // answer, as a retried Play does; any other call about it is late.
    if (resigned_game(host, table, request.game_number()) == call.seat)
      return answer_when_durable(table, call.lock, t.version(), table_reply(std::move(reply)));
    return refuse_now(reply, refuse::game_over(request.game_number()));
  }
  if (t.phase() == v1::Table::GAME_OVER) {
    // A retry of the resignation that ended this game gets its answer.
    if (t.state().resigned_seat() == call.seat)
      return answer_when_durable(table, call.lock, t.version(), table_reply(std::move(reply)));
    return refuse_now(reply, refuse::game_over(game_number));
  }
  v1::GameState next;
  if (const grpc::Status s = table.game->rules.resign(t.state(), call.seat, &next); !s.ok())
    return refuse_now(reply, s);
  *t.mutable_state() = std::move(next);
  Change change;
  change.mover = call.seat;
  change.add(v1::TableEvent::RESIGNED, call.seat);
  host.end_game_if_over(table, change);
  host.start_turn(table);
  host.commit(call.table, std::move(change), table_reply(std::move(reply)));
}

void TableHost::undo(const v1::UndoRequest& request, Reply<v1::TableResponse> reply) {
  Impl& host = *impl_;
  SeatCall call;
  if (const grpc::Status s = open_seat_call(host, request.table_id(), request.token(), &call);
      !s.ok())
    return refuse_now(reply, s);
  OpenTable& table = *call.table;
  v1::Table& t = table.table();
  if (!t.undo_allowed()) return refuse_now(reply, refuse::undo_not_allowed());
  const std::uint32_t game_number = t.state().game_number();
  if (request.game_number() != game_number || request.move_number() != t.next_move_number())
    return refuse_now(reply, refuse::stale_move(game_number, t.next_move_number()));
  if (t.phase() == v1::Table::GAME_OVER) return refuse_now(reply, refuse::game_over(game_number));
  int last_own = -1;
  for (int i = 0; i < table.record.move_seats_size(); ++i)
    if (table.record.move_seats(i) == call.seat) last_own = i;
  if (last_own < 0) return refuse_now(reply, refuse::nothing_to_undo(t.state().moves_size() > 0));
  if (const grpc::Status s = take_back(table, last_own); !s.ok()) return refuse_now(reply, s);
  Change change;
  change.mover = call.seat;
  change.add(v1::TableEvent::UNDONE, call.seat);
  host.start_turn(table);
  host.commit(call.table, std::move(change), table_reply(std::move(reply)));
  host.follow_up(call.table);
}

void TableHost::next_game(const v1::GameRequest& request, Reply<v1::TableResponse> reply) {
  Impl& host = *impl_;
  SeatCall call;
  if (const grpc::Status s = open_seat_call(host, request.table_id(), request.token(), &call);
      !s.ok())
    return refuse_now(reply, s);
  OpenTable& table = *call.table;
  v1::Table& t = table.table();
  const std::uint32_t game_number = t.state().game_number();
  if (request.game_number() == 0 || request.game_number() > game_number)
    return refuse_now(reply, refuse::other_game(request.game_number(), game_number));
  if (request.game_number() < game_number) {
    // The next game has begun already, at this call's first try or at
    // another player's.
    return answer_when_durable(table, call.lock, t.version(), table_reply(std::move(reply)));
  }
  if (t.phase() != v1::Table::GAME_OVER) return refuse_now(reply, refuse::game_not_over(game_number));
  Change change;
  change.mover = call.seat;
  if (const grpc::Status s = begin_next_game(host, table, change); !s.ok())
    return refuse_now(reply, s);
  host.commit(call.table, std::move(change), table_reply(std::move(reply)));
  host.follow_up(call.table);
}

grpc::Status take_back(OpenTable& table, int first_removed) {
  v1::Table& t = table.table();
  // The game is rebuilt from its start: a plugin only takes states it made.
  v1::GameState state;
  if (const grpc::Status s =
          table.game->rules.setup(t.settings(), t.state().game_number(), &state);
      !s.ok())
    return s;
  for (int i = 0; i < first_removed; ++i) {
    v1::GameState next;
    if (const grpc::Status s = table.game->rules.apply(state, table.record.move_seats(i),
                                                       t.state().moves(i), &next, nullptr);
        !s.ok())
      return s;
    state = std::move(next);
  }
  *t.mutable_state() = std::move(state);
  table.record.mutable_move_seats()->Truncate(first_removed);
  table.record.mutable_move_versions()->Truncate(first_removed);
  table.record.mutable_move_notations()->DeleteSubrange(
      first_removed, table.record.move_notations_size() - first_removed);
  t.clear_offer();
  return grpc::Status::OK;
}

grpc::Status begin_next_game(Impl& host, OpenTable& table, Change& change) {
  v1::Table& t = table.table();
  v1::GameState state;
  if (const grpc::Status s =
          table.game->rules.setup(t.settings(), t.state().game_number() + 1, &state);
      !s.ok())
    return s;
  *t.mutable_state() = std::move(state);
  t.set_phase(v1::Table::PLAYING);
  t.clear_offer();
  table.record.clear_move_seats();
  table.record.clear_move_versions();
  table.record.clear_move_notations();
  change.add(v1::TableEvent::NEXT_GAME);
  host.start_turn(table);
  if (t.turn_deadline_ms()) change.add(v1::TableEvent::CLOCK_STARTED, t.state().seat_to_move());
  return grpc::Status::OK;
}


void TableHost::present(const v1::SeatRequest& request, Reply<v1::TableResponse> reply) {
  Impl& host = *impl_;
  SeatCall call;
  if (const grpc::Status s =
          open_seat_call(host, request.table_id(), request.token(), &call, false);
      !s.ok())
    return refuse_now(reply, s);
  OpenTable& table = *call.table;
  // Present now; absent after the grace period unless told again, or
  // watching here.
  if (table.presence[call.seat - 1].watches == 0) host.check_presence_later(table, call.seat);
  if (!table.seat(call.seat).absent())
    return answer_when_durable(table, call.lock, table.table().version(),
                               table_reply(std::move(reply)));
  Change change;
  host.come_back(table, call.seat, change);
  host.commit(call.table, std::move(change), table_reply(std::move(reply)));
  host.follow_up(call.table);
}

grpc::Status TableHost::get(const v1::TableRef& ref, const std::string& caller,
                            v1::TableResponse* response) {
  Table table;
  if (const grpc::Status s = impl_->find(ref, caller, &table); !s.ok()) return s;
  Lock lock(table->mutex);
  if (table->durable_version == 0) return refuse::unknown_table(ref.table_id() + ref.invite_code());
  *response->mutable_table() = impl_->sent_now(*table->durable_table);
  return grpc::Status::OK;
}

grpc::Status TableHost::finished_games(const v1::TableRef& ref, const std::string& caller,
                                       v1::ListFinishedGamesResponse* response) {
  Table table;
  grpc::Status found = impl_->find(ref, caller, &table);
  // A closed table's games stay in the store, found by its id.
  if (!found.ok() && ref.table_id().empty()) return found;
  const std::string id = found.ok() ? table->record.table().table_id() : ref.table_id();
  auto games = impl_->store->finished_games(id);
  if (!found.ok() && games.empty()) return found;
  for (auto& game : games) *response->add_games() = std::move(game);
  return grpc::Status::OK;
}

grpc::Status TableHost::watch(const v1::WatchRequest& request, const std::string& caller,
                              std::shared_ptr<WatchSink> sink, std::shared_ptr<Watch>* handle) {
  Impl& host = *impl_;
  if (host.stopping) return host::error(grpc::UNAVAILABLE, "shutting_down", "the host is stopping");
  Table table;
  Lock lock;
  for (int attempt = 1;; ++attempt) {
    // Another host's table is followed here; an orphan is taken over.
    std::string elsewhere, table_id;
    if (const grpc::Status s = host.route(request.table(), caller, &elsewhere, &table_id); !s.ok())
      return s;
    const grpc::Status found = elsewhere.empty() ? host.find(request.table(), caller, &table)
                                                 : host.follow(table_id, elsewhere, &table);
    if (!found.ok()) return found;
    lock = Lock(table->mutex);
    // A mirror whose last watcher just left is gone: follow the table anew.
    if (!(table->mirror && table->closed) || attempt == 2) break;
    lock.unlock();
  }
  if (table->closed || table->durable_version == 0) return refuse::table_closed();
  std::uint32_t seat = 0;
  if (!request.token().empty())
    if (const grpc::Status s = seat_of(table->record, request.token(), &seat); !s.ok()) return s;
  if (table->watches.size() >= host.options.max_watchers)
    return refuse::too_many_watchers(host.options.max_watchers);

  std::vector<std::shared_ptr<const PublishedEvent>> backlog;
  if (!request.has_after_version()) {
    auto snapshot = std::make_shared<PublishedEvent>();
    snapshot->event.set_version(table->durable_version);
    snapshot->event.set_kind(v1::TableEvent::SNAPSHOT);
    snapshot->event.set_time_ms(host.clock.now_ms());
    *snapshot->event.mutable_table() = host.sent_now(*table->durable_table);
    snapshot->seal(snapshot->event.SerializeAsString());
    backlog.push_back(std::move(snapshot));
  } else {
    const std::uint64_t after = request.after_version();
    if (after > table->durable_version)
      return refuse::unknown_version(after, table->durable_version);
    if (!table->recent.empty() && table->recent.front()->event.version() <= after + 1) {
      for (const auto& event : table->recent)
        if (event->event.version() > after) backlog.push_back(event);
    } else if (after < table->durable_version) {
      backlog =
          published(host.store->events(table->table().table_id(), after, table->durable_version));
    }
  }
  for (auto& event : backlog)
    if (!sink->send(std::move(event))) return refuse::watcher_too_slow(request.after_version());
  auto watch = std::make_shared<Watch>();
  watch->table_id = table->table().table_id();
  watch->sink = std::move(sink);
  watch->seat = seat;
  table->watches.push_back(watch);
  *handle = watch;
  if (!seat) return grpc::Status::OK;
  Presence& presence = table->presence[seat - 1];
  ++presence.watches;
  host.touch(*table, seat);
  if (table->mirror) {
    // The owner keeps them present, and brings them back if they were away.
    watch->token = request.token();
    host.tell_presence(table, table->owner_address, watch->table_id, watch->token);
  } else if (table->seat(seat).absent()) {
    // Back by watching again, with the token they had: the connection was
    // lost, not the seat left.
    Change change;
    host.come_back(*table, seat, change);
    host.commit(table, std::move(change), nullptr);
    host.follow_up(table);
  }
  return grpc::Status::OK;
}

void TableHost::unwatch(const std::shared_ptr<Watch>& handle) {
  if (!handle) return;
  const Table table = impl_->lookup(handle->table_id);
  if (!table) return;
  Lock lock(table->mutex);
  const auto it = std::find(table->watches.begin(), table->watches.end(), handle);
  if (it == table->watches.end()) return;
  impl_->drop_watch(*table, handle);
  table->watches.erase(it);
  // A mirror lives only while someone watches it here.
  if (table->mirror && table->watches.empty()) {
    table->closed = true;
    impl_->forget_table(table);
  }
}

}  // namespace boardgame::tables
