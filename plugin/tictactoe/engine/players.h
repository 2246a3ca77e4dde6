// The CPU levels of tic-tac-toe.
#pragma once

#include <cstdint>

#include "position.h"

namespace ttt {

enum class Level : std::uint8_t { kNovato, kNormal, kExperto };

// The game-theoretic value of pos for the side to move, with perfect play
// by both sides: +1 win, 0 draw, -1 loss.
int solve(const Position& pos);

// Squares where the side to move would complete a line right now.
Mask9 winning_squares(const Position& pos, Player who);

// A legal move for the side to move; pos must not be over. The seed makes
// the choice among equally good moves (and Novato's slips) repeatable.
//  - Novato: half the time a random square; otherwise takes a win, and
//    blocks only some of the time.
//  - Normal: the beginner's checklist: win, else block, else make a double
//    threat, else the centre, else a corner, else an edge.
//  - Experto: perfect play. It never loses, and among winning moves takes
//    the quickest win; among drawing moves it prefers those that leave the
//    opponent the most ways to go wrong.
int choose_move(const Position& pos, Level level, std::uint64_t seed);

}  // namespace ttt
