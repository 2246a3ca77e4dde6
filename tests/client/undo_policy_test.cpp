#include "undo_policy.h"

#include <gtest/gtest.h>

namespace game_client {
namespace {

const std::vector<bool> kTwoPeople = {true, true};
const std::vector<bool> kPersonFirst = {true, false};
const std::vector<bool> kPersonSecond = {false, true};
const std::vector<bool> kDemo = {false, false};

TEST(UndoPolicy, BetweenTwoPeopleOneMoveAtATime) {
  EXPECT_EQ(plan_undo({1}, kTwoPeople, false).moves, 1u);
  UndoPlan plan = plan_undo({1, 2, 1}, kTwoPeople, false);
  EXPECT_EQ(plan.refusal, UndoRefusal::kNone);
  EXPECT_EQ(plan.moves, 1u);
}

TEST(UndoPolicy, AgainstTheCpuYourMoveAndItsAnswer) {
  UndoPlan plan = plan_undo({1, 2}, kPersonFirst, false);
  EXPECT_EQ(plan.refusal, UndoRefusal::kNone);
  EXPECT_EQ(plan.moves, 2u);
  EXPECT_EQ(plan_undo({1, 2, 1, 2}, kPersonFirst, false).moves, 2u);
  // The person's move only, when the CPU has not answered (the game ended).
  EXPECT_EQ(plan_undo({1, 2, 1}, kPersonFirst, false).moves, 1u);
}

TEST(UndoPolicy, TheCpuOpeningMoveStays) {
  EXPECT_EQ(plan_undo({1}, kPersonSecond, false).refusal, UndoRefusal::kCpuOpening);
  UndoPlan plan = plan_undo({1, 2, 1}, kPersonSecond, false);
  EXPECT_EQ(plan.refusal, UndoRefusal::kNone);
  EXPECT_EQ(plan.moves, 2u);  // back to just after the CPU's opening
}

TEST(UndoPolicy, NoUndoAfterTheEnd) {
  EXPECT_EQ(plan_undo({1, 2}, kPersonFirst, true).refusal, UndoRefusal::kGameOver);
  EXPECT_EQ(plan_undo({1}, kTwoPeople, true).refusal, UndoRefusal::kGameOver);
}

TEST(UndoPolicy, NothingToUndoAndDemos) {
  EXPECT_EQ(plan_undo({}, kTwoPeople, false).refusal, UndoRefusal::kNothingToUndo);
  EXPECT_EQ(plan_undo({}, kPersonFirst, false).refusal, UndoRefusal::kNothingToUndo);
  EXPECT_EQ(plan_undo({1, 2}, kDemo, false).refusal, UndoRefusal::kNoHumanPlayer);
}

}  // namespace
}  // namespace game_client
