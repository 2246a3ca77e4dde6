// A deliberately plain second implementation of ultimate tic-tac-toe, written
// straight from the rules sheet on a 9x9 grid of characters. It recomputes
// everything from the grid on every question, so it is slow but easy to
// check by eye; the differential test holds the fast engine to it.
#pragma once

#include <string>
#include <vector>

#include "uttt/engine/types.h"

namespace uttt::reference {

class NaiveGame {
 public:
  explicit NaiveGame(Rules rules) : rules_(rules) {}

  // Moves as board * 9 + cell, in increasing order.
  std::vector<int> legal_moves() const;
  void play(int move);  // must be legal
  Status status() const;
  int moves_played() const { return int(history_.size()); }

 private:
  char at(int board, int cell) const;
  // 'X' or 'O' when a player has a line in the small board, 'D' when it is
  // full without one, '.' while undecided.
  char board_state(int board) const;
  bool board_closed(int board) const;
  bool board_counts_for(int board, char player) const;
  int boards_won(char player) const;
  bool can_still_line(char player) const;

  Rules rules_;
  char grid_[9][9] = {};  // [row][col], 0 for empty
  std::vector<int> history_;
  // The owner of each small board, fixed at the move that decided it: with
  // open boards the other player may complete a line there later, and that
  // must not take the board over.
  char owner_[9] = {'.', '.', '.', '.', '.', '.', '.', '.', '.'};
  Status status_ = Status::kOngoing;
};

}  // namespace uttt::reference
