// The one-move tactics against brute force: play every move and look.
#include <gtest/gtest.h>

#include "../test_util.h"
#include "uttt/search/tactics.h"

namespace uttt {
namespace {

TEST(Tactics, AgreeWithPlayingEveryMove) {
  Rng rng(17);
  int wins_seen = 0;
  for (Rules rules : testing::all_variant_combinations()) {
    for (int game = 0; game < 150; ++game) {
      Position pos(rules);
      while (!pos.is_over()) {
        const Player me = pos.side_to_move();
        MoveList moves;
        pos.legal_moves(moves);
        bool any_game_win = false;
        Mask9 threats[2] = {0, 0};
        for (Move m : moves) {
          Position next = pos;
          next.play(m);
          const Winner w = winner_of(next.status());
          any_game_win |= w == (me == Player::X ? Winner::kX : Winner::kO);
          if (next.won_boards(me) != pos.won_boards(me)) {
            EXPECT_TRUE(search::winning_cells(pos, me, board_of(m)) >> cell_of(m) & 1);
          } else {
            EXPECT_FALSE(search::winning_cells(pos, me, board_of(m)) >> cell_of(m) & 1);
          }
        }
        // Threats: boards that are live and where one more mark wins.
        for (int b = 0; b < 9; ++b)
          for (int p = 0; p < 2; ++p)
            if (!((pos.decided_boards() | pos.closed_boards()) >> b & 1) &&
                search::winning_cells(pos, Player(p), b))
              threats[p] |= Mask9(1u << b);
        EXPECT_EQ(search::threat_boards(pos, Player::X), threats[0]);
        EXPECT_EQ(search::threat_boards(pos, Player::O), threats[1]);

        const int win = search::immediate_game_win(pos);
        EXPECT_EQ(win >= 0, any_game_win) << testing::name_of(rules) << " ply " << pos.ply();
        if (win >= 0) {
          ++wins_seen;
          Position next = pos;
          next.play(Move(win));
          EXPECT_EQ(winner_of(next.status()), me == Player::X ? Winner::kX : Winner::kO);
        }
        pos.play(moves[int(rng.below(std::uint32_t(moves.size)))]);
      }
    }
  }
  EXPECT_GT(wins_seen, 1000);
}

// A certain draw is one no sequence of moves can turn into a win.
TEST(Tactics, DeadDrawMeansEveryContinuationDraws) {
  Rng rng(3);
  int checked = 0;
  for (Rules rules : testing::all_variant_combinations()) {
    if (rules.early_draw) continue;
    for (int game = 0; game < 600; ++game) {
      Position pos(rules);
      while (!pos.is_over() && !search::dead_draw(pos)) pos.play(random_move(pos, rng));
      if (pos.is_over()) continue;
      ++checked;
      for (int tries = 0; tries < 20; ++tries) {
        Position rest = pos;
        while (!rest.is_over()) rest.play(random_move(rest, rng));
        EXPECT_EQ(winner_of(rest.status()), Winner::kDraw) << testing::name_of(rules);
      }
      EXPECT_FALSE(rules.fast_target);  // a fast game can still be won by count
    }
  }
  EXPECT_GT(checked, 50);
}

}  // namespace
}  // namespace uttt
