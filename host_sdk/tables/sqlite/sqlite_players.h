// The SQLite store's players (players::PlayerStore): schema step 2 of
// sqlite_store.cpp.
#pragma once

#include <filesystem>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "boardgame/players/player_store.h"
#include "boardgame/v1/table.pb.h"
#include "sqlite_db.h"

namespace boardgame::tables::sqlite {

namespace v1 = ::boardgame::v1;

// Applies a finished game's ratings on the writing connection, inside the
// transaction that stores the game: both happen, or neither.
class RatingWriter {
 public:
  explicit RatingWriter(sqlite3* db);
  ~RatingWriter();
  void apply(const v1::FinishedGame& game);

 private:
  struct Statements;
  std::unique_ptr<Statements> statements_;
};

// The PlayerStore calls, on a connection of their own. Their writes are
// few and small; they take SQLite's write lock between the group commits.
class Players final : public players::PlayerStore {
 public:
  Players(const fs::path& path, int busy_timeout_ms);
  ~Players() override;

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
  struct Statements;
  const std::string label_;
  std::mutex mutex_;
  Database db_;
  std::unique_ptr<Statements> statements_;
};

}  // namespace boardgame::tables::sqlite
