#include "stop_watch.h"

#include <chrono>

namespace boardgame::plugin::detail {

StopWatch::StopWatch(const BoardgameCancel* cancel) {
  if (!cancel || !cancel->requested) return;
  thread_ = std::thread([this, cancel] {
    std::unique_lock lock(mutex_);
    while (!done_) {
      if (cancel->requested(cancel->host)) {
        stop_ = true;
        return;
      }
      wake_.wait_for(lock, std::chrono::milliseconds(1));
    }
  });
}

StopWatch::~StopWatch() {
  if (!thread_.joinable()) return;
  {
    std::lock_guard lock(mutex_);
    done_ = true;
  }
  wake_.notify_one();
  thread_.join();
}

}  // namespace boardgame::plugin::detail
