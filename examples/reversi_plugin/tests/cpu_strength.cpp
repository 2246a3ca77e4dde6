// Experto against a uniformly random player, each side half the games.
// Prints the share Experto wins and fails below 95%. Experto gets a node
// budget instead of a clock (usage: cpu_strength [games] [nodes per move]),
// so the figure is the same on any machine; in play it searches far deeper.
#include <cstdio>
#include <cstdlib>

#include "engine/players.h"

int main(int argc, char** argv) {
  using namespace reversi;
  const int games = argc > 1 ? std::atoi(argv[1]) : 200;
  const std::uint64_t nodes = argc > 2 ? std::strtoull(argv[2], nullptr, 10) : 2000;
  int wins = 0, draws = 0;
  for (int g = 0; g < games; ++g) {
    const Side expert = g % 2 ? Side::kWhite : Side::kBlack;
    Position p = Position::start();
    for (int ply = 0; !p.is_over(); ++ply) {
      Budget budget;
      budget.seed = std::uint64_t(g) * 1000 + std::uint64_t(ply);
      budget.level = p.side_to_move() == expert ? Level::kExperto : Level::kNovato;
      budget.nodes = nodes;
      const Choice c = choose_move(p, budget);
      if (c.move == kPass)
        p.pass();
      else
        p.play(c.move);
    }
    const int mine = count(p.discs(expert)), theirs = count(p.discs(other(expert)));
    wins += mine > theirs;
    draws += mine == theirs;
  }
  const double share = 100.0 * wins / games;
  std::printf("experto_vs_random games=%d nodes_per_move=%llu wins=%d draws=%d losses=%d win_rate=%.1f%%\n", games,
              static_cast<unsigned long long>(nodes),
              wins, draws, games - wins - draws, share);
  return share >= 95.0 ? 0 : 1;
}
