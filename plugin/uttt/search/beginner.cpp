#include "beginner.h"

#include "tactics.h"

namespace uttt::search {

namespace {

// How much a beginner likes a square of a 3x3 grid: the centre, then the
// corners, then the edges (the squares on the most lines).
constexpr int kLiking[9] = {2, 1, 2, 1, 3, 1, 2, 1, 2};

int liked_square(Mask9 squares, Rng& rng) {
  int total = 0;
  for (Mask9 s = squares; s; s &= Mask9(s - 1)) total += kLiking[__builtin_ctz(s)];
  int k = int(rng.below(std::uint32_t(total)));
  for (Mask9 s = squares;; s &= Mask9(s - 1)) {
    const int i = __builtin_ctz(s);
    if ((k -= kLiking[i]) < 0) return i;
  }
}

int any_square(Mask9 squares, Rng& rng) {
  return kSelect[squares][rng.below(popcount9(squares))];
}

bool one_in(std::uint32_t n, std::uint32_t chances, Rng& rng) { return rng.below(n) < chances; }

}  // namespace

Move beginner_move(const Position& pos, Rng& rng) {
  const Player me = pos.side_to_move();
  const Mask9 boards = pos.playable_boards();
  const Mask9 winnable = boards & threat_boards(pos, me);
  const int board = winnable && one_in(4, 3, rng) ? any_square(winnable, rng)
                                                  : liked_square(boards, rng);
  const Mask9 wins = winning_cells(pos, me, board);
  if (wins && one_in(4, 3, rng)) return make_move(board, any_square(wins, rng));
  const Mask9 blocks = winning_cells(pos, ~me, board);
  if (blocks && one_in(2, 1, rng)) return make_move(board, any_square(blocks, rng));
  return make_move(board, liked_square(pos.empty(board), rng));
}

}  // namespace uttt::search
