// Playouts: every policy finishes the game it is given, and the informed
// ones never miss a game won in one move.
#include <gtest/gtest.h>

#include "../test_util.h"
#include "uttt/engine/playout.h"
#include "uttt/search/rollout.h"
#include "uttt/search/tactics.h"

namespace uttt {
namespace {

using search::Playout;

constexpr Playout kPolicies[] = {Playout::kUniform, Playout::kTactical, Playout::kDecisive};

TEST(Playouts, FinishEveryGameUnderEveryVariant) {
  Rng rng(8);
  for (Rules rules : testing::all_variant_combinations())
    for (Playout policy : kPolicies)
      for (int game = 0; game < 200; ++game) {
        Position pos(rules);
        for (int plies = int(rng.below(40)); plies > 0 && !pos.is_over(); --plies)
          pos.play(random_move(pos, rng));
        if (pos.is_over()) continue;
        const Winner w = search::play_out(pos, rng, policy);
        EXPECT_NE(w, Winner::kNone) << testing::name_of(rules);
      }
}

// Under the standard rules the playouts run on their own lean copy of the
// position; uniformly random play there must end the way the engine's own
// random playout does, as often.
TEST(Playouts, UniformPlayoutsEndLikeTheEnginesOwn) {
  for (Rules rules : {Rules{}, Rules{true, false, false, 0}}) {
    Rng rng(31);
    int lean[4] = {0, 0, 0, 0}, engine[4] = {0, 0, 0, 0};
    constexpr int kGames = 40000;
    for (int game = 0; game < kGames; ++game) {
      Position pos(rules);
      for (int plies = int(rng.below(30)); plies > 0 && !pos.is_over(); --plies)
        pos.play(random_move(pos, rng));
      if (pos.is_over()) continue;
      ++lean[int(search::play_out(pos, rng, Playout::kUniform))];
      Position copy = pos;
      ++engine[int(winner_of(random_playout(copy, rng)))];
    }
    for (Winner w : {Winner::kX, Winner::kO, Winner::kDraw})
      EXPECT_NEAR(double(lean[int(w)]) / kGames, double(engine[int(w)]) / kGames, 0.015)
          << testing::name_of(rules) << " result " << int(w);
  }
}

TEST(Playouts, InformedPoliciesTakeAGameWonInOneMove) {
  Rng rng(12);
  int checked = 0;
  for (Rules rules : {Rules{}, Rules{true, false, false, 0}, Rules{false, true, false, 0}}) {
    for (int game = 0; game < 400; ++game) {
      Position pos(rules);
      while (!pos.is_over() && search::immediate_game_win(pos) < 0) pos.play(random_move(pos, rng));
      if (pos.is_over()) continue;
      ++checked;
      const Winner me = pos.side_to_move() == Player::X ? Winner::kX : Winner::kO;
      for (Playout policy : {Playout::kTactical, Playout::kDecisive})
        for (int tries = 0; tries < 5; ++tries)
          EXPECT_EQ(search::play_out(pos, rng, policy), me) << testing::name_of(rules);
    }
  }
  EXPECT_GT(checked, 500);
}

}  // namespace
}  // namespace uttt
