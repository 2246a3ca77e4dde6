// Self-play games as the trainer learns from them, and as it keeps them on
// disk: the moves, and the expected score the search reported at each
// position it searched. The positions and the result come from replaying
// the moves, so a file costs a few bytes a position and cannot disagree
// with the rules.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "trainer.h"

namespace uttt::nnue {

struct GameRecord {
  int opening = 0;            // random moves before the first search
  std::vector<Move> moves;    // the whole game, to its end
  std::vector<float> scores;  // one per searched position: moves.size() - opening
};

// A finished game's result for p: 1 won, 0.5 drawn, 0 lost.
float score_for(Winner w, Player p);

// The positions the search scored, in the order played, each with its
// target: result_share of the game's result for the side to move (1, 0.5,
// 0), the rest the search's score. The game must be one parse_games would
// accept.
std::vector<Sample> samples_of(const GameRecord& game, float result_share);

// The file: the magic "UTTTGAME", the version and the number of games
// (little-endian u32), then each game: its opening moves and its moves in
// all (a byte each), the moves (a byte each, board * 9 + cell), and the
// scores (little-endian float32).
constexpr char kGamesMagic[8] = {'U', 'T', 'T', 'T', 'G', 'A', 'M', 'E'};
constexpr std::uint32_t kGamesVersion = 1;
std::string serialize_games(const std::vector<GameRecord>& games);
// Replays every game: throws std::runtime_error naming the game, and the
// move where it applies, when the bytes are not such a file, a move is
// illegal, a game goes on after its end or stops before it, or a score is
// not between 0 and 1.
std::vector<GameRecord> parse_games(std::string_view bytes);

// The same with files; the errors name the file.
void save_games(const std::string& path, const std::vector<GameRecord>& games);
std::vector<GameRecord> load_games(const std::string& path);

}  // namespace uttt::nnue
