#include "memory_players.h"

#include <algorithm>

#include "boardgame/players/rated_result.h"

namespace boardgame::tables {

void MemoryPlayers::apply(const v1::FinishedGame& game) {
  std::lock_guard lock(mutex_);
  const std::optional<players::RatedResult> result = players::rated_result(game);
  if (!result) return;
  int counted_today = 0;
  for (const v1::RatedGame& earlier : rated_games_[result->player_ids[0]])
    if (earlier.opponent_id() == result->player_ids[1] && earlier.counted() &&
        earlier.finished_ms() >= result->day_start_ms())
      ++counted_today;
  std::array<v1::PlayerRating, 2> before;
  for (int i = 0; i < 2; ++i) {
    auto found = ratings_.find({result->player_ids[i], result->game_id});
    before[i] = found != ratings_.end() ? found->second : players::first_rating(result->game_id);
  }
  const players::RatingUpdate update = players::rate(*result, before, counted_today);
  for (int i = 0; i < 2; ++i) {
    ratings_[{result->player_ids[i], result->game_id}] = update.after[i];
    rated_games_[result->player_ids[i]].push_back(update.games[i]);
  }
}

void MemoryPlayers::add_player(const players::StoredPlayer& player) {
  std::lock_guard lock(mutex_);
  players_[player.player_id] = player;
}

std::optional<players::StoredPlayer> MemoryPlayers::player(const std::string& player_id) {
  std::lock_guard lock(mutex_);
  auto found = players_.find(player_id);
  if (found == players_.end()) return std::nullopt;
  return found->second;
}

bool MemoryPlayers::rename_player(const std::string& player_id, const std::string& name) {
  std::lock_guard lock(mutex_);
  auto found = players_.find(player_id);
  if (found == players_.end()) return false;
  found->second.name = name;
  return true;
}

void MemoryPlayers::put_transfer(const std::string& player_id, const std::string& code_hash,
                                    std::int64_t expires_ms) {
  std::lock_guard lock(mutex_);
  for (auto it = transfers_.begin(); it != transfers_.end();)
    it = it->second.player_id == player_id ? transfers_.erase(it) : std::next(it);
  transfers_[code_hash] = {player_id, expires_ms};
}

std::optional<std::string> MemoryPlayers::claim_transfer(const std::string& code_hash,
                                                            const std::string& new_secret_hash,
                                                            std::int64_t now_ms) {
  std::lock_guard lock(mutex_);
  auto found = transfers_.find(code_hash);
  if (found == transfers_.end() || found->second.expires_ms <= now_ms) return std::nullopt;
  std::string player_id = found->second.player_id;
  transfers_.erase(found);
  auto player = players_.find(player_id);
  if (player == players_.end()) return std::nullopt;
  player->second.secret_hash = new_secret_hash;
  return player_id;
}

std::vector<v1::PlayerRating> MemoryPlayers::ratings(const std::string& player_id) {
  std::lock_guard lock(mutex_);
  std::vector<v1::PlayerRating> found;
  for (const auto& [key, rating] : ratings_)
    if (key.first == player_id) found.push_back(rating);
  return found;
}

std::vector<v1::RatedGame> MemoryPlayers::rated_games(const std::string& player_id,
                                                         std::size_t limit) {
  std::lock_guard lock(mutex_);
  const std::vector<v1::RatedGame>& all = rated_games_[player_id];
  std::vector<v1::RatedGame> newest(all.rbegin(),
                                    all.rbegin() + std::ptrdiff_t(std::min(limit, all.size())));
  return newest;
}

std::vector<v1::Standing> MemoryPlayers::standings(const std::string& game_id,
                                                      bool include_provisional,
                                                      std::size_t limit) {
  std::lock_guard lock(mutex_);
  std::vector<v1::Standing> found;
  for (const auto& [key, rating] : ratings_) {
    if (key.second != game_id || (rating.provisional() && !include_provisional)) continue;
    found.push_back(players::standing_of(0, key.first, players_[key.first].name, rating));
  }
  // Best first; equal ratings by player id, as the SQL stores order them.
  std::sort(found.begin(), found.end(), [](const v1::Standing& a, const v1::Standing& b) {
    return a.rating() != b.rating() ? a.rating() > b.rating() : a.player_id() < b.player_id();
  });
  if (found.size() > limit) found.resize(limit);
  for (std::size_t i = 0; i < found.size(); ++i) found[i].set_rank(std::uint32_t(i + 1));
  return found;
}

}  // namespace boardgame::tables
