// A Reversi (Othello) position: the discs of each side and the side to
// move. Black moves first from the standard cross in the centre (white on
// d4 and e5, black on d5 and e4). A move places a disc that outflanks at
// least one line of opposing discs, and every outflanked disc flips. A side
// with no such move passes; the game is over when neither side can move.
#pragma once

#include <string>

#include "bitboard.h"

namespace reversi {

enum class Side { kBlack = 0, kWhite = 1 };
constexpr Side other(Side s) { return Side(1 - int(s)); }

enum class MoveError { kOk, kNotASquare, kOccupied, kNoFlip, kMustPass, kCannotPass, kGameOver };
std::string describe(MoveError e);

class Position {
 public:
  static Position start();
  static Position from(Bits black, Bits white, Side to_move);

  Side side_to_move() const { return to_move_; }
  Bits discs(Side s) const { return s == Side::kBlack ? black_ : white_; }
  Bits own() const { return discs(to_move_); }
  Bits opponent() const { return discs(other(to_move_)); }
  Bits empty() const { return ~(black_ | white_); }

  // The squares where the side to move may place a disc.
  Bits legal_moves() const;
  // The discs a disc on `square` would flip (empty: the move is illegal).
  Bits flips(int square) const;
  bool must_pass() const { return legal_moves() == 0 && !is_over(); }
  bool is_over() const;

  // Plays a legal square and returns the discs it flipped.
  Bits play(int square);
  void pass() { to_move_ = other(to_move_); }
  MoveError check(int square) const;
  MoveError check_pass() const;

  bool operator==(const Position& o) const {
    return black_ == o.black_ && white_ == o.white_ && to_move_ == o.to_move_;
  }

 private:
  Bits black_ = 0, white_ = 0;
  Side to_move_ = Side::kBlack;
};

}  // namespace reversi
