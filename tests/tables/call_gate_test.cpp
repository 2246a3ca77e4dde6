// The gate in front of the calls that change tables: how many run at
// once, who waits, and in which order they start.
#include "call_gate.h"

#include <gtest/gtest.h>

#include <condition_variable>
#include <mutex>
#include <thread>
#include <vector>

namespace {

using boardgame::tables::CallGate;

// The calls that have started, in order, and on which thread.
struct Started {
  std::mutex mutex;
  std::condition_variable changed;
  std::vector<int> order;
  std::vector<std::thread::id> threads;

  std::function<void()> call(int n) {
    return [this, n] {
      std::lock_guard lock(mutex);
      order.push_back(n);
      threads.push_back(std::this_thread::get_id());
      changed.notify_all();
    };
  }
  void wait_for(std::size_t count) {
    std::unique_lock lock(mutex);
    const bool all = changed.wait_for(lock, std::chrono::seconds(10),
                                      [&] { return order.size() >= count; });
    ASSERT_TRUE(all)
        << "only " << order.size() << " of " << count << " calls started";
  }
  std::size_t count() {
    std::lock_guard lock(mutex);
    return order.size();
  }
};

TEST(CallGate, CallsBelowTheLimitRunAtOnceOnTheCallersThread) {
  CallGate gate(2, 1);
  Started started;
  gate.enter(started.call(1));
  gate.enter(started.call(2));
  ASSERT_EQ(started.count(), 2u);
  EXPECT_EQ(started.threads[0], std::this_thread::get_id());
  EXPECT_EQ(started.threads[1], std::this_thread::get_id());
  gate.leave();
  gate.leave();
}

TEST(CallGate, PastTheLimitCallsWaitAndStartInArrivalOrderAsOthersAreAnswered) {
  // One starter thread: with more, calls handed out in order may begin
  // their first instruction in another.
  CallGate gate(2, 1);
  Started started;
  for (int n = 1; n <= 5; ++n) gate.enter(started.call(n));
  EXPECT_EQ(started.count(), 2u);  // 3, 4 and 5 wait

  gate.leave();  // 1 answered: 3 starts, on the gate's thread
  started.wait_for(3);
  EXPECT_NE(started.threads[2], std::this_thread::get_id());
  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  EXPECT_EQ(started.count(), 3u) << "a call started without a place";

  gate.leave();
  gate.leave();
  started.wait_for(5);
  EXPECT_EQ(started.order, (std::vector<int>{1, 2, 3, 4, 5}));
  gate.leave();  // 4 and 5 answered
  gate.leave();

  // Everyone has left: the next call runs at once again.
  gate.enter(started.call(6));
  EXPECT_EQ(started.count(), 6u);
  EXPECT_EQ(started.threads[5], std::this_thread::get_id());
  gate.leave();
}

TEST(CallGate, ANewCallQueuesBehindThoseWaitingEvenWhenAPlaceIsFree) {
  CallGate gate(1, 1);
  Started started;
  gate.enter(started.call(1));
  gate.enter(started.call(2));  // waits for 1
  gate.leave();                 // 1's place goes to 2, not to a newcomer
  gate.enter(started.call(3));
  started.wait_for(2);
  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  EXPECT_EQ(started.order, (std::vector<int>{1, 2}));
  gate.leave();
  started.wait_for(3);
  EXPECT_EQ(started.order, (std::vector<int>{1, 2, 3}));
  gate.leave();
}

TEST(CallGate, LimitZeroHasNoBound) {
  CallGate gate(0, 1);
  Started started;
  for (int n = 1; n <= 1000; ++n) gate.enter(started.call(n));
  EXPECT_EQ(started.count(), 1000u);
  for (int n = 1; n <= 1000; ++n) gate.leave();
}

}  // namespace
