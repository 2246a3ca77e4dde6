// The CPU opponent's entry point: pick a move for the side to move.
#pragma once

#include <atomic>
#include <cstdint>

#include "uttt/engine/position.h"

namespace uttt {

// Novato plays like a beginner, Normal like a solid club player, Experto at
// full strength for its budget.
enum class Level : std::uint8_t { kNovato, kNormal, kExperto };

struct SearchLimits {
  std::uint64_t max_iterations = 0;  // 0: no iteration limit
  double max_milliseconds = 0;       // 0: no time limit
  std::uint64_t seed = 1;            // same seed and iteration budget, same move
  const std::atomic<bool>* stop = nullptr;  // set by another thread to cancel
};

struct SearchResult {
  Move move = 0;
  std::uint64_t iterations = 0;
  double expected_score = 0.5;  // for the side to move: 1 win, 0.5 draw, 0 loss
};

// pos must not be over. At least one of the limits must be set.
SearchResult choose_move(const Position& pos, Level level, const SearchLimits& limits);

}  // namespace uttt
