#include "rollout.h"

#include <array>
#include <type_traits>

#include "tactics.h"
#include "uttt/engine/playout.h"

namespace uttt::search {

namespace {

inline int pick(Mask9 m, Rng& rng) { return kSelect[m][rng.below(popcount9(m))]; }

// Both informed policies in one loop. Each player's threats (boards won with
// one more move) are kept current with two look-ups per move, since a move
// changes only its own board. A board is "wanted" when the policy plays to
// win it at once: for the tactical policy any threatened board, for the
// decisive one only a board that also completes a line of the big board.
// Cell c sends the opponent to board c, so the cells to avoid are those
// naming a board the opponent wants, or a closed board (a free move).
template <Playout kPolicy>
Winner informed_playout(Position& game, Rng& rng_in) {
  // Local copies keep the state in registers rather than in memory the
  // caller could see.
  Position pos = game;
  Rng rng = rng_in;
  // Boards that would complete a line: they change only when a board is decided.
  Mask9 line_boards[2] = {game_winning_boards(pos, Player::X), game_winning_boards(pos, Player::O)};
  // The decisive policy plays uniformly, and needs no threats, until some
  // board would complete a line; most playouts spend their first half so.
  bool tracking = kPolicy == Playout::kTactical || (line_boards[0] | line_boards[1]);
  Mask9 threats[2] = {0, 0};
  if (tracking) {
    threats[0] = threat_boards(pos, Player::X);
    threats[1] = threat_boards(pos, Player::O);
  }
  const Rules rules = pos.rules();
  const bool stop_at_dead_draw = !rules.early_draw && !rules.fast_target;
  Winner result = Winner::kNone;
  while (!pos.is_over()) {
    if (!tracking) {
      const Spot s = random_spot(pos, rng);
      const Mask9 decided_before = pos.decided_boards();
      pos.play(s.board, s.cell);
      if (pos.decided_boards() != decided_before && !pos.is_over()) {
        if (stop_at_dead_draw && dead_draw(pos)) {
          result = Winner::kDraw;
          break;
        }
        line_boards[0] = game_winning_boards(pos, Player::X);
        line_boards[1] = game_winning_boards(pos, Player::O);
        if (line_boards[0] | line_boards[1]) {
          tracking = true;
          threats[0] = threat_boards(pos, Player::X);
          threats[1] = threat_boards(pos, Player::O);
        }
      }
      continue;
    }
    const Player me = pos.side_to_move();
    const int mine = int(me), theirs = mine ^ 1;
    Mask9 i_want = threats[mine], they_want = threats[theirs];
    if constexpr (kPolicy == Playout::kDecisive) {
      i_want &= line_boards[mine];
      they_want &= line_boards[theirs];
    }
    // The decisive policy only minds free moves while they can win the game.
    const Mask9 avoid =
        kPolicy == Playout::kTactical || they_want ? Mask9(pos.closed_boards() | they_want) : Mask9(0);
    int b, c;
    if (!pos.is_free_move()) {
      b = pos.destination();
      const Mask9 empty = pos.empty(b);
      if (i_want >> b & 1) {
        c = pick(kCompleting[pos.cells(me, b)] & empty, rng);
      } else {
        const Mask9 quiet = empty & ~avoid;
        c = pick(quiet ? quiet : empty, rng);
      }
    } else if (const Mask9 wins = i_want & ~pos.closed_boards()) {
      const Mask9 decisive = wins & line_boards[mine];
      b = pick(decisive ? decisive : wins, rng);
      c = pick(kCompleting[pos.cells(me, b)] & pos.empty(b), rng);
    } else {
      Spot s = random_spot(pos, rng);
      if (avoid >> s.cell & 1) s = random_spot(pos, rng);  // one second thought
      b = s.board;
      c = s.cell;
    }
    const Mask9 decided_before = pos.decided_boards();
    pos.play(b, c);
    const Mask9 bit = Mask9(1u << b);
    if ((pos.decided_boards() | pos.closed_boards()) & bit) {
      threats[0] &= Mask9(~bit);
      threats[1] &= Mask9(~bit);
      if (pos.decided_boards() != decided_before && !pos.is_over()) {
        if (stop_at_dead_draw && dead_draw(pos)) {
          result = Winner::kDraw;
          break;
        }
        line_boards[0] = game_winning_boards(pos, Player::X);
        line_boards[1] = game_winning_boards(pos, Player::O);
      }
    } else {
      const Mask9 empty = pos.empty(b);
      for (int p = 0; p < 2; ++p)
        threats[p] = (kCompleting[pos.cells(Player(p), b)] & empty)
                         ? Mask9(threats[p] | bit)
                         : Mask9(threats[p] & ~bit);
    }
  }
  rng_in = rng;
  return result == Winner::kNone ? winner_of(pos.status()) : result;
}

// kLinePossible[m]: some line of the 3x3 grid avoids every bit of m.
constexpr std::array<bool, 512> make_line_possible() {
  std::array<bool, 512> t{};
  for (int m = 0; m < 512; ++m) t[m] = line_possible(Mask9(m));
  return t;
}
inline constexpr auto kLinePossible = make_line_possible();

// The cells of the lean copy; the rest of it (who won which board, which
// boards are closed, where the next move goes) lives in the playout's own
// variables, where the compiler can keep it in registers.
struct LeanCells {
  Mask9 mine[2][kBoards];
  Mask9 occupied[kBoards];

  Mask9 empty(int b) const { return kAll9 & ~occupied[b]; }
  bool threat(int p, int b) const { return kCompleting[mine[p][b]] & empty(b); }
};

// Two draws from each 64-bit output of the generator, by multiply-shift
// without rejection: for at most 81 outcomes the bias is under 2^-25, far
// below anything a playout could notice, and a draw costs half as much.
class Dice {
 public:
  explicit Dice(Rng rng) : rng_(rng) {}
  std::uint32_t below(std::uint32_t n) {
    std::uint32_t r;
    if (spare_) {
      r = std::uint32_t(word_ >> 32);
      spare_ = false;
    } else {
      word_ = rng_.next();
      r = std::uint32_t(word_);
      spare_ = true;
    }
    return std::uint32_t((std::uint64_t(r) * n) >> 32);
  }
  int pick(Mask9 m) { return kSelect[m][below(popcount9(m))]; }
  const Rng& rng() const { return rng_; }

 private:
  Rng rng_;
  std::uint64_t word_ = 0;
  bool spare_ = false;
};

constexpr Winner win_for(int p) { return p == 0 ? Winner::kX : Winner::kO; }

// The uniform and the decisive policy on the lean copy: the same choices as
// informed_playout<kDecisive> makes, without the general position's cost.
// Each ply is written for X and for O apart, so "whose move" costs nothing.
template <Playout kPolicy>
Winner lean_playout(const Position& start, Rng& rng_in) {
  LeanCells cells;
  for (int b = 0; b < kBoards; ++b) {
    cells.mine[0][b] = start.cells(Player::X, b);
    cells.mine[1][b] = start.cells(Player::O, b);
    cells.occupied[b] = start.occupied(b);
  }
  Mask9 won[2] = {start.won_boards(Player::X), start.won_boards(Player::O)};
  Mask9 closed = start.decided_boards();  // the same as closed under these rules
  int destination = start.destination();
  Dice dice(rng_in);
  // The decisive policy's state: boards that would complete a line, and
  // boards each player could win with one move, kept only once some board
  // would complete a line.
  Mask9 lines[2] = {0, 0};
  Mask9 threats[2] = {0, 0};
  bool tracking = false;

  auto start_tracking = [&] {
    lines[0] = kCompleting[won[0]] & ~closed & kAll9;
    lines[1] = kCompleting[won[1]] & ~closed & kAll9;
    if (!(lines[0] | lines[1])) return;
    tracking = true;
    threats[0] = threats[1] = 0;
    for (Mask9 live = kAll9 & ~closed; live; live &= Mask9(live - 1)) {
      const int b = __builtin_ctz(live);
      threats[0] |= Mask9(cells.threat(0, b) << b);
      threats[1] |= Mask9(cells.threat(1, b) << b);
    }
  };

  auto random_spot = [&]() -> Spot {
    if (destination != kAnyBoard) {
      const Mask9 e = cells.empty(destination);
      return {destination, dice.pick(e)};
    }
    std::uint8_t count[kBoards];
    int total = 0;
    for (int b = 0; b < kBoards; ++b) {
      count[b] = std::uint8_t(popcount9(cells.empty(b) & Mask9(-(~closed >> b & 1))));
      total += count[b];
    }
    int k = int(dice.below(std::uint32_t(total)));
    int b = 0;
    while (k >= count[b]) k -= count[b++];
    return {b, kSelect[cells.empty(b)][k]};
  };

  // One move of player `me`; the result once the game's outcome is certain.
  auto ply = [&](auto side) -> Winner {
    constexpr int me = decltype(side)::value, them = me ^ 1;
    int b, c;
    if (kPolicy == Playout::kDecisive && tracking) {
      const Mask9 i_want = threats[me] & lines[me];  // boards that win the game
      const Mask9 they_want = threats[them] & lines[them];
      const Mask9 avoid = they_want ? Mask9(closed | they_want) : Mask9(0);
      if (destination != kAnyBoard) {
        b = destination;
        if (i_want >> b & 1) return win_for(me);
        const Mask9 empty = cells.empty(b);
        const Mask9 quiet = empty & ~avoid;
        c = dice.pick(quiet ? quiet : empty);
      } else if (i_want) {
        return win_for(me);
      } else {
        Spot s = random_spot();
        if (avoid >> s.cell & 1) s = random_spot();  // one second thought
        b = s.board;
        c = s.cell;
      }
    } else {
      const Spot s = random_spot();
      b = s.board;
      c = s.cell;
    }
    const Mask9 cell = Mask9(1u << c), board = Mask9(1u << b);
    cells.mine[me][b] |= cell;
    cells.occupied[b] |= cell;
    bool decided = false;
    if (has_line(cells.mine[me][b])) {
      won[me] |= board;
      closed |= board;
      decided = true;
    } else if (cells.occupied[b] == kAll9) {
      closed |= board;
      decided = true;
    }
    destination = (closed >> c & 1) ? kAnyBoard : c;
    if (decided) {
      if (has_line(won[me])) return win_for(me);
      const Mask9 drawn = closed & ~(won[0] | won[1]);
      if (!kLinePossible[won[0] | drawn] && !kLinePossible[won[1] | drawn]) return Winner::kDraw;
      if constexpr (kPolicy == Playout::kDecisive) {
        if (tracking) {
          threats[0] &= Mask9(~board);
          threats[1] &= Mask9(~board);
          lines[0] = kCompleting[won[0]] & ~closed & kAll9;
          lines[1] = kCompleting[won[1]] & ~closed & kAll9;
        } else {
          start_tracking();
        }
      }
    } else if (kPolicy == Playout::kDecisive && tracking) {
      threats[me] = cells.threat(me, b) ? Mask9(threats[me] | board) : Mask9(threats[me] & ~board);
      threats[them] =
          cells.threat(them, b) ? Mask9(threats[them] | board) : Mask9(threats[them] & ~board);
    }
    return Winner::kNone;
  };

  if constexpr (kPolicy == Playout::kDecisive) start_tracking();
  using X = std::integral_constant<int, 0>;
  using O = std::integral_constant<int, 1>;
  Winner result = Winner::kNone;
  if (start.side_to_move() == Player::O) result = ply(O{});
  while (result == Winner::kNone && (result = ply(X{})) == Winner::kNone) result = ply(O{});
  rng_in = dice.rng();
  return result;
}

}  // namespace

Winner play_out(Position pos, Rng& rng, Playout policy) {
  // Most games are played with standard boards (the early-draw rule's end
  // is the certain draw the playout stops at anyway), and there the playout
  // runs on its own lean copy of the position instead of the engine's
  // general one: the occupied cells of each board are kept rather than
  // recomputed, "closed" is the one mask of decided boards, and a move can
  // only decide its own board, so the big board is looked at only then.
  if (pos.rules().standard_boards()) {
    if (policy == Playout::kUniform) return lean_playout<Playout::kUniform>(pos, rng);
    if (policy == Playout::kDecisive) return lean_playout<Playout::kDecisive>(pos, rng);
  }
  switch (policy) {
    case Playout::kUniform: return winner_of(random_playout(pos, rng));
    case Playout::kTactical: return informed_playout<Playout::kTactical>(pos, rng);
    case Playout::kDecisive: return informed_playout<Playout::kDecisive>(pos, rng);
  }
  return Winner::kNone;
}

}  // namespace uttt::search
