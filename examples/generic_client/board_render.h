// Draws any game from its BoardView: the grid with its regions framed, a
// map of the regions with their owners, the playable cells lit and the last
// move in brackets. Knows nothing of any game's rules.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "boardgame/v1/game_state.pb.h"
#include "boardgame/v1/move.pb.h"
#include "style.h"

namespace game_client {

namespace v1 = ::boardgame::v1;

struct BoardLook {
  std::vector<std::string> sides;  // GameInfo.sides, for each side's colour
  std::string map_title;           // heading of the region map, e.g. "Boards"
  // A region to light on the map besides those holding playable cells: the
  // destination a previewed move sends the opponent to.
  std::optional<std::uint32_t> lit_region;
};

// The lines of the picture, without trailing newlines.
std::vector<std::string> draw_board(const v1::BoardView& view, const Style& style,
                                    const BoardLook& look);

// The view as it would look after `move`, for a player who asks where it
// sends the opponent: the move's cells marked and in brackets, and the
// empty cells of the destination region lit (none for a free move or a move
// that ends the game; the game alone knows what those open).
v1::BoardView preview_view(const v1::BoardView& view, const v1::Move& move);

}  // namespace game_client
