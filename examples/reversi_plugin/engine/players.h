// The computer's three levels. Novato plays at random; Normal looks one move
// ahead for corners, safe squares and the opponent's replies; Experto
// searches with alpha-beta, deeper as its budget allows, and counts discs
// exactly once the game's end is within reach.
#pragma once

#include <atomic>
#include <cstdint>

#include "notation.h"
#include "position.h"

namespace reversi {

enum class Level { kNovato, kNormal, kExperto };

struct Budget {
  Level level = Level::kNormal;
  double milliseconds = 0;      // 0: no time limit
  std::uint64_t nodes = 0;      // 0: no node limit
  std::uint64_t seed = 0;
  const std::atomic<bool>* stop = nullptr;
};

struct Choice {
  int move = kPass;             // a square, or kPass
  std::uint64_t nodes = 0;
  double expected_score = 0.5;  // for the side to move: 1 win, 0 loss
};

// A legal move for the side to move of a game that is not over.
Choice choose_move(const Position& p, const Budget& budget);

}  // namespace reversi
