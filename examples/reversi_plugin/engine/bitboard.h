// 64-bit masks of the 8x8 board. Square s = row * 8 + column, a1 (top left)
// is bit 0 and h8 (bottom right) bit 63, the same reading order as the
// generic view's cells.
#pragma once

#include <cstdint>

namespace reversi {

using Bits = std::uint64_t;

constexpr int kSquares = 64;
constexpr Bits kNotColumnA = ~Bits{0x0101010101010101};
constexpr Bits kNotColumnH = ~Bits{0x8080808080808080};

constexpr Bits bit(int square) { return Bits{1} << square; }
inline int lowest_square(Bits b) { return __builtin_ctzll(b); }
inline int count(Bits b) { return __builtin_popcountll(b); }

// The eight directions as bit-index steps. A step east lands a disc of
// column h on column a of the next row; the masks drop those wraps.
constexpr int kSteps[8] = {1, -1, 8, -8, 9, -9, 7, -7};

constexpr Bits step(Bits b, int dir) {
  switch (dir) {
    case 1: return (b << 1) & kNotColumnA;
    case -1: return (b >> 1) & kNotColumnH;
    case 8: return b << 8;
    case -8: return b >> 8;
    case 9: return (b << 9) & kNotColumnA;
    case -9: return (b >> 9) & kNotColumnH;
    case 7: return (b << 7) & kNotColumnH;
    default: return (b >> 7) & kNotColumnA;  // -7
  }
}

}  // namespace reversi
