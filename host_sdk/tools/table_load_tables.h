// table-load's tables: two bots per table that play one call after another,
// and spectators that each hold a Watch stream, all on gRPC's callback API
// (table_load.cpp runs them and reports).
#pragma once

#include <grpcpp/grpcpp.h>

#include <array>
#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <map>
#include <memory>
#include <mutex>
#include <random>
#include <string>
#include <vector>

#include "boardgame/host/game_plugin.h"
#include "boardgame/v1/game_service.pb.h"
#include "boardgame/v1/table_service.grpc.pb.h"
#include "call_times.h"

namespace table_load {

namespace v1 = boardgame::v1;
using host_tools::CallTimes;
using host_tools::Clock;

inline constexpr std::size_t kKindsKept = 30;  // kinds of problem described

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
  int channels = 8;  // per host
  // Hosts of one club: table t is created and played by seat 1 on host
  // t % hosts, played by seat 2 on the next host and watched on the one
  // after, so that moves and events cross hosts.
  int hosts = 1;
  double seconds = 30;
  double warmup = 5;
  std::uint64_t seed = 1;
};

// What every table shares.
struct Run {
  Options options;
  // One per channel, host by host: host h's channels are
  // [h * options.channels, (h + 1) * options.channels).
  std::vector<std::unique_ptr<v1::TableService::Stub>> tables;
  // The game's rules, in-process: bots pick their moves from the plugin
  // itself, so the host serves table calls only.
  const boardgame::host::GamePlugin* rules = nullptr;
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

  // The index in `tables` of channel `k` (any number) of host `host`.
  int channel(int host, int k) const {
    return (host % options.hosts) * options.channels + k % options.channels;
  }

  bool measuring(Clock::time_point t) const { return t >= warm_at.load() && t < end.load(); }
  bool over() const { return stop || Clock::now() >= end.load(); }
};

class Spectator;

// One table: its two bots, driven one call after another, and its
// spectators.
class TableRun {
 public:
  TableRun(Run& run, int index);
  ~TableRun();

  // Opens the table, sits both bots, starts the spectators and plays
  // until the end of the run.
  void start() { create(); }
  // Cancels the spectators' watches (at the end).
  void close_watches();
  // Resumes a watch the host ended as too slow, on a fresh stream.
  void resume_watch(Spectator& ended);
  // Spectators whose watch is open but behind the table's last version.
  int spectators_behind() const;
  bool done() const { return done_; }

  // Latencies of this table's acknowledged Plays, sent to answered.
  CallTimes play_times;
  // From a Play sent to a spectator receiving its MOVE event.
  CallTimes spectator_times;
  // The same, from the Play's answer (those seen after the answer only).
  CallTimes spectator_after_ack_times;
  // From the host taking the move (the event's time_ms, to the
  // millisecond) to a spectator receiving it: durability and fan-out,
  // without the time the Play waited for its turn in the host's queue.
  CallTimes spectator_after_host_times;

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

  std::string device_id(int seat);
  v1::TableService::Stub& tables(int seat) { return *run_.tables[std::size_t(channel_[seat])]; }

  // False when the status is not OK, having counted it as allowed or not.
  template <class C>
  bool check(const char* method, C& call, const grpc::Status& status,
             std::initializer_list<const char*> allowed = {});
  void wrong(const std::string& what);

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

}  // namespace table_load
