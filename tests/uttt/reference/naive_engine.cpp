#include "naive_engine.h"

namespace uttt::reference {

namespace {

const int kLine[8][3] = {{0, 1, 2}, {3, 4, 5}, {6, 7, 8}, {0, 3, 6},
                         {1, 4, 7}, {2, 5, 8}, {0, 4, 8}, {2, 4, 6}};

}  // namespace

char NaiveGame::at(int board, int cell) const {
  const int row = (board / 3) * 3 + cell / 3;
  const int col = (board % 3) * 3 + cell % 3;
  return grid_[row][col];
}

char NaiveGame::board_state(int board) const {
  if (owner_[board] != '.') return owner_[board];
  for (const auto& line : kLine) {
    const char a = at(board, line[0]);
    if (a != 0 && a == at(board, line[1]) && a == at(board, line[2])) return a;
  }
  for (int cell = 0; cell < 9; ++cell)
    if (at(board, cell) == 0) return '.';
  return 'D';
}

bool NaiveGame::board_closed(int board) const {
  bool full = true;
  for (int cell = 0; cell < 9; ++cell)
    if (at(board, cell) == 0) full = false;
  if (full) return true;
  if (rules_.open_boards) return false;
  return board_state(board) != '.';
}

bool NaiveGame::board_counts_for(int board, char player) const {
  const char s = board_state(board);
  return s == player || (s == 'D' && rules_.draw_counts_both);
}

int NaiveGame::boards_won(char player) const {
  int n = 0;
  for (int b = 0; b < 9; ++b) n += board_state(b) == player;
  return n;
}

bool NaiveGame::can_still_line(char player) const {
  const char other = player == 'X' ? 'O' : 'X';
  for (const auto& line : kLine) {
    bool open = true;
    for (int b : line) {
      const char s = board_state(b);
      if (s == other || (s == 'D' && !rules_.draw_counts_both)) open = false;
    }
    if (open) return true;
  }
  if (rules_.fast_target) {
    int undecided = 0;
    for (int b = 0; b < 9; ++b) undecided += board_state(b) == '.';
    if (boards_won(player) + undecided >= rules_.fast_target) return true;
  }
  return false;
}

std::vector<int> NaiveGame::legal_moves() const {
  std::vector<int> moves;
  if (status_ != Status::kOngoing) return moves;
  int target = -1;  // -1: anywhere
  if (!history_.empty()) {
    const int sent_to = history_.back() % 9;
    if (!board_closed(sent_to)) target = sent_to;
  }
  for (int board = 0; board < 9; ++board) {
    if (target != -1 && board != target) continue;
    if (board_closed(board)) continue;
    for (int cell = 0; cell < 9; ++cell)
      if (at(board, cell) == 0) moves.push_back(board * 9 + cell);
  }
  return moves;
}

void NaiveGame::play(int move) {
  const int board = move / 9, cell = move % 9;
  const char me = history_.size() % 2 == 0 ? 'X' : 'O';
  const char other = me == 'X' ? 'O' : 'X';
  const bool was_decided = board_state(board) != '.';
  grid_[(board / 3) * 3 + cell / 3][(board % 3) * 3 + cell % 3] = me;
  history_.push_back(move);
  if (was_decided) return;  // only possible with open boards; nothing changes
  const char now = board_state(board);
  if (now == '.') return;
  owner_[board] = now;

  auto has_big_line = [&](char player) {
    for (const auto& line : kLine) {
      if (board_counts_for(line[0], player) && board_counts_for(line[1], player) &&
          board_counts_for(line[2], player))
        return true;
    }
    return false;
  };
  bool all_decided = true;
  for (int b = 0; b < 9; ++b) all_decided = all_decided && board_state(b) != '.';

  if (has_big_line(me)) {
    status_ = me == 'X' ? Status::kXLine : Status::kOLine;
  } else if (has_big_line(other)) {
    status_ = other == 'X' ? Status::kXLine : Status::kOLine;
  } else if (rules_.fast_target && boards_won(me) >= rules_.fast_target) {
    status_ = me == 'X' ? Status::kXFast : Status::kOFast;
  } else if (all_decided) {
    status_ = Status::kDrawFull;
  } else if (rules_.early_draw && !can_still_line('X') && !can_still_line('O')) {
    status_ = Status::kDrawEarly;
  }
}

Status NaiveGame::status() const { return status_; }

}  // namespace uttt::reference
