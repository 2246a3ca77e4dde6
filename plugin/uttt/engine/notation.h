// Text forms of a move and of a whole game.
//
// A move is "B/C": the small board B and the cell C inside it, both 1..9
// in reading order, as on a phone keypad:
//
//     1 2 3
//     4 5 6
//     7 8 9
//
// "3/9" is the bottom-right cell of the top-right board; it sends the
// opponent to board 9. Nothing else parses: no spaces, no other separator.
//
// A game is a header, a colon, and the moves separated by single spaces:
//
//     uttt first=2 early-draw open-boards draw-both fast=5: 5/5 5/1 1/9
//
// The header names the game, then the seat that plays X in this game
// (first=1 or first=2; 1 when left out), then the variants that are on, in
// the order above. Defaults are left out, so every game has one canonical
// text, "uttt:" being the empty standard game.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "position.h"
#include "types.h"

namespace uttt {

std::string move_to_string(Move m);

// Holds either the value or a sentence that says what is wrong and where.
template <class T>
struct Parsed {
  T value{};
  std::string error;  // empty on success
  explicit operator bool() const { return error.empty(); }
};

Parsed<Move> parse_move(std::string_view text);

// Settings plus the moves, always consistent: a GameRecord only ever holds
// moves that were legal when played.
struct GameRecord {
  Rules rules;
  int first_seat = 1;  // the seat (1 or 2) that plays X
  std::vector<Move> moves;

  Position position() const;  // the position after all moves
};

std::string game_to_string(const GameRecord& game);
Parsed<GameRecord> parse_game(std::string_view text);

}  // namespace uttt
