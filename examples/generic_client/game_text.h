// A game as one line of text, to copy, keep in a file and replay later:
// the game, the settings that differ from the default, then the moves in
// the game's own notation, as the host's Move.notation writes them:
//
//     uttt fast_game=5 game_number=2: 5/5 5/1 1/9 resigned_seat=1
//
// The header names the game, then each setting as id=value (a flag is on or
// off, a number is decimal, a choice is its id), then game_number when the
// game is not the first of its series. After the colon come the moves,
// separated by spaces, and resigned_seat when a seat resigned. Nothing in
// it is game-specific: the host checks every move when the text is
// replayed, and the game's schema gives the settings their types.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "boardgame/v1/game_info.pb.h"
#include "boardgame/v1/game_state.pb.h"
#include "catalog.h"

namespace game_client {

namespace v1 = boardgame::v1;

struct GameText {
  std::string game_id;
  std::vector<std::pair<std::string, std::string>> settings;  // id, value as written
  std::uint32_t game_number = 1;
  std::vector<std::string> moves;  // notations
  std::uint32_t resigned_seat = 0;
};

// `notations[i]` is how the i-th move of `state` is written.
std::string write_game_text(const v1::GameState& state, const std::vector<std::string>& notations);

// What is wrong with a game text: a client string ("game_text.*") and its
// arguments; an empty key when nothing is.
struct GameTextProblem {
  std::string key;
  Args args;
};

// The text's parts, or what is wrong and where. The moves are not checked
// here but by the host, when they are played.
GameTextProblem read_game_text(std::string_view text, GameText* out);

// The settings of `text` as Setup takes them, typed by `game`'s schema.
// Whether each value is allowed is the host's to say, at Setup.
GameTextProblem settings_of(const GameText& text, const v1::GameInfo& game, std::vector<v1::Setting>* out);

}  // namespace game_client
