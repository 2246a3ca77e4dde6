#include "features.h"

#include "uttt/search/tactics.h"

namespace uttt::nnue {

namespace {

// The inputs of one small board: its cells, its status and its threats.
// Per player rather than per view: one state serves both views.
// The flags are bits of one word, built in a register: as separate bools
// they were stored a byte at a time and read back wider, which stalled.
struct BoardState {
  Mask9 cells[2];
  std::uint32_t flags;
  static constexpr std::uint32_t kWon = 1, kThreat = 4, kDrawn = 16;  // kWon, kThreat << player
  bool won(int p) const { return flags & kWon << p; }
  bool threat(int p) const { return flags & kThreat << p; }
  bool drawn() const { return flags & kDrawn; }
};

BoardState board_state(const Position& pos, int b) {
  BoardState s;
  const bool open = !((pos.decided_boards() | pos.closed_boards()) >> b & 1);
  std::uint32_t flags = (pos.drawn_boards() >> b & 1) * BoardState::kDrawn;
  for (int p = 0; p < 2; ++p) {
    s.cells[p] = pos.cells(Player(p), b);
    flags |= (pos.won_boards(Player(p)) >> b & 1) * (BoardState::kWon << p);
    if (open && (search::kCompleting[s.cells[p]] & pos.empty(b))) flags |= BoardState::kThreat << p;
  }
  s.flags = flags;
  return s;
}

int own_or_other(Player p, Player view, int own, int other) { return p == view ? own : other; }

template <typename Add>
void for_each_feature(const BoardState& s, int b, Player view, Add add) {
  for (int p = 0; p < 2; ++p) {
    const Player who = Player(p);
    for (Mask9 m = s.cells[p]; m; m &= Mask9(m - 1))
      add(own_or_other(who, view, kOwnCells, kOtherCells) + b * 9 + __builtin_ctz(m));
    if (s.won(p)) add(own_or_other(who, view, kOwnBoards, kOtherBoards) + b);
    if (s.threat(p)) add(own_or_other(who, view, kOwnThreats, kOtherThreats) + b);
  }
  if (s.drawn()) add(kDrawnBoards + b);
}

// The symmetries of a 3x3 grid as permutations of its squares.
constexpr std::array<std::array<std::uint8_t, 9>, kSymmetries> make_squares() {
  std::array<std::array<std::uint8_t, 9>, kSymmetries> t{};
  for (int s = 0; s < kSymmetries; ++s)
    for (int i = 0; i < 9; ++i) {
      int r = i / 3, c = i % 3;
      if (s & 1) c = 2 - c;  // mirror
      if (s & 2) r = 2 - r;  // flip
      if (s & 4) {           // transpose
        const int t2 = r;
        r = c;
        c = t2;
      }
      t[s][i] = std::uint8_t(r * 3 + c);
    }
  return t;
}
constexpr auto kSquares = make_squares();

constexpr std::array<std::array<std::uint8_t, kFeatures>, kSymmetries> make_transforms() {
  std::array<std::array<std::uint8_t, kFeatures>, kSymmetries> t{};
  for (int s = 0; s < kSymmetries; ++s)
    for (int f = 0; f < kFeatures; ++f) {
      int to = f;
      if (f < kOwnBoards) {
        const int base = f < kOtherCells ? kOwnCells : kOtherCells, m = f - base;
        to = base + kSquares[s][m / 9] * 9 + kSquares[s][m % 9];
      } else if (f < kDestination) {
        const int base = kOwnBoards + (f - kOwnBoards) / 9 * 9;
        to = base + kSquares[s][f - base];
      } else if (f < kDestination + 9) {
        to = kDestination + kSquares[s][f - kDestination];
      }
      t[s][f] = std::uint8_t(to);
    }
  return t;
}
constexpr auto kTransforms = make_transforms();

}  // namespace

ViewFeatures active_features(const Position& pos) {
  ViewFeatures lists;
  for (int b = 0; b < kBoards; ++b) {
    const BoardState s = board_state(pos, b);
    for (int v = 0; v < 2; ++v) for_each_feature(s, b, Player(v), [&](int f) { lists[v].add(f); });
  }
  for (FeatureList& list : lists) list.add(kDestination + pos.destination());
  return lists;
}

void changes_of(const Position& before, Move m, const Position& after, FeatureChange (&change)[2]) {
  const int b = board_of(m);
  const Player mover = before.side_to_move();
  const BoardState was = board_state(before, b), is = board_state(after, b);
  for (int v = 0; v < 2; ++v) {
    const Player view = Player(v);
    FeatureChange& c = change[v];
    c.added_count = c.removed_count = 0;
    auto add = [&](int f) { c.added[c.added_count++] = std::uint8_t(f); };
    auto remove = [&](int f) { c.removed[c.removed_count++] = std::uint8_t(f); };
    add(own_or_other(mover, view, kOwnCells, kOtherCells) + m);
    for (int p = 0; p < 2; ++p) {
      const Player who = Player(p);
      if (is.won(p) && !was.won(p)) add(own_or_other(who, view, kOwnBoards, kOtherBoards) + b);
      const int threat = own_or_other(who, view, kOwnThreats, kOtherThreats) + b;
      if (is.threat(p) && !was.threat(p)) add(threat);
      if (was.threat(p) && !is.threat(p)) remove(threat);
    }
    if (is.drawn() && !was.drawn()) add(kDrawnBoards + b);
    if (before.destination() != after.destination()) {
      remove(kDestination + before.destination());
      add(kDestination + after.destination());
    }
  }
}

int transformed(int feature, int symmetry) { return kTransforms[symmetry][feature]; }

}  // namespace uttt::nnue
