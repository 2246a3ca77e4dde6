#include "players.h"

#include <algorithm>
#include <cmath>

namespace game_client {
namespace {

bool id_char(char c) {
  return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '_';
}

bool all_id_chars(std::string_view text) { return std::all_of(text.begin(), text.end(), id_char); }

}  // namespace

v1::PlayerKey key_of(const ClubPlayer& player) {
  v1::PlayerKey key;
  key.set_player_id(player.player_id);
  key.set_secret(player.secret);
  return key;
}

bool valid_player_id(std::string_view id) { return id.size() == 16 && all_id_chars(id); }

bool valid_player_secret(std::string_view secret) { return secret.size() == 43 && all_id_chars(secret); }

long rating_points(double rating) { return std::lround(rating); }

std::string rating_text(double rating) { return std::to_string(rating_points(rating)); }

std::string rating_change(double before, double after) {
  const long change = rating_points(after) - rating_points(before);
  return change > 0 ? "+" + std::to_string(change) : std::to_string(change);
}

std::vector<double> rating_history(const v1::PlayerProfile& profile, const std::string& game_id,
                                   std::size_t count) {
  std::vector<const v1::RatedGame*> games;  // newest first, as given
  for (const v1::RatedGame& g : profile.recent_games())
    if (g.game_id() == game_id) games.push_back(&g);
  if (games.empty() || count == 0) return {};
  std::vector<double> values = {games.back()->rating_before()};
  for (auto it = games.rbegin(); it != games.rend(); ++it) values.push_back((*it)->rating_after());
  if (values.size() > count) values.erase(values.begin(), values.end() - std::ptrdiff_t(count));
  return values;
}

std::string sparkline(const std::vector<double>& values) {
  static const char* const kBars[] = {"▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"};
  if (values.empty()) return {};
  const auto [low, high] = std::minmax_element(values.begin(), values.end());
  // Whole points: a history that moved by less than a point is flat.
  const bool flat = rating_points(*high) == rating_points(*low);
  std::string line;
  for (double v : values) {
    const int bar = flat ? 3 : int(std::lround((v - *low) / (*high - *low) * 7));
    line += kBars[std::clamp(bar, 0, 7)];
  }
  return line;
}

const v1::RatedGame* rated_game_at(const v1::PlayerProfile& profile, const std::string& table_id,
                                   std::uint32_t game_number) {
  for (const v1::RatedGame& g : profile.recent_games())
    if (g.table_id() == table_id && g.game_number() == game_number) return &g;
  return nullptr;
}

}  // namespace game_client
