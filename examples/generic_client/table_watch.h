// A table's Watch stream, held by a background thread while the player
// types: it queues every event and wakes the main thread (wake_fd), which
// prints them. When the stream breaks it opens a new one from the last
// version it saw (WatchRequest.after_version), so that nothing is missed
// and nothing comes twice; a watch that fell behind ("watcher_too_slow")
// resumes the same way.
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "host_link.h"
#include "wake_pipe.h"

namespace game_client {

class TableWatch {
 public:
  struct Item {
    enum Kind {
      kEvent,  // `event`, in version order, each once
      kLost,   // the stream broke and the host cannot be reached: retrying
      kBack,   // the host answers again after kLost
      kEnded,  // the watch cannot go on (`failure` says why); nothing follows
    };
    Kind kind = kEvent;
    v1::TableEvent event;
    Failure failure;
  };

  // Watches `table_id` from after `after_version` (the version of the
  // table the caller already has), as the seat of `token` ("" for a
  // spectator). Starts at once.
  TableWatch(HostLink& host, std::string table_id, std::string token, std::uint64_t after_version);
  ~TableWatch();
  TableWatch(const TableWatch&) = delete;
  TableWatch& operator=(const TableWatch&) = delete;

  // Readable while items wait to be taken.
  int wake_fd() const { return wake_.fd(); }
  // Every item queued so far.
  std::vector<Item> take();
  // Waits until an event of version >= `version` has been queued (or the
  // watch ended), at most `patience`.
  bool wait_for(std::uint64_t version, std::chrono::milliseconds patience);
  // Ends the stream and the thread; idempotent.
  void stop();

 private:
  void run();
  void push(Item item);
  // Sleeps up to `pause`; false once stopped.
  bool pause(std::chrono::milliseconds pause);

  HostLink& host_;
  const std::string table_id_;
  const std::string token_;
  std::uint64_t last_version_;  // the thread's: the last event queued

  std::mutex mutex_;
  std::condition_variable changed_;
  std::deque<Item> items_;
  std::uint64_t queued_version_ = 0;
  bool ended_ = false;
  bool stopping_ = false;
  grpc::ClientContext* context_ = nullptr;  // the open stream's, under mutex_
  WakePipe wake_;
  std::thread thread_;
};

}  // namespace game_client
