// Move-path enumeration from a position, the standard correctness check of
// a move generator.
#pragma once

#include <cstdint>

#include "position.h"

namespace reversi {

// Moves of every side, bulk-counted at the last ply. A pass is one move and
// a finished game one leaf, as the published Othello perft figures count
// them (perft 10 = 24571284 only holds with passes counted).
std::uint64_t perft(const Position& p, int depth);

}  // namespace reversi
