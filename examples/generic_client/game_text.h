// A game as text, to copy, keep in a file and replay later: a header of
// tag lines, as chess's PGN has them, for people to read, then the moves
// line that replays the game:
//
//     [Game "uttt"]
//     [Date "2026-12-07"]
//     [Seat1 "Ana"]
//     [Seat2 "Computer (Normal)"]
//     [Result "1-0"]
//     [Settings "fast_game=5"]
//     uttt fast_game=5 game_number=2: 5/5 5/1 1/9 resigned_seat=1
//
// The header is optional, so a text written before it existed still reads;
// unknown tags are kept, so a later writer's tags do not break this reader.
// The moves line alone decides what is replayed. It names the game, then each setting as id=value (a flag is on or
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
  std::vector<std::pair<std::string, std::string>> tags;  // name, unescaped value, in order
  std::string game_id;
  std::vector<std::pair<std::string, std::string>> settings;  // id, value as written
  std::uint32_t game_number = 1;
  std::vector<std::string> moves;  // notations
  std::uint32_t resigned_seat = 0;

  // The value of the tag `name`; "" when the header has none.
  std::string tag(std::string_view name) const;
};

// What the header says that the state does not: when the game ended
// ("2026-12-07"; "" leaves the Date tag out) and who sat in each seat, as
// the client names them (seats[s - 1] for seat s).
struct GameTextHeader {
  std::string date;
  std::vector<std::string> seats;
};

// `notations[i]` is how the i-th move of `state` is written.
std::string write_game_text(const v1::GameState& state, const std::vector<std::string>& notations,
                            const GameTextHeader& header);

// The Result tag: each seat's score joined by "-" ("1-0", "1/2-1/2"), so it
// reads as PGN for two seats and still works for more; "*" while unfinished.
std::string result_tag(const v1::GameState& state);

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
