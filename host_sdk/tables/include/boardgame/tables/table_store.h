// Where tables and their events live. The table service keeps every open
// table in memory and writes through a TableStore: a change is answered
// and broadcast only once its commit is durable. One store per host
// process; several hosts share one through ClubStore (club_store.h).
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "boardgame/players/player_store.h"
#include "boardgame/v1/table.pb.h"
#include "boardgame/v1/table_record.pb.h"

namespace boardgame::tables {

namespace v1 = ::boardgame::v1;

// One change of one table, written all or nothing. Its messages come
// serialized: the host serializes each once, for the store and the
// watchers alike, instead of handing the store copies to serialize again.
struct Commit {
  std::string table_id;
  std::string invite_code;
  // The table's version after the change: its last event's.
  std::uint64_t version = 0;
  // The table after the change: a v1::TableRecord.
  std::string record;
  // The change's events (v1::TableEvent), consecutive versions following
  // the last commit's.
  struct Event {
    std::uint64_t version = 0;
    std::string bytes;
  };
  std::vector<Event> events;
  // Set when the change finished a game.
  std::optional<v1::FinishedGame> finished;
  // The table is closed (expired): its record and events go, its finished
  // games stay.
  bool close = false;

  // The table's version before the change. A store refuses a change whose
  // table is no longer there, or no longer at this version: the change was
  // made from a stale copy of the table.
  std::uint64_t version_before() const {
    return events.empty() ? version : events.front().version - 1;
  }
};

// Why a store refuses a change from a stale copy, in the same words
// whichever store refuses it.
inline std::string stale_change(const Commit& commit) {
  return "table " + commit.table_id + " is not stored at version " +
         std::to_string(commit.version_before()) + " (a change made from a stale copy)";
}

// The commit of `record` and `events`, serialized.
inline Commit commit_of(const v1::TableRecord& record,
                        const std::vector<v1::TableEvent>& events = {}) {
  Commit commit;
  commit.table_id = record.table().table_id();
  commit.invite_code = record.table().invite_code();
  commit.version = record.table().version();
  commit.record = record.SerializeAsString();
  for (const v1::TableEvent& event : events)
    commit.events.push_back({event.version(), event.SerializeAsString()});
  return commit;
}

class TableStore {
 public:
  virtual ~TableStore() = default;

  // Called once the commit is durable (error empty) or has failed (error
  // says why; nothing of it was written, unless the error says that the
  // store cannot tell: a connection to a server lost during its COMMIT). Runs on the store's own
  // thread, in the order the commits were made, and must not block.
  using Done = std::function<void(const std::string& error)>;

  // Queues a commit. Commits are written in the order of the calls; one
  // store may write many at once (group commit), but `done` never runs
  // before its own commit is durable.
  virtual void commit(Commit commit, Done done) = 0;

  // Every open table as last committed; the host calls it once at start.
  virtual std::vector<v1::TableRecord> load_tables() = 0;

  // The events of a table with after < version <= upto, ascending.
  virtual std::vector<v1::TableEvent> events(const std::string& table_id, std::uint64_t after,
                                             std::uint64_t upto) = 0;

  // The finished games of a table, by game number. Kept after it closes.
  virtual std::vector<v1::FinishedGame> finished_games(const std::string& table_id) = 0;

  // Blocks until every commit queued so far is done.
  virtual void flush() = 0;

  // The club's players, kept beside the tables: a finished rated game's
  // ratings are written with the commit that finishes it.
  virtual players::PlayerStore& players() = 0;
};

struct ClubMembership;

// "memory", "sqlite:PATH", "postgresql://…": the store a --store flag
// names, for one host (a file or database another host holds is refused),
// or, with `club`, for this host of a club (PostgreSQL only; the store is
// then a ClubStore too). Throws std::invalid_argument for an unknown kind,
// std::runtime_error when the store cannot be opened.
std::unique_ptr<TableStore> open_store(const std::string& spec,
                                       const ClubMembership* club = nullptr);

// The spec with any password in it hidden, for logs and messages: a
// postgresql:// URI may carry one as USER:PASSWORD@ or ?password=.
std::string shown_store(const std::string& spec);

}  // namespace boardgame::tables
