#include "scoreboard.h"

#include <gtest/gtest.h>

namespace game_client {
namespace {

MatchPlan against_cpu(Level level, std::uint32_t human_seat) {
  MatchPlan plan;
  plan.game_id = "g";
  plan.mode = Mode::kAgainstCpu;
  plan.seats = {{human_seat == 1, level, ""}, {human_seat == 2, level, ""}};
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
  two.seats = {{true, {}, ""}, {true, {}, ""}};
  board.count(two, outcome(v1::SeatResult::LOSS, v1::SeatResult::WIN));
  EXPECT_EQ(board.record("g", "two_players").losses, 1u);
  MatchPlan demo = two;
  demo.mode = Mode::kDemo;
  EXPECT_FALSE(board.count(demo, outcome(v1::SeatResult::WIN, v1::SeatResult::LOSS)));
}

TEST(Scoreboard, NamedPeopleHaveTheirOwnRecordWhicheverSeatEachTakes) {
  MatchPlan plan;
  plan.game_id = "g";
  plan.mode = Mode::kTwoPlayers;
  plan.seats = {{true, {}, "Bruno"}, {true, {}, "Ana"}};
  Scoreboard board;
  // Bruno, in seat 1, wins; then they swap seats and Ana, in seat 1, wins.
  ASSERT_TRUE(board.count(plan, outcome(v1::SeatResult::WIN, v1::SeatResult::LOSS)));
  std::swap(plan.seats[0], plan.seats[1]);
  ASSERT_TRUE(board.count(plan, outcome(v1::SeatResult::WIN, v1::SeatResult::LOSS)));
  ASSERT_TRUE(board.count(plan, outcome(v1::SeatResult::DRAW, v1::SeatResult::DRAW)));
  const std::string key = Scoreboard::record_key(plan);
  EXPECT_EQ(Scoreboard::people(key), (std::vector<std::string>{"Ana", "Bruno"}));
  const Record r = board.record("g", key);  // from Ana's side: she sorts first
  EXPECT_EQ(r.wins, 1u);
  EXPECT_EQ(r.losses, 1u);
  EXPECT_EQ(r.draws, 1u);
  EXPECT_EQ(board.record("g", Scoreboard::kTwoPlayers).games(), 0u);
  // Another pair, and people without names, keep records of their own.
  plan.seats[1].name = "Chloé";
  EXPECT_NE(Scoreboard::record_key(plan), key);
  plan.seats[1].name = "";
  EXPECT_EQ(Scoreboard::record_key(plan), Scoreboard::kTwoPlayers);
  EXPECT_TRUE(Scoreboard::people(Scoreboard::kTwoPlayers).empty());
  EXPECT_TRUE(Scoreboard::people("two_players:not json").empty());
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
