// The regions a BoardView's grid is tiled by (the small boards): which
// region a cell lies in, and which cells a region holds.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "boardgame/v1/game_state.pb.h"

namespace game_client {

namespace v1 = ::boardgame::v1;

// Regions across and down; both 0 when the game has no regions or the
// view's tiling does not fit its grid.
struct RegionGrid {
  std::uint32_t across = 0, down = 0;
  std::uint32_t count() const { return across * down; }
};

RegionGrid region_grid(const v1::BoardView& view);
std::optional<std::uint32_t> region_of(const v1::BoardView& view, std::uint32_t cell);
std::vector<std::uint32_t> region_cells(const v1::BoardView& view, std::uint32_t region);
// The region's character in view.regions: '.' undecided, a side's symbol,
// '=' drawn, '+' drawn for every side.
char region_state(const v1::BoardView& view, std::uint32_t region);

}  // namespace game_client
