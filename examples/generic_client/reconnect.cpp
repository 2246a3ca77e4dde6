#include "reconnect.h"

#include <algorithm>

namespace game_client {

std::chrono::milliseconds backoff_delay(int attempt) {
  using namespace std::chrono_literals;
  constexpr std::chrono::milliseconds kFirst = 250ms, kMost = 4s;
  std::chrono::milliseconds delay = kFirst;
  for (int i = 1; i < attempt && delay < kMost; ++i) delay *= 2;
  return std::min(delay, kMost);
}

}  // namespace game_client
