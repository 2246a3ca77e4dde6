#include "boardgame/tables/clock.h"

#include <chrono>

namespace boardgame::tables {

namespace {

std::int64_t system_now_ms() {
  using namespace std::chrono;
  return duration_cast<milliseconds>(system_clock::now().time_since_epoch()).count();
}

}  // namespace

SystemClock::SystemClock(double rate) : rate_(rate), start_ms_(system_now_ms()) {}

std::int64_t SystemClock::now_ms() const {
  const std::int64_t now = system_now_ms();
  if (rate_ == 1.0) return now;
  return start_ms_ + static_cast<std::int64_t>(static_cast<double>(now - start_ms_) * rate_);
}

}  // namespace boardgame::tables
