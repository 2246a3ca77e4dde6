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

// Reads the board's cells and its bit of the boards' masks, nothing else.
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

// The inputs of board b beyond its cells (won, threats, drawn) that `is`
// has on and `was` has not go to add, the reverse to remove.
template <typename Add, typename Remove>
void for_each_status_difference(const BoardState& was, const BoardState& is, int b, Player view,
                                Add add, Remove remove) {
  auto toggle = [&](bool before, bool after, int f) {
    if (after && !before) add(f);
    if (before && !after) remove(f);
  };
  for (int p = 0; p < 2; ++p) {
    const Player who = Player(p);
    toggle(was.won(p), is.won(p), own_or_other(who, view, kOwnBoards, kOtherBoards) + b);
    toggle(was.threat(p), is.threat(p), own_or_other(who, view, kOwnThreats, kOtherThreats) + b);
  }
  toggle(was.drawn(), is.drawn(), kDrawnBoards + b);
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
  const BoardState was = board_state(before, b), is = board_state(after, b);
  for (int v = 0; v < 2; ++v) {
    FeatureChange& c = change[v];
    c.added_count = c.removed_count = 0;
    auto add = [&](int f) { c.added[c.added_count++] = std::uint8_t(f); };
    auto remove = [&](int f) { c.removed[c.removed_count++] = std::uint8_t(f); };
    add(own_or_other(before.side_to_move(), Player(v), kOwnCells, kOtherCells) + m);
    for_each_status_difference(was, is, b, Player(v), add, remove);
    if (before.destination() != after.destination()) {
      remove(kDestination + before.destination());
      add(kDestination + after.destination());
    }
  }
}

void differences(const Position& from, const Position& to, std::array<FeatureDiff, 2>& out) {
  for (FeatureDiff& d : out) d.added.size = d.removed.size = 0;
  const Mask9 masks_differ = ((from.decided_boards() | from.closed_boards()) ^
                              (to.decided_boards() | to.closed_boards())) |
                             (from.drawn_boards() ^ to.drawn_boards()) |
                             (from.won_boards(Player::X) ^ to.won_boards(Player::X)) |
                             (from.won_boards(Player::O) ^ to.won_boards(Player::O));
  for (int b = 0; b < kBoards; ++b) {
    if (!(masks_differ >> b & 1) && from.cells(Player::X, b) == to.cells(Player::X, b) &&
        from.cells(Player::O, b) == to.cells(Player::O, b))
      continue;  // the same board state
    const BoardState was = board_state(from, b), is = board_state(to, b);
    for (int v = 0; v < 2; ++v) {
      FeatureDiff& d = out[v];
      auto add = [&](int f) { d.added.add(f); };
      auto remove = [&](int f) { d.removed.add(f); };
      for (int p = 0; p < 2; ++p) {
        const int cells = own_or_other(Player(p), Player(v), kOwnCells, kOtherCells) + b * 9;
        for (Mask9 m = is.cells[p] & ~was.cells[p]; m; m &= Mask9(m - 1))
          add(cells + __builtin_ctz(m));
        for (Mask9 m = was.cells[p] & ~is.cells[p]; m; m &= Mask9(m - 1))
          remove(cells + __builtin_ctz(m));
      }
      for_each_status_difference(was, is, b, Player(v), add, remove);
    }
  }
  if (from.destination() != to.destination())
    for (FeatureDiff& d : out) {
      d.removed.add(kDestination + from.destination());
      d.added.add(kDestination + to.destination());
    }
}

int transformed(int feature, int symmetry) { return kTransforms[symmetry][feature]; }

}  // namespace uttt::nnue
