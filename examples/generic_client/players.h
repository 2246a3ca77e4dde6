// The club's player as this device keeps it (docs/players.md), and the
// small rules of showing ratings that need no host: whole points, a change
// with its sign, the history of a rating as a sparkline, the rated game of
// a table. The conversation is in club_player.cpp, player_pages.cpp and
// play_now.cpp.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "boardgame/v1/player_service.pb.h"

namespace game_client {

namespace v1 = ::boardgame::v1;

// One player per host: a player is known only to the host that made it.
// The secret is saved and sent, never shown.
struct ClubPlayer {
  std::string host;  // the --host address
  std::string player_id;
  std::string secret;
  std::string name;  // as the host last gave it
  // A transfer code was given out: once the host refuses the key, the
  // player has moved to another device (rather than the host forgetting it).
  bool moving_out = false;
};

v1::PlayerKey key_of(const ClubPlayer& player);

// As PlayerService makes them: an id of 16 [A-Za-z0-9_-], a secret of 43
// base64url characters.
bool valid_player_id(std::string_view id);
bool valid_player_secret(std::string_view secret);

// Whole points, as players read a rating: 1515.6 gives 1516 ("1516").
long rating_points(double rating);
std::string rating_text(double rating);
// The change as the two whole ratings show it: "+16", "-3", "0".
std::string rating_change(double before, double after);

// The rating in `game_id` game after game, oldest first: the rating before
// the oldest of the profile's recent games, then after each; at most
// `count` values, the newest. Empty without a rated game.
std::vector<double> rating_history(const v1::PlayerProfile& profile, const std::string& game_id,
                                   std::size_t count);
// One of ▁▂▃▄▅▆▇█ per value, from the lowest value to the highest; a
// history that never moved is a flat ▄ line.
std::string sparkline(const std::vector<double>& values);

// The profile's rated game played as game `game_number` of `table_id`, or
// nullptr.
const v1::RatedGame* rated_game_at(const v1::PlayerProfile& profile, const std::string& table_id,
                                   std::uint32_t game_number);

}  // namespace game_client
