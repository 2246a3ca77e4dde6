// The standard rules, case by case, with positions built move by move.
#include <gtest/gtest.h>

#include "test_util.h"

namespace uttt {
namespace {

using testing::position_of;

// X wins the top-left board with its ninth move, 1/3: cells 1, 2, 3.
constexpr const char* kXWinsBoardOne = "uttt: 1/1 1/4 4/2 2/1 1/2 2/4 4/3 3/1 1/3";

TEST(Position, StartsEmptyWithAFreeFirstMove) {
  const Position pos;
  EXPECT_EQ(pos.side_to_move(), Player::X);
  EXPECT_TRUE(pos.is_free_move());
  EXPECT_EQ(pos.count_legal_moves(), 81);
  MoveList moves;
  pos.legal_moves(moves);
  EXPECT_EQ(moves.size, 81);
  EXPECT_EQ(sizeof(Position), 48u);
}

TEST(Position, CellChoosesTheOpponentsBoard) {
  Position pos;
  pos.play(make_move(0, 2));  // top-right cell of the top-left board
  EXPECT_EQ(pos.destination(), 2);  // -> the top-right board
  EXPECT_EQ(pos.side_to_move(), Player::O);
  MoveList moves;
  pos.legal_moves(moves);
  ASSERT_EQ(moves.size, 9);
  for (Move m : moves) EXPECT_EQ(board_of(m), 2);
}

TEST(Position, ThreeInARowWinsTheSmallBoard) {
  const Position pos = position_of(kXWinsBoardOne);
  EXPECT_EQ(pos.won_boards(Player::X), 1);
  EXPECT_EQ(pos.won_boards(Player::O), 0);
  EXPECT_TRUE(pos.closed_boards() & 1);
  EXPECT_FALSE(pos.is_over());
}

TEST(Position, WinningMoveAlsoChoosesTheNextBoard) {
  // 1/3 wins board 1 and, through its cell 3, sends O to board 3.
  const Position pos = position_of(kXWinsBoardOne);
  EXPECT_FALSE(pos.is_free_move());
  EXPECT_EQ(pos.destination(), 2);
}

TEST(Position, SentToAWonBoardGivesAFreeMove) {
  // O plays 3/5, X answers 5/1, which points at the board X already won.
  const Position pos = position_of(std::string(kXWinsBoardOne) + " 3/5 5/1");
  EXPECT_TRUE(pos.is_free_move());
  MoveList moves;
  pos.legal_moves(moves);
  // Every empty cell outside the won board: 81 cells, 11 taken, and the five
  // still empty in board 1 do not count.
  EXPECT_EQ(moves.size, 81 - 11 - 5);
  for (Move m : moves) EXPECT_NE(board_of(m), 0);
  EXPECT_EQ(pos.check(make_move(0, 8)), MoveError::kBoardClosed);  // empty, but decided
  EXPECT_EQ(pos.check(make_move(6, 6)), MoveError::kOk);
}

TEST(Position, SentToAFullBoardGivesAFreeMove) {
  // Find, in seeded random games, positions whose destination cell points
  // at a drawn board, and check the rule against the raw masks.
  Rng rng(11);
  int seen = 0;
  for (int game = 0; game < 2000 && seen < 50; ++game) {
    Position pos;
    while (!pos.is_over()) {
      const Move m = random_move(pos, rng);
      pos.play(m);
      const int target = cell_of(m);
      if (pos.is_over() || !(pos.drawn_boards() >> target & 1)) continue;
      ++seen;
      ASSERT_EQ(pos.occupied(target), kAll9);
      ASSERT_TRUE(pos.is_free_move());
      int expected = 0;
      for (int b = 0; b < kBoards; ++b)
        if (!(pos.decided_boards() >> b & 1)) expected += popcount9(pos.empty(b));
      ASSERT_EQ(pos.count_legal_moves(), expected);
    }
  }
  EXPECT_EQ(seen, 50);
}

TEST(Position, BigBoardLineEndsTheGameAtOnce) {
  Rng rng(5);
  int lines = 0;
  for (int game = 0; game < 200; ++game) {
    Position pos;
    while (!pos.is_over()) {
      const Player mover = pos.side_to_move();
      EXPECT_FALSE(has_line(pos.won_boards(Player::X)) || has_line(pos.won_boards(Player::O)));
      pos.play(random_move(pos, rng));
      if (has_line(pos.won_boards(mover))) {
        ++lines;
        EXPECT_EQ(pos.status(), mover == Player::X ? Status::kXLine : Status::kOLine);
      }
    }
    // Nothing more is accepted.
    EXPECT_EQ(pos.count_legal_moves(), 0);
    MoveList moves;
    pos.legal_moves(moves);
    EXPECT_EQ(moves.size, 0);
    for (int m = 0; m < kCells; ++m) {
      const Position before = pos;
      EXPECT_EQ(pos.try_play(Move(m)), MoveError::kGameOver);
      EXPECT_TRUE(pos == before);
    }
  }
  EXPECT_GT(lines, 100);
}

TEST(Position, AllBoardsDecidedWithoutALineIsADraw) {
  Rng rng(9);
  int draws = 0;
  for (int game = 0; game < 2000; ++game) {
    Position pos;
    random_playout(pos, rng);
    if (pos.status() != Status::kDrawFull) continue;
    ++draws;
    EXPECT_EQ(pos.decided_boards(), kAll9);
    EXPECT_FALSE(has_line(pos.won_boards(Player::X)));
    EXPECT_FALSE(has_line(pos.won_boards(Player::O)));
    EXPECT_LE(pos.ply(), kMaxPlies);
  }
  EXPECT_GT(draws, 200);
}

TEST(Position, IllegalMovesAreRefusedWithAReasonAndChangeNothing) {
  const std::string won = kXWinsBoardOne;
  struct Case {
    std::string game;
    Move move;
    MoveError error;
  };
  const Case cases[] = {
      // O is sent to board 3, where its own 3/1 already stands.
      {won, make_move(2, 0), MoveError::kCellOccupied},
      // O is sent to board 3 and tries board 7.
      {won, make_move(6, 4), MoveError::kWrongBoard},
      // O has a free move but board 1 is won by X, though 1/9 is empty.
      {won + " 3/5 5/1", make_move(0, 8), MoveError::kBoardClosed},
      {won, Move(81), MoveError::kNotACell},
      {won, Move(255), MoveError::kNotACell},
  };
  for (const Case& c : cases) {
    Position pos = testing::position_of(c.game);
    const Position before = pos;
    EXPECT_EQ(pos.try_play(c.move), c.error) << c.game << " + " << int(c.move);
    EXPECT_TRUE(pos == before);
    EXPECT_STRNE(describe(c.error), describe(MoveError::kOk));
  }
}

TEST(Position, UndoRestoresEveryField) {
  Rng rng(3);
  for (const Rules& rules : testing::all_variant_combinations()) {
    for (int game = 0; game < 30; ++game) {
      Position pos(rules);
      while (!pos.is_over()) {
        const Move m = random_move(pos, rng);
        const Position before = pos;
        Undo undo;
        pos.play(m, undo);
        Position again = pos;
        again.undo(m, undo);
        ASSERT_TRUE(again == before) << testing::name_of(rules);
      }
    }
  }
}

TEST(Position, DestinationAfterPredictsWithoutChangingAnything) {
  const Position pos = testing::position_of(kXWinsBoardOne);
  EXPECT_EQ(pos.destination_after(make_move(2, 4)), 4);
  const Position sent_home = testing::position_of(std::string(kXWinsBoardOne) + " 3/5");
  EXPECT_EQ(sent_home.destination_after(make_move(4, 0)), kAnyBoard);
}

}  // namespace
}  // namespace uttt
