// The search's tools end to end: uttt-arena (a short match, a short bench)
// and uttt-fit-eval (a small fit), read back from the key=value lines
// scripts rely on.
#include <cstdio>
#include <map>
#include <sstream>
#include <string>

#include <gtest/gtest.h>

namespace {

// Runs a tool and returns its standard output and exit status.
std::pair<std::string, int> run(const char* tool, const std::string& args) {
  const std::string command = std::string(tool) + " " + args + " 2>/dev/null";
  FILE* pipe = popen(command.c_str(), "r");
  std::string out;
  char buf[4096];
  for (std::size_t n; (n = fread(buf, 1, sizeof buf, pipe)) > 0;) out.append(buf, n);
  const int status = pclose(pipe);
  return {out, WIFEXITED(status) ? WEXITSTATUS(status) : -1};
}

std::pair<std::string, int> run_arena(const std::string& args) {
  return run(UTTT_ARENA_PATH, args);
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
  const auto [out, status] = run_arena("novato random --games 6 --iterations 200 --threads 2 --seed 3");
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

TEST(Arena, RefusesAMatchWithoutABudgetOrWithOnePlayer) {
  EXPECT_NE(run_arena("experto uct --games 2").second, 0);
  EXPECT_NE(run_arena("experto --games 2 --ms 5").second, 0);
  EXPECT_NE(run_arena("experto grandmaster --games 2 --ms 5").second, 0);
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
