#include "network.h"

#include <immintrin.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <fstream>
#include <iterator>
#include <stdexcept>

// The weights built into the program, generated from weights/uttt.nnue.
extern const unsigned char kEmbeddedNetwork[];
extern const std::size_t kEmbeddedNetworkSize;

namespace uttt::nnue {

namespace {

using Rows = const std::uint8_t*;

// out = in + the rows of `added` - the rows of `removed`. The 16-bit sums
// wrap on the way, as AVX2's do; the weights keep every final sum in range.
void update_portable(const Weights& w, const std::int16_t* in, std::int16_t* out, Rows added,
                     int added_count, Rows removed, int removed_count) {
  std::int16_t v[kHidden];
  std::copy(in, in + kHidden, v);
  for (int k = 0; k < added_count; ++k)
    for (int i = 0; i < kHidden; ++i) v[i] = std::int16_t(v[i] + w.feature[added[k]][i]);
  for (int k = 0; k < removed_count; ++k)
    for (int i = 0; i < kHidden; ++i) v[i] = std::int16_t(v[i] - w.feature[removed[k]][i]);
  std::copy(v, v + kHidden, out);
}

std::int32_t dot_portable(const std::int16_t* sums, const std::int16_t* output) {
  std::int32_t total = 0;
  for (int i = 0; i < kHidden; ++i)
    total += std::int32_t(std::clamp<std::int16_t>(sums[i], 0, kActivationOne)) * output[i];
  return total;
}

__attribute__((target("avx2"))) inline __m256i load(const std::int16_t* p) {
  return _mm256_load_si256(reinterpret_cast<const __m256i*>(p));
}

// The hidden units are summed a tile of eight registers at a time, each
// weight row added to all eight: one pass over the rows per tile rather
// than one per register.
constexpr int kTile = 8;
constexpr int kLanes16 = 16;  // 16-bit lanes of a register

// tile = in + added - removed over the units of one tile, from `first` on.
__attribute__((target("avx2"))) inline void tile_avx2(const Weights& w, const std::int16_t* in,
                                                      int first, Rows added, int added_count,
                                                      Rows removed, int removed_count,
                                                      __m256i (&tile)[kTile]) {
  for (int j = 0; j < kTile; ++j) tile[j] = load(in + first + j * kLanes16);
  for (int k = 0; k < added_count; ++k) {
    const std::int16_t* row = w.feature[added[k]] + first;
    for (int j = 0; j < kTile; ++j) tile[j] = _mm256_add_epi16(tile[j], load(row + j * kLanes16));
  }
  for (int k = 0; k < removed_count; ++k) {
    const std::int16_t* row = w.feature[removed[k]] + first;
    for (int j = 0; j < kTile; ++j) tile[j] = _mm256_sub_epi16(tile[j], load(row + j * kLanes16));
  }
}

__attribute__((target("avx2"))) void update_avx2(const Weights& w, const std::int16_t* in,
                                                 std::int16_t* out, Rows added, int added_count,
                                                 Rows removed, int removed_count) {
  for (int first = 0; first < kHidden; first += kTile * kLanes16) {
    __m256i tile[kTile];
    tile_avx2(w, in, first, added, added_count, removed, removed_count, tile);
    for (int j = 0; j < kTile; ++j)
      _mm256_store_si256(reinterpret_cast<__m256i*>(out + first + j * kLanes16), tile[j]);
  }
}

// The clipped activations of v times the output weights, summed in pairs
// into 32 bits (at most 2 * 127 * 127 a pair, far from overflowing).
__attribute__((target("avx2"))) inline __m256i weigh_avx2(__m256i v, const std::int16_t* output) {
  const __m256i clipped = _mm256_min_epi16(_mm256_max_epi16(v, _mm256_setzero_si256()),
                                           _mm256_set1_epi16(kActivationOne));
  return _mm256_madd_epi16(clipped, load(output));
}

__attribute__((target("avx2"))) std::int32_t sum_avx2(__m256i v) {
  const __m128i s = _mm_add_epi32(_mm256_castsi256_si128(v), _mm256_extracti128_si256(v, 1));
  const __m128i s2 = _mm_add_epi32(s, _mm_shuffle_epi32(s, 0x4E));
  return _mm_cvtsi128_si32(_mm_add_epi32(s2, _mm_shuffle_epi32(s2, 0xB1)));
}

__attribute__((target("avx2"))) std::int32_t output_after_avx2(const Weights& w,
                                                               const Accumulator& acc,
                                                               const FeatureChange* change,
                                                               Player to_move) {
  __m256i total = _mm256_setzero_si256();
  for (int half = 0; half < 2; ++half) {
    const int view = int(to_move) ^ half;
    const FeatureChange& c = change[view];
    for (int first = 0; first < kHidden; first += kTile * kLanes16) {
      __m256i tile[kTile];
      tile_avx2(w, acc.sums[view], first, c.added.data(), c.added_count, c.removed.data(),
                c.removed_count, tile);
      for (int j = 0; j < kTile; ++j)
        total = _mm256_add_epi32(total, weigh_avx2(tile[j], w.output[half] + first + j * kLanes16));
    }
  }
  return sum_avx2(total) + w.output_bias;
}

const FeatureChange kNoChange[2] = {};

void check(bool ok, const char* what) {
  if (!ok) throw std::runtime_error(std::string("not a network file of this program: ") + what);
}

template <typename T>
void append(std::string& out, const T& value) {
  out.append(reinterpret_cast<const char*>(&value), sizeof value);
}

}  // namespace

bool kernel_available(Kernel k) {
  __builtin_cpu_init();  // may run before the constructors of a plugin that calls it
  return k == Kernel::kPortable || __builtin_cpu_supports("avx2");
}

Kernel best_kernel() { return kernel_available(Kernel::kAvx2) ? Kernel::kAvx2 : Kernel::kPortable; }

Network::Network(const Weights& w, Kernel kernel)
    : weights_(std::make_unique<Weights>(w)), kernel_(kernel) {
  if (!kernel_available(kernel)) throw std::invalid_argument("this processor has no AVX2");
}

std::shared_ptr<const Network> Network::embedded() {
  static const std::shared_ptr<const Network> network =
      parse(kEmbeddedNetwork, kEmbeddedNetworkSize);
  return network;
}

std::shared_ptr<const Network> Network::parse(const unsigned char* bytes, std::size_t size) {
  constexpr std::size_t kHeader = sizeof kMagic + 3 * sizeof(std::uint32_t);
  check(size >= kHeader && std::memcmp(bytes, kMagic, sizeof kMagic) == 0,
        "it does not start with UTTTNNUE");
  std::uint32_t header[3];
  std::memcpy(header, bytes + sizeof kMagic, sizeof header);
  check(header[0] == kVersion, "unknown version");
  check(header[1] == std::uint32_t(kFeatures) && header[2] == std::uint32_t(kHidden),
        "its inputs or hidden units differ from this program's");
  auto w = std::make_unique<Weights>();
  const std::size_t body =
      sizeof w->feature + sizeof w->bias + sizeof w->output + sizeof w->output_bias;
  check(size == kHeader + body, "wrong size");
  const unsigned char* p = bytes + kHeader;
  for (auto [to, n] : {std::pair<void*, std::size_t>{w->feature, sizeof w->feature},
                       {w->bias, sizeof w->bias},
                       {w->output, sizeof w->output},
                       {&w->output_bias, sizeof w->output_bias}}) {
    std::memcpy(to, p, n);
    p += n;
  }
  return std::make_shared<const Network>(*w);
}

std::shared_ptr<const Network> Network::load(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot read network file " + path);
  const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  try {
    return parse(reinterpret_cast<const unsigned char*>(bytes.data()), bytes.size());
  } catch (const std::runtime_error& e) {
    throw std::runtime_error(path + ": " + e.what());
  }
}

std::string Network::serialize(const Weights& w) {
  std::string out(kMagic, sizeof kMagic);
  append(out, kVersion);
  append(out, std::uint32_t(kFeatures));
  append(out, std::uint32_t(kHidden));
  append(out, w.feature);
  append(out, w.bias);
  append(out, w.output);
  append(out, w.output_bias);
  return out;
}

// out = in + the rows of `added` - the rows of `removed`, on this network's kernel.
void Network::update(const std::int16_t* in, std::int16_t* out, const std::uint8_t* added,
                     int added_count, const std::uint8_t* removed, int removed_count) const {
  (kernel_ == Kernel::kAvx2 ? update_avx2 : update_portable)(*weights_, in, out, added, added_count,
                                                             removed, removed_count);
}

void Network::refresh(const Position& pos, Accumulator& acc) const {
  const ViewFeatures lists = active_features(pos);
  for (int view = 0; view < 2; ++view)
    update(weights_->bias, acc.sums[view], lists[view].begin(), lists[view].size, nullptr, 0);
}

Anchor::Anchor(const Network& net, const Position& pos) : pos(pos) { net.refresh(pos, acc); }

void Network::refresh(const Position& pos, const Anchor& near, Accumulator& acc) const {
  std::array<FeatureDiff, 2> diff;
  differences(near.pos, pos, diff);
  for (int view = 0; view < 2; ++view)
    update(near.acc.sums[view], acc.sums[view], diff[view].added.begin(), diff[view].added.size,
           diff[view].removed.begin(), diff[view].removed.size);
}

void Network::play(const FeatureChange (&change)[2], Accumulator& acc) const {
  for (int view = 0; view < 2; ++view) {
    const FeatureChange& c = change[view];
    update(acc.sums[view], acc.sums[view], c.added.data(), c.added_count, c.removed.data(),
           c.removed_count);
  }
}

void Network::undo(const FeatureChange (&change)[2], Accumulator& acc) const {
  for (int view = 0; view < 2; ++view) {
    const FeatureChange& c = change[view];
    update(acc.sums[view], acc.sums[view], c.removed.data(), c.removed_count, c.added.data(),
           c.added_count);
  }
}

std::int32_t Network::output(const Accumulator& acc, Player to_move) const {
  return output_after(acc, kNoChange, to_move);
}

std::int32_t Network::output_after(const Accumulator& acc, const FeatureChange (&change)[2],
                                   Player to_move) const {
  if (kernel_ == Kernel::kAvx2) return output_after_avx2(*weights_, acc, change, to_move);
  std::int32_t total = weights_->output_bias;
  for (int half = 0; half < 2; ++half) {
    const int view = int(to_move) ^ half;
    const FeatureChange& c = change[view];
    alignas(64) std::int16_t sums[kHidden];
    update_portable(*weights_, acc.sums[view], sums, c.added.data(), c.added_count,
                    c.removed.data(), c.removed_count);
    total += dot_portable(sums, weights_->output[half]);
  }
  return total;
}

float win_chance(std::int32_t output) {
  return 1.0f / (1.0f + std::exp(-float(output) / float(kActivationOne * kOutputOne)));
}

}  // namespace uttt::nnue
