// Shared helpers for the engine tests: positions from game text, and
// independent re-derivations of rule facts from the raw masks.
#pragma once

#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "uttt/engine/notation.h"
#include "uttt/engine/playout.h"

namespace uttt::testing {

inline Position position_of(const std::string& game_text) {
  const auto game = parse_game(game_text);
  EXPECT_TRUE(game) << game.error;
  return game.value.position();
}

// Every combination of the variant switches, fast game off and at 3 and 5.
inline std::vector<Rules> all_variant_combinations() {
  std::vector<Rules> out;
  for (int flags = 0; flags < 8; ++flags)
    for (int fast : {0, 3, 5}) {
      Rules r = Rules::unpack(std::uint8_t(flags));
      r.fast_target = std::uint8_t(fast);
      out.push_back(r);
    }
  return out;
}

inline std::string name_of(Rules r) {
  GameRecord g;
  g.rules = r;
  return game_to_string(g);
}

}  // namespace uttt::testing
