// Inside TableHost: the open tables, how a change is committed and
// published, and the work the host does on its own (clocks, absences,
// expiry, the CPU's moves).
#pragma once

#include <atomic>
#include <condition_variable>
#include <deque>
#include <map>
#include <mutex>
#include <optional>
#include <queue>
#include <shared_mutex>
#include <thread>
#include <unordered_map>

#include "boardgame/tables/guess_limit.h"
#include "boardgame/tables/table_host.h"
#include "game_rules.h"
#include "worker_pool.h"

namespace boardgame::tables {

// What the host knows of one of the games it serves.
struct ServedGame {
  GameRules rules;
  v1::GameInfo info;  // in English: seat counts and the settings schema
};

struct TableHost::Watch {
  std::string table_id;
  std::shared_ptr<WatchSink> sink;
  std::uint32_t seat = 0;  // the person's seat it keeps present; 0 for a spectator
  std::string token;       // the seat's, on a mirror: the owner is told of the presence
  bool open = true;
};

// A seat's presence, which lives only in memory: after a restart everyone
// gets the grace period again.
struct Presence {
  int watches = 0;
  std::int64_t last_seen_ms = 0;
  bool check_pending = false;  // an absence check is in the timer queue
};

// One open table. `record` runs ahead of the store by the commits in
// flight; what is answered and sent is only ever what is durable.
//
// In a club of hosts, a table another host owns is a mirror here while
// someone watches it on this host: its events come from the store's change
// feed, and it takes no change. Taking the table over turns the mirror into
// the table, watchers and all.
struct OpenTable {
  std::mutex mutex;
  std::atomic<bool> mirror{false};
  std::string owner_address;  // a mirror's owner, told of its watchers' presence
  bool maybe_closed = false;  // a mirror that found no event to read
  const ServedGame* game = nullptr;
  v1::TableRecord record;
  std::uint64_t durable_version = 0;
  // The table as of durable_version: the last durable event's, shared.
  std::shared_ptr<const v1::Table> durable_table;
  // The latest durable events, for watchers that resume.
  std::deque<std::shared_ptr<const PublishedEvent>> recent;
  // Replies waiting for their change to be durable, by its last version.
  std::multimap<std::uint64_t, std::function<void(const grpc::Status&, const v1::Table&)>> waiting;
  std::vector<std::shared_ptr<TableHost::Watch>> watches;
  std::vector<Presence> presence;     // index seat - 1
  std::uint64_t cpu_job_version = 0;  // the version a CPU move is being thought for
  bool broken = false;                // a commit failed: the table takes no more changes
  bool closed = false;

  v1::Table& table() { return *record.mutable_table(); }
  const v1::Seat& seat(std::uint32_t n) const { return record.table().seats(int(n) - 1); }
  v1::Seat& seat(std::uint32_t n) { return *record.mutable_table()->mutable_seats(int(n) - 1); }
  v1::SeatSecret& secret(std::uint32_t n) { return *record.mutable_secrets(int(n) - 1); }
};

// The events of one change, gathered while the table changes and numbered
// once it is complete.
struct Change {
  struct Item {
    v1::TableEvent::Kind kind;
    std::uint32_t seat = 0;
    v1::Move move;
    v1::TableEvent::StandIn stand_in = v1::TableEvent::STAND_IN_UNSPECIFIED;
    v1::Offer offer;  // the offer events'
  };
  std::vector<Item> items;
  std::optional<v1::FinishedGame> finished;
  bool close = false;
  // The seat of the person whose call made the change; 0 for the host's
  // own work. A person's move made by anyone else is the CPU standing in.
  std::uint32_t mover = 0;

  void add(v1::TableEvent::Kind kind, std::uint32_t seat = 0) {
    items.push_back({kind, seat, {}, {}, {}});
  }
};

// Stored events as the host sends them.
std::vector<std::shared_ptr<const PublishedEvent>> published(std::vector<v1::TableEvent> events);

// Work the host does at a given time.
struct Due {
  // kClub: a club's host adopts orphaned tables and tells the owners of
  // its mirrors that their watching people are present.
  enum Kind { kTurnClock, kAbsence, kExpiry, kClub };
  std::int64_t at_ms;
  Kind kind;
  std::string table_id;
  std::uint32_t seat = 0;
  std::uint64_t version = 0;  // kTurnClock: the table version the clock started at
  bool operator>(const Due& other) const { return at_ms > other.at_ms; }
};

struct TableHost::Impl {
  Impl(const std::vector<host::GamePlugin>& games, std::unique_ptr<TableStore> store,
       const Clock& clock, TableHostOptions options);

  using Table = std::shared_ptr<OpenTable>;
  using Lock = std::unique_lock<std::mutex>;

  // --- Finding tables (table_host.cpp) ---
  // A table this host serves; a mirror is refused (table_moved).
  grpc::Status find(const v1::TableRef& ref, const std::string& caller, Table* table);
  grpc::Status find_id(const std::string& table_id, Table* table);
  // Whether a connection may guess an invite code now, and one more miss.
  grpc::Status may_guess(const std::string& caller);
  grpc::Status missed_guess(const std::string& caller, const std::string& code);
  // Any open table, mirrors too; null when there is none.
  Table lookup(const std::string& table_id) const;
  // The table of the record's id: the one just added (`added`), or one
  // already there (`record` is then left as it was).
  Table add_table(v1::TableRecord&& record, const ServedGame* game, bool* added = nullptr);
  // Forgets `table` unless another has taken its id since. A table's lock
  // may be held: tables_mutex is never held while taking one.
  void forget_table(const Table& table);
  // Serves a table as the store had it: a loaded or taken-over one, or a
  // mirror turned into the table.
  void open_loaded(v1::TableRecord record);
  const ServedGame* served(const std::string& game_id) const;
  std::size_t table_count() const;
  // The turn's time left now, in real milliseconds, and `table` with it.
  std::int64_t time_left_ms(const v1::Table& table) const;
  v1::Table sent_now(const v1::Table& table) const;

  // --- Changing a table (table_host.cpp) ---
  // Runs once the change is durable, with the table as it then is, or with
  // the store's error.
  using Reply = std::function<void(const grpc::Status&, const v1::Table&)>;
  // Numbers the change's events, commits them with the record, and sends
  // them to the watchers once durable. Call with the table's lock held.
  void commit(const Table& table, Change change, Reply reply);
  void on_durable(const Table& table, std::vector<std::shared_ptr<const PublishedEvent>> events,
                  const std::string& error);
  // Sends durable events to the table's watchers, in order. With its lock
  // held; the watches to close, and why, go to `closing`. True when the
  // table expired.
  using Closing = std::vector<std::pair<std::shared_ptr<Watch>, grpc::Status>>;
  bool publish(OpenTable& table, const std::vector<std::shared_ptr<const PublishedEvent>>& events,
               Closing& closing);
  host::WorkerPool& publisher_of(const std::string& table_id);
  // The turn that starts now: its number and its clock.
  void start_turn(OpenTable& table);
  // Who moves for the turn: the CPU now, or a timer for the person's clock.
  void follow_up(const Table& table);
  // Plays a move the game has accepted, ends the game if it is over and
  // starts the next turn.
  void record_move(OpenTable& table, std::uint32_t seat, v1::GameState next, v1::Move move,
                   Change& change);
  void end_game_if_over(OpenTable& table, Change& change);
  // Marks `seat` absent (left or lost): the CPU plays its turns.
  void mark_absent(OpenTable& table, std::uint32_t seat, Change& change);
  // The seat's person is back (Rejoin, or a watch with their token).
  void come_back(OpenTable& table, std::uint32_t seat, Change& change);
  // A watch ends: its seat may become absent after the grace period.
  void drop_watch(OpenTable& table, const std::shared_ptr<Watch>& watch);

  // --- Work of its own (table_host.cpp) ---
  void schedule(Due due);
  void run_due();
  void fire(const Due& due);
  void think_for(const Table& table, std::uint32_t seat, std::uint64_t version);
  void timer_loop();
  void touch(OpenTable& table, std::uint32_t seat);  // the person made a call
  void check_presence_later(OpenTable& table, std::uint32_t seat);
  void wait_idle();

  // --- A club of hosts (club_host.cpp) ---
  grpc::Status route(const v1::TableRef& ref, const std::string& caller, std::string* elsewhere,
                     std::string* table_id);
  // Serves a table this host has just claimed; one it cannot load now is
  // tried again at the next club round.
  void serve_claimed(v1::TableRecord record);
  // The mirror of a table another host owns, made for a watch.
  grpc::Status follow(const std::string& table_id, const std::string& owner_address, Table* table);
  // Brings a mirror's watchers up to `version`: with the events the
  // change feed carried, or else from the store.
  void catch_up(const std::string& table_id, std::uint64_t version,
                std::vector<std::string> carried);
  void on_feed(const std::string& table_id, std::uint64_t version, std::vector<std::string> events);
  // A call sent on to the table's owner found it gone: look it up again.
  void owner_unreachable(const std::string& table_id);
  void club_round();
  // Ends a mirror whose table the store no longer has.
  void close_if_gone(const Table& table);
  // Tells a mirror's owner that the watcher with `token` is here.
  void tell_presence(const Table& table, const std::string& address, const std::string& table_id,
                     const std::string& token);
  v1::TableService::Stub& link(const std::string& address);

  std::map<std::string, ServedGame, std::less<>> games;
  // Where durable commits are answered and sent to watchers: a table
  // always on the same one. Declared before the store, which may still
  // hand them commits while it closes.
  std::vector<std::unique_ptr<host::WorkerPool>> publishers;
  std::unique_ptr<TableStore> store;
  const Clock& clock;
  TableHostOptions options;

  mutable std::shared_mutex tables_mutex;
  std::unordered_map<std::string, Table> tables;
  std::unordered_map<std::string, std::string> by_code;  // invite code -> table id

  static constexpr std::int64_t kGuessWindowMs = 60'000;
  GuessLimit guesses;  // of invite codes, by connection

  std::mutex due_mutex;
  std::condition_variable due_changed;
  std::priority_queue<Due, std::vector<Due>, std::greater<>> due;
  std::atomic<bool> stopping{false};

  std::mutex idle_mutex;
  std::condition_variable idle_changed;
  std::size_t busy = 0;  // CPU moves being thought and commits in flight
  void begin_work();
  void end_work();

  std::atomic<bool> store_failed{false};
  // Tables dropped after a refused write: each club round serves them
  // again if they are still this host's, or leaves them to their new owner.
  std::mutex dropped_mutex;
  std::vector<std::string> dropped;
  std::mutex owners_mutex;
  std::unordered_map<std::string, std::string> owners;  // table id -> its owner's address
  std::mutex links_mutex;
  std::map<std::string, std::unique_ptr<v1::TableService::Stub>> links;  // by address
  std::unique_ptr<host::WorkerPool> cpu;
  std::thread timer;
};

}  // namespace boardgame::tables
