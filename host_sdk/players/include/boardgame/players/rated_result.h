// Which finished games change ratings, and how: the club's rules around
// Glicko-2 (docs/players.md). Every store applies a rated result in the
// same transaction as the table's commit that finished the game, so that a
// rating changes exactly once per game, whatever crashes or retries.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>

#include "boardgame/v1/player_service.pb.h"
#include "boardgame/v1/table.pb.h"

namespace boardgame::players {

namespace v1 = ::boardgame::v1;

// Rated games between the same two players that count per UTC day: more
// would let two friends farm points off each other.
inline constexpr int kRatedGamesPerPairPerDay = 10;
// A game that ends before each side has moved this many times is aborted:
// it changes no rating.
inline constexpr int kMovesToRate = 2;
inline constexpr std::int64_t kDayMs = 24 * 3600 * 1000;

// A finished game that counts for ratings, between two different players.
struct RatedResult {
  std::string game_id;
  std::string table_id;
  std::uint32_t game_number = 0;
  std::array<std::string, 2> player_ids;  // by seat
  std::array<std::string, 2> names;
  std::array<double, 2> scores{};  // 1 win, 0.5 draw, 0 loss
  std::int64_t finished_ms = 0;

  // The first millisecond of the UTC day the game ended in: the daily
  // limit counts games from there.
  std::int64_t day_start_ms() const { return finished_ms - finished_ms % kDayMs; }
};

// The rated result of a finished game, or nullopt when it changes no
// rating: a casual table, not two seats, a seat that is no club player, one
// player in both seats, or aborted (kMovesToRate).
std::optional<RatedResult> rated_result(const v1::FinishedGame& game);

// A player's rating in a game before any rated game.
v1::PlayerRating first_rating(const std::string& game_id);

// A line of the standings: the player at `rank`, with their rating.
v1::Standing standing_of(std::uint32_t rank, const std::string& player_id, const std::string& name,
                         const v1::PlayerRating& rating);

// What a rated result does: both players' ratings after it, and the game
// as it counted for each (RatedGame). `before` are their ratings by seat;
// `counted_today` the rated games the two have already counted today.
struct RatingUpdate {
  std::array<v1::PlayerRating, 2> after;
  std::array<v1::RatedGame, 2> games;
};
RatingUpdate rate(const RatedResult& result, const std::array<v1::PlayerRating, 2>& before,
                  int counted_today);

}  // namespace boardgame::players
