// Counts the move sequences of exactly `depth` moves: the standard check
// that move generation is right, and a speed figure for it.
#pragma once

#include <cstdint>

#include "position.h"

namespace uttt {

std::uint64_t perft(const Position& pos, int depth);

}  // namespace uttt
