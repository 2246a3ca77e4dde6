// The CPU opponent's entry point: pick a move for the side to move.
#pragma once

#include <atomic>
#include <cstdint>
#include <optional>
#include <string_view>

#include "uttt/engine/position.h"

namespace uttt {

// Novato plays like a beginner, Normal like a solid club player, Experto at
// full strength for its budget.
enum class Level : std::uint8_t { kNovato, kNormal, kExperto };

// "novato", "normal", "experto": the names players and tools use.
const char* level_name(Level level);
std::optional<Level> parse_level(std::string_view name);

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

// pos must not be over. At least one of the limits must be set: an iteration
// or a time budget (the stop flag only cuts a search short). Breaking either
// rule throws std::invalid_argument. Each call starts from a fresh tree; a
// Searcher (searcher.h) keeps its tree between the moves of one game.
SearchResult choose_move(const Position& pos, Level level, const SearchLimits& limits);

}  // namespace uttt
