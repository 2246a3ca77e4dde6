#include "saved_games.h"

#include <algorithm>

#include "scoreboard.h"

namespace game_client {

std::string save_slot(const MatchPlan& plan) {
  // The scoreboard's opponent key: a game abandoned in a slot is counted on
  // that slot's record.
  const std::string opponent = Scoreboard::record_key(plan);
  return opponent.empty() ? std::string() : plan.game_id + "/" + opponent;
}

v1::Outcome abandoned_outcome(const MatchPlan& plan) {
  v1::Outcome outcome;
  for (std::uint32_t seat = 1; seat <= plan.seats.size(); ++seat) {
    v1::SeatResult* r = outcome.add_results();
    r->set_seat(seat);
    r->set_result(plan.human(seat) ? v1::SeatResult::LOSS : v1::SeatResult::WIN);
  }
  return outcome;
}

std::vector<std::uint32_t> saved_moves(const SavedGame& game) {
  return {game.state.moves().begin(), game.state.moves().end()};
}

const SavedGame* SavedGames::find(const MatchPlan& plan) const {
  const std::string slot = save_slot(plan);
  if (slot.empty()) return nullptr;
  for (const SavedGame& g : games_)
    if (save_slot(g.plan) == slot) return &g;
  return nullptr;
}

std::vector<SavedGame> SavedGames::of_game(const std::string& game_id) const {
  std::vector<SavedGame> out;
  for (const SavedGame& g : games_)
    if (g.plan.game_id == game_id) out.push_back(g);
  return out;
}

void SavedGames::keep(SavedGame game) {
  if (save_slot(game.plan).empty()) return;
  remove(game.plan);
  games_.push_back(std::move(game));
}

bool SavedGames::remove(const MatchPlan& plan) {
  const std::string slot = save_slot(plan);
  if (slot.empty()) return false;
  auto it = std::remove_if(games_.begin(), games_.end(),
                           [&](const SavedGame& g) { return save_slot(g.plan) == slot; });
  const bool removed = it != games_.end();
  games_.erase(it, games_.end());
  return removed;
}

}  // namespace game_client
