// table-load: many online tables at once against a game-host's TableService.
// Each table has two person seats taken by two bots (two device ids, two
// connections) that play as fast as the answers come back, and spectators
// that each hold a Watch stream; the host's threads and memory are watched
// while they do.
//
//     table-load --plugins build/plugins --store sqlite:/tmp/x.db --tables 500 --seconds 30
//     table-load --target 127.0.0.1:50051 --host-pid 1234
//
// With --plugins it starts the game-host next to it (host_process.h) with
// --store and any --host-arg, and stops it with SIGTERM at the end; with
// --target it loads a running host. Every call is asynchronous (gRPC's
// callback API): the flows of all tables share gRPC's own few threads and
// --channels connections, tables dealt round-robin onto them.
//
// What it checks: every call answers OK except the refusals the protocol
// allows ("stale_move"/"not_your_turn" after the CPU stood in for a bot, a
// watch ended with "watcher_too_slow", which is resumed); every Play answers
// the move asked for at a new version; every spectator sees versions
// 1, 2, 3... without a gap or a repeat, each MOVE being a move a bot had
// sent, and has caught up with the table's last version at the end; the
// host's resident memory grows less than --max-growth percent after the
// warm-up. Anything else makes the exit status 1.
#include <fmt/format.h>
#include <grpcpp/grpcpp.h>
#include <unistd.h>

#include <CLI/CLI.hpp>
#include <atomic>
#include <condition_variable>
#include <climits>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <fstream>
#include <iostream>
#include <map>
#include <mutex>
#include <random>
#include <thread>

#include "boardgame/host/game_service.h"
#include "boardgame/host/status_names.h"
#include "boardgame/v1/error_detail.pb.h"
#include "boardgame/v1/game_service.grpc.pb.h"
#include "boardgame/v1/table_service.grpc.pb.h"
#include "call_times.h"
#include "host_process.h"

namespace v1 = boardgame::v1;
namespace fs = std::filesystem;
using namespace host_tools;
using boardgame::host::status_name;

namespace {

// A host on the same machine answers in milliseconds; a call this slow
// means it is stuck, and counts as an unexpected DEADLINE_EXCEEDED.
constexpr auto kCallDeadline = std::chrono::seconds(20);
constexpr std::size_t kKindsKept = 30;  // kinds of problem described
// Plays remembered per table for matching spectators' MOVE events.
constexpr std::size_t kPlaysKept = 4096;

// HostProcess::start runs `game-host --listen 127.0.0.1:0 --plugins DIR`
// and nothing else. To add --store and the other flags, table-load asks it
// to start table-load itself with these two variables set: the child then
// replaces itself (same process id, same pipe) with the real game-host and
// the whole command line.
constexpr const char* kExecHostVar = "TABLE_LOAD_EXEC_GAME_HOST";
constexpr const char* kHostArgsVar = "TABLE_LOAD_GAME_HOST_ARGS";  // '\n'-separated

[[noreturn]] void exec_game_host(const char* game_host, char** argv) {
  std::vector<std::string> args{"game-host"};
  for (char** a = argv + 1; *a; ++a) args.emplace_back(*a);
  if (const char* extra = std::getenv(kHostArgsVar)) {
    std::string all = extra;
    for (std::size_t from = 0; from < all.size();) {
      std::size_t to = all.find('\n', from);
      if (to == std::string::npos) to = all.size();
      args.push_back(all.substr(from, to - from));
      from = to + 1;
    }
  }
  const std::string path = game_host;
  unsetenv(kExecHostVar);
  unsetenv(kHostArgsVar);
  std::vector<char*> raw;
  for (auto& a : args) raw.push_back(a.data());
  raw.push_back(nullptr);
  execv(path.c_str(), raw.data());
  std::cerr << "table-load: cannot run " << path << ": " << std::strerror(errno) << "\n";
  _exit(127);
}

std::string mib(long kib) { return fmt::format("{:.1f} MiB", double(kib) / 1024.0); }

std::string load_average() {
  std::ifstream in("/proc/loadavg");
  std::string one, five, fifteen;
  in >> one >> five >> fifteen;
  return fmt::format("{} {} {} on {} cores", one, five, fifteen,
                     std::thread::hardware_concurrency());
}

// The Threads: line of /proc/<pid>/status; -1 once the process is gone.
long thread_count(pid_t pid) {
  std::ifstream status("/proc/" + std::to_string(pid) + "/status");
  for (std::string line; std::getline(status, line);)
    if (line.rfind("Threads:", 0) == 0) return std::stol(line.substr(8));
  return -1;
}

double growth_percent(long from, long to) { return 100.0 * double(to - from) / double(from); }

double seconds_between(Clock::time_point a, Clock::time_point b) {
  return std::chrono::duration<double>(b - a).count();
}

// What went wrong, counted by kind, the first kinds described.
class Problems {
 public:
  enum Kind { kStatus, kWrongAnswer, kMissing, kRepeated, kBehind, kKinds };
  void note(Kind kind, const std::string& what) {
    counts_[kind] += 1;
    std::lock_guard lock(mutex_);
    if (described_.size() < kKindsKept || described_.count(what)) described_[what] += 1;
  }
  long count(Kind kind) const { return counts_[kind]; }
  long total() const {
    long n = 0;
    for (const auto& c : counts_) n += c;
    return n;
  }
  std::map<std::string, long> described() const {
    std::lock_guard lock(mutex_);
    return described_;
  }

 private:
  std::array<std::atomic<long>, kKinds> counts_{};
  mutable std::mutex mutex_;
  std::map<std::string, long> described_;
};

// Refusals the protocol allows in this run, by "Method: CODE reason".
class Allowed {
 public:
  void note(const std::string& what) {
    std::lock_guard lock(mutex_);
    counts_[what] += 1;
  }
  std::map<std::string, long> counts() const {
    std::lock_guard lock(mutex_);
    return counts_;
  }

 private:
  mutable std::mutex mutex_;
  std::map<std::string, long> counts_;
};

struct Options {
  std::string game = "uttt";
  int tables = 500;
  int spectators = 4;
  int channels = 8;
  double seconds = 30;
  double warmup = 5;
  std::uint64_t seed = 1;
};

// What every table shares.
struct Run {
  Options options;
  std::vector<std::unique_ptr<v1::TableService::Stub>> tables;  // one per channel
  std::vector<std::unique_ptr<v1::GameService::Stub>> games;    // one per channel
  // Set once every table plays, read by every callback.
  std::atomic<Clock::time_point> warm_at{Clock::time_point::max()};  // measuring from here
  std::atomic<Clock::time_point> end{Clock::time_point::max()};  // no call starts after this
  std::atomic<bool> stop{false};  // set at the end, or when the host has gone
  std::atomic<bool> closing{false};  // watches are being cancelled: CANCELLED expected
  Problems problems;
  Allowed allowed;

  std::atomic<long> tables_ready{0}, tables_failed{0}, tables_done{0};
  std::atomic<long> moves_acked{0}, moves_in_window{0}, games_over{0}, next_games{0};
  std::atomic<long> calls{0};
  std::atomic<long> watches_open{0}, watches_opened{0}, watch_resumes{0};
  std::atomic<long> events_seen{0}, move_events_seen{0}, stand_ins_seen{0};
  std::atomic<long> spectator_samples_early{0};  // MOVE seen with no Play yet acknowledged

  std::mutex done_mutex;
  std::condition_variable done_changed;
  void changed() {
    std::lock_guard lock(done_mutex);
    done_changed.notify_all();
  }

  bool measuring(Clock::time_point t) const { return t >= warm_at.load() && t < end.load(); }
  bool over() const { return stop || Clock::now() >= end.load(); }
};

std::string describe_status(const grpc::Status& status, const v1::ErrorDetail& detail) {
  return status_name(status.error_code()) + (detail.reason().empty() ? "" : " " + detail.reason()) +
         (status.error_message().empty() ? "" : ": " + status.error_message());
}

v1::ErrorDetail detail_of(const grpc::ClientContext& context, const grpc::Status& status) {
  v1::ErrorDetail detail;
  if (status.ok()) return detail;
  const auto& trailers = context.GetServerTrailingMetadata();
  if (auto it = trailers.find(boardgame::host::kErrorDetailKey); it != trailers.end())
    detail.ParseFromArray(it->second.data(), int(it->second.size()));
  return detail;
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

class Spectator;

// One table: its two bots, driven one call after another, and its
// spectators.
class TableRun {
 public:
  TableRun(Run& run, int index)
      : run_(run), index_(index), rng_(run.options.seed * 1000003 + std::uint64_t(index)) {
    const int channels = int(run.tables.size());
    // The two bots and the spectators of a table on different connections.
    channel_[1] = (2 * index) % channels;
    channel_[2] = (2 * index + 1) % channels;
    for (int seat = 1; seat <= 2; ++seat) device_[seat] = device_id(seat);
  }

  void start() { create(); }
  // Cancels the spectators' watches (at the end).
  void close_watches();
  // Resumes a watch the host ended as too slow, on a fresh stream.
  void resume_watch(Spectator& ended);
  // Spectators behind the table's last version, after the end.
  int spectators_behind() const;
  bool done() const { return done_; }

  // Latencies of this table's acknowledged Plays, sent to answered.
  CallTimes play_times;
  // From a Play sent to a spectator receiving its MOVE event.
  CallTimes spectator_times;
  // The same, from the Play's answer (those seen after the answer only).
  CallTimes spectator_after_ack_times;

  // A spectator saw MOVE event `event`: matches it with the Play that made it.
  void spectator_saw_move(const v1::TableEvent& event, Clock::time_point at);
  std::uint64_t last_version() const { return last_version_; }
  const std::string& table_id() const { return table_id_; }
  Run& run() { return run_; }
  int index() const { return index_; }

 private:
  struct Play {
    std::uint32_t game = 0, number = 0, move_id = 0;
    Clock::time_point sent, acked;
    bool answered = false;
    std::uint64_t version = 0;
    int seen = 0;  // spectators that saw its MOVE event
  };

  std::string device_id(int seat) {
    static constexpr char kAlphabet[] =
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    std::string id = fmt::format("load{}s{}-", index_, seat);
    while (id.size() < 32) id += kAlphabet[rng_() % 64];
    return id;
  }
  v1::TableService::Stub& tables(int seat) { return *run_.tables[std::size_t(channel_[seat])]; }
  v1::GameService::Stub& games(int seat) { return *run_.games[std::size_t(channel_[seat])]; }

  // False when the status is not OK, having counted it as allowed or not.
  template <class C>
  bool check(const char* method, C& call, const grpc::Status& status,
             std::initializer_list<const char*> allowed = {});
  void wrong(const std::string& what) {
    run_.problems.note(Problems::kWrongAnswer, fmt::format("wrong answer: {}", what));
  }

  void create();
  void join();
  void start_spectators();
  void step();
  void list_moves();
  void play(std::uint32_t move_id);
  void next_game();
  void reread();  // after an allowed refusal: GetTable, then on
  void finish(bool failed);
  void set_table(const v1::Table& table);

  Run& run_;
  const int index_;
  std::mt19937_64 rng_;
  int channel_[3] = {0, 0, 0};
  std::string device_[3];
  std::string token_[3];
  std::string table_id_;
  v1::Table table_;  // as the last answer had it; the driver's own
  std::atomic<std::uint64_t> last_version_{0};
  std::atomic<bool> done_{false};
  int refusals_in_a_row_ = 0;

  mutable std::mutex mutex_;  // the plays, the spectators, spectator_times
  std::deque<Play> plays_;
  std::vector<std::unique_ptr<Spectator>> spectators_;
};

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
    StartRead(&event_);
    StartCall();
  }
  void cancel() { context_.TryCancel(); }
  std::uint64_t last() const { return last_; }
  bool finished() const { return finished_; }

  void OnReadDone(bool ok) override {
    if (!ok) return;  // OnDone follows
    const auto at = Clock::now();
    run_.events_seen += 1;
    see(event_, at);
    StartRead(&event_);
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
  grpc::ClientContext context_;
  v1::WatchRequest request_;
  v1::TableEvent event_;
  std::atomic<std::uint64_t> last_{0};
  bool seen_any_ = false;
  std::atomic<bool> finished_{false};

  friend class TableRun;
  std::unique_ptr<Spectator> resume_;  // set when this watch was resumed by another
};

template <class C>
bool TableRun::check(const char* method, C& call, const grpc::Status& status,
                     std::initializer_list<const char*> allowed) {
  run_.calls += 1;
  if (status.ok()) return true;
  const v1::ErrorDetail detail = detail_of(call.context, status);
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
  const int channels = int(run_.tables.size());
  for (int k = 0; k < run_.options.spectators; ++k) {
    const int channel = (index_ * run_.options.spectators + k + 2 * index_ + 2) % channels;
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
  auto* call = new Call<v1::ListMovesRequest, v1::ListMovesResponse>;
  *call->request.mutable_state() = table_.state();
  games(int(seat)).async()->ListMoves(
      &call->context, &call->request, &call->response, [this, call](grpc::Status s) {
        std::unique_ptr<std::remove_reference_t<decltype(*call)>> owned(call);
        if (!check("ListMoves", *call, s)) return finish(true);
        const auto& moves = call->response.moves();
        if (moves.empty()) {
          wrong("ListMoves: no legal move in a game being played");
          return finish(true);
        }
        play(moves[int(rng_() % std::uint64_t(moves.size()))].id());
      });
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
  const v1::ErrorDetail detail = detail_of(context_, status);
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
    if (w->last() < last_version_) ++behind;
  }
  return behind;
}

// The host's resident memory at the moments the report compares.
struct Memory {
  Resident start, ready, warm, end;
  long peak_kib = 0;
  bool warmed = false;
  bool lost = false;

  bool sample(pid_t pid, Resident* into) {
    const auto now = resident_memory(pid);
    if (!now) {
      lost = true;
      return false;
    }
    *into = *now;
    peak_kib = std::max(peak_kib, now->total_kib);
    return true;
  }
};

std::shared_ptr<grpc::Channel> open_channel(const std::string& address, int index) {
  grpc::ChannelArguments arguments;
  // A connection of its own: no subchannel shared with the other channels.
  arguments.SetInt(GRPC_ARG_USE_LOCAL_SUBCHANNEL_POOL, 1);
  arguments.SetInt("table_load.channel", index);
  return connect_to_host(address, arguments);
}

void print_latency(const char* what, CallTimes& times) {
  if (!times.count()) {
    fmt::print("{}: no samples\n", what);
    return;
  }
  fmt::print("{}: p50 {:.2f} ms, p99 {:.2f} ms, max {:.2f} ms ({} samples)\n", what,
             times.percentile(0.50) / 1000, times.percentile(0.99) / 1000,
             times.percentile(1.0) / 1000, times.count());
}

}  // namespace

int main(int argc, char** argv) {
  if (const char* real = std::getenv(kExecHostVar)) exec_game_host(real, argv);

  Options o;
  fs::path plugins, game_host;
  std::string target, store = "memory";
  std::vector<std::string> host_args;
  pid_t host_pid = 0;
  double max_growth = -1;

  CLI::App app{
      "Plays many online tables at once against a game-host's TableService: two bots per "
      "table and spectators watching, and reports moves/s, latency, the host's threads and "
      "memory."};
  auto* spawn =
      app.add_option("--plugins", plugins,
                     "start game-host with the plugins of this folder, stop it at the end")
          ->check(CLI::ExistingDirectory);
  app.add_option("--game-host", game_host, "the game-host to start (default: next to table-load)")
      ->needs(spawn)
      ->check(CLI::ExistingFile);
  app.add_option("--store", store, "the started host's --store: memory or sqlite:PATH")
      ->needs(spawn)
      ->capture_default_str();
  app.add_option("--host-arg", host_args,
                 "one more argument for the started host, e.g. --host-arg=--max-watchers=8 "
                 "(repeatable)")
      ->needs(spawn)
      ->allow_extra_args(false);
  auto* attach =
      app.add_option("--target", target, "address of a running game-host instead")->excludes(spawn);
  app.add_option("--host-pid", host_pid, "process id of that game-host, to watch it")
      ->needs(attach);
  attach->needs(app.get_option("--host-pid"));
  app.add_option("--game", o.game, "the game the tables play")->capture_default_str();
  app.add_option("--tables", o.tables, "tables played at once")
      ->capture_default_str()
      ->check(CLI::Range(1, 100000));
  app.add_option("--spectators", o.spectators, "spectators per table, one Watch stream each")
      ->capture_default_str()
      ->check(CLI::Range(0, 1000));
  app.add_option("--channels", o.channels, "connections to the host, tables dealt round-robin")
      ->capture_default_str()
      ->check(CLI::Range(1, 256));
  app.add_option("--seconds", o.seconds, "measured seconds, after the warm-up")
      ->capture_default_str()
      ->check(CLI::PositiveNumber);
  app.add_option("--warmup-seconds", o.warmup,
                 "seconds of play before the measurement (and the memory it is compared to)")
      ->capture_default_str()
      ->check(CLI::NonNegativeNumber);
  app.add_option("--max-growth", max_growth,
                 "fail when the host's resident memory grows this many percent or more after the "
                 "warm-up (default 10; with --store memory, which keeps every event in RAM by "
                 "design, no limit unless given)")
      ->check(CLI::NonNegativeNumber);
  app.add_option("--seed", o.seed, "seed of the bots' choices")->capture_default_str();
  CLI11_PARSE(app, argc, argv);
  if (plugins.empty() && target.empty()) {
    std::cerr << "table-load: give --plugins to start a game-host, or --target and --host-pid\n";
    return 2;
  }
  // A negative limit: the growth is reported, not judged.
  const bool in_ram = !plugins.empty() && store == "memory";
  if (max_growth < 0 && !in_ram) max_growth = 10;
  const fs::path self = fs::read_symlink("/proc/self/exe");
  if (game_host.empty()) game_host = self.parent_path() / "game-host";

  try {
    std::unique_ptr<HostProcess> host;
    if (plugins.empty()) {
      host = std::make_unique<HostProcess>(HostProcess::attach(target, host_pid));
    } else {
      // See kExecHostVar: the child becomes game-host with the whole command line.
      std::string extra = "--store\n" + store;
      for (const auto& a : host_args) extra += "\n" + a;
      const std::string real = fs::absolute(game_host).string();
      setenv(kExecHostVar, real.c_str(), 1);
      setenv(kHostArgsVar, extra.c_str(), 1);
      host = std::make_unique<HostProcess>(HostProcess::start(self, plugins));
      unsetenv(kExecHostVar);
      unsetenv(kHostArgsVar);
    }
    Memory memory;
    if (!memory.sample(host->pid(), &memory.start))
      throw std::runtime_error("cannot read the memory of process " + std::to_string(host->pid()));
    const long threads_start = thread_count(host->pid());

    Run run;
    run.options = o;
    for (int c = 0; c < o.channels; ++c) {
      auto channel = open_channel(host->address(), c);
      run.tables.push_back(v1::TableService::NewStub(channel));
      run.games.push_back(v1::GameService::NewStub(channel));
    }
    fmt::print("table-load: {} tables of {}, 2 bots and {} spectators each, {} channels, "
               "warm-up {} s, measured {} s, seed {}\n",
               o.tables, o.game, o.spectators, o.channels, o.warmup, o.seconds, o.seed);
    fmt::print("game-host {} (pid {}, {}){}\n", host->address(), host->pid(),
               host->started_here() ? "started by table-load" : "already running",
               host->started_here() ? ", --store " + store : "");
    fmt::print("load average before: {}\n", load_average());
    std::fflush(stdout);

    // Open every table; play starts at each as soon as its second bot sits.
    const auto opened = Clock::now();
    std::vector<std::unique_ptr<TableRun>> tables;
    for (int i = 0; i < o.tables; ++i) tables.push_back(std::make_unique<TableRun>(run, i));
    // The end is unknown until every table is open: keep them playing.
    for (auto& t : tables) t->start();
    {
      std::unique_lock lock(run.done_mutex);
      run.done_changed.wait_for(lock, std::chrono::seconds(60), [&] {
        return run.tables_ready + run.tables_failed >= o.tables;
      });
    }
    const auto ready = Clock::now();
    memory.sample(host->pid(), &memory.ready);
    const auto warm_at = ready + std::chrono::duration_cast<Clock::duration>(
                                     std::chrono::duration<double>(o.warmup));
    run.end = warm_at + std::chrono::duration_cast<Clock::duration>(
                            std::chrono::duration<double>(o.seconds));
    run.warm_at = warm_at;
    fmt::print("tables open and playing: {} of {} in {:.2f} s\n", run.tables_ready.load(),
               o.tables, seconds_between(opened, ready));
    std::fflush(stdout);

    long watches_held_min = LONG_MAX, watches_held_max = 0;
    long threads_peak = threads_start;
    while (run.tables_done < o.tables) {
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
      const auto now = Clock::now();
      if (memory.lost) {
        run.stop = true;
        continue;
      }
      if (!memory.warmed && now >= run.warm_at.load()) {
        memory.warmed = memory.sample(host->pid(), &memory.warm);
      } else {
        Resident ignored;
        memory.sample(host->pid(), &ignored);  // for the peak
      }
      threads_peak = std::max(threads_peak, thread_count(host->pid()));
      if (run.measuring(now)) {
        watches_held_min = std::min(watches_held_min, run.watches_open.load());
        watches_held_max = std::max(watches_held_max, run.watches_open.load());
      }
      if (now > run.end.load() + std::chrono::seconds(60)) {
        run.problems.note(Problems::kStatus, "tables still waiting for an answer 60 s after the end");
        break;
      }
    }
    const auto stopped = Clock::now();
    const long watches_at_end = run.watches_open;
    const long threads_end = thread_count(host->pid());

    // Every spectator must reach its table's last version.
    const auto catch_up_until = Clock::now() + std::chrono::seconds(10);
    long behind = 0;
    for (;;) {
      behind = 0;
      for (const auto& t : tables) behind += t->spectators_behind();
      if (behind == 0 || Clock::now() >= catch_up_until || memory.lost) break;
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    const double catch_up_s = seconds_between(stopped, Clock::now());
    for (long i = 0; i < behind; ++i)
      run.problems.note(Problems::kBehind, "a spectator had not caught up 10 s after the end");
    memory.sample(host->pid(), &memory.end);
    const std::string load_after = load_average();
    const long client_threads = thread_count(getpid());

    // Close the watches and wait for them to end.
    run.closing = true;
    for (auto& t : tables) t->close_watches();
    {
      std::unique_lock lock(run.done_mutex);
      if (!run.done_changed.wait_for(lock, std::chrono::seconds(20),
                                     [&] { return run.watches_open == 0; }))
        run.problems.note(Problems::kStatus, "watches still open 20 s after being cancelled");
    }

    CallTimes play_times, spectator_times, after_ack_times;
    for (auto& t : tables) {
      play_times.merge(t->play_times);
      spectator_times.merge(t->spectator_times);
      after_ack_times.merge(t->spectator_after_ack_times);
    }
    const bool owned = host->started_here();
    const std::string host_ending = memory.lost ? "" : host->stop();
    const double window = o.seconds;

    fmt::print("load average after: {}\n", load_after);
    fmt::print("tables: {} played, {} stopped by an unexpected result\n",
               o.tables - run.tables_failed, run.tables_failed.load());
    fmt::print("acknowledged moves: {} in all, {} in the measured {:.1f} s: {:.0f} moves/s\n",
               run.moves_acked.load(), run.moves_in_window.load(), window,
               double(run.moves_in_window) / window);
    fmt::print("games: {} ended, {} next games started\n", run.games_over.load(),
               run.next_games.load());
    fmt::print("calls: {} (CreateTable, JoinTable, ListMoves, Play, NextGame, GetTable)\n",
               run.calls.load());
    print_latency("move latency (Play sent to answered)", play_times);
    print_latency("move to spectator latency (Play sent to MOVE event received)", spectator_times);
    print_latency("move to spectator latency (Play answered to MOVE event received, when after)",
                  after_ack_times);
    fmt::print("MOVE events received before their Play's answer: {}\n",
               run.spectator_samples_early.load());
    fmt::print("concurrent watch streams held: {} at the end of the measurement (min {}, max {} "
               "during it); {} opened in all, {} resumed\n",
               watches_at_end, watches_held_min == LONG_MAX ? 0 : watches_held_min,
               watches_held_max, run.watches_opened.load(), run.watch_resumes.load());
    fmt::print("spectator events: {} received, {} MOVE, {} CPU_STANDING_IN; caught up in {:.2f} s\n",
               run.events_seen.load(), run.move_events_seen.load(), run.stand_ins_seen.load(),
               catch_up_s);
    fmt::print("host threads: {} at start, {} at the end (peak {})\n", threads_start, threads_end,
               threads_peak);
    fmt::print("table-load threads: {}\n", client_threads);

    bool passed = true;
    if (memory.lost) {
      fmt::print("host memory (VmRSS): start {}; the host's process went away during the run\n",
                 mib(memory.start.total_kib));
      passed = false;
    } else {
      fmt::print("host memory (VmRSS): start {}, tables open {}, after warm-up {}, end {}, peak {}\n",
                 mib(memory.start.total_kib), mib(memory.ready.total_kib),
                 memory.warmed ? mib(memory.warm.total_kib) : "not reached",
                 mib(memory.end.total_kib), mib(memory.peak_kib));
      fmt::print("  of which anonymous (RssAnon): start {}, after warm-up {}, end {}\n",
                 mib(memory.start.anonymous_kib),
                 memory.warmed ? mib(memory.warm.anonymous_kib) : "not reached",
                 mib(memory.end.anonymous_kib));
      fmt::print("host memory per table: {:.1f} KiB with the tables open, {:.1f} KiB at the end\n",
                 double(memory.ready.total_kib - memory.start.total_kib) / o.tables,
                 double(memory.end.total_kib - memory.start.total_kib) / o.tables);
      if (memory.warmed) {
        const double growth = growth_percent(memory.warm.total_kib, memory.end.total_kib);
        fmt::print("memory growth after warm-up: {:+.2f}% ({}); anonymous: {:+.2f}%; "
                   "{:.2f} KiB per acknowledged move\n",
                   growth,
                   max_growth >= 0 ? fmt::format("limit {}%", max_growth)
                                   : std::string("no limit: the memory store keeps every event"),
                   growth_percent(memory.warm.anonymous_kib, memory.end.anonymous_kib),
                   run.moves_in_window
                       ? double(memory.end.total_kib - memory.warm.total_kib) /
                             double(run.moves_in_window)
                       : 0.0);
        if (max_growth >= 0 && growth >= max_growth) passed = false;
      } else {
        fmt::print("memory growth after warm-up: not measured\n");
      }
    }
    for (const auto& [what, n] : run.allowed.counts())
      fmt::print("refused as the protocol allows ({} times): {}\n", n, what);
    fmt::print("unexpected statuses: {}\nwrong answers: {}\n", run.problems.count(Problems::kStatus),
               run.problems.count(Problems::kWrongAnswer));
    fmt::print("spectator events missed: {}, repeated: {}, spectators behind at the end: {}\n",
               run.problems.count(Problems::kMissing), run.problems.count(Problems::kRepeated),
               run.problems.count(Problems::kBehind));
    for (const auto& [what, n] : run.problems.described())
      fmt::print("unexpected ({} times): {}\n", n, what);
    if (run.problems.total() > 0 || run.tables_ready < o.tables) passed = false;
    if (owned && !host_ending.empty()) {
      fmt::print("game-host: {}\n", host_ending);
      passed = false;
    }
    fmt::print("{}\n", passed ? "PASS" : "FAIL");
    std::fflush(stdout);
    tables.clear();
    return passed ? 0 : 1;
  } catch (const std::exception& e) {
    std::cerr << "table-load: " << e.what() << "\n";
    return 1;
  }
}
