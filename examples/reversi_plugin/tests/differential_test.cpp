// Random games played on the bitboards and on the naive board side by side:
// at every ply the legal squares, whether the side must pass, the end of the
// game and the whole resulting position must agree.
#include <cstdio>
#include <cstdlib>

#include "engine/position.h"
#include "engine/random.h"
#include "reference/naive_board.h"

namespace {

using reversi::Bits;
using reversi::Position;
using reversi::reference::NaiveBoard;

bool same(const Position& p, const NaiveBoard& n) {
  const char mover = p.side_to_move() == reversi::Side::kBlack ? 'B' : 'W';
  if (mover != n.to_move()) return false;
  for (int s = 0; s < 64; ++s) {
    const char want = p.discs(reversi::Side::kBlack) & reversi::bit(s)   ? 'B'
                      : p.discs(reversi::Side::kWhite) & reversi::bit(s) ? 'W'
                                                                          : '.';
    if (n.at(s / 8, s % 8) != want) return false;
  }
  return true;
}

Bits as_mask(const std::vector<int>& squares) {
  Bits mask = 0;
  for (int s : squares) mask |= reversi::bit(s);
  return mask;
}

}  // namespace

int main(int argc, char** argv) {
  const int games = argc > 1 ? std::atoi(argv[1]) : 10000;
  reversi::Random rng(20261201);
  long plies = 0, passes = 0, games_with_pass = 0, early_ends = 0;
  for (int g = 0; g < games; ++g) {
    Position p = Position::start();
    NaiveBoard n;
    bool passed = false;
    for (int ply = 0;; ++ply) {
      const Bits legal = p.legal_moves();
      if (!same(p, n) || legal != as_mask(n.legal_moves()) || p.is_over() != n.game_over()) {
        std::fprintf(stderr, "game %d ply %d: the engines disagree\n", g, ply);
        return 1;
      }
      if (p.is_over()) {
        early_ends += reversi::count(p.empty()) > 0;
        break;
      }
      if (legal == 0) {
        p.pass();
        n.pass();
        ++passes;
        passed = true;
      } else {
        const int square = rng.pick(legal);
        if (p.flips(square) == 0) {
          std::fprintf(stderr, "game %d ply %d: a legal square flips nothing\n", g, ply);
          return 1;
        }
        p.play(square);
        n.play(square);
      }
      ++plies;
    }
    games_with_pass += passed;
  }
  std::printf("differential games=%d plies=%ld passes=%ld games_with_pass=%ld "
              "ended_with_empty_squares=%ld\n",
              games, plies, passes, games_with_pass, early_ends);
  if (games >= 1000 && games_with_pass == 0) {
    std::fprintf(stderr, "no game had a pass: the pass path went untested\n");
    return 1;
  }
  return 0;
}
