// Fast seeded randomness for playouts, benchmarks and CPU players.
#pragma once

#include <cstdint>

namespace club {

// wyrand: one multiply per draw, passes BigCrush, and a 64-bit state that
// copies for free, which keeps play deterministic for a given seed.
class Rng {
 public:
  explicit Rng(std::uint64_t seed) : state_(seed) {}

  std::uint64_t next() {
    state_ += 0xa0761d6478bd642full;
    const __uint128_t t = __uint128_t(state_) * (state_ ^ 0xe7037ed1a0b428dbull);
    return std::uint64_t(t >> 64) ^ std::uint64_t(t);
  }

  // Uniform in [0, n), n >= 1: Lemire's multiply-shift with rejection, so
  // no value is favoured.
  std::uint32_t below(std::uint32_t n) {
    std::uint64_t m = std::uint64_t(std::uint32_t(next())) * n;
    if (std::uint32_t(m) < n) {
      const std::uint32_t threshold = -n % n;
      while (std::uint32_t(m) < threshold) m = std::uint64_t(std::uint32_t(next())) * n;
    }
    return std::uint32_t(m >> 32);
  }

 private:
  std::uint64_t state_;
};

// One seed from two (a run's and a game's, say), well spread even for
// neighbouring inputs: splitmix64's finaliser over a pair.
constexpr std::uint64_t mix_seeds(std::uint64_t a, std::uint64_t b) {
  std::uint64_t z = a * 0x9e3779b97f4a7c15ull + b + 0x632be59bd9b4e5ull;
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

}  // namespace club
