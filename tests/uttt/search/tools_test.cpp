// The search's tools end to end: uttt-arena (a short match, a match
// against uttt-bot over its protocol, a short bench), uttt-fit-eval (a
// small fit) and uttt-train-nnue (a small training run), read back from
// the key=value lines scripts rely on.
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <cstdio>
#include <fstream>
#include <iterator>
#include <map>
#include <sstream>
#include <string>
#include <vector>
#include "build_paths.h"

namespace {

// Runs a tool and returns its standard output (or, with errors_only, its
// standard error) and exit status.
std::pair<std::string, int> run(const char* tool, const std::string& args,
                                bool errors_only = false) {
  const std::string command =
      std::string(tool) + " " + args + (errors_only ? " 2>&1 >/dev/null" : " 2>/dev/null");
  FILE* pipe = popen(command.c_str(), "r");
  std::string out;
  char buf[4096];
  for (std::size_t n; (n = fread(buf, 1, sizeof buf, pipe)) > 0;) out.append(buf, n);
  const int status = pclose(pipe);
  return {out, WIFEXITED(status) ? WEXITSTATUS(status) : -1};
}

std::pair<std::string, int> run_arena(const std::string& args, bool errors_only = false) {
  return run(UTTT_ARENA_PATH, args, errors_only);
}

std::map<std::string, std::string> fields_of(const std::string& line) {
  std::map<std::string, std::string> fields;
  std::istringstream words(line);
  for (std::string w; words >> w;)
    if (auto eq = w.find('='); eq != std::string::npos) fields[w.substr(0, eq)] = w.substr(eq + 1);
  return fields;
}

std::map<std::string, std::string> last_line_fields(const std::string& out) {
  std::istringstream lines(out);
  std::string line, last;
  while (std::getline(lines, line))
    if (!line.empty()) last = line;
  return fields_of(last);
}

TEST(Arena, PlaysAMatchAndReportsTheScore) {
  const auto [out, status] =
      run_arena("novato random --games 6 --iterations 200 --threads 2 --seed 3");
  ASSERT_EQ(status, 0) << out;
  auto f = last_line_fields(out);
  EXPECT_EQ(f["games"], "6");
  EXPECT_EQ(std::stoi(f["wins"]) + std::stoi(f["draws"]) + std::stoi(f["losses"]), 6);
  const double score = std::stod(f["score"]);
  EXPECT_LE(std::stod(f["score_low"]), score);
  EXPECT_GE(std::stod(f["score_high"]), score);
  EXPECT_NE(out.find("Elo difference"), std::string::npos);
}

TEST(Arena, SameSeedAndIterationsGiveTheSameMatch) {
  const std::string args = "normal uct --games 2 --iterations 300 --seed 5";
  const auto a = run_arena(args), b = run_arena(args);
  auto fa = last_line_fields(a.first), fb = last_line_fields(b.first);
  EXPECT_EQ(fa["wins"], fb["wins"]);
  EXPECT_EQ(fa["draws"], fb["draws"]);
  EXPECT_EQ(fa["a_iterations_per_move"], fb["a_iterations_per_move"]);
}

TEST(Arena, BenchPrintsTheSearchSpeed) {
  const auto [out, status] = run_arena("--bench --seconds 0.05 --runs 1 experto");
  ASSERT_EQ(status, 0) << out;
  auto f = last_line_fields(out);
  EXPECT_EQ(f["player"], "experto");
  EXPECT_GT(std::stod(f["iterations_per_s"]), 0.0);
}

// What an instruction counter needs: the same work on every run.
TEST(Arena, BenchWithAnIterationBudgetDoesTheSameWorkEveryTime) {
  const auto a = run_arena("--bench --iterations 3000 --runs 1 experto");
  const auto b = run_arena("--bench --iterations 3000 --runs 1 experto");
  ASSERT_EQ(a.second, 0) << a.first;
  auto fa = last_line_fields(a.first), fb = last_line_fields(b.first);
  EXPECT_EQ(fa["iterations"], "3000");
  EXPECT_EQ(fa["nodes"], fb["nodes"]);
}

TEST(Arena, PlaysABotOverItsProtocol) {
  const auto [out, status] =
      run_arena(std::string("bot:") + UTTT_BOT_PATH + " random --games 4 --ms 20 --seed 2");
  ASSERT_EQ(status, 0) << out;
  auto f = last_line_fields(out);
  EXPECT_EQ(f["games"], "4");
  // Experto at 20 ms against random moves loses or draws a game about never.
  EXPECT_GE(std::stod(f["score"]), 0.75) << out;
  EXPECT_EQ(f["a_iterations_per_move"], "0");  // the protocol does not say
  EXPECT_GT(std::stod(f["a_ms_per_move"]), 0.0);
}

TEST(Arena, PlaysTwoBotsGamesAtOnce) {
  const std::string bot = std::string("bot:") + UTTT_BOT_PATH;
  const auto [out, status] = run_arena(bot + " " + bot + " --games 2 --ms 5 --threads 2");
  ASSERT_EQ(status, 0) << out;
  auto f = last_line_fields(out);
  EXPECT_EQ(std::stoi(f["wins"]) + std::stoi(f["draws"]) + std::stoi(f["losses"]), 2);
}

// A bot that cannot start, or answers what is not a legal move, ends the
// match with exit status 1 and a message naming the bot and its answer.
TEST(Arena, ReportsABotThatDoesNotPlay) {
  const std::string dir = ::testing::TempDir();
  auto script = [&](const std::string& name, const std::string& body) {
    const std::string path = dir + "/uttt_arena_test_" + name;
    std::ofstream(path) << "#!/bin/sh\n" << body << "\n";
    chmod(path.c_str(), 0755);
    return path;
  };
  const std::string hello = script("hello", "read move; echo hello");
  // Plays O and answers with X's move, a cell already taken.
  const std::string parrot = script("parrot", "read move; echo \"$move\"; cat >/dev/null");
  const std::string missing = dir + "/uttt_arena_test_missing";
  const struct {
    std::string args, message;
  } cases[] = {
      {"bot:" + missing + " random", "bot:" + missing + " (game 1): cannot start"},
      {"bot:" + hello + " random", "bot:" + hello + " (game 1): at move 1 answered \"hello\""},
      {"random bot:" + parrot, "bot:" + parrot + " (game 1): at move 2 answered"},
  };
  for (const auto& c : cases) {
    const auto [errors, status] = run_arena(c.args + " --games 1 --ms 5", true);
    EXPECT_EQ(status, 1) << c.args;
    EXPECT_NE(errors.find(c.message), std::string::npos) << errors;
  }
  EXPECT_NE(run_arena("random bot:" + parrot + " --games 1 --ms 5", true).first.find("forbid"),
            std::string::npos);
}

TEST(Arena, RefusesAMatchWithoutABudgetOrWithOnePlayer) {
  EXPECT_NE(run_arena("experto uct --games 2").second, 0);
  EXPECT_NE(run_arena("experto --games 2 --ms 5").second, 0);
  EXPECT_NE(run_arena("experto grandmaster --games 2 --ms 5").second, 0);
  // A bot has only a time budget, and learns of nothing but the last move.
  const std::string bot = std::string("bot:") + UTTT_BOT_PATH;
  EXPECT_EQ(run_arena(bot + " random --games 2 --iterations 100").second, 2);
  EXPECT_EQ(run_arena(bot + " random --games 2 --ms 5 --opening-plies 2").second, 2);
}

// Players changed for an experiment: another network, network values at
// the leaves, another minimax weight, first-play value, growth, contempt,
// time management; nonsense is refused by name.
TEST(Arena, PlaysLevelsWithChanges) {
  const auto [out, status] = run_arena(
      "experto:network=none,minimax=0.5,settle=1,fpu=0 "
      "experto:network=built-in,leaves=0.5,fpu=0.5,expand=2,contempt=0.3 --games 2 "
      "--iterations 300 --seed 5");
  ASSERT_EQ(status, 0) << out;
  EXPECT_EQ(last_line_fields(out)["games"], "2");
  const struct {
    std::string player;
    const char* error;
  } refused[] = {
      {"experto:network=/nonexistent.nnue", "cannot read network file /nonexistent.nnue"},
      {std::string("experto:network=") + UTTT_ARENA_PATH, "does not start with UTTTNNUE"},
      {"experto:leaves=yes", "leaves must be a number from 0 to 1, not 'yes'"},
      {"experto:minimax=2", "minimax must be a number from 0 to 1, not '2'"},
      {"experto:settle=on", "settle must be a number from 0 to 1, not 'on'"},
      {"experto:fpu=-1", "fpu must be a number from 0 to 10, not '-1'"},
      {"experto:expand=0", "expand must be a number from 1 to 100, not '0'"},
      {"experto:expand=1.5", "expand must be a whole number of visits, not '1.5'"},
      {"experto:contempt=0.6", "contempt must be a number from 0 to 0.5, not '0.6'"},
      {"experto:depth=3", "unknown change 'depth'"},
      {"master:minimax=0.5", "no such player: master"},
  };
  for (const auto& r : refused) {
    const auto [errors, code] = run_arena(r.player + " uct --games 1 --ms 5", true);
    EXPECT_NE(code, 0) << r.player;
    EXPECT_NE(errors.find(r.error), std::string::npos) << r.player << ": " << errors;
  }
}

// Two runs with one seed write the same weights; the log says how each
// generation trained and played against the player before it.
TEST(TrainNnue, TrainsTheSameWeightsTwice) {
  char folder[] = "/tmp/uttt-train-nnue-XXXXXX";
  ASSERT_NE(mkdtemp(folder), nullptr);
  const std::string args =
      "--games 12 --iterations 100 --epochs 2 --match-games 4 --threads 2 "
      "--generations 2 --seed 3 --out ";
  const auto a = run(UTTT_TRAIN_NNUE_PATH, args + folder + "/a.nnue");
  const auto b = run(UTTT_TRAIN_NNUE_PATH, args + folder + "/b.nnue");
  ASSERT_EQ(a.second, 0) << a.first;
  ASSERT_EQ(b.second, 0) << b.first;
  auto bytes = [](const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  };
  const std::string weights = bytes(std::string(folder) + "/a.nnue");
  EXPECT_EQ(weights.rfind("UTTTNNUE", 0), 0u);
  EXPECT_EQ(weights, bytes(std::string(folder) + "/b.nnue"));
  EXPECT_NE(a.first.find("generation=2 epoch=2 train_loss="), std::string::npos) << a.first;
  EXPECT_NE(a.first.find("generation=2 match_games=4 "), std::string::npos) << a.first;
  // The network it wrote plays.
  const auto [out, status] = run_arena(std::string("experto:network=") + folder +
                                       "/a.nnue random --games 2 --iterations 200");
  EXPECT_EQ(status, 0) << out;
  std::remove((std::string(folder) + "/a.nnue").c_str());
  std::remove((std::string(folder) + "/b.nnue").c_str());
  rmdir(folder);
}

// A network learns from the games of the last --window generations, its
// own included: a window of three trains generation 2 on the samples of
// generations 1 and 2, which a window of one trains on apart.
TEST(TrainNnue, TrainsOnTheGamesOfItsWindow) {
  char folder[] = "/tmp/uttt-train-window-XXXXXX";
  ASSERT_NE(mkdtemp(folder), nullptr);
  const std::string weights = std::string(folder) + "/w.nnue";
  // Samples (train and test) each generation of a run was trained on.
  auto samples_per_generation = [&](int window) {
    const auto [log, status] =
        run(UTTT_TRAIN_NNUE_PATH, "--games 10 --iterations 50 --epochs 1 --match-games 0 "
                                  "--generations 2 --seed 5 --out " +
                                      weights + " --window " + std::to_string(window));
    EXPECT_EQ(status, 0) << log;
    std::vector<int> counts;
    std::istringstream lines(log);
    for (std::string line; std::getline(lines, line);)
      if (line.find(" samples=") != std::string::npos) {
        auto f = fields_of(line);
        counts.push_back(std::stoi(f["samples"]) + std::stoi(f["test_samples"]));
      }
    return counts;
  };
  const std::vector<int> apart = samples_per_generation(1), together = samples_per_generation(3);
  std::remove(weights.c_str());
  rmdir(folder);
  ASSERT_EQ(apart.size(), 2u);
  ASSERT_EQ(together.size(), 2u);
  EXPECT_EQ(together[0], apart[0]);
  EXPECT_EQ(together[1], apart[0] + apart[1]);
}

// --experto-settings plays the self-play games with Experto's own search,
// not the trainer's fixed settings: from one seed other games, so other
// weights, and still the same weights twice.
TEST(TrainNnue, SelfPlaysWithExpertosOwnSettingsWhenAsked) {
  char folder[] = "/tmp/uttt-train-settings-XXXXXX";
  ASSERT_NE(mkdtemp(folder), nullptr);
  const std::string weights = std::string(folder) + "/w.nnue";
  auto hash_of_run = [&](const std::string& extra) {
    const auto [log, status] = run(UTTT_TRAIN_NNUE_PATH,
                                   "--games 10 --iterations 100 --epochs 1 --match-games 0 "
                                   "--seed 5 --out " +
                                       weights + extra);
    EXPECT_EQ(status, 0) << log;
    return last_line_fields(log)["fnv1a"];
  };
  const std::string fixed = hash_of_run(""), own = hash_of_run(" --experto-settings"),
                    own_again = hash_of_run(" --experto-settings");
  std::remove(weights.c_str());
  rmdir(folder);
  EXPECT_EQ(fixed.size(), 16u);
  EXPECT_EQ(own.size(), 16u);
  EXPECT_NE(own, fixed);
  EXPECT_EQ(own_again, own);
}

// The committed weights stay reproducible: without --experto-settings the
// trainer's self-play must keep playing the games generations 1 to 4 were
// trained on, whatever Experto's search becomes. The hash is what a2e72af's
// trainer, which wrote those weights, writes for this command; a change to
// the search that changes these games fails here first.
TEST(TrainNnue, StillPlaysTheGamesTheWeightsInUseLearnedFrom) {
  char folder[] = "/tmp/uttt-train-canary-XXXXXX";
  ASSERT_NE(mkdtemp(folder), nullptr);
  const std::string weights = std::string(folder) + "/w.nnue";
  const auto [log, status] =
      run(UTTT_TRAIN_NNUE_PATH,
          "--games 20 --iterations 200 --epochs 1 --match-games 0 --seed 1 --out " + weights);
  std::remove(weights.c_str());
  rmdir(folder);
  ASSERT_EQ(status, 0) << log;
  EXPECT_EQ(last_line_fields(log)["fnv1a"], "e9f4cf44700a8ddc");
}

// Games kept with --save-games teach a network exactly what playing them
// taught it: a run that only adds the file writes the same weights, byte
// for byte. A damaged file stops the run, naming the file.
TEST(TrainNnue, LearnsFromKeptGamesAsFromPlayingThem) {
  char folder[] = "/tmp/uttt-train-games-XXXXXX";
  ASSERT_NE(mkdtemp(folder), nullptr);
  const std::string dir = folder, games = dir + "/generation-1.games";
  const std::string common = " --epochs 1 --match-games 0 --seed 5 --out " + dir + "/w.nnue";
  const auto [played, played_status] =
      run(UTTT_TRAIN_NNUE_PATH, "--games 10 --iterations 100 --save-games " + dir + common);
  ASSERT_EQ(played_status, 0) << played;
  const auto [kept, kept_status] =
      run(UTTT_TRAIN_NNUE_PATH, "--games 0 --add-games " + games + common);
  ASSERT_EQ(kept_status, 0) << kept;
  EXPECT_NE(kept.find("added=" + games + " games=10"), std::string::npos) << kept;
  EXPECT_EQ(last_line_fields(played)["fnv1a"].size(), 16u);
  EXPECT_EQ(last_line_fields(kept)["fnv1a"], last_line_fields(played)["fnv1a"]);

  std::ofstream(games, std::ios::binary | std::ios::trunc) << "UTTTGAME";
  const auto [errors, status] =
      run(UTTT_TRAIN_NNUE_PATH, "--games 0 --add-games " + games + common, true);
  EXPECT_EQ(status, 1);
  EXPECT_NE(errors.find(games + ": the file ends inside the header"), std::string::npos) << errors;
  std::remove(games.c_str());
  std::remove((dir + "/w.nnue").c_str());
  rmdir(folder);
}

TEST(TrainNnue, RefusesBadSettings) {
  EXPECT_NE(run(UTTT_TRAIN_NNUE_PATH, "--games 20").second, 0);  // no --out
  EXPECT_NE(run(UTTT_TRAIN_NNUE_PATH, "--out /tmp/x.nnue --games 1").second, 0);
  // No games to play and none to add: nothing to learn from.
  EXPECT_NE(run(UTTT_TRAIN_NNUE_PATH, "--out /tmp/x.nnue --games 0").second, 0);
  EXPECT_NE(run(UTTT_TRAIN_NNUE_PATH, "--out /tmp/x.nnue --result-share 2").second, 0);
  EXPECT_NE(run(UTTT_TRAIN_NNUE_PATH, "--out /tmp/x.nnue --window 0").second, 0);
  const auto [errors, status] = run(UTTT_TRAIN_NNUE_PATH,
                                    "--out /nonexistent/dir/x.nnue --games 10 --iterations 20 "
                                    "--epochs 1 --match-games 0",
                                    true);
  EXPECT_EQ(status, 1);
  EXPECT_NE(errors.find("cannot write /nonexistent/dir/x.nnue"), std::string::npos) << errors;
}

TEST(FitEval, FitsTheWeightsTheSameWayTwice) {
  const std::string args = "--games 10 --iterations 200 --threads 2 --seed 4";
  const auto a = run(UTTT_FIT_EVAL_PATH, args), b = run(UTTT_FIT_EVAL_PATH, args);
  ASSERT_EQ(a.second, 0) << a.first;
  EXPECT_EQ(a.first, b.first);
  // The summary line, then the table as evaluation.cpp holds it.
  std::istringstream lines(a.first);
  std::string summary;
  std::getline(lines, summary);
  auto f = fields_of(summary);
  EXPECT_EQ(f["games"], "10");
  EXPECT_GT(std::stoi(f["positions"]), 100);
  EXPECT_GT(std::stoi(f["test_positions"]), 0);
  EXPECT_GT(std::stod(f["log_loss"]), 0.0);
  EXPECT_NE(a.first.find("constexpr float kBias = "), std::string::npos);
  EXPECT_NE(a.first.find("constexpr Features kWeights = {"), std::string::npos);
}

TEST(FitEval, RefusesBadSettings) {
  EXPECT_NE(run(UTTT_FIT_EVAL_PATH, "--games 0").second, 0);
  EXPECT_NE(run(UTTT_FIT_EVAL_PATH, "--minimax-weight 2").second, 0);
  EXPECT_NE(run(UTTT_FIT_EVAL_PATH, "--iterations nine").second, 0);
}

}  // namespace
