// Perft from the start position against the published Othello figures
// (passes count as moves, a finished game as one leaf): depths 1 to 9 by
// default, `perft_test 11` to go further.
#include <chrono>
#include <cstdio>
#include <cstdlib>

#include "engine/perft.h"

int main(int argc, char** argv) {
  constexpr unsigned long long kPublished[] = {1,      4,       12,       56,        244,
                                               1396,   8200,    55092,    390216,    3005288,
                                               24571284, 212258800};
  const int deepest = argc > 1 ? std::atoi(argv[1]) : 9;
  if (deepest < 1 || deepest > 11) {
    std::fprintf(stderr, "usage: perft_test [1-11]\n");
    return 2;
  }
  int failures = 0;
  for (int depth = 1; depth <= deepest; ++depth) {
    const auto started = std::chrono::steady_clock::now();
    const unsigned long long leaves = reversi::perft(reversi::Position::start(), depth);
    const double ms = std::chrono::duration<double, std::milli>(
                          std::chrono::steady_clock::now() - started).count();
    const bool ok = leaves == kPublished[depth];
    failures += !ok;
    std::printf("perft depth=%d leaves=%llu published=%llu %s ms=%.1f\n", depth, leaves,
                kPublished[depth], ok ? "ok" : "MISMATCH", ms);
  }
  return failures ? 1 : 0;
}
