// uttt-fit-eval: fits the weights of the static evaluation (search/
// evaluation.h) to the results of self-play games.
//
//   uttt-fit-eval [--games N] [--iterations I] [--minimax-weight W]
//                 [--opening-plies P] [--threads K] [--seed S]
//
// Experto plays both sides at a fixed iteration budget, after up to P
// random opening moves; every position before the end is labelled with the
// game's result (1 X won, 0.5 draw, 0 O won). A logistic regression over
// the features then gives the weights, printed as the table
// evaluation.cpp holds, with the log loss on the last fifth of the games
// (not fitted) beside that of a constant guess. Same settings, same output.
#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <thread>
#include <vector>

#include <CLI/CLI.hpp>

#include "uttt/engine/playout.h"
#include "uttt/search/evaluation.h"
#include "uttt/search/searcher.h"

namespace {

using namespace uttt;
using search::Features;
using search::kFeatureCount;

struct Sample {
  Features features;
  float result;  // for X
};

struct Settings {
  int games = 5000;
  std::uint64_t iterations = 2000;
  float minimax_weight = SearchConfig{}.minimax_weight;
  int opening_plies = 4;
  int threads = 2;
  std::uint64_t seed = 1;
};

std::vector<Sample> play_game(const Settings& s, int g) {
  SearchConfig config = config_for(Level::kExperto);
  config.minimax_weight = s.minimax_weight;
  config.network = nullptr;   // the games are played with the evaluation being fitted
  config.exploration = 0.5f;  // the constant the committed weights were fitted with
  config.first_play = 0;      // every child tried once, as when they were fitted
  constexpr std::size_t kTreeBytes = std::size_t(64) << 20;
  Searcher x(config, kTreeBytes), o(config, kTreeBytes);
  Rng rng(s.seed * 1000003 + std::uint64_t(g));
  const int opening = int(rng.below(std::uint32_t(s.opening_plies + 1)));
  Position pos;
  std::vector<Sample> samples;
  while (!pos.is_over()) {
    Move m;
    if (pos.ply() < opening) {
      m = random_move(pos, rng);
    } else {
      SearchLimits limits;
      limits.max_iterations = s.iterations;
      limits.seed = rng.next();
      m = (pos.side_to_move() == Player::X ? x : o).choose(pos, limits).move;
    }
    pos.play(m);
    if (!pos.is_over()) samples.push_back({search::features_of(pos), 0});
  }
  const Winner w = winner_of(pos.status());
  const float result = w == Winner::kX ? 1.0f : w == Winner::kO ? 0.0f : 0.5f;
  for (Sample& sample : samples) sample.result = result;
  return samples;
}

// weights[kFeatureCount] is the bias.
using Weights = std::array<double, kFeatureCount + 1>;

double predict(const Weights& w, const Features& f) {
  double z = w[kFeatureCount];
  for (int i = 0; i < kFeatureCount; ++i) z += w[i] * f[i];
  return std::clamp(1.0 / (1.0 + std::exp(-z)), 1e-7, 1 - 1e-7);
}

double log_loss(double p, double result) {
  return -(result * std::log(p) + (1 - result) * std::log(1 - p));
}

// Full-batch gradient descent with Adam: a few thousand passes over a few
// hundred thousand samples take seconds, and no randomness enters.
Weights fit(const std::vector<Sample>& train) {
  constexpr int kSteps = 1500;
  constexpr double kRate = 0.05, kBeta1 = 0.9, kBeta2 = 0.999, kEpsilon = 1e-8;
  Weights w{}, m{}, v{};
  for (int step = 1; step <= kSteps; ++step) {
    Weights gradient{};
    for (const Sample& s : train) {
      const double error = predict(w, s.features) - s.result;
      for (int i = 0; i < kFeatureCount; ++i) gradient[i] += error * s.features[i];
      gradient[kFeatureCount] += error;
    }
    for (int i = 0; i <= kFeatureCount; ++i) {
      const double g = gradient[i] / double(train.size());
      m[i] = kBeta1 * m[i] + (1 - kBeta1) * g;
      v[i] = kBeta2 * v[i] + (1 - kBeta2) * g * g;
      const double m_hat = m[i] / (1 - std::pow(kBeta1, step));
      const double v_hat = v[i] / (1 - std::pow(kBeta2, step));
      w[i] -= kRate * m_hat / (std::sqrt(v_hat) + kEpsilon);
    }
  }
  return w;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"Fits the static evaluation of ultimate tic-tac-toe to self-play results"};
  Settings s;
  app.add_option("--games", s.games, "self-play games")->check(CLI::Range(5, 1000000));
  app.add_option("--iterations", s.iterations, "Experto's iterations per move")
      ->check(CLI::Range(1, 100000000));
  app.add_option("--minimax-weight", s.minimax_weight,
                 "share of the evaluation in Experto's values while it plays (0: none)")
      ->check(CLI::Range(0.0, 1.0));
  app.add_option("--opening-plies", s.opening_plies, "at most this many random opening moves")
      ->check(CLI::Range(0, 20));
  app.add_option("--threads", s.threads, "games played at once")->check(CLI::Range(1, 256));
  app.add_option("--seed", s.seed, "seed of the whole run");
  CLI11_PARSE(app, argc, argv);

  std::vector<std::vector<Sample>> games(std::size_t(s.games));
  std::atomic<int> next{0};
  std::vector<std::thread> pool;
  for (int t = 0; t < s.threads; ++t)
    pool.emplace_back([&] {
      for (int g; (g = next++) < s.games;) games[std::size_t(g)] = play_game(s, g);
    });
  for (auto& t : pool) t.join();

  // The last fifth of the games is kept out of the fit to judge it.
  std::vector<Sample> train, test;
  for (int g = 0; g < s.games; ++g)
    for (const Sample& sample : games[std::size_t(g)])
      (g < s.games * 4 / 5 ? train : test).push_back(sample);
  const Weights w = fit(train);

  double mean = 0;
  for (const Sample& sample : train) mean += sample.result;
  mean /= double(train.size());
  double fitted = 0, constant = 0;
  for (const Sample& sample : test) {
    fitted += log_loss(predict(w, sample.features), sample.result);
    constant += log_loss(mean, sample.result);
  }
  std::printf("games=%d positions=%zu test_positions=%zu log_loss=%.4f constant_log_loss=%.4f\n",
              s.games, train.size(), test.size(), fitted / double(test.size()),
              constant / double(test.size()));
  std::printf("constexpr float kBias = %.4ff;\nconstexpr Features kWeights = {", w[kFeatureCount]);
  for (int i = 0; i < kFeatureCount; ++i)
    std::printf("%s%.4ff", i ? ", " : "", w[i]);
  std::printf("};\n");
  return 0;
}
