// The fast engine against the naive reference: random games under every
// variant combination, comparing legal moves and results after every move.
#include <algorithm>
#include <vector>

#include <gtest/gtest.h>

#include "reference/naive_engine.h"
#include "test_util.h"

namespace uttt {
namespace {

TEST(Differential, FastEngineAgreesWithNaiveReference) {
  const auto variants = testing::all_variant_combinations();
  const int games_per_variant = 10000 / int(variants.size()) + 1;
  Rng rng(2024);
  int games = 0;
  for (const Rules& rules : variants) {
    for (int g = 0; g < games_per_variant; ++g, ++games) {
      Position fast(rules);
      reference::NaiveGame naive(rules);
      for (;;) {
        MoveList list;
        fast.legal_moves(list);
        std::vector<int> fast_moves(list.begin(), list.end());
        std::sort(fast_moves.begin(), fast_moves.end());
        ASSERT_EQ(fast_moves, naive.legal_moves())
            << testing::name_of(rules) << " game " << g << " ply " << fast.ply();
        ASSERT_EQ(fast.status(), naive.status()) << testing::name_of(rules) << " game " << g;
        ASSERT_EQ(fast.count_legal_moves(), int(fast_moves.size()));
        if (fast_moves.empty()) break;
        const int m = fast_moves[rng.below(std::uint32_t(fast_moves.size()))];
        fast.play(Move(m));
        naive.play(m);
      }
      ASSERT_TRUE(fast.is_over());
      ASSERT_LE(fast.ply(), kMaxPlies);
    }
  }
  EXPECT_GE(games, 10000);
}

}  // namespace
}  // namespace uttt
