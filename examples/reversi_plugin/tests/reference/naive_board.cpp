#include "naive_board.h"

namespace reversi::reference {

namespace {
constexpr int kDirections[8][2] = {{-1, -1}, {-1, 0}, {-1, 1}, {0, -1},
                                   {0, 1},   {1, -1}, {1, 0},  {1, 1}};
bool on_board(int r, int c) { return r >= 0 && r < 8 && c >= 0 && c < 8; }
}  // namespace

NaiveBoard::NaiveBoard() {
  squares_.fill(kEmpty);
  squares_[3 * 8 + 3] = kWhite;  // d4
  squares_[4 * 8 + 4] = kWhite;  // e5
  squares_[4 * 8 + 3] = kBlack;  // d5
  squares_[3 * 8 + 4] = kBlack;  // e4
}

int NaiveBoard::flips_towards(int square, int dr, int dc) const {
  int r = square / 8 + dr, c = square % 8 + dc, run = 0;
  while (on_board(r, c) && at(r, c) == opponent()) {
    ++run;
    r += dr;
    c += dc;
  }
  return on_board(r, c) && at(r, c) == to_move_ ? run : 0;
}

std::vector<int> NaiveBoard::legal_moves() const {
  std::vector<int> moves;
  for (int s = 0; s < 64; ++s) {
    if (squares_[std::size_t(s)] != kEmpty) continue;
    for (const auto& d : kDirections)
      if (flips_towards(s, d[0], d[1]) > 0) {
        moves.push_back(s);
        break;
      }
  }
  return moves;
}

bool NaiveBoard::game_over() const {
  if (!legal_moves().empty()) return false;
  NaiveBoard other = *this;
  other.pass();
  return other.legal_moves().empty();
}

void NaiveBoard::play(int square) {
  for (const auto& d : kDirections) {
    const int run = flips_towards(square, d[0], d[1]);
    for (int k = 1; k <= run; ++k)
      squares_[std::size_t((square / 8 + k * d[0]) * 8 + square % 8 + k * d[1])] = to_move_;
  }
  squares_[std::size_t(square)] = to_move_;
  to_move_ = opponent();
}

}  // namespace reversi::reference
