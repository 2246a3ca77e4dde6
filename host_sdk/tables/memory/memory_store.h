// The in-memory table store: nothing survives the process. For
// game-host --store memory and for tests.
#pragma once

#include <condition_variable>
#include <cstdint>
#include <deque>
#include <map>
#include <mutex>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "boardgame/tables/table_store.h"
#include "memory_players.h"

namespace boardgame::tables {

class MemoryTableStore : public TableStore {
 public:
  MemoryTableStore();
  ~MemoryTableStore() override;
  MemoryTableStore(const MemoryTableStore&) = delete;
  MemoryTableStore& operator=(const MemoryTableStore&) = delete;

  void commit(Commit commit, Done done) override;
  std::vector<v1::TableRecord> load_tables() override;
  std::vector<v1::TableEvent> events(const std::string& table_id, std::uint64_t after,
                                     std::uint64_t upto) override;
  std::vector<v1::FinishedGame> finished_games(const std::string& table_id) override;
  void flush() override;

  players::PlayerStore& players() override { return players_; }

 private:

  // Why the commit cannot be applied, or empty.
  std::string refusal(const Commit& commit) const;
  void apply(Commit& commit);
  void run_callbacks();

  // One mutex for the data and the queue of answers, so that commits are
  // applied and answered in the same order.
  std::mutex mutex_;
  std::condition_variable queue_changed_;

  // A commit is applied inside commit() itself: in memory, applied is
  // durable. Records and events are kept serialized, as the SQLite store
  // keeps them, and parsed when read.
  struct Stored {
    std::uint64_t version = 0;
    std::string record;
  };
  std::map<std::string, Stored> tables_;
  std::map<std::string, std::map<std::uint64_t, std::string>> events_;
  std::map<std::string, std::map<std::uint32_t, v1::FinishedGame>> finished_;
  MemoryPlayers players_;

  // The `done` calls waiting for the callback thread. They never run inside
  // commit(): its caller may hold a lock that `done` takes.
  std::deque<std::pair<Done, std::string>> pending_;
  std::uint64_t queued_ = 0;    // commits queued since the start
  std::uint64_t answered_ = 0;  // of which `done` has returned
  bool stopping_ = false;
  std::thread callbacks_;
};

}  // namespace boardgame::tables
