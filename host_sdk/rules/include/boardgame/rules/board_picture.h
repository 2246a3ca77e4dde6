// Pictures of a position drawn from the generic BoardView alone, so that
// they fit any game a plugin serves: an SVG for rule pages and browsers, and
// the same board as monospace text for Markdown and terminals.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "boardgame/v1/game_state.pb.h"

namespace boardgame::rules {

// `marked`: cells to ring (a double threat, say), as BoardView cell indexes.
// Playable cells are lit, the last move is drawn in the accent colour, a
// region won by a side carries its big symbol, a drawn region is greyed,
// highlighted regions (a winning line) are framed. The SVG carries no text,
// so one picture serves every language; give it an accessible name where
// it is placed.
std::string board_svg(const v1::BoardView& view, const std::vector<std::uint32_t>& marked = {});

// One line per row: "X", "O", "·" for an empty cell, "+" for a playable one,
// the last move in brackets and marked cells in parentheses. With regions,
// a small grid of the regions' state stands to the right of each band.
std::string board_text(const v1::BoardView& view, const std::vector<std::uint32_t>& marked = {});

}  // namespace boardgame::rules
