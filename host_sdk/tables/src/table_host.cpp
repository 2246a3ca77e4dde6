// TableHost's machinery: the registry of open tables, committing and
// publishing a change, and the work the host does by itself (clocks,
// absences, expiry, the CPU's moves). The calls are in table_calls.cpp.
#include <algorithm>
#include <cmath>
#include <iostream>

#include "boardgame/host/error_status.h"
#include "boardgame/tables/secrets.h"
#include "host_impl.h"
#include "table_errors.h"

namespace boardgame::tables {

namespace {

// Durable events kept per table for watchers that resume; older ones come
// from the store.
constexpr std::size_t kRecentEvents = 32;

v1::SuggestMoveRequest::Level level_of(const v1::SeatPlan& plan) {
  return plan.level() == v1::SuggestMoveRequest::LEVEL_UNSPECIFIED ? v1::SuggestMoveRequest::NORMAL
                                                                   : plan.level();
}

}  // namespace

std::vector<std::shared_ptr<const PublishedEvent>> published(std::vector<v1::TableEvent> events) {
  std::vector<std::shared_ptr<const PublishedEvent>> out;
  for (v1::TableEvent& e : events) {
    auto event = std::make_shared<PublishedEvent>();
    event->seal(e.SerializeAsString());
    event->event = std::move(e);
    out.push_back(std::move(event));
  }
  return out;
}

TableHost::Impl::Impl(const std::vector<host::GamePlugin>& plugins,
                      std::unique_ptr<TableStore> store_, const Clock& clock_,
                      TableHostOptions options_)
    : store(std::move(store_)),
      clock(clock_),
      options(options_),
      guesses(options.max_guesses, kGuessWindowMs) {
  for (const host::GamePlugin& plugin : plugins) {
    ServedGame game{GameRules(plugin), {}};
    // The loader has already made this call succeed once.
    if (game.rules.describe(&game.info).ok()) games.emplace(plugin.game_id(), std::move(game));
  }
  const unsigned threads =
      options.cpu_threads ? options.cpu_threads : std::max(1u, std::thread::hardware_concurrency());
  cpu = std::make_unique<host::WorkerPool>(threads);
  // One thread each, so that a table's commits are published in order.
  for (unsigned i = 0; i < std::max(2u, std::thread::hardware_concurrency()); ++i)
    publishers.push_back(std::make_unique<host::WorkerPool>(1));
}

const ServedGame* TableHost::Impl::served(const std::string& game_id) const {
  const auto it = games.find(game_id);
  return it == games.end() ? nullptr : &it->second;
}

// --- Finding tables ---

grpc::Status TableHost::Impl::find_id(const std::string& table_id, Table* table) {
  *table = lookup(table_id);
  if (!*table) return refuse::unknown_table(table_id);
  if ((*table)->mirror) return refuse::table_moved();
  return grpc::Status::OK;
}

TableHost::Impl::Table TableHost::Impl::lookup(const std::string& table_id) const {
  std::shared_lock lock(tables_mutex);
  const auto it = tables.find(table_id);
  return it == tables.end() ? nullptr : it->second;
}

grpc::Status TableHost::Impl::find(const v1::TableRef& ref, const std::string& caller,
                                   Table* table) {
  if (!ref.table_id().empty()) return find_id(ref.table_id(), table);
  const std::string code = normal_invite_code(ref.invite_code());
  // A code of the wrong shape is a slip, not a guess.
  if (code.empty()) return refuse::bad_table_ref();
  if (const grpc::Status s = may_guess(caller); !s.ok()) return s;
  {
    std::shared_lock lock(tables_mutex);
    if (const auto it = by_code.find(code); it != by_code.end()) {
      *table = tables.at(it->second);
      return (*table)->mirror ? refuse::table_moved() : grpc::Status::OK;
    }
  }
  return missed_guess(caller, ref.invite_code());
}

grpc::Status TableHost::Impl::may_guess(const std::string& caller) {
  if (const std::int64_t wait = guesses.wait_ms(caller, clock.now_ms()))
    return refuse::too_many_guesses(guesses.max_misses(), wait_seconds(wait));
  return grpc::Status::OK;
}

grpc::Status TableHost::Impl::missed_guess(const std::string& caller, const std::string& code) {
  guesses.missed(caller, clock.now_ms());
  return refuse::unknown_table(code);
}

std::int64_t TableHost::Impl::time_left_ms(const v1::Table& table) const {
  const std::int64_t left = table.turn_deadline_ms() - clock.now_ms();
  return table.turn_deadline_ms() && left > 0 ? std::int64_t(double(left) / clock.rate()) : 0;
}

v1::Table TableHost::Impl::sent_now(const v1::Table& table) const {
  v1::Table sent = table;
  sent.set_turn_time_left_ms(time_left_ms(table));
  return sent;
}

TableHost::Impl::Table TableHost::Impl::add_table(v1::TableRecord&& record, const ServedGame* game,
                                                  bool* added) {
  auto table = std::make_shared<OpenTable>();
  table->game = game;
  table->presence.resize(std::size_t(record.table().seats_size()));
  table->durable_version = record.table().version();
  if (table->durable_version)
    table->durable_table = std::make_shared<const v1::Table>(record.table());
  std::unique_lock lock(tables_mutex);
  if (record.table().invite_code().empty()) {
    std::string code;
    do code = new_invite_code();
    while (by_code.count(code));
    record.mutable_table()->set_invite_code(code);
  }
  table->record = std::move(record);
  const auto [it, fresh] = tables.emplace(table->record.table().table_id(), table);
  if (added) *added = fresh;
  if (!fresh) {
    record = std::move(table->record);
    return it->second;
  }
  by_code.emplace(table->record.table().invite_code(), table->record.table().table_id());
  return table;
}

void TableHost::Impl::forget_table(const Table& table) {
  const v1::Table& t = table->record.table();
  std::unique_lock lock(tables_mutex);
  const auto it = tables.find(t.table_id());
  if (it == tables.end() || it->second != table) return;
  tables.erase(it);
  by_code.erase(t.invite_code());
}

void TableHost::Impl::open_loaded(v1::TableRecord record) {
  const std::string id = record.table().table_id();
  const ServedGame* game = served(record.table().game_id());
  if (!game) {
    std::cerr << "game-host: table " << id << " is of game '" << record.table().game_id()
              << "', which this host does not serve: left as it is\n";
    return;
  }
  const std::uint64_t version = record.table().version();
  bool added = false;
  Table table = add_table(std::move(record), game, &added);
  Lock lock(table->mutex);
  if (!added && table->mirror && table->closed) {
    // A mirror whose last watcher has just left, and which is gone.
    lock.unlock();
    table = add_table(std::move(record), game, &added);
    lock = Lock(table->mutex);
  }
  Closing closing;
  if (!added) {
    // Served here already, maybe ahead of the record; or taken over by
    // another call at the same moment.
    if (!table->mirror) return;
    // A mirror's watchers carry on: first the events it has not had yet.
    publish(*table, published(store->events(id, table->durable_version, version)), closing);
    table->record = std::move(record);
    table->mirror = false;
  }
  v1::Table& t = table->table();
  // Everyone gets the grace period anew: nobody could reach the table while
  // it had no host.
  for (const v1::Seat& seat : t.seats())
    if (seat.plan().kind() == v1::SeatPlan::PERSON && seat.taken() && !seat.absent()) {
      touch(*table, seat.number());
      check_presence_later(*table, seat.number());
    }
  // A running clock starts afresh: nobody could move while the table had no host.
  if (t.turn_deadline_ms() && t.phase() == v1::Table::PLAYING) {
    start_turn(*table);
    Change change;
    change.add(v1::TableEvent::CLOCK_STARTED, t.state().seat_to_move());
    commit(table, std::move(change), nullptr);
  }
  follow_up(table);
  schedule({std::max(clock.now_ms(), table->record.last_activity_ms() + options.idle_expiry_ms),
            Due::kExpiry, t.table_id(), 0, 0});
  lock.unlock();
  for (auto& [watch, status] : closing) watch->sink->close(status);
}

// --- Changing a table ---

void TableHost::Impl::commit(const Table& t, Change change, Reply reply) {
  OpenTable& table = *t;
  const std::int64_t now = clock.now_ms();
  // Only people keep a table alive: a table the CPU plays alone expires.
  if (change.mover) table.record.set_last_activity_ms(now);
  v1::Table& current = table.table();
  const std::uint64_t first = current.version() + 1;
  current.set_version(current.version() + change.items.size());

  Commit commit = commit_of(table.record);
  std::vector<std::shared_ptr<const PublishedEvent>> published;
  for (std::size_t i = 0; i < change.items.size(); ++i) {
    auto event = std::make_shared<PublishedEvent>();
    v1::TableEvent& e = event->event;
    e.set_version(first + i);
    e.set_kind(change.items[i].kind);
    e.set_seat(change.items[i].seat);
    if (change.items[i].move.notation().size()) *e.mutable_move() = change.items[i].move;
    e.set_stand_in(change.items[i].stand_in);
    if (change.items[i].offer.kind()) *e.mutable_offer() = change.items[i].offer;
    e.set_time_ms(now);
    *e.mutable_table() = current;
    e.mutable_table()->set_version(first + i);
    e.mutable_table()->set_turn_time_left_ms(time_left_ms(current));
    std::string bytes = e.SerializeAsString();
    event->seal(bytes);
    commit.events.push_back({e.version(), std::move(bytes)});
    published.push_back(std::move(event));
  }
  commit.finished = std::move(change.finished);
  commit.close = change.close;
  if (reply) table.waiting.emplace(current.version(), std::move(reply));
  begin_work();
  // The store's one writer thread only hands the commit on: answering and
  // sending to watchers happen on the table's publisher, so the writer can
  // start the next batch at once.
  host::WorkerPool& publisher = publisher_of(current.table_id());
  store->commit(std::move(commit), [this, t, &publisher, published = std::move(published)](
                                       const std::string& error) mutable {
    publisher.post([this, t, published = std::move(published), error]() mutable {
      on_durable(t, std::move(published), error);
      end_work();
    });
  });
}

host::WorkerPool& TableHost::Impl::publisher_of(const std::string& table_id) {
  return *publishers[std::hash<std::string>()(table_id) % publishers.size()];
}

void TableHost::Impl::on_durable(const Table& t,
                                 std::vector<std::shared_ptr<const PublishedEvent>> events,
                                 const std::string& error) {
  std::vector<std::function<void(const grpc::Status&, const v1::Table&)>> replies;
  Closing closing;
  grpc::Status status;
  std::shared_ptr<const v1::Table> table_now;
  bool expired = false;
  bool lost = false;
  std::string lost_id;
  {
    Lock lock(t->mutex);
    if (!error.empty()) {
      status = refuse::store_failed(error);
      if (options.club) {
        // Maybe another host took the table over, maybe the database was
        // out of reach: either way, the next call finds the table anew.
        if (!t->broken)
          std::cerr << "game-host: table " << t->table().table_id()
                    << " is no longer served here: " << error << "\n";
        lost = true;
        lost_id = t->table().table_id();
      } else if (!store_failed.exchange(true)) {
        std::cerr << "game-host: the table store failed: " << error << "\n";
        if (options.on_store_failed) options.on_store_failed();
      }
      t->broken = true;
    } else {
      expired = publish(*t, events, closing);
    }
    table_now = t->durable_table;
    const auto last = error.empty() ? t->waiting.upper_bound(t->durable_version) : t->waiting.end();
    for (auto it = t->waiting.begin(); it != last; ++it) replies.push_back(std::move(it->second));
    t->waiting.erase(t->waiting.begin(), last);
    if (!error.empty()) {
      for (auto& watch : t->watches) {
        closing.emplace_back(watch, lost ? refuse::table_moved() : status);
        drop_watch(*t, watch);
      }
      t->watches.clear();
    }
  }
  if (expired || lost) forget_table(t);
  if (lost) {
    std::lock_guard lock(dropped_mutex);
    dropped.push_back(std::move(lost_id));
  }
  static const v1::Table kNoTable;  // a refused first commit has none yet
  for (auto& reply : replies) reply(status, table_now ? *table_now : kNoTable);
  for (auto& [watch, why] : closing) watch->sink->close(why);
}

bool TableHost::Impl::publish(OpenTable& t,
                              const std::vector<std::shared_ptr<const PublishedEvent>>& all,
                              Closing& closing) {
  // A mirror may be sent what it already has, when the change feed and a
  // take-over race; what does not follow on from it waits for the store.
  auto from = all.begin();
  while (from != all.end() && (*from)->event.version() <= t.durable_version) ++from;
  if (from == all.end() || (*from)->event.version() != t.durable_version + 1) return false;
  const std::vector<std::shared_ptr<const PublishedEvent>> events(from, all.end());
  t.durable_version = events.back()->event.version();
  t.durable_table = std::shared_ptr<const v1::Table>(events.back(), &events.back()->event.table());
  for (const auto& event : events) {
    t.recent.push_back(event);
    if (t.recent.size() > kRecentEvents) t.recent.pop_front();
  }
  for (auto it = t.watches.begin(); it != t.watches.end();) {
    bool kept = true;
    for (const auto& event : events)
      if (kept && !(*it)->sink->send(event)) kept = false;
    if (kept) {
      ++it;
      continue;
    }
    closing.emplace_back(*it, refuse::watcher_too_slow(t.durable_version));
    drop_watch(t, *it);
    it = t.watches.erase(it);
  }
  if (events.back()->event.kind() != v1::TableEvent::EXPIRED) return false;
  for (auto& watch : t.watches) {
    closing.emplace_back(watch, grpc::Status::OK);
    drop_watch(t, watch);
  }
  t.watches.clear();
  return true;
}

void TableHost::Impl::drop_watch(OpenTable& table, const std::shared_ptr<Watch>& watch) {
  watch->open = false;
  if (!watch->seat) return;
  Presence& presence = table.presence[watch->seat - 1];
  --presence.watches;
  presence.last_seen_ms = clock.now_ms();
  // A mirror's owner counts the absences.
  if (presence.watches == 0 && !table.mirror) check_presence_later(table, watch->seat);
}

void TableHost::Impl::start_turn(OpenTable& table) {
  v1::Table& t = table.table();
  t.set_next_move_number(std::uint32_t(t.state().moves_size()) + 1);
  t.set_turn_deadline_ms(0);
  const std::uint32_t seat = t.state().seat_to_move();
  if (t.phase() != v1::Table::PLAYING || seat == 0 || t.time_per_turn_s() == 0) return;
  const v1::Seat& s = table.seat(seat);
  if (s.plan().kind() == v1::SeatPlan::PERSON && !s.absent())
    t.set_turn_deadline_ms(clock.now_ms() + std::int64_t(t.time_per_turn_s()) * 1000);
}

void TableHost::Impl::follow_up(const Table& t) {
  const v1::Table& table = t->table();
  const std::uint32_t seat = table.state().seat_to_move();
  if (table.phase() != v1::Table::PLAYING || seat == 0 || t->broken || t->closed) return;
  const v1::Seat& s = t->seat(seat);
  if (s.plan().kind() == v1::SeatPlan::CPU || s.absent())
    think_for(t, seat, table.version());
  else if (table.turn_deadline_ms())
    schedule({table.turn_deadline_ms(), Due::kTurnClock, table.table_id(), seat, table.version()});
}

void TableHost::Impl::record_move(OpenTable& table, std::uint32_t seat, v1::GameState next,
                                  v1::Move move, Change& change) {
  v1::Table& t = table.table();
  const v1::Seat& s = table.seat(seat);
  Change::Item item{v1::TableEvent::MOVE, seat, std::move(move),
                    v1::TableEvent::STAND_IN_UNSPECIFIED};
  if (s.plan().kind() == v1::SeatPlan::PERSON && seat != change.mover) {
    item.kind = v1::TableEvent::CPU_STANDING_IN;
    item.stand_in = s.absent() ? v1::TableEvent::AWAY : v1::TableEvent::TIME_RAN_OUT;
  }
  table.record.add_move_seats(seat);
  table.record.add_move_versions(t.version() + change.items.size() + 1);
  table.record.add_move_notations(item.move.notation());
  *t.mutable_state() = std::move(next);
  t.clear_offer();  // a move withdraws whatever was offered before it
  change.items.push_back(std::move(item));
  end_game_if_over(table, change);
  start_turn(table);
}

void TableHost::Impl::end_game_if_over(OpenTable& table, Change& change) {
  v1::Table& t = table.table();
  if (!t.state().has_outcome()) return;
  t.set_phase(v1::Table::GAME_OVER);
  t.clear_offer();
  for (const v1::SeatResult& result : t.state().outcome().results()) {
    v1::SeatScore& score = *t.mutable_scores(int(result.seat()) - 1);
    if (result.result() == v1::SeatResult::WIN) score.set_wins(score.wins() + 1);
    if (result.result() == v1::SeatResult::DRAW) score.set_draws(score.draws() + 1);
    if (result.result() == v1::SeatResult::LOSS) score.set_losses(score.losses() + 1);
    score.set_points(score.points() + result.score());
  }
  change.add(v1::TableEvent::GAME_OVER);
  v1::FinishedGame& game = change.finished.emplace();
  game.set_table_id(t.table_id());
  game.set_game_number(t.state().game_number());
  game.set_game_id(t.game_id());
  game.set_rated(t.rated());
  *game.mutable_seats() = t.seats();
  *game.mutable_settings() = t.settings();
  *game.mutable_moves() = table.record.move_notations();
  *game.mutable_move_seats() = table.record.move_seats();
  *game.mutable_state() = t.state();
  *game.mutable_scores() = t.scores();
  game.set_finished_ms(clock.now_ms());
}

void TableHost::Impl::mark_absent(OpenTable& table, std::uint32_t seat, Change& change) {
  table.seat(seat).set_absent(true);
  v1::Table& t = table.table();
  if (t.state().seat_to_move() == seat && t.phase() == v1::Table::PLAYING)
    t.set_turn_deadline_ms(0);
  change.add(v1::TableEvent::SEAT_LEFT, seat);
}

void TableHost::Impl::come_back(OpenTable& table, std::uint32_t seat, Change& change) {
  v1::Seat& s = table.seat(seat);
  const bool was_away = s.absent();
  s.set_absent(false);
  change.mover = seat;
  change.add(v1::TableEvent::SEAT_REJOINED, seat);
  v1::Table& t = table.table();
  // Back on their own turn: a fresh clock, and the CPU, if it was thinking
  // for them, is too late.
  if (was_away && t.phase() == v1::Table::PLAYING && t.state().seat_to_move() == seat) {
    start_turn(table);
    if (t.turn_deadline_ms()) change.add(v1::TableEvent::CLOCK_STARTED, seat);
  }
}

// --- Work of its own ---

void TableHost::Impl::schedule(Due job) {
  {
    std::lock_guard lock(due_mutex);
    due.push(std::move(job));
  }
  due_changed.notify_one();
}

void TableHost::Impl::touch(OpenTable& table, std::uint32_t seat) {
  table.presence[seat - 1].last_seen_ms = clock.now_ms();
}

void TableHost::Impl::check_presence_later(OpenTable& table, std::uint32_t seat) {
  Presence& presence = table.presence[seat - 1];
  if (presence.check_pending) return;
  presence.check_pending = true;
  schedule(
      {presence.last_seen_ms + options.grace_ms, Due::kAbsence, table.table().table_id(), seat, 0});
}

void TableHost::Impl::fire(const Due& job) {
  if (job.kind == Due::kClub) {
    club_round();
    return schedule({clock.now_ms() + options.club_round_ms, Due::kClub, "", 0, 0});
  }
  Table t;
  if (!find_id(job.table_id, &t).ok()) return;
  Lock lock(t->mutex);
  if (t->broken || t->closed) return;
  const std::int64_t now = clock.now_ms();
  v1::Table& table = t->table();
  switch (job.kind) {
    case Due::kTurnClock:
      if (table.phase() == v1::Table::PLAYING && table.version() == job.version &&
          table.state().seat_to_move() == job.seat && table.turn_deadline_ms() &&
          now >= table.turn_deadline_ms())
        think_for(t, job.seat, job.version);
      return;
    case Due::kAbsence: {
      Presence& presence = t->presence[job.seat - 1];
      presence.check_pending = false;
      const v1::Seat& seat = t->seat(job.seat);
      if (presence.watches > 0 || !seat.taken() || seat.absent() ||
          seat.plan().kind() != v1::SeatPlan::PERSON)
        return;
      if (now - presence.last_seen_ms < options.grace_ms) return check_presence_later(*t, job.seat);
      Change change;
      mark_absent(*t, job.seat, change);
      commit(t, std::move(change), nullptr);
      return follow_up(t);
    }
    case Due::kExpiry: {
      const std::int64_t idle_until = t->record.last_activity_ms() + options.idle_expiry_ms;
      if (now < idle_until || !t->waiting.empty()) {
        schedule({std::max(idle_until, now + 1000), Due::kExpiry, job.table_id, 0, 0});
        return;
      }
      t->closed = true;
      table.set_turn_deadline_ms(0);
      Change change;
      change.add(v1::TableEvent::EXPIRED);
      change.close = true;
      return commit(t, std::move(change), nullptr);
    }
    case Due::kClub:
      return;  // fired above: it names no table
  }
}

void TableHost::Impl::think_for(const Table& t, std::uint32_t seat, std::uint64_t version) {
  if (t->cpu_job_version == version) return;
  {
    // Checked and counted under one lock: shutdown() sets `stopping` under
    // it too, then waits for the count to reach zero before it lets the
    // CPU's pool go.
    std::lock_guard lock(idle_mutex);
    if (stopping) return;
    ++busy;
  }
  t->cpu_job_version = version;
  const v1::Seat& s = t->seat(seat);
  const bool cpu_seat = s.plan().kind() == v1::SeatPlan::CPU;
  const auto level = cpu_seat ? level_of(s.plan()) : v1::SuggestMoveRequest::NORMAL;
  const std::uint32_t budget = cpu_seat ? options.cpu_ms : options.stand_in_ms;
  cpu->post([this, t, seat, version, level, budget, state = t->table().state()] {
    v1::Move move;
    const grpc::Status thought = t->game->rules.suggest(
        state, level, budget, options.cpu_iterations, [this] { return stopping.load(); }, &move);
    Lock lock(t->mutex);
    if (thought.ok() && !t->broken && !t->closed && t->table().version() == version) {
      v1::GameState next;
      v1::Move played;
      const grpc::Status applied = t->game->rules.apply(state, seat, move.id(), &next, &played);
      if (applied.ok()) {
        Change change;
        record_move(*t, seat, std::move(next), std::move(played), change);
        commit(t, std::move(change), nullptr);
        follow_up(t);
      } else {
        std::cerr << "game-host: the CPU's move " << move.id() << " was refused at table "
                  << t->table().table_id() << ": " << applied.error_message() << "\n";
      }
    } else if (!thought.ok()) {
      std::cerr << "game-host: the CPU found no move at table " << t->table().table_id() << ": "
                << thought.error_message() << "\n";
    }
    lock.unlock();
    end_work();
  });
}

void TableHost::Impl::run_due() {
  std::vector<Due> ready;
  {
    std::lock_guard lock(due_mutex);
    const std::int64_t now = clock.now_ms();
    while (!due.empty() && due.top().at_ms <= now) {
      ready.push_back(due.top());
      due.pop();
    }
  }
  for (const Due& job : ready) fire(job);
}

void TableHost::Impl::timer_loop() {
  std::unique_lock lock(due_mutex);
  while (!stopping) {
    if (due.empty()) {
      due_changed.wait(lock);
      continue;
    }
    const std::int64_t wait = due.top().at_ms - clock.now_ms();
    if (wait > 0) {
      // In real milliseconds: a clock at --clock-rate 100 runs 100 of its
      // own in one. Bounded, so that a change of the wall clock is noticed.
      const auto real = std::int64_t(std::ceil(double(wait) / clock.rate()));
      due_changed.wait_for(lock, std::chrono::milliseconds(std::min<std::int64_t>(real, 1000)));
      continue;
    }
    lock.unlock();
    run_due();
    lock.lock();
  }
}

void TableHost::Impl::begin_work() {
  std::lock_guard lock(idle_mutex);
  ++busy;
}

void TableHost::Impl::end_work() {
  {
    std::lock_guard lock(idle_mutex);
    --busy;
  }
  idle_changed.notify_all();
}

void TableHost::Impl::wait_idle() {
  std::unique_lock lock(idle_mutex);
  idle_changed.wait(lock, [this] { return busy == 0; });
}

}  // namespace boardgame::tables

namespace boardgame::tables {

// --- The host's life ---

TableHost::TableHost(const std::vector<host::GamePlugin>& games, std::unique_ptr<TableStore> store,
                     const Clock& clock, TableHostOptions options)
    : impl_(std::make_unique<Impl>(games, std::move(store), clock, options)) {
  Impl& host = *impl_;
  // Following first: it may fail, and then no work of the host's has
  // started yet.
  if (host.options.club)
    host.options.club->follow_changes([&host](const std::string& table_id, std::uint64_t version,
                                              std::vector<std::string> events) {
      host.on_feed(table_id, version, std::move(events));
    });
  for (v1::TableRecord& record : host.store->load_tables()) host.open_loaded(std::move(record));
  if (host.options.club) host.schedule({clock.now_ms(), Due::kClub, "", 0, 0});
  if (host.options.timer_thread) host.timer = std::thread([&host] { host.timer_loop(); });
}

TableHost::~TableHost() { shutdown(); }

void TableHost::shutdown() {
  Impl& host = *impl_;
  {
    std::lock_guard due_lock(host.due_mutex);
    std::lock_guard idle_lock(host.idle_mutex);
    if (host.stopping.exchange(true)) return;
  }
  host.due_changed.notify_all();
  if (host.timer.joinable()) host.timer.join();
  // The feed would reach into the tables while they go.
  if (host.options.club) host.options.club->stop_following();
  // The CPU's searches stop at once; their moves still count. No new one
  // starts now, so the pool can go once the work in flight is done.
  host.wait_idle();
  host.cpu.reset();
  host.store->flush();
  std::vector<Impl::Table> tables;
  {
    std::shared_lock lock(host.tables_mutex);
    for (const auto& [id, table] : host.tables) tables.push_back(table);
  }
  std::vector<std::shared_ptr<Watch>> watches;
  for (const Impl::Table& table : tables) {
    Impl::Lock table_lock(table->mutex);
    for (auto& watch : table->watches) watches.push_back(watch);
    table->watches.clear();
  }
  for (auto& watch : watches)
    watch->sink->close(host::error(grpc::UNAVAILABLE, "shutting_down",
                                   "the host is stopping: watch again once it is back"));
}

void TableHost::run_due() { impl_->run_due(); }

void TableHost::wait_idle() { impl_->wait_idle(); }

std::size_t TableHost::Impl::table_count() const {
  std::shared_lock lock(tables_mutex);
  return tables.size();
}

std::size_t TableHost::table_count() const { return impl_->table_count(); }

}  // namespace boardgame::tables
