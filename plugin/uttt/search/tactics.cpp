#include "tactics.h"

namespace uttt::search {

int immediate_game_win(const Position& pos) {
  const Player me = pos.side_to_move();
  for (Mask9 boards = pos.playable_boards(); boards; boards &= Mask9(boards - 1)) {
    const int b = __builtin_ctz(boards);
    const Mask9 empty = pos.empty(b);
    // Only a move that decides a small board can end the game: one that wins
    // it, or one that fills it (a drawn board may count for both).
    Mask9 candidates = winning_cells(pos, me, b);
    if (popcount9(empty) == 1) candidates |= empty;
    for (; candidates; candidates &= Mask9(candidates - 1)) {
      const Move m = make_move(b, __builtin_ctz(candidates));
      Position next = pos;
      next.play(m);
      const Winner w = winner_of(next.status());
      if (w == (me == Player::X ? Winner::kX : Winner::kO)) return m;
    }
  }
  return -1;
}

}  // namespace uttt::search
