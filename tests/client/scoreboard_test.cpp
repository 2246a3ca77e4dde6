#include "scoreboard.h"

#include <gtest/gtest.h>

namespace game_client {
namespace {

MatchPlan against_cpu(Level level, std::uint32_t human_seat) {
  MatchPlan plan;
  plan.game_id = "g";
  plan.mode = Mode::kAgainstCpu;
  plan.seats = {{human_seat == 1, level}, {human_seat == 2, level}};
  return plan;
}

v1::Outcome outcome(v1::SeatResult::Result seat1, v1::SeatResult::Result seat2) {
  v1::Outcome o;
  auto* a = o.add_results();
  a->set_seat(1);
  a->set_result(seat1);
  auto* b = o.add_results();
  b->set_seat(2);
  b->set_result(seat2);
  return o;
}

TEST(Scoreboard, ARecordPerCpuLevelFromThePersonsSide) {
  Scoreboard board;
  EXPECT_TRUE(board.count(against_cpu(v1::SuggestMoveRequest::NOVATO, 1),
                          outcome(v1::SeatResult::WIN, v1::SeatResult::LOSS)));
  EXPECT_TRUE(board.count(against_cpu(v1::SuggestMoveRequest::NOVATO, 2),
                          outcome(v1::SeatResult::WIN, v1::SeatResult::LOSS)));
  EXPECT_TRUE(board.count(against_cpu(v1::SuggestMoveRequest::EXPERTO, 1),
                          outcome(v1::SeatResult::DRAW, v1::SeatResult::DRAW)));
  Record novato = board.record("g", "cpu_novato");
  EXPECT_EQ(novato.wins, 1u);
  EXPECT_EQ(novato.losses, 1u);
  EXPECT_EQ(novato.draws, 0u);
  EXPECT_EQ(board.record("g", "cpu_experto").draws, 1u);
  EXPECT_DOUBLE_EQ(board.record("g", "cpu_experto").points(), 0.5);
  EXPECT_EQ(board.record("g", "cpu_normal").games(), 0u);
  EXPECT_EQ(board.record("other", "cpu_novato").games(), 0u);
}

TEST(Scoreboard, TwoPeopleCountFromTheFirstSeatAndDemosNotAtAll) {
  Scoreboard board;
  MatchPlan two;
  two.game_id = "g";
  two.mode = Mode::kTwoPlayers;
  two.seats = {{true}, {true}};
  board.count(two, outcome(v1::SeatResult::LOSS, v1::SeatResult::WIN));
  EXPECT_EQ(board.record("g", "two_players").losses, 1u);
  MatchPlan demo = two;
  demo.mode = Mode::kDemo;
  EXPECT_FALSE(board.count(demo, outcome(v1::SeatResult::WIN, v1::SeatResult::LOSS)));
}

TEST(Scoreboard, JsonRoundTripAndRefusals) {
  Scoreboard board;
  board.count(against_cpu(v1::SuggestMoveRequest::NORMAL, 1), outcome(v1::SeatResult::WIN, v1::SeatResult::LOSS));
  auto back = Scoreboard::from_json(board.to_json());
  ASSERT_TRUE(back) << back.error;
  EXPECT_EQ(back.value.record("g", "cpu_normal").wins, 1u);
  EXPECT_FALSE(Scoreboard::from_json(nlohmann::json::parse(R"({"g": {"cpu_normal": {"wins": -1}}})")));
  EXPECT_FALSE(Scoreboard::from_json(nlohmann::json::parse(R"([1, 2])")));
}

}  // namespace
}  // namespace game_client
