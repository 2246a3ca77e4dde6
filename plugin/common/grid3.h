// 9-bit masks of a 3x3 grid, one bit per square in reading order, and their
// constexpr tables. Every 3x3 game shares them: a tic-tac-toe board, a small
// board of ultimate tic-tac-toe, and its big board of small boards.
#pragma once

#include <array>
#include <cstdint>

namespace club::grid3 {

using Mask9 = std::uint16_t;
constexpr Mask9 kAll9 = 0x1FF;

constexpr std::array<Mask9, 8> kLines = {
    0007, 0070, 0700,  // rows
    0111, 0222, 0444,  // columns
    0421, 0124,        // diagonals
};

// One instruction with -mpopcnt, and still usable in constant expressions.
constexpr int popcount9(Mask9 m) { return __builtin_popcount(m); }

namespace detail {

constexpr std::array<bool, 512> make_has_line() {
  std::array<bool, 512> t{};
  for (int m = 0; m < 512; ++m)
    for (Mask9 l : kLines) t[m] = t[m] || (m & l) == l;
  return t;
}

// kSelect[m][k]: index of the k-th set bit of m, so a uniformly drawn k
// turns into a square without a loop.
constexpr std::array<std::array<std::uint8_t, 9>, 512> make_select() {
  std::array<std::array<std::uint8_t, 9>, 512> t{};
  for (int m = 0; m < 512; ++m) {
    int k = 0;
    for (int b = 0; b < 9; ++b)
      if (m >> b & 1) t[m][k++] = std::uint8_t(b);
  }
  return t;
}

}  // namespace detail

inline constexpr auto kHasLine = detail::make_has_line();
inline constexpr auto kSelect = detail::make_select();

constexpr bool has_line(Mask9 m) { return kHasLine[m]; }

// True when some line avoids every square of `blocked`.
constexpr bool line_possible(Mask9 blocked) {
  for (Mask9 l : kLines)
    if (!(l & blocked)) return true;
  return false;
}

}  // namespace club::grid3
