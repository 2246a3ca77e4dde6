// uttt-train-nnue: trains the network of the learned evaluation (nnue/)
// from self-play, generation after generation, and writes its weights.
//
//   uttt-train-nnue --out FILE [--generations G] [--games N] [--iterations I]
//                   [--window W] [--epochs E] [--result-share R]
//                   [--match-games M] [--from FILE] [--experto-settings]
//                   [--save-games DIR] [--add-games FILE]... [--threads K] [--seed S]
//
// Generation 1 is played by Experto with the fitted logistic evaluation (or
// with the network of --from); each later one by Experto with the network
// the generation before trained. Every position a player searched becomes
// a sample, its target mixing the game's result and the search's expected
// score. Each network is trained from scratch on the games of its
// generation and the W - 1 before it (and on the games of --add-games, which
// an earlier run kept with --save-games), then plays the player that made
// its own games. Same settings and games, same weights.
#include <algorithm>
#include <atomic>
#include <cstdio>
#include <deque>
#include <fstream>
#include <thread>
#include <vector>

#include <CLI/CLI.hpp>

#include "uttt/engine/playout.h"
#include "uttt/nnue/games.h"
#include "uttt/nnue/trainer.h"
#include "uttt/search/searcher.h"

namespace {

using namespace uttt;
using nnue::GameRecord;
using nnue::Sample;

struct Settings {
  std::string out, from, save_games;
  std::vector<std::string> add_games;
  int generations = 1;
  int games = 16000;
  int window = 2;  // generations of games a network is trained on
  std::uint64_t iterations = 1600;
  int opening_plies = 4;
  float result_share = 0.5f;
  int match_games = 200;
  nnue::TrainingSettings training;
  int threads = 2;
  std::uint64_t seed = 1;
  bool experto_settings = false;
};

// Experto's search with the given evaluation (none: the logistic one). By
// default the evaluation's share, the exploration constant, the first-play
// value and the opponent's draws stay the ones generations 1 to 4 were
// trained with, whatever Experto itself now uses, so that the same command
// keeps giving the same weights; --experto-settings plays with Experto's own.
SearchConfig player(std::shared_ptr<const nnue::Network> network, bool experto_settings) {
  SearchConfig c = config_for(Level::kExperto);
  c.network = std::move(network);
  if (!experto_settings) {
    c.minimax_weight = 0.3f;
    c.exploration = 0.5f;
    c.first_play = 0;
    c.opponent_contempt = c.contempt;
  }
  return c;
}

struct Game {
  GameRecord record;
  Winner winner;
};

// One game, x against o at a fixed iteration budget, after a few random
// opening moves.
Game play(const SearchConfig& x_config, const SearchConfig& o_config, const Settings& s,
          std::uint64_t seed) {
  constexpr std::size_t kTreeBytes = std::size_t(64) << 20;
  Searcher x(x_config, kTreeBytes), o(o_config, kTreeBytes);
  Rng rng(seed);
  const int opening = int(rng.below(std::uint32_t(s.opening_plies + 1)));
  Position pos;
  Game game;
  game.record.opening = opening;
  while (!pos.is_over()) {
    if (pos.ply() < opening) {
      game.record.moves.push_back(random_move(pos, rng));
    } else {
      SearchLimits limits;
      limits.max_iterations = s.iterations;
      limits.seed = rng.next();
      const SearchResult r = (pos.side_to_move() == Player::X ? x : o).choose(pos, limits);
      game.record.moves.push_back(r.move);
      game.record.scores.push_back(float(r.expected_score));
    }
    pos.play(game.record.moves.back());
  }
  game.winner = winner_of(pos.status());
  return game;
}

template <typename PlayOne>
std::vector<Game> play_all(int count, int threads, PlayOne play_one) {
  std::vector<Game> games(std::size_t(count), Game{});
  std::atomic<int> next{0};
  std::vector<std::thread> pool;
  for (int t = 0; t < threads; ++t)
    pool.emplace_back([&] {
      for (int g; (g = next++) < count;) games[std::size_t(g)] = play_one(g);
    });
  for (auto& t : pool) t.join();
  return games;
}

void add_samples(const std::vector<GameRecord>& games, float result_share,
                 std::vector<Sample>& train, std::vector<Sample>& test) {
  for (std::size_t g = 0; g < games.size(); ++g)
    for (const Sample& sample : nnue::samples_of(games[g], result_share))
      (g % 10 == 9 ? test : train).push_back(sample);  // every tenth game judges the fit
}

// Writes the weights file and returns the FNV-1a hash of its bytes, which
// the log prints so that two runs can be compared.
std::uint64_t write(const std::string& path, const nnue::Weights& w) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  const std::string bytes = nnue::Network::serialize(w);
  out.write(bytes.data(), std::streamsize(bytes.size()));
  if (!out.flush()) throw std::runtime_error("cannot write " + path);
  std::uint64_t hash = 0xcbf29ce484222325ull;
  for (const char c : bytes) hash = (hash ^ std::uint8_t(c)) * 0x100000001b3ull;
  return hash;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"Trains the learned evaluation of ultimate tic-tac-toe by self-play"};
  Settings s;
  app.add_option("--out", s.out, "the weights file to write (after each generation)")->required();
  app.add_option("--from", s.from, "the network generation 1 plays with (default: none)")
      ->check(CLI::ExistingFile);
  app.add_option("--generations", s.generations)->check(CLI::Range(1, 100));
  app.add_option("--games", s.games,
                 "self-play games per generation (0: none, the networks learn from --add-games)")
      ->check(CLI::Range(0, 10000000));
  app.add_option("--iterations", s.iterations,
                 "search iterations per move, in self-play and matches")
      ->check(CLI::Range(1, 100000000));
  app.add_option("--window", s.window,
                 "train each network on the games of this many generations, its own the last")
      ->check(CLI::Range(1, 100));
  app.add_option("--opening-plies", s.opening_plies, "at most this many random opening moves")
      ->check(CLI::Range(0, 20));
  app.add_option("--result-share", s.result_share,
                 "share of the game's result in a target, the rest the search's expected score")
      ->check(CLI::Range(0.0, 1.0));
  app.add_option("--epochs", s.training.epochs)->check(CLI::Range(1, 1000));
  app.add_option("--batch", s.training.batch)->check(CLI::Range(1, 1 << 20));
  app.add_option("--learning-rate", s.training.learning_rate)->check(CLI::Range(1e-6, 1.0));
  app.add_option("--match-games", s.match_games,
                 "games of each new network against the player before it (0: none)")
      ->check(CLI::Range(0, 1000000));
  app.add_option("--threads", s.threads, "games at once, and training threads")
      ->check(CLI::Range(1, 256));
  app.add_option("--seed", s.seed, "seed of the whole run");
  app.add_flag("--experto-settings", s.experto_settings,
               "self-play with Experto's own search settings, not the ones generations 1 to 4 "
               "were trained with");
  app.add_option("--save-games", s.save_games,
                 "keep each generation's self-play games in this folder, as generation-G.games")
      ->check(CLI::ExistingDirectory);
  app.add_option("--add-games", s.add_games,
                 "every network also learns from these games (files --save-games wrote)")
      ->check(CLI::ExistingFile);
  CLI11_PARSE(app, argc, argv);
  s.training.threads = s.threads;
  // Every tenth game is held back to judge the fit, so fewer than ten leave
  // nothing to judge it by.
  if (s.games > 0 && s.games < 10) {
    std::fprintf(stderr, "--games: give 0 or at least 10, not %d\n", s.games);
    return 2;
  }
  if (s.games == 0 && s.add_games.empty()) {
    std::fprintf(stderr, "--games 0 plays no games: give --add-games to learn from\n");
    return 2;
  }

  try {
    std::shared_ptr<const nnue::Network> network;
    if (!s.from.empty()) network = nnue::Network::load(s.from);
    std::vector<std::vector<GameRecord>> added;  // a file each
    for (const std::string& path : s.add_games) {
      added.push_back(nnue::load_games(path));
      std::printf("added=%s games=%zu\n", path.c_str(), added.back().size());
    }
    std::deque<std::vector<GameRecord>> previous;  // the window's older generations
    for (int gen = 1; gen <= s.generations; ++gen) {
      const SearchConfig self = player(network, s.experto_settings);
      const std::uint64_t gen_seed = mix_seeds(s.seed, std::uint64_t(gen));
      std::vector<Game> games = play_all(s.games, s.threads, [&](int g) {
        return play(self, self, s, mix_seeds(gen_seed, std::uint64_t(g)));
      });
      std::vector<GameRecord> records;
      for (Game& game : games) records.push_back(std::move(game.record));
      if (!s.save_games.empty()) {
        const std::string path = s.save_games + "/generation-" + std::to_string(gen) + ".games";
        nnue::save_games(path, records);
        std::printf("generation=%d saved=%s\n", gen, path.c_str());
      }
      std::vector<Sample> train, test;
      for (const std::vector<GameRecord>& kept : added)
        add_samples(kept, s.result_share, train, test);
      for (const std::vector<GameRecord>& older : previous)
        add_samples(older, s.result_share, train, test);
      add_samples(records, s.result_share, train, test);
      std::printf("generation=%d games=%d samples=%zu test_samples=%zu\n", gen, s.games,
                  train.size(), test.size());
      std::fflush(stdout);

      nnue::TrainingSettings training = s.training;
      training.seed = gen_seed;
      nnue::Trainer trainer(gen_seed);
      trainer.train(train, training, [&](int epoch) {
        std::printf("generation=%d epoch=%d train_loss=%.4f test_loss=%.4f\n", gen, epoch,
                    trainer.loss(train), trainer.loss(test));
        std::fflush(stdout);
      });
      const nnue::Weights weights = trainer.quantized();
      std::printf("generation=%d wrote=%s fnv1a=%016llx\n", gen, s.out.c_str(),
                  (unsigned long long)write(s.out, weights));
      std::fflush(stdout);
      auto trained = std::make_shared<const nnue::Network>(weights);

      if (s.match_games > 0) {
        const SearchConfig next = player(trained, s.experto_settings);
        const std::vector<Game> match = play_all(s.match_games, s.threads, [&](int g) {
          const std::uint64_t seed =
              mix_seeds(mix_seeds(gen_seed, 0x6d61746368), std::uint64_t(g / 2));
          return g % 2 == 0 ? play(next, self, s, seed) : play(self, next, s, seed);
        });
        int wins = 0, draws = 0;
        for (int g = 0; g < s.match_games; ++g) {
          const float score =
              nnue::score_for(match[std::size_t(g)].winner, g % 2 == 0 ? Player::X : Player::O);
          wins += score == 1.0f;
          draws += score == 0.5f;
        }
        std::printf("generation=%d match_games=%d wins=%d draws=%d losses=%d score=%.3f\n", gen,
                    s.match_games, wins, draws, s.match_games - wins - draws,
                    (wins + 0.5 * draws) / s.match_games);
        std::fflush(stdout);
      }
      network = std::move(trained);
      previous.push_back(std::move(records));
      if (int(previous.size()) >= s.window) previous.pop_front();
    }
  } catch (const std::exception& e) {
    std::fprintf(stderr, "error: %s\n", e.what());
    return 1;
  }
  return 0;
}
