#include "perft.h"

namespace uttt {

namespace {

// The children of `pos` and their move counts, without playing most moves:
// a move that decides no small board changes nothing but one cell and the
// destination, so the child's count follows from the parent's masks.
std::uint64_t perft2(const Position& pos) {
  const Mask9 closed = pos.closed_boards();
  int empties[kBoards];
  int open_empty = 0;
  for (int b = 0; b < kBoards; ++b) {
    empties[b] = popcount9(pos.empty(b));
    if (!(closed >> b & 1)) open_empty += empties[b];
  }
  const Player me = pos.side_to_move();
  std::uint64_t n = 0;
  for (Mask9 boards = pos.playable_boards(); boards; boards &= Mask9(boards - 1)) {
    const int b = __builtin_ctz(boards);
    const Mask9 mine = pos.cells(me, b), occupied = pos.occupied(b);
    const bool undecided = !(pos.decided_boards() >> b & 1);
    for (Mask9 e = Mask9(kAll9 & ~occupied); e; e &= Mask9(e - 1)) {
      const int c = __builtin_ctz(e);
      const Mask9 bit = Mask9(1u << c);
      if ((undecided && has_line(mine | bit)) || (occupied | bit) == kAll9) {
        Position child = pos;
        child.play(b, c);
        n += child.count_legal_moves();
      } else if (c == b) {
        n += empties[b] - 1;
      } else if (closed >> c & 1) {
        n += open_empty - 1;
      } else {
        n += empties[c];
      }
    }
  }
  return n;
}

}  // namespace

std::uint64_t perft(const Position& pos, int depth) {
  if (depth <= 0) return 1;
  if (pos.is_over()) return 0;
  if (depth == 1) return pos.count_legal_moves();
  if (depth == 2) return perft2(pos);
  std::uint64_t n = 0;
  for (Mask9 boards = pos.playable_boards(); boards; boards &= Mask9(boards - 1)) {
    const int b = __builtin_ctz(boards);
    for (Mask9 e = pos.empty(b); e; e &= Mask9(e - 1)) {
      Position child = pos;
      child.play(b, __builtin_ctz(e));
      n += perft(child, depth - 1);
    }
  }
  return n;
}

}  // namespace uttt
