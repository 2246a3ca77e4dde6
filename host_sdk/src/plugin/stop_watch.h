// Turns the host's "has the caller given up?" callback into the flag a
// search polls: a watcher thread asks the host every millisecond while the
// search runs.
#pragma once

#include <atomic>
#include <condition_variable>
#include <mutex>
#include <thread>

#include "boardgame/abi.h"

namespace boardgame::plugin::detail {

class StopWatch {
 public:
  // With no callback from the host the flag simply never rises.
  explicit StopWatch(const BoardgameCancel* cancel);
  ~StopWatch();
  StopWatch(const StopWatch&) = delete;
  StopWatch& operator=(const StopWatch&) = delete;

  const std::atomic<bool>& flag() const { return stop_; }

 private:
  std::atomic<bool> stop_{false};
  std::mutex mutex_;
  std::condition_variable wake_;
  bool done_ = false;
  std::thread thread_;
};

}  // namespace boardgame::plugin::detail
