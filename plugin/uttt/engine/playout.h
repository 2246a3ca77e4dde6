// Uniformly random play to the end: the inner loop of the benchmark and of
// every Monte Carlo search built on this engine.
#pragma once

#include "position.h"
#include "random.h"

namespace uttt {

// A move drawn uniformly from the legal moves of a position that is not over.
inline Move random_move(const Position& pos, Rng& rng) {
  if (!pos.is_free_move()) {
    const int b = pos.destination();
    const Mask9 e = pos.empty(b);
    return make_move(b, kSelect[e][rng.below(popcount9(e))]);
  }
  std::uint8_t count[kBoards];
  int total = 0;
  const Mask9 open = kAll9 & ~pos.closed_boards();
  for (int b = 0; b < kBoards; ++b) {
    count[b] = (open >> b & 1) ? popcount9(pos.empty(b)) : 0;
    total += count[b];
  }
  int k = int(rng.below(std::uint32_t(total)));
  int b = 0;
  while (k >= count[b]) k -= count[b++];
  return make_move(b, kSelect[pos.empty(b)][k]);
}

inline Status random_playout(Position& pos, Rng& rng) {
  while (!pos.is_over()) pos.play(random_move(pos, rng));
  return pos.status();
}

}  // namespace uttt
