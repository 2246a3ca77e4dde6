#include "boardgame/tables/clock.h"

#include <chrono>

namespace boardgame::tables {

std::int64_t SystemClock::now_ms() const {
  using namespace std::chrono;
  return duration_cast<milliseconds>(system_clock::now().time_since_epoch()).count();
}

}  // namespace boardgame::tables
