// Which finished games change ratings, and by how much: the club's rules
// around Glicko-2 (rated_result.h), without a store.
#include "boardgame/players/rated_result.h"

#include <gtest/gtest.h>

#include "boardgame/players/glicko2.h"

namespace boardgame::players {
namespace {

// A rated game of two players' seats that seat 1 won (score 1), drew (0.5)
// or lost (0), each side having moved `moves` times.
v1::FinishedGame finished(double score_1, int moves = 3, std::string first = "player-one-aaaaa",
                          std::string second = "player-two-bbbbb") {
  v1::FinishedGame game;
  game.set_table_id("table");
  game.set_game_number(1);
  game.set_game_id("tictactoe");
  game.set_rated(true);
  game.set_finished_ms(1'800'000'000'000);
  const std::string ids[] = {first, second};
  const double scores[] = {score_1, 1 - score_1};
  for (std::uint32_t n = 1; n <= 2; ++n) {
    v1::Seat& seat = *game.add_seats();
    seat.set_number(n);
    seat.mutable_plan()->set_kind(v1::SeatPlan::PERSON);
    seat.set_name(n == 1 ? "Ana" : "Bruno");
    seat.set_player_id(ids[n - 1]);
    v1::SeatResult& result = *game.mutable_state()->mutable_outcome()->add_results();
    result.set_seat(n);
    result.set_score(scores[n - 1]);
  }
  for (int i = 0; i < moves; ++i) {
    game.add_move_seats(1);
    game.add_move_seats(2);
  }
  return game;
}

TEST(RatedResult, TakesEachSeatsPlayerAndScore) {
  const auto result = rated_result(finished(1));
  ASSERT_TRUE(result);
  EXPECT_EQ(result->player_ids[0], "player-one-aaaaa");
  EXPECT_EQ(result->player_ids[1], "player-two-bbbbb");
  EXPECT_EQ(result->scores[0], 1);
  EXPECT_EQ(result->scores[1], 0);
  EXPECT_EQ(result->day_start_ms() % kDayMs, 0);
  EXPECT_LE(result->day_start_ms(), result->finished_ms);
}

TEST(RatedResult, CasualGamesAreUnrated) {
  v1::FinishedGame game = finished(1);
  game.set_rated(false);
  EXPECT_FALSE(rated_result(game));
}

TEST(RatedResult, OnePlayerInBothSeatsIsUnrated) {
  EXPECT_FALSE(rated_result(finished(1, 3, "same-player-xxxx", "same-player-xxxx")));
}

TEST(RatedResult, ComputerAndAnonymousSeatsAreUnrated) {
  v1::FinishedGame cpu = finished(1);
  cpu.mutable_seats(1)->mutable_plan()->set_kind(v1::SeatPlan::CPU);
  EXPECT_FALSE(rated_result(cpu));
  v1::FinishedGame anonymous = finished(1);
  anonymous.mutable_seats(0)->clear_player_id();
  EXPECT_FALSE(rated_result(anonymous));
}

TEST(RatedResult, GamesEndedBeforeEachSideMovedTwiceAreAborted) {
  EXPECT_FALSE(rated_result(finished(1, 1)));
  v1::FinishedGame one_short = finished(0, 2);
  one_short.mutable_move_seats()->RemoveLast();  // seat 2 moved once only
  EXPECT_FALSE(rated_result(one_short));
  EXPECT_TRUE(rated_result(finished(0, 2)));
}

TEST(RatedResult, ComputerMovesForAnAbsentPlayerCountForThem) {
  // The seat's moves are the seat's, whoever made them: the game counts.
  EXPECT_TRUE(rated_result(finished(0, 2)));
}

TEST(Rate, AWinMovesBothRatingsOppositeWays) {
  const auto result = *rated_result(finished(1));
  const auto update = rate(result, {first_rating("tictactoe"), first_rating("tictactoe")}, 0);
  EXPECT_GT(update.after[0].rating(), 1500);
  EXPECT_LT(update.after[1].rating(), 1500);
  EXPECT_NEAR(update.after[0].rating() - 1500, 1500 - update.after[1].rating(), 1e-9);
  EXPECT_EQ(update.after[0].wins(), 1u);
  EXPECT_EQ(update.after[1].losses(), 1u);
  EXPECT_TRUE(update.games[0].counted());
  EXPECT_EQ(update.games[0].opponent_id(), "player-two-bbbbb");
  EXPECT_EQ(update.games[1].rating_before(), 1500);
  EXPECT_EQ(update.games[1].rating_after(), update.after[1].rating());
}

TEST(Rate, ADrawCountsHalfwayBetweenAWinAndALoss) {
  v1::PlayerRating strong = first_rating("tictactoe");
  strong.set_rating(1700);
  strong.set_deviation(80);
  v1::PlayerRating weak = first_rating("tictactoe");
  weak.set_rating(1400);
  weak.set_deviation(120);
  const auto after = [&](double score) {
    return rate(*rated_result(finished(score)), {strong, weak}, 0).after[0].rating();
  };
  const double win = after(1), draw = after(0.5), loss = after(0);
  EXPECT_GT(win, draw);
  EXPECT_GT(draw, loss);
  // Glicko-2's change is linear in the score but for the volatility, which
  // a single game hardly moves: a draw lands about halfway.
  EXPECT_NEAR(draw, (win + loss) / 2, 0.5);
  EXPECT_EQ(rate(*rated_result(finished(0.5)), {strong, weak}, 0).after[0].draws(), 1u);
}

TEST(Rate, PastTheDailyLimitAGameIsKeptButCountsNothing) {
  const auto result = *rated_result(finished(1));
  const std::array<v1::PlayerRating, 2> before{first_rating("tictactoe"), first_rating("tictactoe")};
  EXPECT_TRUE(rate(result, before, kRatedGamesPerPairPerDay - 1).games[0].counted());
  const auto capped = rate(result, before, kRatedGamesPerPairPerDay);
  EXPECT_FALSE(capped.games[0].counted());
  EXPECT_FALSE(capped.games[1].counted());
  EXPECT_EQ(capped.after[0].rating(), 1500);
  EXPECT_EQ(capped.after[0].games(), 0u);
  EXPECT_EQ(capped.games[0].rating_after(), 1500);
}

TEST(Rate, ANewRatingIsProvisional) {
  const v1::PlayerRating rating = first_rating("uttt");
  EXPECT_EQ(rating.rating(), glicko2::kStartRating);
  EXPECT_EQ(rating.deviation(), glicko2::kStartDeviation);
  EXPECT_TRUE(rating.provisional());
}

}  // namespace
}  // namespace boardgame::players
