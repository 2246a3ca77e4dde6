#include <gtest/gtest.h>

#include "test_util.h"

namespace uttt {
namespace {

TEST(MoveNotation, RoundTripsEveryCell) {
  for (int m = 0; m < kCells; ++m) {
    const std::string text = move_to_string(Move(m));
    const auto back = parse_move(text);
    ASSERT_TRUE(back) << back.error;
    EXPECT_EQ(back.value, m);
  }
  EXPECT_EQ(move_to_string(make_move(2, 8)), "3/9");
  EXPECT_EQ(move_to_string(make_move(0, 0)), "1/1");
}

TEST(MoveNotation, GridCoordinatesMatchBoardAndCell) {
  EXPECT_EQ(grid_row(make_move(2, 8)), 2);
  EXPECT_EQ(grid_col(make_move(2, 8)), 8);
  EXPECT_EQ(move_at(4, 4), make_move(4, 4));
  for (int m = 0; m < kCells; ++m) EXPECT_EQ(move_at(grid_row(Move(m)), grid_col(Move(m))), m);
}

TEST(MoveNotation, RejectsMalformedText) {
  for (const char* bad : {"", "3", "39", "3/", "/9", "0/5", "5/0", "3-9", " 3/9", "3/9 ",
                          "10/1", "a/b", "3//9", "3/9/1"}) {
    const auto parsed = parse_move(bad);
    EXPECT_FALSE(parsed) << "'" << bad << "'";
    EXPECT_NE(parsed.error.find("malformed move"), std::string::npos) << parsed.error;
  }
}

TEST(GameText, RoundTripsRandomGamesUnderEveryVariant) {
  Rng rng(2);
  for (const Rules& rules : testing::all_variant_combinations()) {
    for (int first : {1, 2}) {
      GameRecord g;
      g.rules = rules;
      g.first_seat = first;
      Position pos(rules);
      const int length = int(rng.below(82));
      while (!pos.is_over() && pos.ply() < length) {
        const Move m = random_move(pos, rng);
        pos.play(m);
        g.moves.push_back(m);
      }
      const std::string text = game_to_string(g);
      const auto back = parse_game(text);
      ASSERT_TRUE(back) << text << ": " << back.error;
      EXPECT_EQ(back.value.rules, rules);
      EXPECT_EQ(back.value.first_seat, first);
      EXPECT_EQ(back.value.moves, g.moves);
      EXPECT_EQ(game_to_string(back.value), text);
      EXPECT_TRUE(back.value.position() == pos);
    }
  }
}

TEST(GameText, CanonicalExamples) {
  GameRecord g;
  EXPECT_EQ(game_to_string(g), "uttt:");
  g.first_seat = 2;
  g.rules.early_draw = true;
  g.rules.fast_target = 5;
  g.moves = {make_move(4, 4), make_move(4, 0)};
  EXPECT_EQ(game_to_string(g), "uttt first=2 early-draw fast=5: 5/5 5/1");
}

TEST(GameText, RejectsMalformedAndForgedGamesPrecisely) {
  struct Case {
    const char* text;
    const char* message;  // a part of the expected error
  };
  const Case cases[] = {
      {"uttt 5/5", "missing ':'"},
      {":", "missing the game name"},
      {"chess: 5/5", "unknown game 'chess'"},
      {"uttt early: 5/5", "unknown option 'early' at column 6"},
      {"uttt fast=5 early-draw:", "'early-draw' at column 13 is repeated or out of order"},
      {"uttt early-draw early-draw:", "repeated or out of order"},
      {"uttt fast=9:", "fast=9 at column 6: the target must be 3 to 6"},
      {"uttt fast=7:", "the target must be 3 to 6"},
      {"uttt fast=:", "the target must be 3 to 6"},
      {"uttt fast:", "'fast' at column 6 needs a value"},
      {"uttt early-draw=1:", "takes no value"},
      {"uttt first=3:", "the seat must be 1 or 2"},
      {"uttt first=1:", "is the default"},
      {"uttt:5/5", "expected a space after ':'"},
      {"uttt: 5/5  5/1", "unexpected space at column 11"},
      {"uttt: 5/5 5/1 ", "unexpected space"},
      {"uttt: 5/5 x", "move 2 at column 11: malformed move 'x'"},
      {"uttt: 5/5 5/5", "move 2 at column 11 (5/5) is illegal: that cell is already taken"},
      {"uttt: 5/5 4/1", "move 2 at column 11 (4/1) is illegal: the move must go to the destination board"},
      {"uttt  : 5/5", "unexpected space"},
  };
  for (const Case& c : cases) {
    const auto parsed = parse_game(c.text);
    EXPECT_FALSE(parsed) << c.text;
    EXPECT_NE(parsed.error.find(c.message), std::string::npos)
        << c.text << " -> " << parsed.error;
    EXPECT_TRUE(parsed.value.moves.empty());
  }
}

TEST(GameText, RejectsMovesAfterTheEnd) {
  Rng rng(6);
  Position pos;
  GameRecord g;
  while (!pos.is_over()) {
    const Move m = random_move(pos, rng);
    pos.play(m);
    g.moves.push_back(m);
  }
  const std::string text = game_to_string(g) + " 5/5";
  const auto parsed = parse_game(text);
  EXPECT_FALSE(parsed);
  EXPECT_NE(parsed.error.find("the game is over"), std::string::npos) << parsed.error;
}

}  // namespace
}  // namespace uttt
