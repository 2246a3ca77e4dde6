#include "call_gate.h"

#include <utility>

namespace boardgame::tables {

CallGate::CallGate(std::size_t limit, unsigned threads) : limit_(limit), starters_(threads) {}

void CallGate::enter(std::function<void()> call) {
  {
    std::lock_guard lock(mutex_);
    if (limit_ && (inside_ >= limit_ || !waiting_.empty())) {
      waiting_.push_back(std::move(call));
      return;
    }
    ++inside_;
  }
  call();
}

void CallGate::leave() {
  std::function<void()> next;
  {
    std::lock_guard lock(mutex_);
    if (waiting_.empty()) {
      --inside_;
      return;
    }
    // The answered call's place goes to the first in line.
    next = std::move(waiting_.front());
    waiting_.pop_front();
  }
  starters_.post(std::move(next));
}

}  // namespace boardgame::tables
