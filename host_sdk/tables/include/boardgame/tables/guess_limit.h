// How many secret codes (invite codes, transfer codes) a connection may get
// wrong: at most `max_misses` within a sliding window, after which it waits
// until its oldest miss is that old. A time-based lock, so that a player who
// mistyped is only held back a while, and can be told for how long.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <mutex>
#include <string>
#include <unordered_map>

namespace boardgame::tables {

class GuessLimit {
 public:
  GuessLimit(std::size_t max_misses, std::int64_t window_ms)
      : max_misses_(max_misses), window_ms_(window_ms) {}

  std::size_t max_misses() const { return max_misses_; }

  // 0 while `caller` may guess at `now_ms`; else how long it must wait.
  std::int64_t wait_ms(const std::string& caller, std::int64_t now_ms) {
    std::lock_guard lock(mutex_);
    const auto found = misses_.find(caller);
    if (found == misses_.end()) return 0;
    std::deque<std::int64_t>& misses = found->second;
    while (!misses.empty() && misses.front() + window_ms_ <= now_ms) misses.pop_front();
    if (misses.size() < max_misses_) return 0;
    return misses.front() + window_ms_ - now_ms;
  }

  void missed(const std::string& caller, std::int64_t now_ms) {
    std::lock_guard lock(mutex_);
    // Bounded: a flood of connections cannot grow it without end.
    if (misses_.size() >= 100'000) misses_.clear();
    std::deque<std::int64_t>& misses = misses_[caller];
    misses.push_back(now_ms);
    while (misses.size() > max_misses_) misses.pop_front();
  }

 private:
  const std::size_t max_misses_;
  const std::int64_t window_ms_;
  std::mutex mutex_;
  std::unordered_map<std::string, std::deque<std::int64_t>> misses_;  // by caller, oldest first
};

// Whole seconds to wait, rounded up, for a person to read.
inline std::int64_t wait_seconds(std::int64_t wait_ms) { return (wait_ms + 999) / 1000; }

}  // namespace boardgame::tables
