// The rules written the slow, obvious way, to check the bitboards against:
// an array of 64 squares, and a walk along each of the eight directions.
#pragma once

#include <array>
#include <vector>

namespace reversi::reference {

enum Square : char { kEmpty = '.', kBlack = 'B', kWhite = 'W' };

class NaiveBoard {
 public:
  NaiveBoard();

  char to_move() const { return to_move_; }
  char at(int row, int column) const { return squares_[std::size_t(row * 8 + column)]; }
  // Squares (row * 8 + column) where the side to move may place a disc.
  std::vector<int> legal_moves() const;
  bool game_over() const;
  void play(int square);
  void pass() { to_move_ = opponent(); }

 private:
  char opponent() const { return to_move_ == kBlack ? kWhite : kBlack; }
  int flips_towards(int square, int dr, int dc) const;

  std::array<char, 64> squares_;
  char to_move_ = kBlack;
};

}  // namespace reversi::reference
