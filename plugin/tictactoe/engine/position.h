// Classic tic-tac-toe: a 3x3 board, X first, eight lines. Squares are
// numbered 0..8 in reading order.
#pragma once

#include <cstdint>

#include "common/grid3.h"

namespace ttt {

using club::grid3::kAll9;
using club::grid3::Mask9;

enum class Player : std::uint8_t { X = 0, O = 1 };
constexpr Player operator~(Player p) { return Player(int(p) ^ 1); }

enum class Status : std::uint8_t { kOngoing, kXWins, kOWins, kDraw };

enum class MoveError : std::uint8_t { kOk, kNotASquare, kGameOver, kSquareOccupied };
const char* describe(MoveError e);

class Position {
 public:
  Player side_to_move() const { return Player(ply_ & 1); }
  int ply() const { return ply_; }
  Status status() const { return status_; }
  bool is_over() const { return status_ != Status::kOngoing; }

  Mask9 marks(Player p) const { return marks_[int(p)]; }
  Mask9 empty() const { return Mask9(kAll9 & ~(marks_[0] | marks_[1])); }
  Mask9 legal_moves() const { return is_over() ? 0 : empty(); }

  MoveError check(int square) const;
  // The eight lines are checked right after each placement.
  void play(int square);  // square must be legal
  MoveError try_play(int square) {
    const MoveError e = check(square);
    if (e == MoveError::kOk) play(square);
    return e;
  }

  friend bool operator==(const Position& a, const Position& b) {
    return a.marks_[0] == b.marks_[0] && a.marks_[1] == b.marks_[1];
  }

 private:
  Mask9 marks_[2] = {0, 0};
  std::uint8_t ply_ = 0;
  Status status_ = Status::kOngoing;
};

}  // namespace ttt
