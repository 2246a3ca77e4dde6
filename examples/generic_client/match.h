// One game in progress, held as the game's rules returned it: the record
// and the position after every move. Every change goes through the rules
// (a host, or the game's plugin when no host answers); undo and resuming
// rebuild from the shortened or saved move list with Setup and ApplyMove,
// never by editing derived fields.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "boardgame/v1/game_service.pb.h"
#include "game_rules.h"
#include "game_text.h"

namespace game_client {

using Level = v1::SuggestMoveRequest::Level;

enum class Mode {
  kTwoPlayers,  // people on one screen, every seat
  kAgainstCpu,  // one person, the CPU in the other seats
  kDemo,        // the CPU in every seat
};

struct SeatPlan {
  bool human = true;
  Level level = v1::SuggestMoveRequest::NORMAL;  // when played by the CPU
  std::string name;  // a person's name, when given; "" for "Player 1"...
};

// Who plays a game and with which settings: what "another game" keeps and
// what a saved game restores.
struct MatchPlan {
  std::string game_id;
  Mode mode = Mode::kTwoPlayers;
  std::vector<SeatPlan> seats;  // seat s at index s - 1
  std::vector<v1::Setting> settings;  // as sent to Setup
  std::uint32_t game_number = 1;

  bool human(std::uint32_t seat) const { return seat >= 1 && seat <= seats.size() && seats[seat - 1].human; }
  std::vector<bool> humans() const;
  // The seat of the one person playing the computer; 0 in any other mode.
  std::uint32_t person_seat() const;
};

class Match {
 public:
  // Sets the game up and replays `moves` through the rules, which check
  // every one of them.
  static Failure build(GameRules& rules, const MatchPlan& plan, const std::vector<std::uint32_t>& moves,
                       Match* out);

  const MatchPlan& plan() const { return plan_; }
  // The current state: the last position, or the game after a resignation.
  const v1::GameState& state() const { return current_; }
  // positions()[i]: the game after i moves.
  const std::vector<v1::GameState>& positions() const { return positions_; }
  // The moves played, as ApplyMove described them.
  const std::vector<v1::Move>& played() const { return played_; }
  // The seat that made each move.
  std::vector<std::uint32_t> movers() const;
  // The game as text (game_text.h), as exported.
  std::string game_text(const GameTextHeader& header) const;
  bool over() const { return current_.seat_to_move() == 0; }

  Failure legal_moves(GameRules& rules, std::vector<v1::Move>* out) const;
  // Plays the move `move_id` (a Move.id) for the seat to move.
  Failure play(GameRules& rules, std::uint32_t move_id);
  Failure resign(GameRules& rules, std::uint32_t seat);
  // Rebuilds the game without its last `count` moves.
  Failure take_back(GameRules& rules, std::size_t count);

 private:
  MatchPlan plan_;
  std::vector<v1::GameState> positions_;
  std::vector<v1::Move> played_;
  v1::GameState current_;
};

}  // namespace game_client
