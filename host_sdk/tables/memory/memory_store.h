// The in-memory table store: nothing survives the process. For
// game-host --store memory and for tests.
#pragma once

#include <condition_variable>
#include <cstdint>
#include <deque>
#include <map>
#include <optional>
#include <mutex>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "boardgame/players/player_store.h"
#include "boardgame/tables/table_store.h"

namespace boardgame::tables {

class MemoryTableStore : public TableStore, public players::PlayerStore {
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

  // PlayerStore (memory_players.cpp).
  void add_player(const players::StoredPlayer& player) override;
  std::optional<players::StoredPlayer> player(const std::string& player_id) override;
  bool rename_player(const std::string& player_id, const std::string& name) override;
  void put_transfer(const std::string& player_id, const std::string& code_hash,
                    std::int64_t expires_ms) override;
  std::optional<std::string> claim_transfer(const std::string& code_hash,
                                            const std::string& new_secret_hash,
                                            std::int64_t now_ms) override;
  std::vector<v1::PlayerRating> ratings(const std::string& player_id) override;
  std::vector<v1::RatedGame> rated_games(const std::string& player_id, std::size_t limit) override;
  std::vector<v1::Standing> standings(const std::string& game_id, bool include_provisional,
                                      std::size_t limit) override;

 private:
  // Applies a finished game's ratings, with the commit (memory_players.cpp).
  void apply_ratings(const v1::FinishedGame& game);

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
  std::map<std::string, players::StoredPlayer> players_;
  struct Transfer {
    std::string player_id;
    std::int64_t expires_ms = 0;
  };
  std::map<std::string, Transfer> transfers_;                  // by code hash
  std::map<std::pair<std::string, std::string>, v1::PlayerRating> ratings_;  // (player, game)
  std::map<std::string, std::vector<v1::RatedGame>> rated_games_;           // by player, oldest first

  // The `done` calls waiting for the callback thread. They never run inside
  // commit(): its caller may hold a lock that `done` takes.
  std::deque<std::pair<Done, std::string>> pending_;
  std::uint64_t queued_ = 0;    // commits queued since the start
  std::uint64_t answered_ = 0;  // of which `done` has returned
  bool stopping_ = false;
  std::thread callbacks_;
};

}  // namespace boardgame::tables
