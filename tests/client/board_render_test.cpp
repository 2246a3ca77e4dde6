#include "board_render.h"

#include <gtest/gtest.h>

#include "regions.h"

namespace game_client {
namespace {

// A 4x4 grid of four 2x2 regions: X has won the top-left region, O's last
// move sits at b2, and the side to move must play in the bottom-right region.
v1::BoardView small_view() {
  v1::BoardView v;
  v.set_rows(4);
  v.set_columns(4);
  v.set_cells("X....O.........." );
  v.set_region_rows(2);
  v.set_region_columns(2);
  v.set_regions("X...");
  for (std::uint32_t c : {10u, 11u, 14u, 15u}) v.add_playable_cells(c);
  v.add_last_move_cells(5);
  v.set_side_to_move("X");
  return v;
}

BoardLook look() {
  BoardLook l;
  l.sides = {"X", "O"};
  l.map_title = "Boards";
  return l;
}

TEST(BoardRender, GridRegionsMapPlayableCellsAndLastMove) {
  const std::vector<std::string> expected = {
      "    a b   c d",
      "  ┌─────┬─────┐    Boards",
      "1 │ X   │ . . │     X │ 2",
      "2 │  [O]│ . . │    ───┼───",
      "  ├─────┼─────┤     3 │[4]",
      "3 │ . . │ + + │",
      "4 │ . . │ + + │",
      "  └─────┴─────┘",
  };
  EXPECT_EQ(draw_board(small_view(), Style(false), look()), expected);
}

TEST(BoardRender, AGridWithoutRegionsHasNoMap) {
  v1::BoardView v;
  v.set_rows(3);
  v.set_columns(3);
  v.set_cells("X.O......");
  v.add_playable_cells(1);
  const std::vector<std::string> expected = {
      "    a b c",
      "  ┌───────┐",
      "1 │ X + O │",
      "2 │ . . . │",
      "3 │ . . . │",
      "  └───────┘",
  };
  EXPECT_EQ(draw_board(v, Style(false), look()), expected);
}

TEST(BoardRender, TheWinningLineIsStarred) {
  v1::BoardView v = small_view();
  v.clear_playable_cells();
  v.set_regions("XX..");
  v.add_highlighted_regions(0);
  v.add_highlighted_regions(1);
  std::vector<std::string> lines = draw_board(v, Style(false), look());
  EXPECT_NE(lines[2].find("*X*│*X*"), std::string::npos) << lines[2];
}

TEST(BoardRender, ColourIsOnlyAddedOnRequest) {
  std::vector<std::string> plain = draw_board(small_view(), Style(false), look());
  std::vector<std::string> coloured = draw_board(small_view(), Style(true), look());
  for (const std::string& line : plain) EXPECT_EQ(line.find('\033'), std::string::npos);
  EXPECT_NE(coloured[2].find("\033["), std::string::npos);
  EXPECT_EQ(display_width(coloured[2]), display_width(plain[2]));  // "." becomes "·": same width
}

TEST(BoardRender, PreviewLightsTheDestination) {
  v1::Move m;
  m.set_id(7);
  m.set_notation("4/1");
  m.add_cells(10);
  m.set_destination_region(1);
  v1::BoardView p = preview_view(small_view(), m);
  EXPECT_EQ(p.cells()[10], 'X');
  EXPECT_EQ(std::vector<std::uint32_t>(p.last_move_cells().begin(), p.last_move_cells().end()),
            std::vector<std::uint32_t>{10});
  EXPECT_EQ(std::vector<std::uint32_t>(p.playable_cells().begin(), p.playable_cells().end()),
            (std::vector<std::uint32_t>{2, 3, 6, 7}));
}

TEST(Regions, CellsAndRegionsOfATiling) {
  const v1::BoardView v = small_view();
  EXPECT_EQ(region_grid(v).count(), 4u);
  EXPECT_EQ(region_of(v, 0), 0u);
  EXPECT_EQ(region_of(v, 7), 1u);
  EXPECT_EQ(region_of(v, 8), 2u);
  EXPECT_EQ(region_of(v, 15), 3u);
  EXPECT_EQ(region_cells(v, 3), (std::vector<std::uint32_t>{10, 11, 14, 15}));
  v1::BoardView none;
  none.set_rows(3);
  none.set_columns(3);
  EXPECT_EQ(region_of(none, 4), std::nullopt);
}

}  // namespace
}  // namespace game_client
