#include <gtest/gtest.h>

#include "tictactoe/engine/players.h"

namespace ttt {
namespace {

// Experto against every possible sequence of opponent moves.
void never_loses(const Position& pos, Player experto, std::uint64_t seed, int& games) {
  if (pos.is_over()) {
    ++games;
    const Status lost = experto == Player::X ? Status::kOWins : Status::kXWins;
    ASSERT_NE(pos.status(), lost);
    return;
  }
  if (pos.side_to_move() == experto) {
    Position next = pos;
    ASSERT_EQ(next.try_play(choose_move(pos, Level::kExperto, seed)), MoveError::kOk);
    never_loses(next, experto, seed * 31 + 7, games);
    return;
  }
  for (Mask9 m = pos.legal_moves(); m; m &= Mask9(m - 1)) {
    Position next = pos;
    next.play(__builtin_ctz(m));
    never_loses(next, experto, seed + __builtin_ctz(m), games);
  }
}

TEST(Experto, NeverLosesWithEitherSide) {
  for (Player side : {Player::X, Player::O}) {
    for (std::uint64_t seed : {1, 2, 3}) {
      int games = 0;
      never_loses(Position{}, side, seed, games);
      EXPECT_GT(games, 0);
    }
  }
}

TEST(Experto, WinsWheneverTheOpponentsMistakeAllowsIt) {
  // Every reachable position where the side to move can force a win.
  int checked = 0;
  auto walk = [&](auto& self, const Position& pos) -> void {
    if (pos.is_over()) return;
    if (solve(pos) > 0) {
      ++checked;
      Position next = pos;
      next.play(choose_move(pos, Level::kExperto, 5));
      ASSERT_LT(solve(next), 0);  // still a forced win, now for the mover
    }
    for (Mask9 m = pos.legal_moves(); m; m &= Mask9(m - 1)) {
      Position next = pos;
      next.play(__builtin_ctz(m));
      self(self, next);
    }
  };
  walk(walk, Position{});
  EXPECT_GT(checked, 1000);
}

TEST(Solve, PerfectPlayIsADraw) { EXPECT_EQ(solve(Position{}), 0); }

TEST(Normal, NeverMissesAWinOrABlock) {
  int wins = 0, blocks = 0;
  auto walk = [&](auto& self, const Position& pos) -> void {
    if (pos.is_over()) return;
    const Player me = pos.side_to_move();
    const Mask9 win = winning_squares(pos, me), block = winning_squares(pos, ~me);
    for (std::uint64_t seed : {1, 2}) {
      const int sq = choose_move(pos, Level::kNormal, seed);
      ASSERT_TRUE(pos.legal_moves() >> sq & 1);
      if (win) {
        ++wins;
        ASSERT_TRUE(win >> sq & 1);
      } else if (block) {
        ++blocks;
        ASSERT_TRUE(block >> sq & 1);
      }
    }
    for (Mask9 m = pos.legal_moves(); m; m &= Mask9(m - 1)) {
      Position next = pos;
      next.play(__builtin_ctz(m));
      self(self, next);
    }
  };
  walk(walk, Position{});
  EXPECT_GT(wins, 1000);
  EXPECT_GT(blocks, 1000);
}

TEST(Normal, OpensInTheCentre) { EXPECT_EQ(choose_move(Position{}, Level::kNormal, 9), 4); }

TEST(Novato, PlaysLegallyAndSometimesMissesABlock) {
  Position pos;
  for (int sq : {0, 4, 1}) pos.play(sq);  // X threatens 2; O must block
  int missed = 0;
  for (std::uint64_t seed = 0; seed < 200; ++seed) {
    const int sq = choose_move(pos, Level::kNovato, seed);
    ASSERT_TRUE(pos.legal_moves() >> sq & 1);
    missed += sq != 2;
  }
  EXPECT_GT(missed, 20);
  EXPECT_LT(missed, 180);
}

TEST(Levels, SameSeedSameMove) {
  Position pos;
  pos.play(0);
  for (Level l : {Level::kNovato, Level::kNormal, Level::kExperto})
    EXPECT_EQ(choose_move(pos, l, 77), choose_move(pos, l, 77));
}

}  // namespace
}  // namespace ttt
