#include "move_input.h"

#include <gtest/gtest.h>

namespace game_client {
namespace {

v1::Move move(std::uint32_t id, const std::string& notation, std::vector<std::uint32_t> cells) {
  v1::Move m;
  m.set_id(id);
  m.set_notation(notation);
  for (std::uint32_t c : cells) m.add_cells(c);
  return m;
}

struct MoveInputTest : ::testing::Test {
  v1::BoardView view;
  std::vector<v1::Move> legal;
  KnownMoves known;

  MoveInputTest() {
    view.set_rows(4);
    view.set_columns(4);
    view.set_cells("X....O..........");
    legal = {move(10, "m10", {10}), move(11, "m11", {11}), move(14, "m14", {14}), move(99, "pair", {14, 15})};
    for (const v1::Move& m : legal) known[m.id()] = m;
    known[0] = move(0, "m0", {0});
    known[2] = move(2, "m2", {2});
  }
};

TEST_F(MoveInputTest, NotationExactlyOrIgnoringCase) {
  ResolvedMove r = resolve_move("m11", legal, known, view);
  ASSERT_EQ(r.kind, MoveInput::kMove);
  EXPECT_EQ(r.move->id(), 11u);
  r = resolve_move("PAIR", legal, known, view);
  ASSERT_EQ(r.kind, MoveInput::kMove);
  EXPECT_EQ(r.move->id(), 99u);
}

TEST_F(MoveInputTest, ByCell) {
  ResolvedMove r = resolve_move("c3", legal, known, view);  // row 3, column c: cell 10
  ASSERT_EQ(r.kind, MoveInput::kMove);
  EXPECT_EQ(r.move->id(), 10u);
  r = resolve_move("3,3", legal, known, view);
  ASSERT_EQ(r.kind, MoveInput::kMove);
  EXPECT_EQ(r.move->id(), 10u);
  EXPECT_EQ(resolve_move("c4", legal, known, view).kind, MoveInput::kAmbiguous);
}

TEST_F(MoveInputTest, AKnownMoveThatIsNotLegalNowGoesToTheGame) {
  ResolvedMove r = resolve_move("m0", legal, known, view);
  ASSERT_EQ(r.kind, MoveInput::kIllegal);
  EXPECT_EQ(r.move->id(), 0u);
  r = resolve_move("c1", legal, known, view);  // cell 2
  ASSERT_EQ(r.kind, MoveInput::kIllegal);
  EXPECT_EQ(r.move->id(), 2u);
}

TEST_F(MoveInputTest, CellsNoMoveIsKnownFor) {
  ResolvedMove r = resolve_move("b2", legal, known, view);  // cell 5, O
  EXPECT_EQ(r.kind, MoveInput::kTaken);
  EXPECT_EQ(r.cell, 5u);
  r = resolve_move("d1", legal, known, view);  // cell 3, empty
  EXPECT_EQ(r.kind, MoveInput::kNotPlayable);
  EXPECT_EQ(r.cell, 3u);
}

TEST_F(MoveInputTest, OffTheBoardAndGarbage) {
  EXPECT_EQ(resolve_move("e1", legal, known, view).kind, MoveInput::kOffBoard);
  EXPECT_EQ(resolve_move("a9", legal, known, view).kind, MoveInput::kOffBoard);
  EXPECT_EQ(resolve_move("0,1", legal, known, view).kind, MoveInput::kOffBoard);
  EXPECT_EQ(resolve_move("hello", legal, known, view).kind, MoveInput::kUnknown);
  EXPECT_EQ(resolve_move("3/9", legal, known, view).kind, MoveInput::kUnknown);
  EXPECT_EQ(resolve_move("", legal, known, view).kind, MoveInput::kUnknown);
}

}  // namespace
}  // namespace game_client
