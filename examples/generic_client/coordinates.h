// Names of grid cells, for entering a move by its cell: a column letter and
// a row number counted from the top, as the board's margins show them
// ("e5"). A grid wider than 26 columns is addressed as "row,column" ("5,30"),
// which every grid also accepts.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "boardgame/v1/game_state.pb.h"

namespace game_client {

namespace v1 = ::boardgame::v1;

bool has_column_letters(const v1::BoardView& view);
std::string column_label(const v1::BoardView& view, std::uint32_t column);
std::string cell_name(const v1::BoardView& view, std::uint32_t cell);

enum class CellParse {
  kCell,       // a cell of the grid
  kOffBoard,   // written like a cell, but outside the grid
  kNotACell,   // not written like a cell at all
};

struct ParsedCell {
  CellParse kind = CellParse::kNotACell;
  std::uint32_t cell = 0;  // row * columns + column, when kind is kCell
};

ParsedCell parse_cell(std::string_view text, const v1::BoardView& view);

}  // namespace game_client
