// What a line typed at the move prompt means: one of the legal moves, named
// by its notation or by one of its cells; a move the player may not make
// now; or why it is no move at all.
#pragma once

#include <cstdint>
#include <map>
#include <string_view>
#include <vector>

#include "boardgame/v1/game_state.pb.h"
#include "boardgame/v1/move.pb.h"

namespace game_client {

namespace v1 = ::boardgame::v1;

// Moves seen in any position of the game, by id. A Move id names the same
// move in every position, so these let the client name a move that is not
// legal now and ask the game why.
using KnownMoves = std::map<std::uint32_t, v1::Move>;

enum class MoveInput {
  kMove,         // a legal move
  kIllegal,      // a move of the game that the side to move may not make now
  kTaken,        // a cell that is already marked
  kNotPlayable,  // an empty cell where the side to move may not play now
  kOffBoard,     // written like a cell, outside the grid
  kAmbiguous,    // a cell shared by several legal moves: use the notation
  kUnknown,      // neither a move nor a cell
};

struct ResolvedMove {
  MoveInput kind = MoveInput::kUnknown;
  const v1::Move* move = nullptr;  // kMove: a legal move; kIllegal: a known one
  std::uint32_t cell = 0;          // when the input named a cell
};

// Notation first (exactly, then ignoring letter case), then a cell name
// (coordinates.h).
ResolvedMove resolve_move(std::string_view text, const std::vector<v1::Move>& legal,
                          const KnownMoves& known, const v1::BoardView& view);

}  // namespace game_client
