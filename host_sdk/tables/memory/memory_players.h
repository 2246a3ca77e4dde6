// The memory store's players: the same rules as the durable stores', on
// maps under a mutex of their own.
#pragma once

#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "boardgame/players/player_store.h"
#include "boardgame/v1/table.pb.h"

namespace boardgame::tables {

namespace v1 = ::boardgame::v1;

class MemoryPlayers final : public players::PlayerStore {
 public:
  // A finished game's ratings: the store calls it as it applies the commit.
  void apply(const v1::FinishedGame& game);

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
  struct Transfer {
    std::string player_id;
    std::int64_t expires_ms = 0;
  };
  std::mutex mutex_;
  std::map<std::string, players::StoredPlayer> players_;
  std::map<std::string, Transfer> transfers_;                                // by code hash
  std::map<std::pair<std::string, std::string>, v1::PlayerRating> ratings_;  // (player, game)
  std::map<std::string, std::vector<v1::RatedGame>> rated_games_;  // by player, oldest first
};

}  // namespace boardgame::tables
