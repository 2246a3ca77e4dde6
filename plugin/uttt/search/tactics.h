// One-move tactics: which cells win a small board, which boards a player
// could win at once, which moves end the game. Cheap table look-ups shared by
// the playout policy, the tree and the levels.
#pragma once

#include <array>

#include "uttt/engine/bitboard.h"
#include "uttt/engine/position.h"

namespace uttt::search {

namespace detail {

constexpr std::array<Mask9, 512> make_completing() {
  std::array<Mask9, 512> t{};
  for (int m = 0; m < 512; ++m)
    for (int c = 0; c < 9; ++c)
      if (!(m >> c & 1) && has_line(Mask9(m | 1 << c))) t[m] |= Mask9(1u << c);
  return t;
}

}  // namespace detail

// kCompleting[m]: the free bits that would give m a line. The same table
// serves cells of a small board and small boards of the big board.
inline constexpr auto kCompleting = detail::make_completing();

// The cells of `board` where p would win the small board now. Empty for a
// board that is already decided: winning it again is worth nothing.
inline Mask9 winning_cells(const Position& pos, Player p, int board) {
  if (pos.decided_boards() >> board & 1) return 0;
  return kCompleting[pos.cells(p, board)] & pos.empty(board);
}

// Small boards p could win with one move if it were sent there.
inline Mask9 threat_boards(const Position& pos, Player p) {
  Mask9 threats = 0;
  for (Mask9 live = kAll9 & ~(pos.decided_boards() | pos.closed_boards()); live;
       live &= Mask9(live - 1)) {
    const int b = __builtin_ctz(live);
    if (kCompleting[pos.cells(p, b)] & pos.empty(b)) threats |= Mask9(1u << b);
  }
  return threats;
}

// Big-board squares that would complete a line for p (a drawn small board
// counts for p too when the rules say so).
inline Mask9 game_winning_boards(const Position& pos, Player p) {
  const Rules r = pos.rules();
  const Mask9 own = pos.won_boards(p) | (r.draw_counts_both ? pos.drawn_boards() : Mask9(0));
  return kCompleting[own] & ~pos.decided_boards() & kAll9;
}

// True when the standard ending is already certain to be a draw: no big-board
// line can be completed by either side, and no fast-game target is in play.
// The game itself only stops there under the early-draw rule; the search
// stops there always, since nothing can change the result.
inline bool dead_draw(const Position& pos) {
  const Rules r = pos.rules();
  if (r.fast_target) return false;
  const Mask9 dead = r.draw_counts_both ? Mask9(0) : pos.drawn_boards();
  return !line_possible(pos.won_boards(Player::O) | dead) &&
         !line_possible(pos.won_boards(Player::X) | dead);
}

// A legal move that ends the game at once in favour of the side to move, or
// -1. Only moves that win a small board can do it, so only those are tried.
int immediate_game_win(const Position& pos);

}  // namespace uttt::search
