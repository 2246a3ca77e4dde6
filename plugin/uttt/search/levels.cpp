#include <memory>
#include <mutex>
#include <vector>

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

namespace {

// Searchers of finished calls, kept for the next call at the same level: a
// host answers many suggest-move calls, and a fresh Searcher would map a new
// pool and fault its pages in again every time. Only the memory is reused;
// each call still searches a fresh tree, so a seed and an iteration budget
// keep giving the same move. A few spares per level cover the calls a host
// runs at once; a searcher returned beyond that is freed.
class Spares {
 public:
  std::unique_ptr<Searcher> take(Level level) {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      auto& kept = kept_[int(level)];
      if (!kept.empty()) {
        std::unique_ptr<Searcher> s = std::move(kept.back());
        kept.pop_back();
        return s;
      }
    }
    return std::make_unique<Searcher>(config_for(level));
  }
  void give_back(Level level, std::unique_ptr<Searcher> searcher) {
    searcher->forget();
    std::lock_guard<std::mutex> lock(mutex_);
    auto& kept = kept_[int(level)];
    if (kept.size() < kKeptPerLevel) kept.push_back(std::move(searcher));
  }

 private:
  static constexpr std::size_t kKeptPerLevel = 2;
  std::mutex mutex_;
  std::vector<std::unique_ptr<Searcher>> kept_[3];
};

Spares& spares() {
  static Spares instance;
  return instance;
}

}  // namespace

SearchResult choose_move(const Position& pos, Level level, const SearchLimits& limits) {
  // A search that throws frees its searcher instead of returning it.
  std::unique_ptr<Searcher> searcher = spares().take(level);
  const SearchResult result = searcher->choose(pos, limits);
  spares().give_back(level, std::move(searcher));
  return result;
}

}  // namespace uttt
