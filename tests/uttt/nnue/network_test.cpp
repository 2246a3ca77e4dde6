// The learned evaluation: its inputs against their definitions, the AVX2
// and portable arithmetic against each other, move-by-move updates against
// a full recount, the weights file, and the trainer.
#include "uttt/nnue/network.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>

#include "uttt/engine/playout.h"
#include "uttt/nnue/trainer.h"

namespace uttt::nnue {
namespace {

// Weights spread over the whole range the trainer allows, so that every
// sum is exercised, wrapping included.
Weights random_weights(std::uint64_t seed) {
  Rng rng(seed);
  auto draw = [&](int bound) { return std::int16_t(int(rng.below(2 * bound + 1)) - bound); };
  auto w = std::make_unique<Weights>();
  for (auto& row : w->feature)
    for (auto& x : row) x = draw(254);
  for (auto& x : w->bias) x = draw(254);
  for (auto& half : w->output)
    for (auto& x : half) x = draw(127);
  w->output_bias = int(rng.below(20000)) - 10000;
  return *w;
}

// A position some random plies into a random game, not over.
Position random_position(Rng& rng, Rules rules = {}) {
  for (;;) {
    Position pos(rules);
    const int plies = int(rng.below(70));
    for (int i = 0; i < plies && !pos.is_over(); ++i) pos.play(random_move(pos, rng));
    if (!pos.is_over()) return pos;
  }
}

bool same(const Accumulator& a, const Accumulator& b) {
  return std::memcmp(a.sums, b.sums, sizeof a.sums) == 0;
}

TEST(NetworkInputs, FollowTheirDefinitions) {
  Rng rng(3);
  for (int n = 0; n < 500; ++n) {
    const Position pos = random_position(rng);
    const ViewFeatures lists = active_features(pos);
    for (const Player view : {Player::X, Player::O}) {
      bool on[kFeatures] = {};
      for (const std::uint8_t f : lists[int(view)]) {
        ASSERT_FALSE(on[f]) << "input " << int(f) << " listed twice";
        on[f] = true;
      }
      for (int b = 0; b < kBoards; ++b) {
        for (int c = 0; c < 9; ++c) {
          EXPECT_EQ(on[kOwnCells + b * 9 + c], bool(pos.cells(view, b) >> c & 1));
          EXPECT_EQ(on[kOtherCells + b * 9 + c], bool(pos.cells(~view, b) >> c & 1));
        }
        EXPECT_EQ(on[kOwnBoards + b], bool(pos.won_boards(view) >> b & 1));
        EXPECT_EQ(on[kOtherBoards + b], bool(pos.won_boards(~view) >> b & 1));
        EXPECT_EQ(on[kDrawnBoards + b], bool(pos.drawn_boards() >> b & 1));
        for (const Player p : {view, ~view}) {
          bool threat = false;  // a cell there would win the open board for p
          if (!((pos.decided_boards() | pos.closed_boards()) >> b & 1))
            for (int c = 0; c < 9; ++c)
              threat |= (pos.empty(b) >> c & 1) && has_line(Mask9(pos.cells(p, b) | 1u << c));
          EXPECT_EQ(on[(p == view ? kOwnThreats : kOtherThreats) + b], threat);
        }
      }
      for (int d = 0; d <= kAnyBoard; ++d) EXPECT_EQ(on[kDestination + d], pos.destination() == d);
    }
  }
}

// A symmetry maps a game to a game; the inputs of the mapped position are
// the mapped inputs.
TEST(NetworkInputs, SymmetriesMapInputsAsTheyMapGames) {
  Rng rng(4);
  for (int n = 0; n < 200; ++n) {
    for (int s = 0; s < kSymmetries; ++s) {
      // Where symmetry s sends a square, read off the input table.
      auto square = [&](int i) { return transformed(kDestination + i, s) - kDestination; };
      Position pos, mirrored;
      const int plies = int(rng.below(60));
      for (int i = 0; i < plies && !pos.is_over(); ++i) {
        const Move m = random_move(pos, rng);
        pos.play(m);
        mirrored.play(make_move(square(board_of(m)), square(cell_of(m))));
      }
      const ViewFeatures lists = active_features(pos), mirrored_lists = active_features(mirrored);
      for (const Player view : {Player::X, Player::O}) {
        std::vector<int> expected, got;
        for (const std::uint8_t f : lists[int(view)]) expected.push_back(transformed(f, s));
        for (const std::uint8_t f : mirrored_lists[int(view)]) got.push_back(f);
        std::sort(expected.begin(), expected.end());
        std::sort(got.begin(), got.end());
        ASSERT_EQ(expected, got) << "symmetry " << s;
      }
    }
  }
}

TEST(NetworkInputs, SymmetriesAreTheEightOfTheSquare) {
  std::vector<std::vector<int>> seen;
  for (int s = 0; s < kSymmetries; ++s) {
    std::vector<int> squares;
    for (int i = 0; i < 9; ++i) squares.push_back(transformed(kDestination + i, s) - kDestination);
    EXPECT_EQ(squares[4], 4) << "the centre stays";
    EXPECT_EQ(transformed(kDestination + kAnyBoard, s), kDestination + kAnyBoard);
    EXPECT_TRUE(std::is_permutation(squares.begin(), squares.end(),
                                    std::vector<int>{0, 1, 2, 3, 4, 5, 6, 7, 8}.begin()));
    EXPECT_EQ(std::count(seen.begin(), seen.end(), squares), 0) << "symmetry " << s << " repeats";
    seen.push_back(squares);
  }
}

// The test the issue asks for: the same numbers on both paths, over 10,000
// random positions, for the position and for every move from it.
TEST(NetworkKernels, AvxAndPortableGiveTheSameValues) {
  if (!kernel_available(Kernel::kAvx2)) GTEST_SKIP() << "no AVX2 on this processor";
  for (const Weights& w : {Network::embedded()->weights(), random_weights(5)}) {
    const Network portable(w, Kernel::kPortable), avx(w, Kernel::kAvx2);
    Rng rng(6);
    for (int n = 0; n < 10000; ++n) {
      const Position pos = random_position(rng);
      Accumulator a, b;
      portable.refresh(pos, a);
      avx.refresh(pos, b);
      ASSERT_TRUE(same(a, b)) << "position " << n;
      ASSERT_EQ(portable.output(a, pos.side_to_move()), avx.output(b, pos.side_to_move()));
      MoveList moves;
      pos.legal_moves(moves);
      for (const Move m : moves) {
        Position next = pos;
        next.play(m);
        FeatureChange change[2];
        changes_of(pos, m, next, change);
        ASSERT_EQ(portable.output_after(a, change, next.side_to_move()),
                  avx.output_after(b, change, next.side_to_move()));
      }
    }
  }
}

// Playing and unplaying moves keeps the accumulators equal to a recount,
// through whole games, in every variant the engine knows.
TEST(NetworkKernels, MoveUpdatesEqualAFullRecount) {
  const Weights w = random_weights(7);
  for (const Kernel k : {Kernel::kPortable, Kernel::kAvx2}) {
    if (!kernel_available(k)) continue;
    const Network net(w, k);
    Rng rng(8);
    for (int game = 0; game < 300; ++game) {
      Rules rules;
      rules.open_boards = game % 5 == 1;
      rules.draw_counts_both = game % 5 == 2;
      rules.early_draw = game % 5 == 3;
      Position pos(rules);
      Accumulator acc;
      net.refresh(pos, acc);
      while (!pos.is_over()) {
        const Move m = random_move(pos, rng);
        Position next = pos;
        next.play(m);
        FeatureChange change[2];
        changes_of(pos, m, next, change);
        const Accumulator before = acc;
        const std::int32_t predicted = net.output_after(acc, change, next.side_to_move());
        net.play(change, acc);
        Accumulator recount;
        net.refresh(next, recount);
        ASSERT_TRUE(same(acc, recount)) << "after ply " << next.ply();
        ASSERT_EQ(predicted, net.output(acc, next.side_to_move()));
        net.undo(change, acc);
        ASSERT_TRUE(same(acc, before)) << "undoing ply " << next.ply();
        net.play(change, acc);
        pos = next;
      }
    }
  }
}

// The search counts a grown node's accumulators from the root's: they must
// equal a recount, whether the position lies a few moves on, many, or in
// another game altogether (cells and boards then turn off as well as on).
TEST(NetworkKernels, RefreshFromAnAnchorEqualsARecount) {
  const Weights w = random_weights(10);
  for (const Kernel k : {Kernel::kPortable, Kernel::kAvx2}) {
    if (!kernel_available(k)) continue;
    const Network net(w, k);
    Rng rng(11);
    for (int n = 0; n < 500; ++n) {
      const Position root = random_position(rng);
      const Anchor anchor(net, root);
      Position pos = root;
      const int plies = n % 2 ? int(rng.below(12)) : 81;
      for (int i = 0; i < plies && !pos.is_over(); ++i) pos.play(random_move(pos, rng));
      for (const Position& p : {pos, root, random_position(rng)}) {
        Accumulator from_anchor, recount;
        net.refresh(p, anchor, from_anchor);
        net.refresh(p, recount);
        ASSERT_TRUE(same(from_anchor, recount)) << "position " << n << ", ply " << p.ply();
      }
    }
  }
}

TEST(NetworkFile, RoundTripsAndRefusesWhatIsNotOne) {
  const Weights w = random_weights(9);
  const std::string bytes = Network::serialize(w);
  auto parse = [](const std::string& b) {
    return Network::parse(reinterpret_cast<const unsigned char*>(b.data()), b.size());
  };
  EXPECT_EQ(std::memcmp(&parse(bytes)->weights(), &w, sizeof w), 0);
  EXPECT_EQ(Network::serialize(parse(bytes)->weights()), bytes);

  auto error_of = [&](const std::string& b) -> std::string {
    try {
      parse(b);
    } catch (const std::runtime_error& e) {
      return e.what();
    }
    return "accepted";
  };
  EXPECT_NE(error_of("hello").find("does not start with UTTTNNUE"), std::string::npos);
  std::string other_version = bytes;
  other_version[8] = 2;
  EXPECT_NE(error_of(other_version).find("unknown version"), std::string::npos);
  std::string other_shape = bytes;
  other_shape[16] = 1;  // hidden units
  EXPECT_NE(error_of(other_shape).find("hidden units"), std::string::npos);
  EXPECT_NE(error_of(bytes.substr(0, bytes.size() - 1)).find("wrong size"), std::string::npos);
  EXPECT_NE(error_of(bytes + "x").find("wrong size"), std::string::npos);
  try {
    Network::load("/nonexistent/uttt.nnue");
    ADD_FAILURE() << "a missing file loaded";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("/nonexistent/uttt.nnue"), std::string::npos);
  }
}

TEST(NetworkFile, TheBuiltInNetworkLoads) {
  const auto net = Network::embedded();
  ASSERT_TRUE(net);
  EXPECT_EQ(net, Network::embedded()) << "parsed once";
  EXPECT_EQ(net->kernel(), best_kernel());
}

// The trained weights know the game: a few plies before a random game is
// decided, they favour its winner far more often than not. A network of
// zeros, or one trained on the wrong target, says 0.5 or worse.
TEST(NetworkFile, TheBuiltInNetworkFavoursTheComingWinner) {
  const Network& net = *Network::embedded();
  Rng rng(17);
  int right = 0, asked = 0;
  while (asked < 1000) {
    std::vector<Position> line{Position()};
    while (!line.back().is_over()) {
      Position next = line.back();
      next.play(random_move(next, rng));
      line.push_back(next);
    }
    const Winner winner = winner_of(line.back().status());
    if (winner == Winner::kDraw || line.size() < 6) continue;
    const Position& pos = line[line.size() - 4];  // the loser still has a move to make
    Accumulator acc;
    net.refresh(pos, acc);
    const float chance = win_chance(net.output(acc, pos.side_to_move()));
    const bool winner_to_move = (winner == Winner::kX) == (pos.side_to_move() == Player::X);
    right += (chance > 0.5f) == winner_to_move;
    ++asked;
  }
  EXPECT_GT(right, 800) << "of " << asked;
}

// A few self-play-like samples whose target follows a plain rule: the side
// to move wins when it owns more centre-board cells.
std::vector<Sample> rule_samples(int count, std::uint64_t seed) {
  Rng rng(seed);
  std::vector<Sample> samples;
  while (int(samples.size()) < count) {
    const Position pos = random_position(rng);
    const Player us = pos.side_to_move();
    const int own = popcount9(pos.cells(us, 4)), other = popcount9(pos.cells(~us, 4));
    if (own != other) samples.push_back({pos, own > other ? 0.9f : 0.1f});
  }
  return samples;
}

TEST(NetworkTrainer, LearnsAndItsFixedPointAgreesWithIt) {
  const std::vector<Sample> train = rule_samples(3000, 10), test = rule_samples(500, 11);
  Trainer trainer(12);
  TrainingSettings s;
  s.epochs = 4;
  s.batch = 64;
  const double before = trainer.loss(test);
  trainer.train(train, s, [](int) {});
  const double after = trainer.loss(test);
  EXPECT_LT(after, before - 0.1) << "before " << before << ", after " << after;

  const Network net(trainer.quantized());
  double fixed = 0;
  for (const Sample& sample : test) {
    Accumulator acc;
    net.refresh(sample.pos, acc);
    fixed += cross_entropy(win_chance(net.output(acc, sample.pos.side_to_move())), sample.target);
  }
  EXPECT_NEAR(fixed / double(test.size()), after, 0.01);
}

TEST(NetworkTrainer, TheSameSeedGivesTheSameWeightsOnOneThreadOrTwo) {
  const std::vector<Sample> train = rule_samples(500, 13);
  std::string weights[2];
  for (int threads = 1; threads <= 2; ++threads) {
    Trainer trainer(14);
    TrainingSettings s;
    s.epochs = 2;
    s.batch = 50;
    s.threads = threads;
    trainer.train(train, s, [](int) {});
    weights[threads - 1] = Network::serialize(trainer.quantized());
  }
  EXPECT_EQ(weights[0], weights[1]);
  Trainer other(15);
  EXPECT_NE(Network::serialize(other.quantized()), weights[0]);
}

}  // namespace
}  // namespace uttt::nnue
