#include "table_load_tables.h"

#include <fmt/format.h>

#include <optional>

#include <google/protobuf/arena.h>

#include "boardgame/host/error_status.h"
#include "boardgame/host/game_service.h"
#include "boardgame/host/status_names.h"
#include "boardgame/v1/error_detail.pb.h"

namespace table_load {

using boardgame::host::status_name;

namespace {

// A host on the same machine answers in milliseconds; a call this slow
// means it is stuck, and counts as an unexpected DEADLINE_EXCEEDED.
constexpr auto kCallDeadline = std::chrono::seconds(20);
// Plays remembered per table for matching spectators' MOVE events.
constexpr std::size_t kPlaysKept = 4096;

std::string describe_status(const grpc::Status& status, const v1::ErrorDetail& detail) {
  return status_name(status.error_code()) + (detail.reason().empty() ? "" : " " + detail.reason()) +
         (status.error_message().empty() ? "" : ": " + status.error_message());
}

// One unary call in flight: its context, request and answer live until
// its callback has run.
template <class Request, class Response>
struct Call {
  grpc::ClientContext context;
  Request request;
  Response response;
  Clock::time_point sent;
  Call() { context.set_deadline(std::chrono::system_clock::now() + kCallDeadline); }
};

}  // namespace

// A spectator: one Watch stream without a token.
class Spectator : public grpc::ClientReadReactor<v1::TableEvent> {
 public:
  // `after`: resume after this version; nullopt for a fresh watch.
  Spectator(TableRun& table, int channel, std::optional<std::uint64_t> after)
      : table_(table), run_(table.run()), channel_(channel), resumed_(after.has_value()) {
    request_.mutable_table()->set_table_id(table.table_id());
    if (after) {
      request_.set_after_version(*after);
      last_ = *after;
    }
  }

  void start() {
    run_.watches_open += 1;
    run_.watches_opened += 1;
    run_.tables[std::size_t(channel_)]->async()->Watch(&context_, &request_, this);
    StartRead(next_event());
    StartCall();
  }
  void cancel() { context_.TryCancel(); }
  std::uint64_t last() const { return last_; }
  bool finished() const { return finished_; }

  void OnReadDone(bool ok) override {
    if (!ok) return;  // OnDone follows
    const auto at = Clock::now();
    run_.events_seen += 1;
    see(*event_, at);
    StartRead(next_event());
  }

  void OnDone(const grpc::Status& status) override;

 private:
  void see(const v1::TableEvent& event, Clock::time_point at) {
    const std::uint64_t v = event.version();
    if (event.table().version() != v)
      run_.problems.note(Problems::kWrongAnswer,
                         fmt::format("wrong answer: Watch event {} carries table version {}",
                                     v, event.table().version()));
    if (!seen_any_ && !resumed_) {
      seen_any_ = true;
      if (event.kind() != v1::TableEvent::SNAPSHOT)
        run_.problems.note(Problems::kWrongAnswer,
                           fmt::format("wrong answer: a fresh Watch began with {}, not SNAPSHOT",
                                       v1::TableEvent::Kind_Name(event.kind())));
      last_ = v;
      return;
    }
    seen_any_ = true;
    if (event.kind() == v1::TableEvent::SNAPSHOT)
      run_.problems.note(Problems::kWrongAnswer, "wrong answer: SNAPSHOT in the middle of a watch");
    if (v <= last_) {
      run_.problems.note(Problems::kRepeated,
                         fmt::format("spectator saw version {} again (or out of order) after {}", v,
                                     last_));
      return;
    }
    if (v != last_ + 1)
      run_.problems.note(Problems::kMissing,
                         fmt::format("spectator missed versions {}..{}", last_ + 1, v - 1));
    last_ = v;
    if (event.kind() == v1::TableEvent::MOVE) {
      run_.move_events_seen += 1;
      table_.spectator_saw_move(event, at);
    } else if (event.kind() == v1::TableEvent::CPU_STANDING_IN) {
      run_.stand_ins_seen += 1;
    }
  }

  TableRun& table_;
  Run& run_;
  const int channel_;
  const bool resumed_;
  // Each event is read into a message on an arena that is emptied before
  // the next: the thousands of events a second the spectators read would
  // otherwise each allocate and free a whole table, and the load generator
  // would take CPU from the host it measures.
  v1::TableEvent* next_event() {
    arena_.Reset();
    return event_ = google::protobuf::Arena::CreateMessage<v1::TableEvent>(&arena_);
  }

  grpc::ClientContext context_;
  v1::WatchRequest request_;
  alignas(8) char arena_block_[8192];
  google::protobuf::Arena arena_{arena_block_, sizeof arena_block_};
  v1::TableEvent* event_ = nullptr;
  std::atomic<std::uint64_t> last_{0};
  bool seen_any_ = false;
  std::atomic<bool> finished_{false};

  friend class TableRun;
  std::unique_ptr<Spectator> resume_;  // set when this watch was resumed by another
};

TableRun::TableRun(Run& run, int index)
    : run_(run), index_(index), rng_(run.options.seed * 1000003 + std::uint64_t(index)) {
  // The two bots of a table on two connections (of two hosts in a club),
  // the spectators spread.
  channel_[1] = run.channel(index, 2 * index);
  channel_[2] = run.channel(index + 1, 2 * index + 1);
  for (int seat = 1; seat <= 2; ++seat) device_[seat] = device_id(seat);
}

TableRun::~TableRun() = default;

std::string TableRun::device_id(int seat) {
  static constexpr char kAlphabet[] =
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
  std::string id = fmt::format("load{}s{}-", index_, seat);
  while (id.size() < 32) id += kAlphabet[rng_() % 64];
  return id;
}

void TableRun::wrong(const std::string& what) {
  run_.problems.note(Problems::kWrongAnswer, fmt::format("wrong answer: {}", what));
}

template <class C>
bool TableRun::check(const char* method, C& call, const grpc::Status& status,
                     std::initializer_list<const char*> allowed) {
  run_.calls += 1;
  if (status.ok()) return true;
  const v1::ErrorDetail detail = boardgame::host::error_detail_of(call.context);
  if (status.error_code() == grpc::FAILED_PRECONDITION)
    for (const char* reason : allowed)
      if (detail.reason() == reason) {
        run_.allowed.note(fmt::format("{}: FAILED_PRECONDITION {}", method, reason));
        return false;
      }
  run_.problems.note(Problems::kStatus,
                     fmt::format("{}: unexpected {}", method, describe_status(status, detail)));
  return false;
}

void TableRun::set_table(const v1::Table& table) {
  table_ = table;
  std::uint64_t v = last_version_;
  while (table.version() > v && !last_version_.compare_exchange_weak(v, table.version())) {
  }
}

void TableRun::create() {
  auto* call = new Call<v1::CreateTableRequest, v1::CreateTableResponse>;
  auto& r = call->request;
  r.set_game_id(run_.options.game);
  r.add_seats()->set_kind(v1::SeatPlan::PERSON);
  r.add_seats()->set_kind(v1::SeatPlan::PERSON);
  r.mutable_player()->set_name(fmt::format("bot {}a", index_));
  r.mutable_player()->set_device_id(device_[1]);
  tables(1).async()->CreateTable(&call->context, &r, &call->response, [this, call](grpc::Status s) {
    std::unique_ptr<std::remove_reference_t<decltype(*call)>> owned(call);
    if (!check("CreateTable", *call, s)) return finish(true);
    const auto& got = call->response;
    if (got.table().table_id().empty() || got.ticket().seat() != 1 || got.ticket().token().empty() ||
        got.table().phase() != v1::Table::WAITING) {
      wrong("CreateTable: " + got.ShortDebugString().substr(0, 200));
      return finish(true);
    }
    table_id_ = got.table().table_id();
    token_[1] = got.ticket().token();
    set_table(got.table());
    start_spectators();
    join();
  });
}

void TableRun::start_spectators() {
  std::lock_guard lock(mutex_);
  for (int k = 0; k < run_.options.spectators; ++k) {
    const int channel =
        run_.channel(index_ + 2, index_ * run_.options.spectators + k + 2 * index_ + 2);
    spectators_.push_back(std::make_unique<Spectator>(*this, channel, std::nullopt));
    spectators_.back()->start();
  }
}

void TableRun::join() {
  auto* call = new Call<v1::JoinTableRequest, v1::SeatResponse>;
  auto& r = call->request;
  r.mutable_table()->set_table_id(table_id_);
  r.mutable_player()->set_name(fmt::format("bot {}b", index_));
  r.mutable_player()->set_device_id(device_[2]);
  tables(2).async()->JoinTable(&call->context, &r, &call->response, [this, call](grpc::Status s) {
    std::unique_ptr<std::remove_reference_t<decltype(*call)>> owned(call);
    if (!check("JoinTable", *call, s)) return finish(true);
    const auto& got = call->response;
    if (got.ticket().seat() != 2 || got.ticket().token().empty() ||
        got.table().phase() != v1::Table::PLAYING) {
      wrong("JoinTable: " + got.ShortDebugString().substr(0, 200));
      return finish(true);
    }
    token_[2] = got.ticket().token();
    set_table(got.table());
    run_.tables_ready += 1;
    run_.changed();
    step();
  });
}

void TableRun::step() {
  if (run_.over()) return finish(false);
  switch (table_.phase()) {
    case v1::Table::PLAYING:
      return list_moves();
    case v1::Table::GAME_OVER:
      return next_game();
    default:
      wrong(fmt::format("table {} in phase {} with both seats taken", table_id_,
                        v1::Table::Phase_Name(table_.phase())));
      return finish(true);
  }
}

void TableRun::list_moves() {
  const std::uint32_t seat = table_.state().seat_to_move();
  if (seat != 1 && seat != 2) {
    wrong(fmt::format("PLAYING with seat {} to move", seat));
    return finish(true);
  }
  v1::ListMovesRequest request;
  *request.mutable_state() = table_.state();
  v1::ListMovesResponse response;
  const grpc::Status s = run_.rules->call(&BoardgamePlugin::list_moves, request, &response);
  if (!s.ok()) {
    wrong("the table's state is one the game's own rules refuse: " + s.error_message());
    return finish(true);
  }
  if (response.moves().empty()) {
    wrong("no legal move in a game being played");
    return finish(true);
  }
  play(response.moves(int(rng_() % std::uint64_t(response.moves_size()))).id());
}

void TableRun::play(std::uint32_t move_id) {
  if (run_.over()) return finish(false);
  const std::uint32_t seat = table_.state().seat_to_move();
  auto* call = new Call<v1::PlayRequest, v1::PlayResponse>;
  auto& r = call->request;
  r.set_table_id(table_id_);
  r.set_token(token_[seat]);
  r.set_game_number(table_.state().game_number());
  r.set_move_number(table_.next_move_number());
  r.set_move_id(move_id);
  {
    std::lock_guard lock(mutex_);
    Play p;
    p.game = r.game_number();
    p.number = r.move_number();
    p.move_id = move_id;
    p.sent = Clock::now();
    call->sent = p.sent;
    plays_.push_back(p);
    while (plays_.size() > kPlaysKept ||
           (plays_.size() > 1 && plays_.front().answered &&
            plays_.front().seen >= run_.options.spectators))
      plays_.pop_front();
  }
  tables(int(seat)).async()->Play(&call->context, &r, &call->response, [this, call](grpc::Status s) {
    std::unique_ptr<std::remove_reference_t<decltype(*call)>> owned(call);
    const auto acked = Clock::now();
    if (!check("Play", *call, s, {"stale_move", "not_your_turn"})) {
      if (s.error_code() == grpc::FAILED_PRECONDITION && ++refusals_in_a_row_ < 100) return reread();
      return finish(true);
    }
    refusals_in_a_row_ = 0;
    const auto& got = call->response;
    const auto& r = call->request;
    if (got.move().id() != r.move_id() || got.version() <= table_.version() ||
        got.table().version() < got.version() ||
        got.table().state().moves_size() != int(r.move_number()) ||
        got.table().state().moves(int(r.move_number()) - 1) != r.move_id()) {
      wrong(fmt::format("Play of move {} at {}: move {}, version {} after {}, table version {}",
                        r.move_id(), r.move_number(), got.move().id(), got.version(),
                        table_.version(), got.table().version()));
      return finish(true);
    }
    run_.moves_acked += 1;
    if (run_.measuring(call->sent)) {
      run_.moves_in_window += 1;
      play_times.add(call->sent, acked);
    }
    {
      std::lock_guard lock(mutex_);
      for (auto it = plays_.rbegin(); it != plays_.rend(); ++it)
        if (it->game == r.game_number() && it->number == r.move_number()) {
          it->answered = true;
          it->acked = acked;
          it->version = got.version();
          break;
        }
    }
    set_table(got.table());
    if (table_.phase() == v1::Table::GAME_OVER) run_.games_over += 1;
    step();
  });
}

void TableRun::spectator_saw_move(const v1::TableEvent& event, Clock::time_point at) {
  const std::uint32_t game = event.table().state().game_number();
  const std::uint32_t number = std::uint32_t(event.table().state().moves_size());
  std::lock_guard lock(mutex_);
  for (auto it = plays_.rbegin(); it != plays_.rend(); ++it) {
    if (it->game != game || it->number != number) continue;
    if (it->move_id != event.move().id())
      wrong(fmt::format("MOVE event {} has move {}, the Play sent {}", event.version(),
                        event.move().id(), it->move_id));
    if (it->answered && it->version != event.version())
      wrong(fmt::format("MOVE event at version {}, its Play answered version {}",
                        event.version(), it->version));
    it->seen += 1;
    if (run_.measuring(it->sent)) {
      spectator_times.add(it->sent, at);
      const auto now_ms = std::chrono::duration_cast<std::chrono::milliseconds>(
                              std::chrono::system_clock::now().time_since_epoch()).count();
      spectator_after_host_times.micros.push_back(double(now_ms - event.time_ms()) * 1000.0);
      if (it->answered && at >= it->acked)
        spectator_after_ack_times.add(it->acked, at);
      else
        run_.spectator_samples_early += 1;
    }
    return;
  }
  wrong(fmt::format("MOVE event {} (game {}, move {}) matches no Play sent", event.version(),
                    game, number));
}

void TableRun::next_game() {
  auto* call = new Call<v1::GameRequest, v1::TableResponse>;
  auto& r = call->request;
  r.set_table_id(table_id_);
  r.set_token(token_[1]);
  r.set_game_number(table_.state().game_number());
  tables(1).async()->NextGame(&call->context, &r, &call->response, [this, call](grpc::Status s) {
    std::unique_ptr<std::remove_reference_t<decltype(*call)>> owned(call);
    if (!check("NextGame", *call, s)) return finish(true);
    const auto& got = call->response.table();
    if (got.phase() != v1::Table::PLAYING ||
        got.state().game_number() != call->request.game_number() + 1 ||
        got.state().moves_size() != 0 || got.next_move_number() != 1) {
      wrong("NextGame: " + got.ShortDebugString().substr(0, 200));
      return finish(true);
    }
    run_.next_games += 1;
    set_table(got);
    step();
  });
}

void TableRun::reread() {
  auto* call = new Call<v1::TableRef, v1::TableResponse>;
  call->request.set_table_id(table_id_);
  tables(1).async()->GetTable(&call->context, &call->request, &call->response,
                              [this, call](grpc::Status s) {
                                std::unique_ptr<std::remove_reference_t<decltype(*call)>> owned(
                                    call);
                                if (!check("GetTable", *call, s)) return finish(true);
                                set_table(call->response.table());
                                step();
                              });
}

void TableRun::finish(bool failed) {
  if (failed) run_.tables_failed += 1;
  done_ = true;
  run_.tables_done += 1;
  run_.changed();
}

void Spectator::OnDone(const grpc::Status& status) {
  const v1::ErrorDetail detail = boardgame::host::error_detail_of(context_);
  const bool cancelled_here = run_.closing && status.error_code() == grpc::CANCELLED;
  const bool too_slow =
      status.error_code() == grpc::RESOURCE_EXHAUSTED && detail.reason() == "watcher_too_slow";
  if (too_slow) {
    run_.allowed.note("Watch: RESOURCE_EXHAUSTED watcher_too_slow (resumed)");
  } else if (!cancelled_here) {
    run_.problems.note(Problems::kStatus,
                       fmt::format("Watch: unexpected end {}", describe_status(status, detail)));
  }
  if (too_slow) table_.resume_watch(*this);
  finished_ = true;
  run_.watches_open -= 1;
  run_.changed();
}

void TableRun::resume_watch(Spectator& ended) {
  std::lock_guard lock(mutex_);
  if (run_.closing) return;
  run_.watch_resumes += 1;
  ended.resume_ = std::make_unique<Spectator>(*this, ended.channel_, ended.last_.load());
  ended.resume_->start();
}

void TableRun::close_watches() {
  std::lock_guard lock(mutex_);
  for (auto& s : spectators_)
    for (Spectator* w = s.get(); w; w = w->resume_.get())
      if (!w->finished()) w->cancel();
}

int TableRun::spectators_behind() const {
  std::lock_guard lock(mutex_);
  int behind = 0;
  for (const auto& s : spectators_) {
    const Spectator* w = s.get();
    while (w->resume_) w = w->resume_.get();
    // A watch that ended by itself is counted as an unexpected status already.
    if (!w->finished() && w->last() < last_version_) ++behind;
  }
  return behind;
}

}  // namespace table_load
