// uttt-bot: the CPU opponent behind a text protocol, so it can play in
// arenas and tools made for other ultimate tic-tac-toe bots.
//
//   uttt-bot --protocol codingame --ms 100 [--level experto] [--seed S]
//
// CodinGame protocol, one turn after the other until the input ends:
//   in:  "oppRow oppCol"   the opponent's last move, "-1 -1" if we open
//        "N"               the number of valid moves
//        N x "row col"     the valid moves
//   out: "row col"         our move
// Rows and columns 0..8 run over the whole 9x9 grid (docs/cpu.md). Input
// that is malformed, or a move the rules forbid, ends the bot with a
// message on stderr and exit status 1.
#include <charconv>
#include <chrono>
#include <cstdio>
#include <algorithm>
#include <iostream>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "uttt/search/searcher.h"

namespace {

using namespace uttt;
using Clock = std::chrono::steady_clock;

class InputError : public std::runtime_error {
  using std::runtime_error::runtime_error;
};

// Reads the protocol line by line and says exactly what was wrong.
class Reader {
 public:
  // A line of exactly `count` integers, or nothing at a clean end of input.
  std::optional<std::vector<int>> try_integers(const std::string& what, std::size_t count) {
    std::string line;
    if (!std::getline(std::cin, line)) return std::nullopt;
    ++line_number_;
    std::vector<int> values;
    const char* p = line.data();
    const char* const end = p + line.size();
    auto blank = [](char c) { return c == ' ' || c == '\t' || c == '\r'; };
    while (p != end) {
      while (p != end && blank(*p)) ++p;
      if (p == end) break;
      int v;
      const auto [next, ec] = std::from_chars(p, end, v);
      if (ec != std::errc() || (next != end && !blank(*next)))
        fail("expected " + what + ", got \"" + line + "\"");
      values.push_back(v);
      p = next;
    }
    if (values.size() != count) fail("expected " + what + ", got \"" + line + "\"");
    return values;
  }

  std::vector<int> integers(const std::string& what, std::size_t count) {
    auto values = try_integers(what, count);
    if (!values) fail("the input ended where " + what + " was expected");
    return *values;
  }

  [[noreturn]] void fail(const std::string& message) const {
    throw InputError("line " + std::to_string(line_number_) + ": " + message);
  }

 private:
  int line_number_ = 0;
};

std::string grid_text(Move m) { return std::to_string(grid_row(m)) + " " + std::to_string(grid_col(m)); }

Move grid_move(Reader& in, const std::vector<int>& rc, const std::string& what) {
  if (rc[0] < 0 || rc[0] > 8 || rc[1] < 0 || rc[1] > 8)
    in.fail(what + " " + std::to_string(rc[0]) + " " + std::to_string(rc[1]) +
            " is off the grid: rows and columns go from 0 to 8");
  return move_at(rc[0], rc[1]);
}

struct Options {
  double ms = 100;
  double first_ms = 0;
  std::string level = "experto";
  std::uint64_t seed = 1;
  bool verbose = false;
};

int play_codingame(const Options& options) {
  const SearchConfig config = config_for(*parse_level(options.level));
  Searcher searcher(config);
  Position pos;
  Reader in;
  for (int turn = 1;; ++turn) {
    const auto opponent = in.try_integers("the opponent's move \"row col\" or \"-1 -1\"", 2);
    if (!opponent) return 0;  // the referee is done with us
    const auto turn_start = Clock::now();
    const std::vector<int>& opp = *opponent;
    if (opp[0] == -1 && opp[1] == -1) {
      if (pos.ply() != 0) in.fail("\"-1 -1\" means we open the game, but moves were already played");
    } else {
      const Move m = grid_move(in, opp, "the opponent's move");
      if (const MoveError e = pos.check(m); e != MoveError::kOk)
        in.fail("the opponent's move " + grid_text(m) + " is illegal: " + describe(e));
      pos.play(m);
    }

    const int listed = in.integers("the number of valid moves", 1)[0];
    const int legal = pos.count_legal_moves();
    if (listed < 1 || listed > kCells)
      in.fail("the number of valid moves must be 1..81, got " + std::to_string(listed));
    bool seen[kCells] = {};
    for (int i = 0; i < listed; ++i) {
      const Move m = grid_move(in, in.integers("a valid move \"row col\"", 2), "the valid move");
      if (const MoveError e = pos.check(m); e != MoveError::kOk)
        in.fail("the valid move " + grid_text(m) + " is not legal here: " + describe(e));
      if (seen[m]) in.fail("the valid move " + grid_text(m) + " is listed twice");
      seen[m] = true;
    }
    if (listed != legal)
      in.fail("the referee lists " + std::to_string(listed) + " valid moves but the rules allow " +
              std::to_string(legal));

    // The budget covers the whole turn, reading and answering included; the
    // margin absorbs what the search cannot see (the pipe, the scheduler on
    // a busy machine).
    const double budget = turn == 1 && options.first_ms > 0 ? options.first_ms : options.ms;
    const double spent =
        std::chrono::duration<double, std::milli>(Clock::now() - turn_start).count();
    const double margin = std::max(2.0, 0.05 * budget);
    SearchLimits limits;
    limits.max_milliseconds = std::max(1.0, budget - spent - margin);
    limits.seed = options.seed * 0x9e3779b97f4a7c15ull + std::uint64_t(pos.ply());
    const SearchResult r = searcher.choose(pos, limits);
    std::cout << grid_text(r.move) << std::endl;
    if (options.verbose)
      std::fprintf(stderr, "turn=%d move=%s iterations=%llu expected=%.3f reused=%zu ms=%.1f\n",
                   turn, grid_text(r.move).c_str(), (unsigned long long)r.iterations,
                   r.expected_score, searcher.nodes_reused(),
                   std::chrono::duration<double, std::milli>(Clock::now() - turn_start).count());
    pos.play(r.move);
  }
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"Ultimate tic-tac-toe CPU player speaking a bot-arena protocol on stdin/stdout"};
  Options options;
  std::string protocol = "codingame";
  app.add_option("--protocol", protocol, "the protocol to speak")
      ->check(CLI::IsMember({"codingame"}));
  app.add_option("--ms", options.ms, "time per turn in milliseconds, answering included")
      ->check(CLI::Range(1.0, 3600000.0));
  app.add_option("--first-ms", options.first_ms, "time for the first turn (default: --ms)")
      ->check(CLI::Range(1.0, 3600000.0));
  app.add_option("--level", options.level, "novato, normal or experto")
      ->check(CLI::IsMember({"novato", "normal", "experto"}));
  app.add_option("--seed", options.seed, "seed of the search");
  app.add_flag("--verbose", options.verbose, "report each search on stderr");
  CLI11_PARSE(app, argc, argv);

  std::ios::sync_with_stdio(false);
  try {
    return play_codingame(options);
  } catch (const InputError& e) {
    std::fprintf(stderr, "uttt-bot: bad input: %s\n", e.what());
  } catch (const std::exception& e) {
    std::fprintf(stderr, "uttt-bot: error: %s\n", e.what());
  }
  return 1;
}
