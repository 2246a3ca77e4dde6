#include "history.h"

#include <ctime>

namespace game_client {

void History::add(FinishedGame game) {
  games_.push_back(std::move(game));
  if (games_.size() > kMaxFinishedGames) games_.erase(games_.begin(), games_.end() - kMaxFinishedGames);
}

std::string utc_now() { return utc_time(std::int64_t(std::time(nullptr)) * 1000); }

std::string utc_time(std::int64_t ms) {
  const std::time_t when = std::time_t(ms / 1000);
  std::tm utc{};
  gmtime_r(&when, &utc);
  char text[32];
  std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", &utc);
  return text;
}

std::string local_time(const std::string& utc) {
  std::tm when{};
  const char* end = strptime(utc.c_str(), "%Y-%m-%dT%H:%M:%SZ", &when);
  if (end == nullptr || *end != '\0') return utc;
  const std::time_t t = timegm(&when);
  std::tm local{};
  localtime_r(&t, &local);
  char text[32];
  std::strftime(text, sizeof text, "%Y-%m-%d %H:%M", &local);
  return text;
}

}  // namespace game_client
