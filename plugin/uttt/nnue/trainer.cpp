#include "trainer.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <thread>

#include "uttt/engine/random.h"

namespace uttt::nnue {

namespace {

// Bounds that keep every fixed-point sum in 16 bits: some 110 inputs at
// most are on, each adding at most 2 * 127.
constexpr float kMaxFeatureWeight = 2.0f;
constexpr float kMaxOutputWeight = 127.0f / kOutputOne;

// The batch is split in this many parts whatever the number of threads,
// and their gradients are added in one order: the same seed gives the
// same weights on one thread or two.
constexpr int kShards = 2;

float logistic(float z) { return 1.0f / (1.0f + std::exp(-z)); }

// The inputs of a sample seen in one symmetry: [0] the side to move's view.
struct Inputs {
  FeatureList view[2];
};

Inputs inputs_of(const Position& pos, int symmetry) {
  Inputs in;
  const Player us = pos.side_to_move();
  const ViewFeatures lists = active_features(pos);
  in.view[0] = lists[int(us)];
  in.view[1] = lists[int(~us)];
  if (symmetry)
    for (FeatureList& list : in.view)
      for (int i = 0; i < list.size; ++i)
        list.index[i] = std::uint8_t(transformed(list.index[i], symmetry));
  return in;
}

}  // namespace

struct Trainer::Parameters {
  float feature[kFeatures][kHidden];
  float bias[kHidden];
  float output[2][kHidden];
  float output_bias;

  float* begin() { return &feature[0][0]; }
  float* end() { return begin() + sizeof(Parameters) / sizeof(float); }
  void clear() { std::fill(begin(), end(), 0.0f); }

  // The hidden sums of one sample, and the logit.
  float forward(const Inputs& in, float (&sums)[2][kHidden]) const {
    float z = output_bias;
    for (int half = 0; half < 2; ++half) {
      float* s = sums[half];
      std::copy(bias, bias + kHidden, s);
      for (const std::uint8_t f : in.view[half])
        for (int i = 0; i < kHidden; ++i) s[i] += feature[f][i];
      for (int i = 0; i < kHidden; ++i) z += std::clamp(s[i], 0.0f, 1.0f) * output[half][i];
    }
    return z;
  }

  // Adds the gradient of the cross-entropy of one sample to *this.
  void add_gradient(const Parameters& p, const Inputs& in, float target) {
    float sums[2][kHidden];
    const float error = logistic(p.forward(in, sums)) - target;  // d loss / d logit
    output_bias += error;
    for (int half = 0; half < 2; ++half) {
      const float* s = sums[half];
      float back[kHidden];
      for (int i = 0; i < kHidden; ++i) {
        output[half][i] += error * std::clamp(s[i], 0.0f, 1.0f);
        back[i] = s[i] > 0.0f && s[i] < 1.0f ? error * p.output[half][i] : 0.0f;
        bias[i] += back[i];
      }
      for (const std::uint8_t f : in.view[half])
        for (int i = 0; i < kHidden; ++i) feature[f][i] += back[i];
    }
  }
};

double cross_entropy(double p, double t) {
  p = std::clamp(p, 1e-7, 1 - 1e-7);
  return -(t * std::log(p) + (1 - t) * std::log(1 - p));
}

Trainer::Trainer(std::uint64_t seed)
    : params_(std::make_unique<Parameters>()),
      first_moment_(std::make_unique<Parameters>()),
      second_moment_(std::make_unique<Parameters>()) {
  first_moment_->clear();
  second_moment_->clear();
  Rng rng(mix_seeds(seed, 0x6e6e7565));
  auto uniform = [&](float bound) {
    return bound * (2.0f * float(rng.next() >> 40) / float(1 << 24) - 1.0f);
  };
  for (auto& row : params_->feature)
    for (float& w : row) w = uniform(0.1f);
  for (float& b : params_->bias) b = 0.25f;  // most units start inside the clipping range
  for (auto& half : params_->output)
    for (float& w : half) w = uniform(1.0f / std::sqrt(float(2 * kHidden)));
  params_->output_bias = 0;
}

Trainer::~Trainer() = default;

void Trainer::run_epoch(const std::vector<Sample>& samples, const TrainingSettings& s, int epoch) {
  std::vector<std::uint32_t> order(samples.size());
  std::iota(order.begin(), order.end(), 0u);
  const std::uint64_t epoch_seed = mix_seeds(s.seed, std::uint64_t(epoch));
  Rng rng(epoch_seed);
  for (std::size_t i = order.size(); i > 1; --i)
    std::swap(order[i - 1], order[rng.below(std::uint32_t(i))]);

  // Decays geometrically to a tenth of the rate over the epochs.
  const float rate = s.learning_rate *
                     std::pow(0.1f, s.epochs > 1 ? float(epoch - 1) / float(s.epochs - 1) : 0.0f);
  constexpr float kBeta1 = 0.9f, kBeta2 = 0.999f, kEpsilon = 1e-8f;
  std::vector<std::unique_ptr<Parameters>> gradient;
  for (int k = 0; k < kShards; ++k) gradient.push_back(std::make_unique<Parameters>());

  for (std::size_t first = 0; first < order.size(); first += std::size_t(s.batch)) {
    const std::size_t last = std::min(order.size(), first + std::size_t(s.batch));
    auto shard = [&](int k) {
      Parameters& g = *gradient[k];
      g.clear();
      const std::size_t n = last - first;
      for (std::size_t i = first + n * k / kShards; i < first + n * (k + 1) / kShards; ++i) {
        const std::uint32_t index = order[i];
        const int symmetry = int(mix_seeds(epoch_seed, index) % kSymmetries);
        g.add_gradient(*params_, inputs_of(samples[index].pos, symmetry), samples[index].target);
      }
    };
    if (s.threads > 1) {
      std::vector<std::thread> pool;
      for (int k = 1; k < kShards; ++k) pool.emplace_back(shard, k);
      shard(0);
      for (auto& t : pool) t.join();
    } else {
      for (int k = 0; k < kShards; ++k) shard(k);
    }

    ++step_;
    const float scale = 1.0f / float(last - first);
    const float correction1 = 1.0f - std::pow(kBeta1, float(step_));
    const float correction2 = 1.0f - std::pow(kBeta2, float(step_));
    float* w = params_->begin();
    float* m = first_moment_->begin();
    float* v = second_moment_->begin();
    const std::size_t count = std::size_t(params_->end() - w);
    for (std::size_t i = 0; i < count; ++i) {
      float g = 0;
      for (int k = 0; k < kShards; ++k) g += gradient[k]->begin()[i];
      g *= scale;
      m[i] = kBeta1 * m[i] + (1 - kBeta1) * g;
      v[i] = kBeta2 * v[i] + (1 - kBeta2) * g * g;
      w[i] -= rate * (m[i] / correction1) / (std::sqrt(v[i] / correction2) + kEpsilon);
    }
    for (auto& row : params_->feature)
      for (float& x : row) x = std::clamp(x, -kMaxFeatureWeight, kMaxFeatureWeight);
    for (float& x : params_->bias) x = std::clamp(x, -kMaxFeatureWeight, kMaxFeatureWeight);
    for (auto& half : params_->output)
      for (float& x : half) x = std::clamp(x, -kMaxOutputWeight, kMaxOutputWeight);
  }
}

double Trainer::loss(const std::vector<Sample>& samples) const {
  double total = 0;
  float sums[2][kHidden];
  for (const Sample& s : samples)
    total += cross_entropy(logistic(params_->forward(inputs_of(s.pos, 0), sums)), s.target);
  return samples.empty() ? 0 : total / double(samples.size());
}

Weights Trainer::quantized() const {
  auto to16 = [](float x, float one) { return std::int16_t(std::lround(x * one)); };
  Weights w;
  for (int f = 0; f < kFeatures; ++f)
    for (int i = 0; i < kHidden; ++i)
      w.feature[f][i] = to16(params_->feature[f][i], kActivationOne);
  for (int i = 0; i < kHidden; ++i) w.bias[i] = to16(params_->bias[i], kActivationOne);
  for (int half = 0; half < 2; ++half)
    for (int i = 0; i < kHidden; ++i)
      w.output[half][i] = to16(params_->output[half][i], kOutputOne);
  w.output_bias = std::int32_t(std::lround(params_->output_bias * kActivationOne * kOutputOne));
  return w;
}

}  // namespace uttt::nnue
