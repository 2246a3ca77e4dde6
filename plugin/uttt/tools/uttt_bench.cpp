// uttt-bench: single-threaded speed of the engine core, side by side with
// the naive reference engine in the same run. Every result is one line of
// key=value pairs so scripts can read it.
//
//   uttt-bench perft D
//   uttt-bench random --games N --seed S [--early-draw] [--open-boards]
//                     [--draw-both] [--fast N]
//   uttt-bench evaluation [--positions N] [--seed S]
//
// `evaluation` times what a search pays when a node grows: an estimate of
// every move from a position, by the fitted logistic evaluation and by the
// network on each arithmetic path.
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <functional>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "tests/uttt/reference/naive_engine.h"
#include "uttt/engine/perft.h"
#include "uttt/engine/playout.h"
#include "uttt/nnue/network.h"
#include "uttt/search/evaluation.h"

namespace {

using uttt::Rules;
using uttt::Status;
using uttt::Winner;
using uttt::reference::NaiveGame;

double seconds_of(const std::function<void()>& work) {
  const auto start = std::chrono::steady_clock::now();
  work();
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

std::uint64_t naive_perft(const NaiveGame& game, int depth) {
  const auto moves = game.legal_moves();
  if (depth == 1) return moves.size();
  std::uint64_t n = 0;
  for (int m : moves) {
    NaiveGame child = game;
    child.play(m);
    n += naive_perft(child, depth - 1);
  }
  return n;
}

int run_perft(int max_depth, int naive_depth) {
  const uttt::Position start;
  double fast_at_naive_depth = 0;
  for (int d = 1; d <= max_depth; ++d) {
    std::uint64_t leaves = 0;
    const double s = seconds_of([&] { leaves = uttt::perft(start, d); });
    if (d == naive_depth) fast_at_naive_depth = s;
    std::printf("depth=%d leaves=%llu seconds=%.6f\n", d, (unsigned long long)leaves, s);
    std::fflush(stdout);
  }
  double naive_seconds = 0;
  for (int d = 1; d <= naive_depth; ++d) {
    std::uint64_t leaves = 0;
    naive_seconds = seconds_of([&] { leaves = naive_perft(NaiveGame(Rules{}), d); });
    const std::uint64_t expected = uttt::perft(start, d);
    std::printf("engine=naive depth=%d leaves=%llu seconds=%.6f\n", d,
                (unsigned long long)leaves, naive_seconds);
    if (leaves != expected) {
      std::fprintf(stderr, "error: the engines disagree at depth %d: %llu vs %llu\n", d,
                   (unsigned long long)expected, (unsigned long long)leaves);
      return 1;
    }
  }
  if (naive_depth >= 1 && naive_depth <= max_depth)
    std::printf("fast/naive=%.2f compared_at_depth=%d\n", naive_seconds / fast_at_naive_depth,
                naive_depth);
  return 0;
}

struct Tally {
  std::uint64_t games = 0, plies = 0, x = 0, o = 0, draws = 0;
  void add(Status s, int plies_played) {
    ++games;
    plies += plies_played;
    const Winner w = uttt::winner_of(s);
    x += w == Winner::kX;
    o += w == Winner::kO;
    draws += w == Winner::kDraw;
  }
  void print(const char* prefix, double seconds) const {
    std::printf("%sgames=%llu games_per_s=%.0f ns_per_ply=%.2f plies_mean=%.3f x_wins=%.4f "
                "o_wins=%.4f draws=%.4f seconds=%.3f\n",
                prefix, (unsigned long long)games, games / seconds, seconds * 1e9 / plies,
                double(plies) / games, double(x) / games, double(o) / games,
                double(draws) / games, seconds);
  }
};

int run_random(std::uint64_t games, std::uint64_t naive_games, std::uint64_t seed, Rules rules) {
  Tally fast;
  uttt::Rng rng(seed);
  const double fast_s = seconds_of([&] {
    for (std::uint64_t g = 0; g < games; ++g) {
      uttt::Position pos(rules);
      const Status result = uttt::random_playout(pos, rng);
      fast.add(result, pos.ply());
    }
  });
  fast.print("", fast_s);
  std::fflush(stdout);

  Tally naive;
  uttt::Rng naive_rng(seed);
  const double naive_s = seconds_of([&] {
    for (std::uint64_t g = 0; g < naive_games; ++g) {
      NaiveGame game(rules);
      for (auto moves = game.legal_moves(); !moves.empty(); moves = game.legal_moves())
        game.play(moves[naive_rng.below(std::uint32_t(moves.size()))]);
      naive.add(game.status(), game.moves_played());
    }
  });
  if (naive_games == 0) return 0;
  naive.print("engine=naive ", naive_s);
  std::printf("fast/naive=%.2f\n", (fast.games / fast_s) / (naive.games / naive_s));
  return 0;
}

// Positions from random games, a few random plies in, none over, each with
// the position kRootPlies before it (or the start): a grown node and a root
// of the search.
constexpr int kRootPlies = 8;
struct Sample {
  uttt::Position pos, root;
};
std::vector<Sample> random_positions(int count, std::uint64_t seed) {
  uttt::Rng rng(seed);
  std::vector<Sample> out;
  while (int(out.size()) < count) {
    uttt::Position pos, root;
    const int plies = int(rng.below(60));
    for (int i = 0; i < plies && !pos.is_over(); ++i) {
      if (i == plies - kRootPlies) root = pos;
      pos.play(uttt::random_move(pos, rng));
    }
    if (!pos.is_over()) out.push_back({pos, root});
  }
  return out;
}

int run_evaluation(int count, std::uint64_t seed) {
  using namespace uttt;
  const std::vector<Sample> samples = random_positions(count, seed);
  std::vector<Position> positions;
  for (const Sample& s : samples) positions.push_back(s.pos);
  std::uint64_t moves = 0;
  for (const Position& pos : positions) moves += std::uint64_t(pos.count_legal_moves());
  float checksum = 0;  // keeps the work from being optimized away
  auto report = [&](const char* name, double seconds, std::uint64_t evaluations) {
    std::printf(
        "evaluation=%s positions=%d evaluations=%llu evaluations_per_s=%.0f "
        "ns_per_evaluation=%.1f\n",
        name, count, (unsigned long long)evaluations, evaluations / seconds,
        seconds * 1e9 / evaluations);
  };
  report("logistic", seconds_of([&] {
           for (const Position& pos : positions) {
             const search::MoveEstimates estimates(pos);
             MoveList list;
             pos.legal_moves(list);
             for (const Move m : list) checksum += estimates.after(m);
           }
         }),
         moves);
  const auto embedded = nnue::Network::embedded();
  for (const nnue::Kernel k : {nnue::Kernel::kPortable, nnue::Kernel::kAvx2}) {
    if (!nnue::kernel_available(k)) continue;
    const nnue::Network net(embedded->weights(), k);
    const char* path = k == nnue::Kernel::kAvx2 ? "avx2" : "portable";
    // A fresh count of the accumulators and one output: a position alone.
    const double full = seconds_of([&] {
      for (const Position& pos : positions) {
        nnue::Accumulator acc;
        net.refresh(pos, acc);
        checksum += float(net.output(acc, pos.side_to_move()));
      }
    });
    report((std::string("network-full-") + path).c_str(), full, positions.size());
    // The same counted from a root's accumulators, as the search counts a
    // node it grows (the roots' own counts are left out).
    std::vector<nnue::Anchor> anchors;
    for (const Sample& s : samples) anchors.emplace_back(net, s.root);
    const double near = seconds_of([&] {
      for (std::size_t i = 0; i < samples.size(); ++i) {
        nnue::Accumulator acc;
        net.refresh(samples[i].pos, anchors[i], acc);
        checksum += float(net.output(acc, samples[i].pos.side_to_move()));
      }
    });
    report((std::string("network-near-") + path).c_str(), near, positions.size());
    // What a growing node does: one count, then each move as a change.
    const double children = seconds_of([&] {
      for (const Position& pos : positions) {
        nnue::Accumulator acc;
        net.refresh(pos, acc);
        MoveList list;
        pos.legal_moves(list);
        for (const Move m : list) {
          Position next = pos;
          next.play(m);
          nnue::FeatureChange change[2];
          nnue::changes_of(pos, m, next, change);
          checksum += nnue::win_chance(net.output_after(acc, change, next.side_to_move()));
        }
      }
    });
    report((std::string("network-moves-") + path).c_str(), children, moves);
  }
  std::printf("checksum=%g\n", double(checksum));
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"Speed of the ultimate tic-tac-toe engine, beside the naive reference"};
  app.require_subcommand(1);

  int depth = 0, naive_depth = 6;
  auto* perft = app.add_subcommand("perft", "count move sequences from the start position");
  perft->add_option("depth", depth, "deepest depth to count")->required()->check(CLI::Range(1, 12));
  perft
      ->add_option("--naive-depth", naive_depth,
                   "depth up to which the naive engine counts too (0 skips it)")
      ->check(CLI::Range(0, 8));

  std::uint64_t games = 0, naive_games = 0, seed = 1;
  bool naive_games_set = false;
  int fast_target = 0;
  Rules rules;
  auto* random = app.add_subcommand("random", "play uniformly random games");
  random->add_option("--games", games, "number of games")->required()->check(CLI::PositiveNumber);
  random->add_option("--seed", seed, "seed of the random generator");
  random
      ->add_option("--naive-games", naive_games,
                   "games the naive engine plays for the ratio (default: games / 100)")
      ->each([&](const std::string&) { naive_games_set = true; });
  random->add_flag("--early-draw", rules.early_draw, "variant: early draw");
  random->add_flag("--open-boards", rules.open_boards, "variant: decided boards stay open");
  random->add_flag("--draw-both", rules.draw_counts_both, "variant: a drawn board counts for both");
  random->add_option("--fast", fast_target, "variant: fast game to this many small boards")
      ->check(CLI::Range(Rules::kMinFastTarget, Rules::kMaxFastTarget));

  int positions = 20000;
  auto* evaluation = app.add_subcommand("evaluation", "time the static evaluation and the network");
  evaluation->add_option("--positions", positions, "random positions")
      ->check(CLI::Range(1, 10000000));
  evaluation->add_option("--seed", seed, "seed of the random positions");

  CLI11_PARSE(app, argc, argv);

  if (evaluation->parsed()) return run_evaluation(positions, seed);

  if (perft->parsed()) return run_perft(depth, naive_depth > depth ? depth : naive_depth);
  rules.fast_target = std::uint8_t(fast_target);
  if (!naive_games_set) naive_games = games / 100 > 0 ? games / 100 : 1;
  return run_random(games, naive_games, seed, rules);
}
