// Training the network of network.h in floating point, and turning the
// result into its fixed-point weights.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "network.h"

namespace uttt::nnue {

struct Sample {
  Position pos;  // not over
  float target;  // the side to move's expected score: 1 win, 0.5 draw, 0 loss
};

struct TrainingSettings {
  int epochs = 12;
  int batch = 1024;
  float learning_rate = 1e-3f;  // Adam's, decayed to a tenth by the last epoch
  std::uint64_t seed = 1;
  int threads = 2;  // the result does not depend on it
};

class Trainer {
 public:
  explicit Trainer(std::uint64_t seed);
  ~Trainer();

  // Passes over the samples in a shuffled order, each seen in a random one
  // of its eight symmetries. after_epoch(epoch) runs after each pass.
  template <typename AfterEpoch>
  void train(const std::vector<Sample>& samples, const TrainingSettings& s,
             AfterEpoch after_epoch) {
    for (int epoch = 1; epoch <= s.epochs; ++epoch) {
      run_epoch(samples, s, epoch);
      after_epoch(epoch);
    }
  }

  // Mean cross-entropy of the predictions against the targets.
  double loss(const std::vector<Sample>& samples) const;
  // The weights in fixed point, as the search uses them.
  Weights quantized() const;

 private:
  struct Parameters;
  void run_epoch(const std::vector<Sample>& samples, const TrainingSettings& s, int epoch);
  std::unique_ptr<Parameters> params_, first_moment_, second_moment_;
  int step_ = 0;
};

// Cross-entropy of a predicted chance p against a target score t.
double cross_entropy(double p, double t);

}  // namespace uttt::nnue
