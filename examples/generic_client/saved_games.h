// The unfinished games a player keeps: one per game and opponent (two
// people on one screen, or the computer at one level), so that starting
// another game never overwrites one. A game leaves the list only when it
// is finished or explicitly abandoned.
#pragma once

#include <string>
#include <vector>

#include "match.h"

namespace game_client {

// An unfinished game: who plays it and its record (the state as the server
// last returned it; only its record is trusted on restoring).
struct SavedGame {
  MatchPlan plan;
  v1::GameState state;
};

// "uttt/cpu_normal", "uttt/two_players"; "" for a demo, which is never kept.
std::string save_slot(const MatchPlan& plan);

// What abandoning a game against the computer counts: a loss for the
// person, a win for every computer seat.
v1::Outcome abandoned_outcome(const MatchPlan& plan);

// The moves of a saved record, to replay on the host.
std::vector<std::uint32_t> saved_moves(const SavedGame& game);

// Oldest first: the newest kept game is the last.
class SavedGames {
 public:
  const std::vector<SavedGame>& all() const { return games_; }
  bool empty() const { return games_.empty(); }

  // The game kept in `plan`'s slot, or nullptr.
  const SavedGame* find(const MatchPlan& plan) const;
  // The games of one game id, oldest first.
  std::vector<SavedGame> of_game(const std::string& game_id) const;
  // Keeps `game` in its slot, replacing the older state of the same game,
  // and makes it the newest. A demo is not kept.
  void keep(SavedGame game);
  // Removes what `plan`'s slot holds; false when it held nothing.
  bool remove(const MatchPlan& plan);

 private:
  std::vector<SavedGame> games_;
};

}  // namespace game_client
