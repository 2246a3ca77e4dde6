#include "games.h"

#include <cstdint>
#include <cstring>
#include <fstream>
#include <iterator>
#include <stdexcept>

namespace uttt::nnue {

float score_for(Winner w, Player p) {
  if (w == Winner::kDraw) return 0.5f;
  return (w == Winner::kX) == (p == Player::X) ? 1.0f : 0.0f;
}

namespace {

template <typename T>
void append(std::string& out, const T& value) {
  out.append(reinterpret_cast<const char*>(&value), sizeof value);
}

// Reads the bytes in order, and says where they fall short.
class Reader {
 public:
  explicit Reader(std::string_view bytes) : bytes_(bytes) {}
  template <typename T>
  T next(const std::string& what) {
    if (bytes_.size() < sizeof(T)) throw std::runtime_error("the file ends inside " + what);
    T value;
    std::memcpy(&value, bytes_.data(), sizeof value);
    bytes_.remove_prefix(sizeof value);
    return value;
  }
  bool done() const { return bytes_.empty(); }

 private:
  std::string_view bytes_;
};

}  // namespace

std::vector<Sample> samples_of(const GameRecord& game, float result_share) {
  std::vector<Sample> samples;
  samples.reserve(game.scores.size());
  Position pos;
  for (std::size_t ply = 0; ply < game.moves.size(); ++ply) {
    if (int(ply) >= game.opening) samples.push_back({pos, game.scores[ply - game.opening]});
    pos.play(game.moves[ply]);
  }
  const Winner winner = winner_of(pos.status());
  for (Sample& s : samples) {
    const float result = score_for(winner, s.pos.side_to_move());
    s.target = result_share * result + (1 - result_share) * s.target;
  }
  return samples;
}

std::string serialize_games(const std::vector<GameRecord>& games) {
  std::string out(kGamesMagic, sizeof kGamesMagic);
  append(out, kGamesVersion);
  append(out, std::uint32_t(games.size()));
  for (const GameRecord& g : games) {
    append(out, std::uint8_t(g.opening));
    append(out, std::uint8_t(g.moves.size()));
    out.append(reinterpret_cast<const char*>(g.moves.data()), g.moves.size());
    for (const float s : g.scores) append(out, s);
  }
  return out;
}

std::vector<GameRecord> parse_games(std::string_view bytes) {
  if (bytes.substr(0, sizeof kGamesMagic) != std::string_view(kGamesMagic, sizeof kGamesMagic))
    throw std::runtime_error("not a games file: it does not start with UTTTGAME");
  Reader in(bytes.substr(sizeof kGamesMagic));
  if (const auto version = in.next<std::uint32_t>("the header"); version != kGamesVersion)
    throw std::runtime_error("games file version " + std::to_string(version) +
                             ", where this program reads version " + std::to_string(kGamesVersion));
  const std::uint32_t count = in.next<std::uint32_t>("the header");
  std::vector<GameRecord> games;
  for (std::uint32_t g = 0; g < count; ++g) {
    const std::string game = "game " + std::to_string(g + 1);
    GameRecord record;
    record.opening = in.next<std::uint8_t>(game);
    const int plies = in.next<std::uint8_t>(game);
    if (record.opening > plies)
      throw std::runtime_error(game + ": " + std::to_string(record.opening) +
                               " opening moves, in a game of " + std::to_string(plies));
    Position pos;
    for (int ply = 0; ply < plies; ++ply) {
      const Move m = in.next<Move>(game);
      if (const MoveError e = pos.try_play(m); e != MoveError::kOk)
        throw std::runtime_error(game + ", move " + std::to_string(ply + 1) + " (" +
                                 std::to_string(m) + "): " + describe(e));
      record.moves.push_back(m);
    }
    if (!pos.is_over())
      throw std::runtime_error(game + ": it stops after " + std::to_string(plies) +
                               " moves, before the game is over");
    for (int ply = record.opening; ply < plies; ++ply) {
      const float s = in.next<float>(game);
      if (!(s >= 0.0f && s <= 1.0f))
        throw std::runtime_error(game + ", move " + std::to_string(ply + 1) + ": score " +
                                 std::to_string(s) + " is not between 0 and 1");
      record.scores.push_back(s);
    }
    games.push_back(std::move(record));
  }
  if (!in.done())
    throw std::runtime_error("bytes left over after the " + std::to_string(count) + " games");
  return games;
}

void save_games(const std::string& path, const std::vector<GameRecord>& games) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  const std::string bytes = serialize_games(games);
  out.write(bytes.data(), std::streamsize(bytes.size()));
  if (!out.flush()) throw std::runtime_error("cannot write " + path);
}

std::vector<GameRecord> load_games(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot read games file " + path);
  const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  try {
    return parse_games(bytes);
  } catch (const std::runtime_error& e) {
    throw std::runtime_error(path + ": " + e.what());
  }
}

}  // namespace uttt::nnue
