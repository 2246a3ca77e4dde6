#include "rollout.h"

#include "tactics.h"
#include "uttt/engine/playout.h"

namespace uttt::search {

namespace {

inline int pick(Mask9 m, Rng& rng) { return kSelect[m][rng.below(popcount9(m))]; }

// Both informed policies in one loop. A player "wants" a board they would
// win with one more move, if the policy cares about that board: the tactical
// policy cares about every board, the decisive one only about boards that
// would complete a line of the big board. A move changes only its own
// board, so two look-ups keep both players' wants current; which boards
// complete a line changes only when a board is decided. Cell c sends the
// opponent to board c, so the cells to avoid name a board the opponent
// wants, or a closed board (a free move).
template <Playout kPolicy>
Winner informed_playout(Position& game, Rng& rng_in) {
  // Local copies keep the state in registers rather than in memory the
  // caller could see.
  Position pos = game;
  Rng rng = rng_in;
  Mask9 cared[2], wanted[2];
  auto refresh = [&] {
    for (int p = 0; p < 2; ++p) {
      cared[p] = kPolicy == Playout::kTactical ? kAll9 : game_winning_boards(pos, Player(p));
      wanted[p] = cared[p] ? Mask9(threat_boards(pos, Player(p)) & cared[p]) : Mask9(0);
    }
  };
  refresh();
  const Rules rules = pos.rules();
  const bool stop_at_dead_draw = !rules.early_draw && !rules.fast_target;
  while (!pos.is_over()) {
    const Player me = pos.side_to_move();
    const int mine = int(me), theirs = mine ^ 1;
    int b, c;
    if (!(cared[0] | cared[1])) {
      // Nothing to want yet (most of the first half of a decisive playout).
      const Spot s = random_spot(pos, rng);
      b = s.board;
      c = s.cell;
    } else {
      // The decisive policy only minds free moves while they can lose the game.
      const Mask9 they_want = wanted[theirs];
      const Mask9 avoid = kPolicy == Playout::kTactical || they_want
                              ? Mask9(pos.closed_boards() | they_want)
                              : Mask9(0);
      if (!pos.is_free_move()) {
        b = pos.destination();
        const Mask9 empty = pos.empty(b);
        if (wanted[mine] >> b & 1) {
          c = pick(kCompleting[pos.cells(me, b)] & empty, rng);
        } else {
          const Mask9 quiet = empty & ~avoid;
          c = pick(quiet ? quiet : empty, rng);
        }
      } else if (const Mask9 wins = wanted[mine] & ~pos.closed_boards()) {
        const Mask9 decisive = wins & game_winning_boards(pos, me);
        b = pick(decisive ? decisive : wins, rng);
        c = pick(kCompleting[pos.cells(me, b)] & pos.empty(b), rng);
      } else {
        Spot s = random_spot(pos, rng);
        if (avoid >> s.cell & 1) s = random_spot(pos, rng);  // one second thought
        b = s.board;
        c = s.cell;
      }
    }
    const Mask9 decided_before = pos.decided_boards();
    pos.play(b, c);
    if (pos.decided_boards() != decided_before) {
      if (pos.is_over()) break;
      if (stop_at_dead_draw && dead_draw(pos)) {
        rng_in = rng;
        return Winner::kDraw;
      }
      refresh();
      continue;
    }
    const Mask9 bit = Mask9(1u << b);
    if ((cared[0] | cared[1]) & bit) {
      // A decided board (still open under that variant) is worth nothing more.
      const Mask9 empty =
          ((pos.closed_boards() | pos.decided_boards()) & bit) ? Mask9(0) : pos.empty(b);
      for (int p = 0; p < 2; ++p)
        if (cared[p] & bit)
          wanted[p] = (kCompleting[pos.cells(Player(p), b)] & empty) ? Mask9(wanted[p] | bit)
                                                                     : Mask9(wanted[p] & ~bit);
    }
  }
  rng_in = rng;
  return winner_of(pos.status());
}

}  // namespace

Winner play_out(Position pos, Rng& rng, Playout policy) {
  switch (policy) {
    case Playout::kUniform: return winner_of(random_playout(pos, rng));
    case Playout::kTactical: return informed_playout<Playout::kTactical>(pos, rng);
    case Playout::kDecisive: return informed_playout<Playout::kDecisive>(pos, rng);
  }
  return Winner::kNone;
}

}  // namespace uttt::search
