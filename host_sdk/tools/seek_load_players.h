// seek-load's players: each seeks Play now in a loop, one Seek call after
// another, on gRPC's callback API, so that a thousand open streams share
// gRPC's few threads; and the checks of the tables they were paired at
// (seek_load.cpp runs them and reports).
#pragma once

#include <fmt/format.h>
#include <grpcpp/alarm.h>
#include <grpcpp/grpcpp.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <map>
#include <memory>
#include <mutex>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "boardgame/host/error_status.h"
#include "boardgame/host/status_names.h"
#include "boardgame/v1/player_service.grpc.pb.h"
#include "boardgame/v1/table_service.grpc.pb.h"
#include "call_times.h"

namespace seek_load {

namespace v1 = boardgame::v1;
using host_tools::CallTimes;
using host_tools::Clock;

// Counts by description, each with the first message that came with it.
class Tally {
 public:
  void note(const std::string& what, const std::string& message = {}) {
    std::lock_guard lock(mutex_);
    auto& entry = counts_[what];
    if (entry.first++ == 0) entry.second = message;
  }
  std::map<std::string, std::pair<long, std::string>> counts() const {
    std::lock_guard lock(mutex_);
    return counts_;
  }
  long total() const {
    std::lock_guard lock(mutex_);
    long n = 0;
    for (const auto& entry : counts_) n += entry.second.first;
    return n;
  }

 private:
  mutable std::mutex mutex_;
  std::map<std::string, std::pair<long, std::string>> counts_;
};

// One host the players seek on, and the calls in flight there.
struct HostLink {
  std::string address;
  std::string label;  // "load-2" in a club of hosts started here, else the address
  std::vector<std::unique_ptr<v1::PlayerService::Stub>> channels;
  std::unique_ptr<v1::TableService::Stub> tables;  // for the sample of GetTable
  // Seek calls started and not ended, and those of them the host has
  // answered `open` without a pairing yet: equal, the pool holds them all.
  std::atomic<long> in_flight{0}, open{0};
  Tally errors;  // "CODE reason" of Seek calls that failed
};

// What every player shares.
struct Run {
  std::string game;
  bool rated = true;
  // How long a player stays at its table before seeking again, on average:
  // 0 seeks again at once, which saturates the host and measures its
  // throughput.
  std::chrono::milliseconds pause{0};
  std::atomic<Clock::time_point> end{Clock::time_point::max()};  // no seek starts after this
  std::atomic<bool> closing{false};  // open seeks are being cancelled: CANCELLED expected
  Tally wrong;  // answers that break the protocol
  std::atomic<long> seeking{0};  // players with a seek loop still going

  std::mutex mutex;
  std::condition_variable changed;
  void notify() {
    std::lock_guard lock(mutex);
    changed.notify_all();
  }
};

// A player saw a pairing: this table, this seat.
struct Sighting {
  std::string table_id;
  std::uint32_t seat = 0;
  bool in_window = false;  // received before the end of the measured seconds
};

class Player;

// One Seek call: `open` unless paired at once, then `paired` and the end.
class SeekCall final : public grpc::ClientReadReactor<v1::SeekEvent> {
 public:
  explicit SeekCall(Player& player);
  void start();
  void cancel() { context.TryCancel(); }

  void OnReadDone(bool ok) override;
  void OnDone(const grpc::Status& status) override;

  grpc::ClientContext context;
  v1::SeekRequest request;
  v1::SeekEvent event;
  Clock::time_point sent;
  bool got_open = false, got_paired = false;

 private:
  Player& player_;
};

// One player: its key, its host, and a seek after another until the end.
class Player {
 public:
  Player(Run& run, HostLink& host, v1::PlayerService::Stub& stub, int index)
      : run_(run), host_(host), stub_(stub), index_(index) {}

  void start() {
    run_.seeking += 1;
    SeekCall* call = nullptr;
    {
      std::lock_guard lock(mutex_);
      current_ = std::make_unique<SeekCall>(*this);
      call = current_.get();
    }
    // Players who all started at once would seek in waves.
    pause_then_seek(*call, std::uniform_int_distribution<long>(0, run_.pause.count())(random_));
  }
  // Ends the seek under way, or the pause before the next (at the end of
  // the run).
  void cancel() {
    std::lock_guard lock(mutex_);
    if (current_) current_->cancel();
    pause_.Cancel();
  }

  Run& run() { return run_; }
  HostLink& host() const { return host_; }
  v1::PlayerService::Stub& stub() { return stub_; }
  int index() const { return index_; }

  v1::PlayerKey key;
  // Read once every call has ended.
  std::vector<Sighting> pairings;
  CallTimes paired_times;  // Seek started to `paired`, every pairing
  CallTimes at_once_times;  // the same, of seeks paired without `open`
  CallTimes open_times;  // Seek started to `open`
  bool stopped_by_error = false;

  void opened(SeekCall& call) {
    if (call.got_open || call.got_paired) wrong("`open` after another event");
    call.got_open = true;
    open_times.add(call.sent, Clock::now());
    host_.open += 1;
  }

  void paired(SeekCall& call, const v1::Pairing& pairing) {
    const auto at = Clock::now();
    if (call.got_paired) return wrong("a second `paired`");
    call.got_paired = true;
    if (call.got_open) host_.open -= 1;
    paired_times.add(call.sent, at);
    if (!call.got_open) at_once_times.add(call.sent, at);
    if (pairing.table_id().empty() || pairing.token().empty())
      wrong("`paired` without a table id or a token");
    pairings.push_back({pairing.table_id(), pairing.seat(), at < run_.end.load()});
  }

  // The call's end: noted, and the next seek started unless the run is over.
  void ended(SeekCall& call, const grpc::Status& status) {
    if (call.got_open && !call.got_paired) host_.open -= 1;
    const bool cancelled_here = run_.closing && status.error_code() == grpc::CANCELLED;
    if (!status.ok() && !cancelled_here) {
      const v1::ErrorDetail detail = boardgame::host::error_detail_of(call.context);
      host_.errors.note(boardgame::host::status_name(status.error_code()) +
                            (detail.reason().empty() ? "" : " " + detail.reason()),
                        status.error_message());
      // A failing host is not flooded with seeks that fail alike.
      stopped_by_error = true;
    } else if (status.ok() && !call.got_paired) {
      wrong("the call ended OK without `paired`");
    }
    host_.in_flight -= 1;
    const bool again = status.ok() && !run_.closing && Clock::now() < run_.end.load();
    SeekCall* following = nullptr;
    {
      std::lock_guard lock(mutex_);
      // This call is kept until the next one ends, so that cancel() never
      // frees a call inside its own TryCancel, whose end may run inline.
      // The one before is freed here, perhaps while its OnDone, which
      // started this one, returns: nothing of it is touched after that.
      finished_ = std::move(current_);
      if (again) {
        current_ = std::make_unique<SeekCall>(*this);
        following = current_.get();
      }
    }
    if (!following) return stop();
    // Games last more or less: from half the pause to one and a half times.
    const long pause = run_.pause.count();
    pause_then_seek(*following,
                    std::uniform_int_distribution<long>(pause / 2, pause * 3 / 2)(random_));
  }

 private:
  void pause_then_seek(SeekCall& call, long pause_ms) {
    if (pause_ms == 0) return next_call(call);
    pause_.Set(std::chrono::system_clock::now() + std::chrono::milliseconds(pause_ms),
               [this, &call](bool ok) {
                 if (ok && !run_.closing && Clock::now() < run_.end.load()) return next_call(call);
                 stop();
               });
  }
  void stop() {
    run_.seeking -= 1;
    run_.notify();
  }
  void next_call(SeekCall& call) {
    host_.in_flight += 1;
    call.start();
  }
  void wrong(const std::string& what) { run_.wrong.note("Seek: " + what); }

  Run& run_;
  HostLink& host_;
  v1::PlayerService::Stub& stub_;
  const int index_;
  // Recursive: a call's end may run inline in cancel(), and takes it too.
  std::recursive_mutex mutex_;
  std::unique_ptr<SeekCall> current_, finished_;
  grpc::Alarm pause_;
  std::minstd_rand random_{std::uint32_t(index_) + 1};
};

inline SeekCall::SeekCall(Player& player) : player_(player) {
  *request.mutable_key() = player.key;
  request.set_game_id(player.run().game);
  request.set_rated(player.run().rated);
}

inline void SeekCall::start() {
  sent = Clock::now();
  player_.stub().async()->Seek(&context, &request, this);
  StartRead(&event);
  StartCall();
}

inline void SeekCall::OnReadDone(bool ok) {
  if (!ok) return;  // OnDone follows
  if (event.has_open()) player_.opened(*this);
  if (event.has_paired()) player_.paired(*this, event.paired());
  StartRead(&event);
}

inline void SeekCall::OnDone(const grpc::Status& status) { player_.ended(*this, status); }

// Who saw each table: the player and the seat it was given.
struct Seen {
  const Player* player;
  std::uint32_t seat;
  bool in_window;
};
using Tables = std::map<std::string, std::vector<Seen>>;

// Every table is seen by two different players, in seats 1 and 2 (in a
// club, players of any two hosts: the matchmaker pairs them all).
inline void check_tables(const Tables& tables, Tally& violations) {
  for (const auto& [id, seen] : tables) {
    if (seen.size() != 2) {
      violations.note(fmt::format("table seen by {} players, not 2", seen.size()), id);
      continue;
    }
    const std::set<std::uint32_t> seats = {seen[0].seat, seen[1].seat};
    if (seats != std::set<std::uint32_t>{1, 2})
      violations.note(fmt::format("table's seats {} and {}, not 1 and 2", seen[0].seat,
                                  seen[1].seat),
                      id);
    if (seen[0].player == seen[1].player) violations.note("player paired with themselves", id);
  }
}

// GetTable on about `count` tables spread over the sorted ids (random
// ones): two seats, two different players, those who saw the pairing.
inline int check_sample(const Tables& tables, int count, Tally& violations) {
  if (tables.empty() || count <= 0) return 0;
  const std::size_t step = std::max<std::size_t>(1, tables.size() / std::size_t(count));
  int read = 0;
  std::size_t i = 0;
  for (const auto& [id, seen] : tables) {
    if (i++ % step != 0 || read == count || seen.size() != 2) continue;
    ++read;
    grpc::ClientContext context;
    context.set_deadline(std::chrono::system_clock::now() + std::chrono::seconds(20));
    v1::TableRef request;
    request.set_table_id(id);
    v1::TableResponse response;
    const grpc::Status status =
        seen[0].player->host().tables->GetTable(&context, request, &response);
    if (!status.ok()) {
      violations.note("GetTable: " + boardgame::host::status_name(status.error_code()),
                      status.error_message());
      continue;
    }
    const auto& seats = response.table().seats();
    if (seats.size() != 2) {
      violations.note(fmt::format("GetTable: {} seats, not 2", seats.size()), id);
      continue;
    }
    if (seats[0].player_id() == seats[1].player_id())
      violations.note("GetTable: one player in both seats", id);
    for (const Seen& s : seen)
      for (const v1::Seat& seat : seats)
        if (seat.number() == s.seat && seat.player_id() != s.player->key.player_id())
          violations.note("GetTable: a seat's player is not the one paired to it", id);
  }
  return read;
}

}  // namespace seek_load
