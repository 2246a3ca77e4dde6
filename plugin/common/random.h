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

}  // namespace club
