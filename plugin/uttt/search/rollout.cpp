#include "rollout.h"

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
