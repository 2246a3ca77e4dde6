// How the search finishes a game from a leaf of its tree.
#pragma once

#include <cstdint>

#include "uttt/engine/position.h"
#include "uttt/engine/random.h"

namespace uttt::search {

enum class Playout : std::uint8_t {
  kUniform,   // every legal move equally likely: the engine's own playout
  kTactical,  // wins small boards when it can, avoids sending the opponent
              // to a free move or to a board they win at once
  kDecisive,  // uniform, except that it wins the game when one move does and
              // does not let the opponent do so on the next move
};

// Plays pos to its end and returns the result. The informed policies, and
// every policy under the standard and early-draw rules, stop as soon as the
// result can no longer change (a certain draw).
Winner play_out(Position pos, Rng& rng, Playout policy);

}  // namespace uttt::search
