// The trainer's games on disk: written and read back unchanged, replayed
// into the samples the trainer learns from, and refused, with the reason,
// when a file is not what the trainer wrote.
#include "uttt/nnue/games.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <limits>

#include "uttt/engine/playout.h"

namespace uttt::nnue {
namespace {

// A random game to its end, a random score for every move after its opening.
GameRecord random_game(Rng& rng) {
  GameRecord g;
  g.opening = int(rng.below(5));
  Position pos;
  while (!pos.is_over()) {
    const Move m = random_move(pos, rng);
    if (int(g.moves.size()) >= g.opening) g.scores.push_back(float(rng.below(1001)) / 1000);
    g.moves.push_back(m);
    pos.play(m);
  }
  return g;
}

std::string parse_error(const std::string& bytes) {
  try {
    parse_games(bytes);
  } catch (const std::runtime_error& e) {
    return e.what();
  }
  return "accepted";
}

std::string parse_error(const GameRecord& g) { return parse_error(serialize_games({g})); }

TEST(Games, ReadBackAsTheyWereWritten) {
  Rng rng(11);
  std::vector<GameRecord> games;
  for (int i = 0; i < 300; ++i) games.push_back(random_game(rng));
  const std::string bytes = serialize_games(games);
  EXPECT_EQ(bytes.rfind("UTTTGAME", 0), 0u);
  const std::vector<GameRecord> back = parse_games(bytes);
  ASSERT_EQ(back.size(), games.size());
  for (std::size_t i = 0; i < games.size(); ++i) {
    EXPECT_EQ(back[i].opening, games[i].opening);
    EXPECT_EQ(back[i].moves, games[i].moves);
    EXPECT_EQ(back[i].scores, games[i].scores);
  }
  EXPECT_TRUE(parse_games(serialize_games({})).empty());
}

TEST(Games, ReplayIntoTheSearchedPositionsWithTheirTargets) {
  Rng rng(12);
  for (int i = 0; i < 50; ++i) {
    const GameRecord g = random_game(rng);
    Position end;
    for (const Move m : g.moves) end.play(m);
    const std::vector<Sample> samples = samples_of(g, 0.25f);
    ASSERT_EQ(samples.size(), g.moves.size() - std::size_t(g.opening));
    Position pos;
    for (std::size_t ply = 0; ply < g.moves.size(); ++ply) {
      if (int(ply) >= g.opening) {
        const Sample& s = samples[ply - std::size_t(g.opening)];
        EXPECT_EQ(s.pos, pos);
        const Winner mover = pos.side_to_move() == Player::X ? Winner::kX : Winner::kO;
        const Winner winner = winner_of(end.status());
        const float result = winner == Winner::kDraw ? 0.5f : winner == mover ? 1.0f : 0.0f;
        EXPECT_FLOAT_EQ(s.target, 0.25f * result + 0.75f * g.scores[ply - std::size_t(g.opening)]);
      }
      pos.play(g.moves[ply]);
    }
  }
}

TEST(Games, RefuseWhatTheTrainerDidNotWrite) {
  Rng rng(13);
  const GameRecord good = random_game(rng);
  const std::string bytes = serialize_games({good, good});

  EXPECT_NE(parse_error("UTTTNNUE" + bytes.substr(8)).find("does not start with UTTTGAME"),
            std::string::npos);
  std::string version = bytes;
  version[8] = 2;
  EXPECT_NE(parse_error(version).find("version 2"), std::string::npos);
  EXPECT_NE(parse_error(bytes.substr(0, bytes.size() - 3)).find("ends inside game 2"),
            std::string::npos);
  EXPECT_NE(parse_error(bytes + "x").find("bytes left over after the 2 games"), std::string::npos);

  GameRecord illegal = good;
  illegal.moves[5] = illegal.moves[4];  // the cell just taken
  EXPECT_NE(parse_error(illegal).find("game 1, move 6 ("), std::string::npos)
      << parse_error(illegal);
  GameRecord outside = good;
  outside.moves[0] = 81;
  EXPECT_NE(parse_error(outside).find("game 1, move 1 (81)"), std::string::npos);
  GameRecord unfinished = good;
  unfinished.moves.pop_back();
  unfinished.scores.pop_back();
  EXPECT_NE(parse_error(unfinished).find("before the game is over"), std::string::npos);
  GameRecord overlong = good;
  overlong.moves.push_back(good.moves.back());
  overlong.scores.push_back(0.5f);
  EXPECT_NE(parse_error(overlong).find("the game is over"), std::string::npos)
      << parse_error(overlong);
  for (const float bad : {1.5f, -0.1f, std::numeric_limits<float>::quiet_NaN()}) {
    GameRecord score = good;
    score.scores.back() = bad;
    EXPECT_NE(parse_error(score).find("is not between 0 and 1"), std::string::npos) << bad;
  }
  GameRecord opening = good;
  opening.opening = int(good.moves.size()) + 1;
  opening.scores.clear();
  EXPECT_NE(parse_error(opening).find("opening moves, in a game of"), std::string::npos);
}

TEST(Games, FilesNameThemselvesInTheirErrors) {
  char path[] = "/tmp/uttt-games-XXXXXX";
  const int fd = mkstemp(path);
  ASSERT_GE(fd, 0);
  close(fd);
  Rng rng(14);
  const std::vector<GameRecord> games = {random_game(rng), random_game(rng)};
  save_games(path, games);
  EXPECT_EQ(load_games(path).size(), 2u);
  {
    std::FILE* f = std::fopen(path, "wb");
    std::fputs("UTTTGAME", f);
    std::fclose(f);
  }
  try {
    load_games(path);
    ADD_FAILURE() << "a damaged file was accepted";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find(std::string(path) + ": the file ends inside the header"),
              std::string::npos)
        << e.what();
  }
  std::remove(path);
  EXPECT_THROW(load_games(path), std::runtime_error);
  EXPECT_THROW(save_games("/nonexistent/dir/g.games", games), std::runtime_error);
}

}  // namespace
}  // namespace uttt::nnue
