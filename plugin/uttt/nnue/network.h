// The learned evaluation: one hidden layer over the sparse inputs of
// features.h, in 16-bit integers, kept up to date move by move.
//
// Each player has an accumulator: the hidden layer's sums over the inputs
// on in their view. A move only changes a few inputs, so it adds and
// subtracts a few weight rows instead of summing every input again. The
// value reads both accumulators, the side to move's first, through a
// clipped ReLU and one output unit.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

#include "features.h"

namespace uttt::nnue {

constexpr int kHidden = 256;
// Fixed point: a hidden unit's 1.0 is kActivationOne, an output weight's
// 1.0 is kOutputOne, so the output sum's 1.0 is their product.
constexpr int kActivationOne = 127;
constexpr int kOutputOne = 64;

struct Weights {
  alignas(64) std::int16_t feature[kFeatures][kHidden];
  alignas(64) std::int16_t bias[kHidden];
  // [0] reads the side to move's accumulator, [1] the other player's.
  alignas(64) std::int16_t output[2][kHidden];
  std::int32_t output_bias;  // in units of kActivationOne * kOutputOne
};

struct Accumulator {
  alignas(64) std::int16_t sums[2][kHidden];  // indexed by Player
};

class Network;

// A position and its accumulators, to count the accumulators of positions
// near it from (Network::refresh).
struct Anchor {
  Anchor(const Network& net, const Position& pos);
  Position pos;
  Accumulator acc;
};

// How the arithmetic runs. Both give the same numbers, bit for bit; AVX2
// only where the processor has it, which is checked when the program runs.
enum class Kernel : std::uint8_t { kPortable, kAvx2 };
bool kernel_available(Kernel k);
Kernel best_kernel();

class Network {
 public:
  // The weights built into the program (weights/uttt.nnue).
  static std::shared_ptr<const Network> embedded();
  // A weights file as uttt-train-nnue writes it. Throws std::runtime_error
  // saying what is wrong with a file that is not one.
  static std::shared_ptr<const Network> parse(const unsigned char* bytes, std::size_t size);
  static std::shared_ptr<const Network> load(const std::string& path);
  static constexpr char kMagic[8] = {'U', 'T', 'T', 'T', 'N', 'N', 'U', 'E'};
  static constexpr std::uint32_t kVersion = 1;
  // The file: magic, version, inputs, hidden units (little-endian u32), then
  // the weights in the order of struct Weights, little-endian.
  static std::string serialize(const Weights& w);

  explicit Network(const Weights& w, Kernel kernel = best_kernel());
  const Weights& weights() const { return *weights_; }

  // The accumulators of pos, from every input on.
  void refresh(const Position& pos, Accumulator& acc) const;
  // The same from the accumulators of a position near it: a few moves on,
  // it differs in a few dozen inputs, where it has a hundred or so on.
  void refresh(const Position& pos, const Anchor& near, Accumulator& acc) const;
  // The accumulators after the changes of one move (changes_of), and back.
  void play(const FeatureChange (&change)[2], Accumulator& acc) const;
  void undo(const FeatureChange (&change)[2], Accumulator& acc) const;

  // The output for the side to move, in units of kActivationOne * kOutputOne;
  // its logistic is the chance that the side to move wins, a draw half.
  std::int32_t output(const Accumulator& acc, Player to_move) const;
  // The same for the position a move reaches, without writing its
  // accumulators: acc and change as play() would take them.
  std::int32_t output_after(const Accumulator& acc, const FeatureChange (&change)[2],
                            Player to_move) const;

  Kernel kernel() const { return kernel_; }

 private:
  void update(const std::int16_t* in, std::int16_t* out, const std::uint8_t* added, int added_count,
              const std::uint8_t* removed, int removed_count) const;

  std::unique_ptr<Weights> weights_;
  Kernel kernel_;
};

// The chance that the side to move wins, from output().
float win_chance(std::int32_t output);

}  // namespace uttt::nnue
