#include "players.h"

#include <array>

#include "common/random.h"

namespace ttt {

namespace {

using club::grid3::kLines;
using club::grid3::kSelect;
using club::grid3::popcount9;

constexpr Mask9 kCentre = 1u << 4;
constexpr Mask9 kCorners = 1u << 0 | 1u << 2 | 1u << 6 | 1u << 8;

// Negamax scores of every reachable position, indexed by the two mark masks:
// a win scores 10 plus the squares still empty, so quicker wins score more.
class Table {
 public:
  Table() { score(Position{}); }
  int at(const Position& p) const { return scores_[key(p)]; }

 private:
  static int key(const Position& p) { return p.marks(Player::X) | p.marks(Player::O) << 9; }

  int score(const Position& p) {
    std::int8_t& s = scores_[key(p)];
    if (p.is_over()) {
      s = p.status() == Status::kDraw ? 0 : std::int8_t(-(10 + popcount9(p.empty())));
      return s;
    }
    int best = -100;
    for (Mask9 m = p.legal_moves(); m; m &= Mask9(m - 1)) {
      Position next = p;
      next.play(__builtin_ctz(m));
      const int v = -score(next);
      if (v > best) best = v;
    }
    s = std::int8_t(best);
    return best;
  }

  std::array<std::int8_t, 1 << 18> scores_{};
};

const Table& table() {
  static const Table t;
  return t;
}

int score_after(const Position& pos, int square) {
  Position next = pos;
  next.play(square);
  return -table().at(next);
}

// Opponent replies after `square` that turn the game into our win.
int mistakes_left(const Position& pos, int square) {
  Position next = pos;
  next.play(square);
  int n = 0;
  for (Mask9 m = next.legal_moves(); m; m &= Mask9(m - 1)) {
    Position reply = next;
    reply.play(__builtin_ctz(m));
    n += table().at(reply) > 0;
  }
  return n;
}

int pick(Mask9 squares, club::Rng& rng) {
  return kSelect[squares][rng.below(std::uint32_t(popcount9(squares)))];
}

Mask9 double_threats(const Position& pos) {
  const Player me = pos.side_to_move();
  Mask9 out = 0;
  for (Mask9 m = pos.legal_moves(); m; m &= Mask9(m - 1)) {
    Position next = pos;
    const int sq = __builtin_ctz(m);
    next.play(sq);
    if (popcount9(winning_squares(next, me)) >= 2) out |= Mask9(1u << sq);
  }
  return out;
}

int experto(const Position& pos, club::Rng& rng) {
  int best = -100, best_mistakes = -1;
  Mask9 chosen = 0;
  for (Mask9 m = pos.legal_moves(); m; m &= Mask9(m - 1)) {
    const int sq = __builtin_ctz(m);
    const int v = score_after(pos, sq);
    const int mistakes = v == 0 ? mistakes_left(pos, sq) : 0;
    if (v > best || (v == best && mistakes > best_mistakes)) {
      best = v;
      best_mistakes = mistakes;
      chosen = 0;
    }
    if (v == best && mistakes == best_mistakes) chosen |= Mask9(1u << sq);
  }
  return pick(chosen, rng);
}

int normal(const Position& pos, club::Rng& rng) {
  const Player me = pos.side_to_move();
  const Mask9 legal = pos.legal_moves();
  for (Mask9 wanted : {winning_squares(pos, me), winning_squares(pos, ~me), double_threats(pos),
                       Mask9(kCentre & legal), Mask9(kCorners & legal)})
    if (wanted) return pick(wanted, rng);
  return pick(legal, rng);
}

int novato(const Position& pos, club::Rng& rng) {
  const Player me = pos.side_to_move();
  const Mask9 legal = pos.legal_moves();
  if (rng.below(2) == 0) return pick(legal, rng);
  if (const Mask9 win = winning_squares(pos, me)) return pick(win, rng);
  const Mask9 block = winning_squares(pos, ~me);
  if (block && rng.below(2) == 0) return pick(block, rng);
  return pick(legal, rng);
}

}  // namespace

int solve(const Position& pos) {
  const int s = table().at(pos);
  return (s > 0) - (s < 0);
}

Mask9 winning_squares(const Position& pos, Player who) {
  if (pos.is_over()) return 0;
  const Mask9 mine = pos.marks(who), empty = pos.empty();
  Mask9 out = 0;
  for (Mask9 line : kLines)
    if (popcount9(mine & line) == 2 && (empty & line)) out |= Mask9(empty & line);
  return out;
}

int choose_move(const Position& pos, Level level, std::uint64_t seed) {
  club::Rng rng(seed);
  switch (level) {
    case Level::kNovato: return novato(pos, rng);
    case Level::kNormal: return normal(pos, rng);
    case Level::kExperto: return experto(pos, rng);
  }
  return pick(pos.legal_moves(), rng);
}

}  // namespace ttt
