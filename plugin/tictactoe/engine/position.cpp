#include "position.h"

namespace ttt {

const char* describe(MoveError e) {
  switch (e) {
    case MoveError::kOk: return "legal";
    case MoveError::kNotASquare: return "there is no such square";
    case MoveError::kGameOver: return "the game is over";
    case MoveError::kSquareOccupied: return "that square is already taken";
  }
  return "unknown error";
}

MoveError Position::check(int square) const {
  if (square < 0 || square > 8) return MoveError::kNotASquare;
  if (is_over()) return MoveError::kGameOver;
  if (!(empty() >> square & 1)) return MoveError::kSquareOccupied;
  return MoveError::kOk;
}

void Position::play(int square) {
  const Player mover = side_to_move();
  Mask9& mine = marks_[int(mover)];
  mine |= Mask9(1u << square);
  ++ply_;
  if (club::grid3::has_line(mine))
    status_ = mover == Player::X ? Status::kXWins : Status::kOWins;
  else if (empty() == 0)
    status_ = Status::kDraw;
}

}  // namespace ttt
