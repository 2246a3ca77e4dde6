// uttt-arena: plays two CPU players against each other and measures who is
// stronger, or measures how fast the search runs.
//
//   uttt-arena A B [--games N] [--ms T] [--iterations I] [--threads K]
//                  [--seed S] [--opening-plies P] [variants]
//   uttt-arena --bench [--seconds S | --iterations I] [--runs R] [PLAYER...]
//
// Players: novato, normal, experto (the levels), uct (plain UCT: uniform
// playouts, no solver, the yardstick) and random (uniformly random moves).
// Games alternate who plays X. The last line of a match, and every bench
// line, is key=value pairs for scripts.
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <memory>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include <CLI/CLI.hpp>

#include "uttt/engine/playout.h"
#include "uttt/search/searcher.h"

namespace {

using namespace uttt;

const std::vector<std::string> kPlayers = {"novato", "normal", "experto", "uct", "random"};

// One seat at the board for one game; a searcher keeps its tree across the
// game's moves.
class Contestant {
 public:
  Contestant(const std::string& name, const SearchConfig& uct, std::size_t tree_bytes) {
    if (name == "random") return;
    const auto level = parse_level(name);
    searcher_ = std::make_unique<Searcher>(level ? config_for(*level) : uct, tree_bytes);
  }
  void new_game() {
    if (searcher_) searcher_->forget();
  }
  Move move(const Position& pos, SearchLimits limits) {
    if (!searcher_) {
      Rng rng(limits.seed);
      return random_move(pos, rng);
    }
    const auto start = std::chrono::steady_clock::now();
    const SearchResult r = searcher_->choose(pos, limits);
    seconds_ += std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    iterations_ += r.iterations;
    ++moves_;
    return r.move;
  }
  std::uint64_t iterations() const { return iterations_; }
  std::uint64_t moves() const { return moves_; }
  double seconds() const { return seconds_; }

 private:
  std::unique_ptr<Searcher> searcher_;
  std::uint64_t iterations_ = 0, moves_ = 0;
  double seconds_ = 0;
};

std::uint64_t mix(std::uint64_t a, std::uint64_t b) {  // splitmix64 of a pair
  std::uint64_t z = a * 0x9e3779b97f4a7c15ull + b + 0x632be59bd9b4e5ull;
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

struct MatchSettings {
  std::string a, b;
  int games = 100;
  double ms = 0;
  std::uint64_t iterations = 0;
  int threads = 1;
  std::uint64_t seed = 1;
  int opening_plies = 0;
  std::size_t tree_bytes = Searcher::kDefaultTreeBytes;
  SearchConfig uct = plain_uct();
  Rules rules;
};

// Results seen by player A.
struct Tally {
  int wins = 0, draws = 0, losses = 0;
  int as_x[3] = {0, 0, 0};  // wins, draws, losses when A plays X
  int games() const { return wins + draws + losses; }
  double score() const { return games() ? (wins + 0.5 * draws) / games() : 0.5; }
};

// Plays game g: A has X in even games. A short random opening, the same for
// both games of a pair, spreads the games over more positions.
Winner play_game(const MatchSettings& s, int g, Contestant& a, Contestant& b) {
  const bool a_is_x = g % 2 == 0;
  Contestant& x = a_is_x ? a : b;
  Contestant& o = a_is_x ? b : a;
  x.new_game();
  o.new_game();
  Position pos(s.rules);
  Rng opening(mix(s.seed, std::uint64_t(g / 2)));
  for (int i = 0; i < s.opening_plies && !pos.is_over(); ++i) pos.play(random_move(pos, opening));
  while (!pos.is_over()) {
    SearchLimits limits;
    limits.max_iterations = s.iterations;
    limits.max_milliseconds = s.ms;
    limits.seed = mix(mix(s.seed, std::uint64_t(g)), std::uint64_t(pos.ply()));
    Contestant& mover = pos.side_to_move() == Player::X ? x : o;
    const Move m = mover.move(pos, limits);
    if (const MoveError e = pos.check(m); e != MoveError::kOk)
      throw std::logic_error(std::string("a player chose an illegal move: ") + describe(e));
    pos.play(m);
  }
  return winner_of(pos.status());
}

class ProgressBar {
 public:
  ProgressBar(int total) : total_(total), shown_(isatty(STDERR_FILENO)), start_(Clock::now()) {}
  void update(const Tally& t) {
    if (!shown_) return;
    constexpr int kWidth = 30;
    const int done = t.games();
    const int filled = total_ ? done * kWidth / total_ : kWidth;
    const double seconds = std::chrono::duration<double>(Clock::now() - start_).count();
    const double eta = done ? seconds * (total_ - done) / done : 0;
    std::fprintf(stderr, "\r[%s%s] %d/%d  +%d =%d -%d  %.0fs left ", std::string(filled, '#').c_str(),
                 std::string(kWidth - filled, '.').c_str(), done, total_, t.wins, t.draws, t.losses,
                 eta);
    std::fflush(stderr);
  }
  void finish() {
    if (shown_) std::fprintf(stderr, "\n");
  }

 private:
  using Clock = std::chrono::steady_clock;
  int total_;
  bool shown_;
  Clock::time_point start_;
};

// Elo difference for an expected score, unbounded at 0 and 1.
double elo_of(double score) {
  if (score <= 0) return -INFINITY;
  if (score >= 1) return INFINITY;
  return -400.0 * std::log10(1.0 / score - 1.0);
}

std::string signed_elo(double elo) {
  if (std::isinf(elo)) return elo > 0 ? "+inf" : "-inf";
  if (std::fabs(elo) < 0.5) return "0";
  char buf[32];
  std::snprintf(buf, sizeof buf, "%+.0f", elo);
  return buf;
}

int run_match(const MatchSettings& s) {
  Tally tally;
  std::uint64_t iterations[2] = {0, 0}, moves[2] = {0, 0};
  double thinking[2] = {0, 0};
  std::mutex mutex;
  std::atomic<int> next_game{0};
  ProgressBar bar(s.games);
  std::exception_ptr failure;
  const auto start = std::chrono::steady_clock::now();

  auto worker = [&] {
    try {
      Contestant a(s.a, s.uct, s.tree_bytes), b(s.b, s.uct, s.tree_bytes);
      for (int g; (g = next_game++) < s.games;) {
        const Winner w = play_game(s, g, a, b);
        const bool a_is_x = g % 2 == 0;
        const int outcome = w == Winner::kDraw ? 1 : (w == Winner::kX) == a_is_x ? 0 : 2;
        std::lock_guard<std::mutex> lock(mutex);
        (outcome == 0 ? tally.wins : outcome == 1 ? tally.draws : tally.losses)++;
        if (a_is_x) tally.as_x[outcome]++;
        bar.update(tally);
      }
      std::lock_guard<std::mutex> lock(mutex);
      iterations[0] += a.iterations();
      iterations[1] += b.iterations();
      moves[0] += a.moves();
      moves[1] += b.moves();
      thinking[0] += a.seconds();
      thinking[1] += b.seconds();
    } catch (...) {
      std::lock_guard<std::mutex> lock(mutex);
      failure = std::current_exception();
      next_game = s.games;
    }
  };
  std::vector<std::thread> pool;
  for (int i = 0; i < s.threads; ++i) pool.emplace_back(worker);
  for (auto& t : pool) t.join();
  bar.finish();
  if (failure) std::rethrow_exception(failure);
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();

  // Normal approximation over per-game scores: the draws narrow it. When
  // every game ended alike that variance is zero, and the Wilson interval of
  // a binomial score says honestly how sure n games can be.
  const int n = tally.games();
  const double mean = tally.score();
  const double second_moment = (tally.wins + 0.25 * tally.draws) / n;
  const double variance = std::max(0.0, second_moment - mean * mean);
  constexpr double z = 1.96;
  double low, high;
  if (variance > 0) {
    const double margin = z * std::sqrt(variance / n);
    low = std::max(0.0, mean - margin);
    high = std::min(1.0, mean + margin);
  } else {
    const double centre = (mean + z * z / (2 * n)) / (1 + z * z / n);
    const double half = z * std::sqrt(mean * (1 - mean) / n + z * z / (4.0 * n * n)) / (1 + z * z / n);
    // At a score of exactly 0 or 1 one bound is exact; keep rounding off it.
    low = mean == 0 ? 0.0 : std::max(0.0, centre - half);
    high = mean == 1 ? 1.0 : std::min(1.0, centre + half);
  }
  const double elo = elo_of(mean), elo_low = elo_of(low), elo_high = elo_of(high);
  auto per_move = [&](int i) { return moves[i] ? double(iterations[i]) / moves[i] : 0.0; };
  auto per_second = [&](int i) { return thinking[i] > 0 ? iterations[i] / thinking[i] : 0.0; };

  std::printf("%s vs %s: %d games, per move", s.a.c_str(), s.b.c_str(), n);
  if (s.ms > 0) std::printf(" %g ms", s.ms);
  if (s.iterations) std::printf(" %llu iterations", (unsigned long long)s.iterations);
  std::printf(", %d thread(s)", s.threads);
  if (s.a == "uct" || s.b == "uct") std::printf(", uct exploration %g", s.uct.exploration);
  std::printf("\n");
  std::printf("%s: %d wins, %d draws, %d losses (as X: +%d =%d -%d; as O: +%d =%d -%d)\n",
              s.a.c_str(), tally.wins, tally.draws, tally.losses, tally.as_x[0], tally.as_x[1],
              tally.as_x[2], tally.wins - tally.as_x[0], tally.draws - tally.as_x[1],
              tally.losses - tally.as_x[2]);
  std::printf("score %.3f, 95%% CI %.3f .. %.3f\n", mean, low, high);
  std::printf("Elo difference %s, 95%% CI %s .. %s\n", signed_elo(elo).c_str(),
              signed_elo(elo_low).c_str(), signed_elo(elo_high).c_str());
  std::printf(
      "a=%s b=%s games=%d wins=%d draws=%d losses=%d score=%.4f score_low=%.4f score_high=%.4f "
      "elo=%s elo_low=%s elo_high=%s a_iterations_per_move=%.0f b_iterations_per_move=%.0f "
      "a_iterations_per_s=%.0f b_iterations_per_s=%.0f seconds=%.1f\n",
      s.a.c_str(), s.b.c_str(), n, tally.wins, tally.draws, tally.losses, mean, low, high,
      signed_elo(elo).c_str(), signed_elo(elo_low).c_str(), signed_elo(elo_high).c_str(),
      per_move(0), per_move(1), per_second(0), per_second(1), seconds);
  return 0;
}

// Search speed from the start position, single-threaded, one fresh tree per
// run, for a time or (with --iterations) a fixed number of iterations; the
// best of the runs is the figure least disturbed by the machine. `seconds`
// is what the best run took.
int run_bench(const std::vector<std::string>& players, double seconds, int runs,
              const MatchSettings& s) {
  for (const std::string& name : players) {
    if (name == "random") continue;
    const auto level = parse_level(name);
    SearchConfig config = level ? config_for(*level) : s.uct;
    config.max_iterations = 0;  // the levels' handicaps are not the engine's speed
    config.blunder_rate = 0;
    double best = 0, best_seconds = 0;
    std::uint64_t best_iterations = 0;
    std::size_t nodes = 0;
    for (int r = 0; r < runs; ++r) {
      Searcher searcher(config, s.tree_bytes);
      SearchLimits limits;
      // A fixed iteration budget does the same work on every run, which is
      // what an instruction counter (callgrind) should see.
      if (s.iterations)
        limits.max_iterations = s.iterations;
      else
        limits.max_milliseconds = seconds * 1000;
      limits.seed = std::uint64_t(r + 1);
      const auto start = std::chrono::steady_clock::now();
      const SearchResult result = searcher.choose(Position(s.rules), limits);
      const double took =
          std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      if (result.iterations / took > best) {
        best = result.iterations / took;
        best_seconds = took;
        best_iterations = result.iterations;
        nodes = searcher.nodes_in_use();
      }
    }
    std::printf("player=%s seconds=%.2f runs=%d iterations=%llu iterations_per_s=%.0f nodes=%zu "
                "tree_mb=%.1f\n",
                name.c_str(), best_seconds, runs, (unsigned long long)best_iterations, best, nodes,
                double(nodes * Searcher::kBytesPerNode) / (1 << 20));
    std::fflush(stdout);
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"Plays CPU players of ultimate tic-tac-toe against each other, or times the search"};
  MatchSettings s;
  std::vector<std::string> players;
  bool bench = false;
  double bench_seconds = 1;
  int bench_runs = 3;
  int fast_target = 0;
  std::size_t tree_mb = Searcher::kDefaultTreeBytes >> 20;

  app.add_option("players", players, "two players for a match (any number for --bench): " +
                                         CLI::detail::join(kPlayers, ", "))
      ->check(CLI::IsMember(kPlayers));
  app.add_flag("--bench", bench, "time the search from the start position instead of playing");
  app.add_option("--seconds", bench_seconds, "bench: seconds per run")->check(CLI::PositiveNumber);
  app.add_option("--runs", bench_runs, "bench: runs per player, the best counts")
      ->check(CLI::Range(1, 100));
  app.add_option("--games", s.games, "games to play (sides alternate)")->check(CLI::Range(1, 1000000));
  app.add_option("--ms", s.ms, "thinking time per move in milliseconds")
      ->check(CLI::Range(0.0, 3600000.0));
  app.add_option("--iterations", s.iterations,
                 "search iterations per move (bench: per run, instead of --seconds)");
  app.add_option("--threads", s.threads, "games played at once")->check(CLI::Range(1, 256));
  app.add_option("--seed", s.seed, "seed of the whole match");
  app.add_option("--opening-plies", s.opening_plies,
                 "random moves before the players take over (shared by each pair of games)")
      ->check(CLI::Range(0, 20));
  app.add_option("--tree-mb", tree_mb, "memory for each player's tree, in MiB")
      ->check(CLI::Range(1, 65536));
  app.add_option("--uct-exploration", s.uct.exploration,
                 "UCB1 constant of the uct yardstick (default: its best, as measured)")
      ->check(CLI::Range(0.01, 10.0));
  app.add_flag("--early-draw", s.rules.early_draw, "variant: early draw");
  app.add_flag("--open-boards", s.rules.open_boards, "variant: decided boards stay open");
  app.add_flag("--draw-both", s.rules.draw_counts_both, "variant: a drawn board counts for both");
  app.add_option("--fast", fast_target, "variant: fast game to this many small boards")
      ->check(CLI::Range(Rules::kMinFastTarget, Rules::kMaxFastTarget));
  CLI11_PARSE(app, argc, argv);

  s.rules.fast_target = std::uint8_t(fast_target);
  s.tree_bytes = tree_mb << 20;
  try {
    if (bench)
      return run_bench(players.empty() ? std::vector<std::string>{"experto", "uct"} : players,
                       bench_seconds, bench_runs, s);
    if (players.size() != 2) {
      std::fprintf(stderr, "error: a match needs exactly two players, e.g. `uttt-arena experto uct`\n");
      return 2;
    }
    if (s.ms == 0 && s.iterations == 0) {
      std::fprintf(stderr, "error: give a time per move (--ms) or iterations per move (--iterations)\n");
      return 2;
    }
    s.a = players[0];
    s.b = players[1];
    return run_match(s);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "error: %s\n", e.what());
    return 1;
  }
}
