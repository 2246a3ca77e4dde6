// Uniformly random play to the end: the inner loop of the benchmark and of
// every Monte Carlo search built on this engine.
#pragma once

#include "position.h"
#include "random.h"

namespace uttt {

struct Spot {
  int board, cell;
};

// A move drawn uniformly from the legal moves of a position that is not
// over, kept as board and cell so the caller need not divide by 9.
inline Spot random_spot(const Position& pos, Rng& rng) {
  if (!pos.is_free_move()) {
    const int b = pos.destination();
    const Mask9 e = pos.empty(b);
    return {b, kSelect[e][rng.below(popcount9(e))]};
  }
  // Masking instead of skipping closed boards: which boards are closed is
  // too irregular for the branch predictor.
  std::uint8_t count[kBoards];
  int total = 0;
  const Mask9 open = kAll9 & ~pos.closed_boards();
  for (int b = 0; b < kBoards; ++b) {
    count[b] = std::uint8_t(popcount9(pos.empty(b) & Mask9(-(open >> b & 1))));
    total += count[b];
  }
  int k = int(rng.below(std::uint32_t(total)));
  int b = 0;
  while (k >= count[b]) k -= count[b++];
  return {b, kSelect[pos.empty(b)][k]};
}

inline Move random_move(const Position& pos, Rng& rng) {
  const Spot s = random_spot(pos, rng);
  return make_move(s.board, s.cell);
}

inline Status random_playout(Position& pos, Rng& rng) {
  // Local copies let the compiler keep the state out of memory it must
  // assume the caller can see.
  Position local = pos;
  Rng r = rng;
  while (!local.is_over()) {
    const Spot s = random_spot(local, r);
    local.play(s.board, s.cell);
  }
  pos = local;
  rng = r;
  return pos.status();
}

}  // namespace uttt
