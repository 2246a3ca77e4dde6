#include <algorithm>

#include "searcher.h"
#include "uttt/search/search.h"

namespace uttt {

namespace {
constexpr const char* kNames[] = {"novato", "normal", "experto"};
}

const char* level_name(Level level) { return kNames[int(level)]; }

std::optional<Level> parse_level(std::string_view name) {
  for (int i = 0; i < 3; ++i)
    if (name == kNames[i]) return Level(i);
  return std::nullopt;
}

SearchResult choose_move(const Position& pos, Level level, const SearchLimits& limits) {
  // A tree never needs more than the budget can grow: about one node per
  // legal move per iteration. A time budget gets the default pool, whose
  // pages are only touched as the tree grows.
  constexpr std::size_t kPerIteration = (kCells + 1) * sizeof(search::Node);
  std::size_t bytes = Searcher::kDefaultTreeBytes;
  if (limits.max_iterations && limits.max_milliseconds == 0 &&
      limits.max_iterations < bytes / kPerIteration)
    bytes = (limits.max_iterations + 1) * kPerIteration;
  Searcher searcher(config_for(level), bytes);
  return searcher.choose(pos, limits);
}

}  // namespace uttt
