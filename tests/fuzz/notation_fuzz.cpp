// Move notation and the text form of a game (uttt/engine/notation.h), and
// the engine's own state checks along every game that parses: each text
// that parses is the canonical text of its game, check() agrees with the
// legal move list, and undo() restores the position exactly.
#include <algorithm>
#include <string>
#include <string_view>

#include "check.h"
#include "uttt/engine/notation.h"

using fuzz::require;

namespace {

// Every cell: check() allows exactly the listed moves.
void check_moves(const uttt::Position& pos) {
  uttt::MoveList list;
  pos.legal_moves(list);
  require(list.size == pos.count_legal_moves(), "count_legal_moves disagrees with legal_moves");
  require(pos.is_over() == (list.size == 0), "a game on without moves, or over with some");
  for (int m = 0; m < uttt::kCells; ++m) {
    const bool listed = std::find(list.begin(), list.end(), uttt::Move(m)) != list.end();
    require(pos.is_legal(uttt::Move(m)) == listed,
            "check() and legal_moves disagree on " + uttt::move_to_string(uttt::Move(m)));
  }
  require(!pos.is_legal(uttt::Move(uttt::kCells)), "a move past the last cell is legal");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);

  const auto move = uttt::parse_move(text);
  if (move) {
    require(move.value < uttt::kCells, "a parsed move outside the grid");
    require(uttt::move_to_string(move.value) == text, "a move parsed from a non-canonical text");
  }

  const auto game = uttt::parse_game(text);
  if (!game) {
    require(!game.error.empty(), "a refused game without a reason");
    return 0;
  }
  require(uttt::game_to_string(game.value) == text, "a game parsed from a non-canonical text");
  require(game.value.rules.valid(), "a game parsed with invalid rules");

  uttt::Position pos(game.value.rules);
  for (uttt::Move m : game.value.moves) {
    check_moves(pos);
    require(pos.is_legal(m), "the record holds an illegal move");
    const uttt::Position before = pos;
    uttt::Undo undo;
    pos.play(m, undo);
    uttt::Position again = before;
    again.play(uttt::board_of(m), uttt::cell_of(m));
    require(again == pos, "play(board, cell) and play(move) differ");
    uttt::Position undone = pos;
    undone.undo(m, undo);
    require(undone == before, "undo() does not restore the position");
  }
  check_moves(pos);
  require(pos == game.value.position(), "GameRecord::position() differs from the replay");
  return 0;
}
