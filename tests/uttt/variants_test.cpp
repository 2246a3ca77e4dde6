// The variant switches: each one on its own, against facts re-derived from
// the raw masks, and the early draw against its exact definition.
#include <gtest/gtest.h>

#include "test_util.h"

namespace uttt {
namespace {

constexpr const char* kXWinsBoardOne = "uttt: 1/1 1/4 4/2 2/1 1/2 2/4 4/3 3/1 1/3";

// Could `who` still complete a line of the big board (or reach the fast
// target)? Written from the rules sheet, board by board.
bool can_still_win(const Position& pos, Player who) {
  const Rules r = pos.rules();
  for (Mask9 line : kLines) {
    bool open = true;
    for (int b = 0; b < 9; ++b) {
      if (!(line >> b & 1)) continue;
      if (pos.won_boards(~who) >> b & 1) open = false;
      if ((pos.drawn_boards() >> b & 1) && !r.draw_counts_both) open = false;
    }
    if (open) return true;
  }
  if (r.fast_target) {
    const int undecided = 9 - popcount9(pos.decided_boards());
    if (popcount9(pos.won_boards(who)) + undecided >= r.fast_target) return true;
  }
  return false;
}

TEST(EarlyDraw, FiresExactlyWhenNoLineIsPossible) {
  Rng rng(21);
  int fired = 0;
  for (Rules base : testing::all_variant_combinations()) {
    if (base.early_draw) continue;
    Rules early = base;
    early.early_draw = true;
    for (int game = 0; game < 2000; ++game) {
      Position plain(base), with_rule(early);
      while (!plain.is_over()) {
        const Move m = random_move(plain, rng);
        plain.play(m);
        ASSERT_TRUE(with_rule.is_legal(m));
        with_rule.play(m);
        const bool dead = !can_still_win(plain, Player::X) && !can_still_win(plain, Player::O);
        if (plain.is_over()) {
          // The same result, unless the early draw came on this very move.
          if (with_rule.status() == Status::kDrawEarly) ASSERT_TRUE(dead);
          else ASSERT_EQ(with_rule.status(), plain.status());
          break;
        }
        ASSERT_EQ(with_rule.status() == Status::kDrawEarly, dead) << testing::name_of(early);
        if (dead) {
          ++fired;
          break;
        }
      }
    }
  }
  EXPECT_GT(fired, 100);
}

TEST(OpenBoards, SentToAWonBoardYouStillPlayThere) {
  Rules rules;
  rules.open_boards = true;
  auto game = parse_game(std::string("uttt open-boards") + (kXWinsBoardOne + 4) + " 3/5 5/1");
  ASSERT_TRUE(game) << game.error;
  const Position pos = game.value.position();
  EXPECT_EQ(pos.won_boards(Player::X), 1);
  EXPECT_FALSE(pos.is_free_move());
  EXPECT_EQ(pos.destination(), 0);
  EXPECT_EQ(pos.count_legal_moves(), 5);
  EXPECT_EQ(pos.check(make_move(6, 6)), MoveError::kWrongBoard);
}

TEST(OpenBoards, WonBoardKeepsItsOwnerAndFreeMoveOnlyWhenFull) {
  Rules rules;
  rules.open_boards = true;
  Rng rng(8);
  int refilled = 0;
  for (int game = 0; game < 3000; ++game) {
    Position pos(rules);
    while (!pos.is_over()) {
      const Mask9 x = pos.won_boards(Player::X), o = pos.won_boards(Player::O);
      const Move m = random_move(pos, rng);
      pos.play(m);
      // Owners never change once set.
      ASSERT_EQ(pos.won_boards(Player::X) & x, x);
      ASSERT_EQ(pos.won_boards(Player::O) & o, o);
      ASSERT_EQ(pos.won_boards(Player::X) & pos.won_boards(Player::O), 0);
      if (pos.is_over()) break;
      const int target = cell_of(m);
      const bool full = pos.occupied(target) == kAll9;
      ASSERT_EQ(pos.is_free_move(), full);
      if (!full && (pos.decided_boards() >> target & 1)) ++refilled;
    }
  }
  EXPECT_GT(refilled, 1000);
}

TEST(DrawCountsForBoth, DrawnBoardsCompleteLinesForEitherPlayer) {
  Rules rules;
  rules.draw_counts_both = true;
  Rng rng(4);
  int with_drawn = 0;
  for (int game = 0; game < 5000; ++game) {
    Position pos(rules);
    Player mover = Player::X;
    while (!pos.is_over()) {
      mover = pos.side_to_move();
      pos.play(random_move(pos, rng));
    }
    const Mask9 wild = pos.drawn_boards();
    const bool x_line = has_line(pos.won_boards(Player::X) | wild);
    const bool o_line = has_line(pos.won_boards(Player::O) | wild);
    const Winner w = winner_of(pos.status());
    if (w == Winner::kDraw) {
      EXPECT_FALSE(x_line || o_line);
      continue;
    }
    const bool x_won = w == Winner::kX;
    EXPECT_TRUE(x_won ? x_line : o_line);
    // A move that completes lines for both players wins for the mover.
    if (x_line && o_line) {
      EXPECT_EQ(x_won, mover == Player::X);
    }
    const Mask9 own = pos.won_boards(x_won ? Player::X : Player::O);
    if (!has_line(own)) ++with_drawn;
  }
  EXPECT_GT(with_drawn, 500);
}

TEST(FastGame, FirstToTheTargetWins) {
  for (int target = Rules::kMinFastTarget; target <= Rules::kMaxFastTarget; ++target) {
    Rules rules;
    rules.fast_target = std::uint8_t(target);
    Rng rng(target);
    int fast_wins = 0, standard_ends = 0;
    for (int game = 0; game < 20000; ++game) {
      Position pos(rules);
      while (!pos.is_over()) {
        ASSERT_LT(popcount9(pos.won_boards(Player::X)), target);
        ASSERT_LT(popcount9(pos.won_boards(Player::O)), target);
        pos.play(random_move(pos, rng));
      }
      const Status s = pos.status();
      if (s == Status::kXFast || s == Status::kOFast) {
        ++fast_wins;
        const Player p = s == Status::kXFast ? Player::X : Player::O;
        EXPECT_EQ(popcount9(pos.won_boards(p)), target);
        EXPECT_FALSE(has_line(pos.won_boards(p)));  // a line is reported as a line
      } else {
        ++standard_ends;  // nobody reached the target: the standard ending
      }
    }
    EXPECT_GT(fast_wins, 0) << target;
    EXPECT_GT(standard_ends, 0) << target;
  }
}

TEST(Rules, PackRoundTripsAndValidatesTheFastTarget) {
  for (const Rules& r : testing::all_variant_combinations()) {
    EXPECT_EQ(Rules::unpack(r.pack()), r);
    EXPECT_TRUE(r.valid());
  }
  Rules bad;
  bad.fast_target = 2;
  EXPECT_FALSE(bad.valid());
  bad.fast_target = 7;
  EXPECT_FALSE(bad.valid());
}

}  // namespace
}  // namespace uttt
