// Play now's Seek stream, held by a background thread while the player
// may type "stop": the seek lasts as long as the call, so stopping is
// cancelling it. The thread queues what the player needs to hear (paired,
// the host lost and back, or why the seek ended) and wakes the main thread
// (wake_fd); that the seek is open and listed needs no word.
//
// A host that goes away ends its seeks (docs/players.md, "What a crash
// does"): the thread seeks again, with the pauses of reconnect.h, as soon
// as a host answers, for up to two minutes.
#pragma once

#include <chrono>
#include <condition_variable>
#include <deque>
#include <mutex>
#include <thread>
#include <vector>

#include "host_link.h"
#include "wake_pipe.h"

namespace game_client {

class SeekWatch {
 public:
  struct Item {
    enum Kind {
      kPaired,  // `pairing`: a table and this player's seat; the last item
      kLost,    // the host stopped answering: seeking again once it does
      kBack,    // seeking again after kLost
      kEnded,   // the seek ended unpaired: `failure` says why; the last item
    };
    Kind kind = kEnded;
    v1::Pairing pairing;
    Failure failure;
  };

  // Starts seeking at once.
  SeekWatch(HostLink& host, v1::SeekRequest request);
  ~SeekWatch();
  SeekWatch(const SeekWatch&) = delete;
  SeekWatch& operator=(const SeekWatch&) = delete;

  int wake_fd() const { return wake_.fd(); }
  std::vector<Item> take();
  // Ends the seek (the call is cancelled) and the thread. A pairing that
  // came first is still there for take().
  void stop();

 private:
  void run(const v1::SeekRequest& request);
  void push(Item item);
  // Sleeps up to `pause`; false once stopped.
  bool pause(std::chrono::milliseconds pause);

  HostLink& host_;
  std::mutex mutex_;
  std::condition_variable stopped_;
  std::deque<Item> items_;
  bool stopping_ = false;
  grpc::ClientContext* context_ = nullptr;  // the open call's, under mutex_
  WakePipe wake_;
  std::thread thread_;
};

}  // namespace game_client
