// Bounds the calls that change tables being served at once.
//
// Past the bound a call waits here, before the host has taken it, rather
// than inside the host behind commits already under way. Under load the
// queue then sits where nothing has happened yet: the time from a move
// taken to its watchers stays short, and a move once taken is not held up
// by the hundreds that arrived with it. Waiting calls start in arrival
// order, on the gate's own threads, as earlier calls are answered.
#pragma once

#include <cstddef>
#include <deque>
#include <functional>
#include <mutex>

#include "worker_pool.h"

namespace boardgame::tables {

class CallGate {
 public:
  // `limit` 0: no bound.
  CallGate(std::size_t limit, unsigned threads);

  // Runs `call` now if fewer than the limit are being served, else once
  // enough of them are answered. Every call that enters must leave().
  void enter(std::function<void()> call);
  // A call that entered has been answered. May be called with any lock
  // held: the next call never runs inside it.
  void leave();

 private:
  const std::size_t limit_;
  std::mutex mutex_;
  std::size_t inside_ = 0;
  std::deque<std::function<void()>> waiting_;
  // Declared last: its threads may still run a call that leaves.
  host::WorkerPool starters_;
};

}  // namespace boardgame::tables
