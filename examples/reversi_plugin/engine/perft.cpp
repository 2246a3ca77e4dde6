#include "perft.h"

namespace reversi {

std::uint64_t perft(const Position& p, int depth) {
  if (depth == 0) return 1;
  Bits moves = p.legal_moves();
  if (moves == 0) {
    if (p.is_over()) return 1;
    Position next = p;
    next.pass();
    return perft(next, depth - 1);
  }
  if (depth == 1) return std::uint64_t(count(moves));
  std::uint64_t leaves = 0;
  for (; moves; moves &= moves - 1) {
    Position next = p;
    next.play(lowest_square(moves));
    leaves += perft(next, depth - 1);
  }
  return leaves;
}

}  // namespace reversi
