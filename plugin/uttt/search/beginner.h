// Novato's mistakes: the move a beginner finds by looking only at the small
// board in front of them.
#pragma once

#include "uttt/engine/position.h"
#include "uttt/engine/random.h"

namespace uttt::search {

// Always legal. It wins the small board it plays in most of the time when it
// can, blocks the opponent's two-in-a-row there about half the time, and
// otherwise likes the centre and the corners; where the move sends the
// opponent never crosses its mind, so it gives free moves and hands over
// boards the way beginners do.
Move beginner_move(const Position& pos, Rng& rng);

}  // namespace uttt::search
