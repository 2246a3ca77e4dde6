#include <cstdint>

#include <gtest/gtest.h>

#include "tictactoe/engine/position.h"

namespace ttt {
namespace {

// Positions reached at each ply, and complete games, over every sequence.
void count(const Position& pos, std::uint64_t* at_ply, std::uint64_t& games) {
  if (pos.is_over()) {
    ++games;
    return;
  }
  for (Mask9 m = pos.legal_moves(); m; m &= Mask9(m - 1)) {
    Position next = pos;
    next.play(__builtin_ctz(m));
    ++at_ply[next.ply() - 1];
    count(next, at_ply, games);
  }
}

TEST(TicTacToe, PerftAndCompleteGames) {
  std::uint64_t at_ply[9] = {}, games = 0;
  count(Position{}, at_ply, games);
  const std::uint64_t expected[9] = {9, 72, 504, 3024, 15120, 54720, 148176, 200448, 127872};
  for (int i = 0; i < 9; ++i) EXPECT_EQ(at_ply[i], expected[i]) << "ply " << i + 1;
  EXPECT_EQ(games, 255168u);
}

TEST(TicTacToe, LinesEndTheGameAtOnceAndNothingFollows) {
  Position pos;
  for (int sq : {0, 3, 1, 4, 2}) ASSERT_EQ(pos.try_play(sq), MoveError::kOk);
  EXPECT_EQ(pos.status(), Status::kXWins);
  EXPECT_EQ(pos.legal_moves(), 0);
  const Position before = pos;
  EXPECT_EQ(pos.try_play(8), MoveError::kGameOver);
  EXPECT_TRUE(pos == before);
}

TEST(TicTacToe, FullBoardWithoutALineIsADraw) {
  Position pos;
  for (int sq : {0, 1, 2, 4, 3, 5, 7, 6, 8}) ASSERT_EQ(pos.try_play(sq), MoveError::kOk);
  EXPECT_EQ(pos.status(), Status::kDraw);
}

TEST(TicTacToe, RefusesBadMovesWithAReason) {
  Position pos;
  pos.play(4);
  const Position before = pos;
  EXPECT_EQ(pos.try_play(4), MoveError::kSquareOccupied);
  EXPECT_EQ(pos.try_play(9), MoveError::kNotASquare);
  EXPECT_EQ(pos.try_play(-1), MoveError::kNotASquare);
  EXPECT_TRUE(pos == before);
  EXPECT_STREQ(describe(MoveError::kSquareOccupied), "that square is already taken");
}

}  // namespace
}  // namespace ttt
