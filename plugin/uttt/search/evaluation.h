// A static estimate of who is winning, for the tree's minimax values.
#pragma once

#include <array>

#include "uttt/engine/position.h"

namespace uttt::search {

// What the estimate looks at. Each counts X's things minus O's, or, for the
// last ones, the side to move's situation signed + for X and - for O.
enum Feature {
  kCentreBoards,      // small boards won: the centre
  kCornerBoards,      //   corners
  kEdgeBoards,        //   edges
  kBigTwos,           // big-board lines with two boards won and the third open
  kBigOnes,           // big-board lines with one board won and two open
  kThreatBoards,      // open boards a player could win with one move
  kDecisiveThreats,   //   of which winning would complete a line of the big board
  kToMove,            // +1 when X is to move, -1 when O is
  kFreeMove,          // the side to move may play anywhere
  kCanWinBoard,       // the side to move can win a small board now
  kCanWinGame,        // the side to move can win the game now
  kMustFaceThreat,    // the side to move is sent to a board the other could win
  kFeatureCount
};

using Features = std::array<float, kFeatureCount>;

// What the features are computed from.
struct Summary {
  Mask9 won[2];
  Mask9 closed;      // boards that take no more moves
  Mask9 open;        // undecided boards that still take moves
  Mask9 lines[2];    // boards that would complete a line of the big board
  Mask9 threats[2];  // boards each player could win with one move
  Player to_move;
  int destination;   // kAnyBoard for a free move
};

Features features_of(const Position& pos);

// The chance that X wins, a draw counting half, for a game not yet over.
float x_win_chance(const Position& pos);

// The chance that the player who made the last move wins, from the result
// itself once the game is over.
float mover_win_chance(const Position& pos);

// The same for every move from one position, a few times faster than
// playing each move and evaluating the result: a move that decides no
// small board changes only the threats on its own board and where the next
// move goes. It reads pos, which must outlive it.
class MoveEstimates {
 public:
  explicit MoveEstimates(const Position& pos);
  // The chance that the side to move wins after playing m, as
  // mover_win_chance() says of the position reached.
  float after(Move m) const;

 private:
  const Position& pos_;
  Summary summary_;
  float board_logit_;  // the part of the estimate only a decided board changes
};

}  // namespace uttt::search
