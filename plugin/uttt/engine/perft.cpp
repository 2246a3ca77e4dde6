#include "perft.h"

namespace uttt {

namespace {

// The children of `pos` and their move counts, without playing most moves:
// a move that decides no small board changes nothing but one cell and the
// destination, so the child's count follows from the parent's masks.
std::uint64_t perft2(const Position& pos) {
  MoveList moves;
  pos.legal_moves(moves);
  const Mask9 closed = pos.closed_boards();
  int open_empty = 0;
  for (Mask9 open = kAll9 & ~closed; open; open &= Mask9(open - 1))
    open_empty += popcount9(pos.empty(__builtin_ctz(open)));
  const Player me = pos.side_to_move();
  std::uint64_t n = 0;
  for (Move m : moves) {
    const int b = board_of(m), c = cell_of(m);
    const Mask9 bit = Mask9(1u << c);
    const bool wins = !(pos.decided_boards() >> b & 1) && has_line(pos.cells(me, b) | bit);
    if (wins || (pos.occupied(b) | bit) == kAll9) {
      Position child = pos;
      child.play(m);
      n += child.count_legal_moves();
    } else if (c == b) {
      n += popcount9(pos.empty(b)) - 1;
    } else if (closed >> c & 1) {
      n += open_empty - 1;
    } else {
      n += popcount9(pos.empty(c));
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
  MoveList moves;
  pos.legal_moves(moves);
  std::uint64_t n = 0;
  for (Move m : moves) {
    Position child = pos;
    child.play(m);
    n += perft(child, depth - 1);
  }
  return n;
}

}  // namespace uttt
