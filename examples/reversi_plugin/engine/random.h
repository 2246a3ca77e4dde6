// A small, seedable generator: the same seed gives the same game on every
// platform, which std::uniform_int_distribution does not promise.
#pragma once

#include <cstdint>

#include "bitboard.h"

namespace reversi {

class Random {
 public:
  explicit Random(std::uint64_t seed) : state_(seed + 0x9E3779B97F4A7C15ull) {}

  std::uint64_t next() {  // splitmix64
    std::uint64_t z = (state_ += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }
  std::uint32_t below(std::uint32_t n) { return std::uint32_t((next() >> 32) * n >> 32); }

  // A uniformly chosen square of a non-empty mask.
  int pick(Bits squares) {
    for (std::uint32_t skip = below(std::uint32_t(count(squares))); skip; --skip)
      squares &= squares - 1;
    return lowest_square(squares);
  }

 private:
  std::uint64_t state_;
};

}  // namespace reversi
