// The static evaluation: its features recounted from their definitions, and
// estimates that agree with positions whose outcome is plain.
#include <gtest/gtest.h>

#include "../test_util.h"
#include "uttt/search/evaluation.h"
#include "uttt/search/tactics.h"

namespace uttt {
namespace {

using namespace search;

// Big-board lines holding `own` of p's boards, the rest undecided.
int big_lines(const Position& pos, Player p, int own) {
  int n = 0;
  for (Mask9 line : kLines) {
    int mine = 0, open = 0;
    for (int b = 0; b < 9; ++b) {
      if (!(line >> b & 1)) continue;
      mine += pos.won_boards(p) >> b & 1;
      open += !(pos.decided_boards() >> b & 1);
    }
    n += mine == own && open == 3 - own;
  }
  return n;
}

// Boards p could win by playing one cell there, found by trying every cell.
Mask9 boards_winnable(const Position& pos, Player p) {
  Mask9 boards = 0;
  for (int b = 0; b < 9; ++b) {
    if ((pos.decided_boards() | pos.closed_boards()) >> b & 1) continue;
    for (int c = 0; c < 9; ++c)
      if ((pos.empty(b) >> c & 1) && has_line(Mask9(pos.cells(p, b) | 1u << c)))
        boards |= Mask9(1u << b);
  }
  return boards;
}

TEST(Evaluation, FeaturesMatchTheirDefinitions) {
  Rng rng(23);
  int checked = 0;
  for (int game = 0; game < 300; ++game) {
    Position pos;
    while (!pos.is_over()) {
      const Features f = features_of(pos);
      float expected[kFeatureCount] = {};
      Mask9 winnable[2];
      for (int p = 0; p < 2; ++p) {
        const Player player = Player(p);
        const float sign = p == 0 ? 1.0f : -1.0f;
        const Mask9 won = pos.won_boards(player);
        expected[kCentreBoards] += sign * (won >> 4 & 1);
        for (int b : {0, 2, 6, 8}) expected[kCornerBoards] += sign * (won >> b & 1);
        for (int b : {1, 3, 5, 7}) expected[kEdgeBoards] += sign * (won >> b & 1);
        expected[kBigTwos] += sign * big_lines(pos, player, 2);
        expected[kBigOnes] += sign * big_lines(pos, player, 1);
        winnable[p] = boards_winnable(pos, player);
        expected[kThreatBoards] += sign * popcount9(winnable[p]);
        for (int b = 0; b < 9; ++b) {
          if (!(winnable[p] >> b & 1)) continue;
          Mask9 with_b = Mask9(won | 1u << b);
          expected[kDecisiveThreats] += sign * has_line(with_b);
        }
      }
      const Player me = pos.side_to_move();
      const float sign = me == Player::X ? 1.0f : -1.0f;
      expected[kToMove] = sign;
      expected[kFreeMove] = pos.is_free_move() ? sign : 0;
      expected[kCanWinBoard] = (winnable[int(me)] & pos.playable_boards()) ? sign : 0;
      expected[kCanWinGame] = immediate_game_win(pos) >= 0 ? sign : 0;
      expected[kMustFaceThreat] =
          !pos.is_free_move() && (winnable[int(me) ^ 1] >> pos.destination() & 1) ? sign : 0;
      for (int i = 0; i < kFeatureCount; ++i)
        ASSERT_EQ(f[i], expected[i]) << "feature " << i << " at ply " << pos.ply();
      ++checked;
      pos.play(random_move(pos, rng));
    }
  }
  EXPECT_GT(checked, 10000);
}

TEST(Evaluation, SeesAGameWinInOneMove) {
  Rng rng(5);
  int seen[2] = {0, 0};
  for (int game = 0; game < 2000 && (seen[0] < 20 || seen[1] < 20); ++game) {
    Position pos;
    while (!pos.is_over()) {
      if (immediate_game_win(pos) >= 0) {
        const float x = x_win_chance(pos);
        if (pos.side_to_move() == Player::X) {
          EXPECT_GT(x, 0.9f) << "ply " << pos.ply();
        } else {
          EXPECT_LT(x, 0.1f) << "ply " << pos.ply();
        }
        ++seen[int(pos.side_to_move())];
      }
      pos.play(random_move(pos, rng));
    }
  }
  EXPECT_GE(seen[0], 20);
  EXPECT_GE(seen[1], 20);
}

TEST(Evaluation, FinishedGamesGiveTheirResult) {
  Rng rng(8);
  int results[3] = {0, 0, 0};  // mover won, drew, lost
  for (int game = 0; game < 500; ++game) {
    Position pos;
    while (!pos.is_over()) pos.play(random_move(pos, rng));
    const Winner w = winner_of(pos.status());
    const Winner mover = pos.side_to_move() == Player::X ? Winner::kO : Winner::kX;
    const float chance = mover_win_chance(pos);
    if (w == Winner::kDraw) {
      EXPECT_EQ(chance, 0.5f);
      ++results[1];
    } else {
      EXPECT_EQ(chance, w == mover ? 1.0f : 0.0f);
      ++results[w == mover ? 0 : 2];
    }
  }
  EXPECT_GT(results[0], 0);
  EXPECT_GT(results[1], 0);
}

TEST(Evaluation, MoverChanceIsTheSideThatMovedOfTheXChance) {
  Rng rng(12);
  Position pos;
  while (!pos.is_over()) {
    const float x = x_win_chance(pos);
    EXPECT_GT(x, 0.0f);
    EXPECT_LT(x, 1.0f);
    EXPECT_FLOAT_EQ(mover_win_chance(pos), pos.side_to_move() == Player::O ? x : 1.0f - x);
    pos.play(random_move(pos, rng));
  }
}

TEST(Evaluation, MoveEstimatesAgreeWithEvaluatingEachMove) {
  Rng rng(31);
  int checked = 0;
  for (Rules rules : testing::all_variant_combinations()) {
    for (int game = 0; game < 20; ++game) {
      Position pos(rules);
      while (!pos.is_over()) {
        const MoveEstimates estimates(pos);
        MoveList moves;
        pos.legal_moves(moves);
        for (Move m : moves) {
          Position next = pos;
          next.play(m);
          // The same terms, added in another order.
          ASSERT_NEAR(estimates.after(m), mover_win_chance(next), 1e-6)
              << testing::name_of(rules) << " ply " << pos.ply() << " move " << int(m);
          ++checked;
        }
        pos.play(random_move(pos, rng));
      }
    }
  }
  EXPECT_GT(checked, 100000);
}

}  // namespace
}  // namespace uttt
