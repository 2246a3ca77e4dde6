// The queue in front of a durable store's one writing thread. commit()
// only queues; the thread takes everything queued, hands it to the store to
// write in one transaction (one sync for the lot), then answers each commit
// in order. While it writes, new commits queue up for the next batch: the
// slower the sync, the bigger the batches, and the rate of commits grows
// with the load instead of being capped at one sync per commit.
#pragma once

#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <functional>
#include <iterator>
#include <mutex>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "boardgame/tables/table_store.h"

namespace boardgame::tables {

class GroupCommit {
 public:
  // Writes a batch in one transaction; returns each commit's error, empty
  // for written. Runs on the queue's thread only.
  using Write = std::function<std::vector<std::string>(const std::deque<Commit>& batch)>;

  // `max_batch`: the most commits written at once; 0 for no limit. The
  // thread starts at once: construct this after whatever `write` uses.
  GroupCommit(Write write, std::size_t max_batch = 0)
      : write_(std::move(write)), max_batch_(max_batch), thread_([this] { run(); }) {}

  // Writes and answers everything still queued, then stops.
  ~GroupCommit() {
    {
      std::lock_guard lock(mutex_);
      stopping_ = true;
    }
    work_.notify_one();
    thread_.join();
  }
  GroupCommit(const GroupCommit&) = delete;
  GroupCommit& operator=(const GroupCommit&) = delete;

  void commit(Commit commit, TableStore::Done done) {
    {
      std::lock_guard lock(mutex_);
      commits_.push_back(std::move(commit));
      dones_.push_back(std::move(done));
      ++queued_;
    }
    work_.notify_one();
  }

  // Blocks until every commit queued so far is answered.
  void flush() {
    std::unique_lock lock(mutex_);
    std::uint64_t target = queued_;
    answered_changed_.wait(lock, [&] { return answered_ >= target; });
  }

 private:
  void run() {
    for (;;) {
      std::deque<Commit> batch;
      std::deque<TableStore::Done> dones;
      {
        std::unique_lock lock(mutex_);
        work_.wait(lock, [this] { return stopping_ || !commits_.empty(); });
        if (commits_.empty()) return;  // stopping, and everything is answered
        take(commits_, batch);
        take(dones_, dones);
      }
      std::vector<std::string> errors = write_(batch);
      errors.resize(batch.size());
      for (std::size_t i = 0; i < batch.size(); ++i) {
        if (dones[i]) dones[i](errors[i]);
      }
      {
        std::lock_guard lock(mutex_);
        answered_ += batch.size();
      }
      answered_changed_.notify_all();
    }
  }

  template <class T>
  void take(std::deque<T>& from, std::deque<T>& into) const {
    if (max_batch_ == 0 || from.size() <= max_batch_) {
      into.swap(from);
      return;
    }
    auto end = from.begin() + static_cast<std::ptrdiff_t>(max_batch_);
    std::move(from.begin(), end, std::back_inserter(into));
    from.erase(from.begin(), end);
  }

  const Write write_;
  const std::size_t max_batch_;
  std::mutex mutex_;
  std::condition_variable work_;
  std::condition_variable answered_changed_;
  std::deque<Commit> commits_;
  std::deque<TableStore::Done> dones_;
  std::uint64_t queued_ = 0;    // commits queued since the start
  std::uint64_t answered_ = 0;  // of which `done` has returned
  bool stopping_ = false;
  std::thread thread_;  // last: it starts once everything above is ready
};

}  // namespace boardgame::tables
