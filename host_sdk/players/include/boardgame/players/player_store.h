// Where players, their ratings and their rated games live. Each table store
// (host_sdk/tables/) is also a PlayerStore: a rated game's ratings are
// written in the same transaction as the commit that finished it
// (rated_result.h). In a club of hosts on PostgreSQL every host shares them.
//
// The calls are synchronous and throw std::runtime_error when the store
// fails; none runs on a thread that must not block.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "boardgame/v1/player_service.pb.h"

namespace boardgame::players {

namespace v1 = ::boardgame::v1;

struct StoredPlayer {
  std::string player_id;
  std::string name;
  std::string secret_hash;  // SHA-256 of the secret
  std::int64_t created_ms = 0;
};

class PlayerStore {
 public:
  virtual ~PlayerStore() = default;

  // Adds a new player; its id is new (random).
  virtual void add_player(const StoredPlayer& player) = 0;
  virtual std::optional<StoredPlayer> player(const std::string& player_id) = 0;
  // False when there is no such player.
  virtual bool rename_player(const std::string& player_id, const std::string& name) = 0;

  // Gives the player a transfer code (by its hash), replacing any earlier one.
  virtual void put_transfer(const std::string& player_id, const std::string& code_hash,
                            std::int64_t expires_ms) = 0;
  // Uses up the live code with this hash: its player gets `new_secret_hash`
  // and the code is gone, in one transaction. The player's id; nullopt when
  // no code has the hash or it expired before `now_ms`.
  virtual std::optional<std::string> claim_transfer(const std::string& code_hash,
                                                    const std::string& new_secret_hash,
                                                    std::int64_t now_ms) = 0;

  // The player's rating in each game they have played rated, by game id.
  virtual std::vector<v1::PlayerRating> ratings(const std::string& player_id) = 0;
  // Their latest rated games, newest first.
  virtual std::vector<v1::RatedGame> rated_games(const std::string& player_id,
                                                 std::size_t limit) = 0;
  // The best ratings of a game, best first, ranks from 1; names filled in.
  virtual std::vector<v1::Standing> standings(const std::string& game_id, bool include_provisional,
                                              std::size_t limit) = 0;
};

}  // namespace boardgame::players
