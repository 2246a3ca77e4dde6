// Glicko-2 against the worked example of Glickman's "Example of the Glicko-2
// system", and the club's rules around it: games rated one at a time, RD
// kept within bounds, the provisional flag and the checks on input.
#include "boardgame/players/glicko2.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <stdexcept>

namespace {

using namespace boardgame::players::glicko2;

TEST(Glicko2, PapersWorkedExample) {
  const Rating player{1500, 200, 0.06};
  const std::vector<Result> games = {
      {{1400, 30, 0.06}, 1},
      {{1550, 100, 0.06}, 0},
      {{1700, 300, 0.06}, 0},
  };
  const Rating r = update(player, games, 0.5);
  // The paper's published figures.
  EXPECT_NEAR(r.rating, 1464.06, 0.01);
  EXPECT_NEAR(r.deviation, 151.52, 0.01);
  EXPECT_NEAR(r.volatility, 0.05999, 0.00001);
}

// The example barely moves volatility, so it cannot tell a wrong step 5 from a
// right one at the paper's precision. After an upset volatility must move, and
// the new value must be the root of step 5's f, written out here from the paper.
TEST(Glicko2, VolatilitySolvesStepFive) {
  const Rating player{1500, 50, 0.06};
  const Rating opponent{1200, 50, 0.06};
  for (double tau : {0.3, 0.5, 1.2}) {
    const Rating r = update(player, {{opponent, 0}}, tau);
    ASSERT_GT(r.volatility, 0.06) << tau;  // an upset: less sure of the player

    const double pi = 3.14159265358979323846;
    const double phi = 50 / kScale;
    const double mu_j = -300 / kScale;
    const double g = 1 / std::sqrt(1 + 3 * phi * phi / (pi * pi));
    const double e = 1 / (1 + std::exp(-g * (0 - mu_j)));
    const double v = 1 / (g * g * e * (1 - e));
    const double delta = v * g * (0 - e);
    const double a = std::log(0.06 * 0.06);
    const double x = std::log(r.volatility * r.volatility);
    const double d = phi * phi + v + std::exp(x);
    const double f = std::exp(x) * (delta * delta - phi * phi - v - std::exp(x)) / (2 * d * d) -
                     (x - a) / (tau * tau);
    EXPECT_NEAR(f, 0, 1e-4) << tau;
  }
  // tau is how far volatility may move.
  EXPECT_LT(update(player, {{opponent, 0}}, 0.3).volatility,
            update(player, {{opponent, 0}}, 1.2).volatility);
}

TEST(Glicko2, NoGamesOnlyDeviationGrows) {
  const Rating player{1620, 200, 0.06};
  const Rating r = update(player, {});
  const double phi = 200 / kScale;
  EXPECT_DOUBLE_EQ(r.rating, 1620);
  EXPECT_DOUBLE_EQ(r.volatility, 0.06);
  EXPECT_NEAR(r.deviation, std::sqrt(phi * phi + 0.06 * 0.06) * kScale, 1e-9);
  EXPECT_GT(r.deviation, 200);
}

TEST(Glicko2, NoGamesDeviationStopsAtStart) {
  // Uncapped, step 6 would give sqrt(340^2 + (0.5 * kScale)^2) = 350.9.
  EXPECT_DOUBLE_EQ(update({1500, 340, 0.5}, {}).deviation, kStartDeviation);
  EXPECT_DOUBLE_EQ(update(Rating{}, {}).deviation, kStartDeviation);
  // The cap stops growth; it does not shrink an RD that arrived above it.
  EXPECT_DOUBLE_EQ(update({1500, 400, 0.06}, {}).deviation, 400);
}

TEST(Glicko2, DrawBetweenEqualsMovesNoRating) {
  const Rating p{1500, 200, 0.06};
  const auto [a, b] = rate_game(p, p, 0.5);
  EXPECT_NEAR(a.rating, 1500, 1e-9);
  EXPECT_NEAR(b.rating, 1500, 1e-9);
  EXPECT_LT(a.deviation, 200);
  EXPECT_LT(b.deviation, 200);
}

TEST(Glicko2, WinBetweenEqualsMovesBothByTheSame) {
  const Rating p{1500, 200, 0.06};
  const auto [winner, loser] = rate_game(p, p, 1);
  EXPECT_GT(winner.rating, 1500);
  EXPECT_LT(loser.rating, 1500);
  EXPECT_NEAR(winner.rating - 1500, 1500 - loser.rating, 1e-9);
  EXPECT_NEAR(winner.deviation, loser.deviation, 1e-9);
}

TEST(Glicko2, WinBetweenMirroredPlayersIsSymmetric) {
  // Mirrored about 1500 with equal RD: the favourite's win gains what the
  // underdog's win would, and the loser loses as much as the winner gains.
  const Rating strong{1600, 120, 0.06};
  const Rating weak{1400, 120, 0.06};
  const auto [s1, w1] = rate_game(strong, weak, 1);
  EXPECT_GT(s1.rating, 1600);
  EXPECT_LT(w1.rating, 1400);
  EXPECT_NEAR(s1.rating - 1600, 1400 - w1.rating, 1e-9);
  const auto [s0, w0] = rate_game(strong, weak, 0);
  EXPECT_NEAR(1600 - s0.rating, w0.rating - 1400, 1e-9);
  EXPECT_GT(1600 - s0.rating, s1.rating - 1600);  // upsets move more
}

TEST(Glicko2, DrawLiesBetweenWinAndLoss) {
  const Rating a{1650, 80, 0.06};
  const Rating b{1480, 150, 0.06};
  const double win = rate_game(a, b, 1).first.rating;
  const double draw = rate_game(a, b, 0.5).first.rating;
  const double loss = rate_game(a, b, 0).first.rating;
  EXPECT_LT(loss, draw);
  EXPECT_LT(draw, win);

  // Between equals a draw is exactly halfway, i.e. no change.
  const Rating p{1500, 200, 0.06};
  const double win_change = rate_game(p, p, 1).first.rating - 1500;
  const double loss_change = rate_game(p, p, 0).first.rating - 1500;
  const double draw_change = rate_game(p, p, 0.5).first.rating - 1500;
  EXPECT_NEAR(draw_change, (win_change + loss_change) / 2, 1e-9);
  EXPECT_NEAR(draw_change, 0, 1e-9);
}

TEST(Glicko2, RateGameKeepsDeviationWithinBounds) {
  // Two long-established players (say, imported from elsewhere with RD 25):
  // update() alone would keep RD below the floor.
  const Rating old_hand{1800, 25, 0.03};
  ASSERT_LT(update(old_hand, {{old_hand, 0.5}}).deviation, kMinDeviation);
  const auto [a, b] = rate_game(old_hand, old_hand, 0.5);
  EXPECT_DOUBLE_EQ(a.deviation, kMinDeviation);
  EXPECT_DOUBLE_EQ(b.deviation, kMinDeviation);

  // A wildly volatile newcomer: update() alone would take RD above the cap.
  const Rating wild{1500, 350, 3.0};
  ASSERT_GT(update(wild, {{Rating{1500, 350, 0.06}, 1}}).deviation, kMaxDeviation);
  EXPECT_DOUBLE_EQ(rate_game(wild, Rating{1500, 350, 0.06}, 1).first.deviation,
                   kMaxDeviation);
}

TEST(Glicko2, ProvisionalAbove110) {
  EXPECT_TRUE(Rating{}.provisional());
  EXPECT_TRUE((Rating{1500, 110.01, 0.06}.provisional()));
  EXPECT_FALSE((Rating{1500, 110, 0.06}.provisional()));
  EXPECT_FALSE((Rating{1500, 60, 0.06}.provisional()));
}

TEST(Glicko2, BadInputsThrow) {
  constexpr double nan = std::numeric_limits<double>::quiet_NaN();
  constexpr double inf = std::numeric_limits<double>::infinity();
  const Rating ok{};
  EXPECT_THROW(rate_game(ok, ok, 1.01), std::invalid_argument);
  EXPECT_THROW(rate_game(ok, ok, -0.01), std::invalid_argument);
  EXPECT_THROW(rate_game(ok, ok, nan), std::invalid_argument);
  EXPECT_THROW(update(ok, {{ok, 2}}), std::invalid_argument);

  for (double bad : {0.0, -1.0, nan, inf}) {
    const Rating bad_rd{1500, bad, 0.06};
    const Rating bad_vol{1500, 200, bad};
    EXPECT_THROW(update(bad_rd, {}), std::invalid_argument) << bad;
    EXPECT_THROW(update(bad_vol, {}), std::invalid_argument) << bad;
    EXPECT_THROW(update(ok, {{bad_rd, 1}}), std::invalid_argument) << bad;
    EXPECT_THROW(update(ok, {{bad_vol, 1}}), std::invalid_argument) << bad;
    EXPECT_THROW(rate_game(bad_rd, ok, 1), std::invalid_argument) << bad;
    EXPECT_THROW(rate_game(ok, bad_vol, 1), std::invalid_argument) << bad;
    EXPECT_THROW(update(ok, {{ok, 1}}, bad), std::invalid_argument) << bad;
  }
  EXPECT_THROW(update({nan, 200, 0.06}, {}), std::invalid_argument);

  EXPECT_NO_THROW(rate_game(ok, ok, 0));
  EXPECT_NO_THROW(rate_game(ok, ok, 1));
}

}  // namespace
