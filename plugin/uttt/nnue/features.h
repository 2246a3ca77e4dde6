// What the network sees of a position: sparse 0/1 inputs, listed from one
// player's point of view, so that one set of weights serves both sides.
#pragma once

#include <array>
#include <cstdint>

#include "uttt/engine/position.h"

namespace uttt::nnue {

// Input layout, "own" meaning the player whose view it is.
constexpr int kOwnCells = 0;        // 81: board * 9 + cell
constexpr int kOtherCells = 81;     // 81
constexpr int kOwnBoards = 162;     // 9 small boards won
constexpr int kOtherBoards = 171;   // 9
constexpr int kDrawnBoards = 180;   // 9
constexpr int kOwnThreats = 189;    // 9 open boards the player could win with one move
constexpr int kOtherThreats = 198;  // 9
constexpr int kDestination = 207;   // 10: the board the next move goes to, or 9: any
constexpr int kFeatures = 217;

// Every cell, a status and a threat per board, one destination.
constexpr int kMaxActive = kCells + 2 * kBoards + 1;

struct FeatureList {
  std::array<std::uint8_t, kMaxActive> index;
  int size = 0;
  void add(int feature) { index[size++] = std::uint8_t(feature); }
  const std::uint8_t* begin() const { return index.data(); }
  const std::uint8_t* end() const { return index.data() + size; }
};

// The inputs that are on in pos, seen by each player (indexed by Player):
// both at once, since they read the same state of every board.
using ViewFeatures = std::array<FeatureList, 2>;
ViewFeatures active_features(const Position& pos);

// What a move turns on and off, for one view. Only the board the move is in
// and the destination change: at most the cell, the board's status, two
// threats and the destination.
struct FeatureChange {
  std::array<std::uint8_t, 8> added, removed;
  int added_count = 0, removed_count = 0;
};

// before.play(m) gave after; one change per view, indexed by Player.
void changes_of(const Position& before, Move m, const Position& after, FeatureChange (&change)[2]);

// What differs between the inputs of two positions, for one view.
struct FeatureDiff {
  FeatureList added, removed;
};

// The inputs on in `to` and not in `from` are added, the reverse removed;
// one diff per view, indexed by Player. A position a few moves on differs in
// a few dozen inputs, where it has a hundred or so on.
void differences(const Position& from, const Position& to, std::array<FeatureDiff, 2>& out);

// The eight symmetries of the square act on the boards of the big board and
// the cells of every small board at once; the rules do not tell them apart,
// so training sees each position in all eight. transformed(f, s) is input f
// of the position mirrored or turned by symmetry s (0: unchanged).
constexpr int kSymmetries = 8;
int transformed(int feature, int symmetry);

}  // namespace uttt::nnue
