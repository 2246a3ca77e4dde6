#include <gtest/gtest.h>

#include "uttt/engine/perft.h"
#include "uttt/engine/playout.h"

namespace uttt {
namespace {

TEST(Perft, StartPositionThroughDepthSeven) {
  const std::uint64_t expected[] = {81, 720, 6336, 55080, 473256, 4020960, 33782544};
  const Position start;
  for (int depth = 1; depth <= 7; ++depth)
    EXPECT_EQ(perft(start, depth), expected[depth - 1]) << "depth " << depth;
}

// The depth-2 shortcut must agree with playing every move, under every
// variant and from positions where boards are already decided.
std::uint64_t slow_perft(const Position& pos, int depth) {
  if (depth == 0) return 1;
  MoveList moves;
  pos.legal_moves(moves);
  std::uint64_t n = 0;
  for (Move m : moves) {
    Position child = pos;
    child.play(m);
    n += slow_perft(child, depth - 1);
  }
  return n;
}

TEST(Perft, ShortcutMatchesFullExpansionMidGame) {
  Rng rng(7);
  for (int variant = 0; variant < 16; ++variant) {
    Rules rules = Rules::unpack(std::uint8_t(variant & 7));
    if (variant & 8) rules.fast_target = 3;
    for (int game = 0; game < 40; ++game) {
      Position pos(rules);
      const int stop = int(rng.below(70));
      while (!pos.is_over() && pos.ply() < stop) pos.play(random_move(pos, rng));
      for (int depth = 1; depth <= 3; ++depth)
        ASSERT_EQ(perft(pos, depth), slow_perft(pos, depth)) << "variant " << variant;
    }
  }
}

}  // namespace
}  // namespace uttt
