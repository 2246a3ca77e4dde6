// How a background thread with news (a table's events, a seek's answer)
// wakes the main thread, which waits for the player's input: Console::ask
// also returns once fd() is readable.
#pragma once

namespace game_client {

class WakePipe {
 public:
  WakePipe();
  ~WakePipe();
  WakePipe(const WakePipe&) = delete;
  WakePipe& operator=(const WakePipe&) = delete;

  // Readable from signal() until drain().
  int fd() const { return pipe_[0]; }
  // From any thread; never blocks.
  void signal();
  void drain();

 private:
  int pipe_[2] = {-1, -1};
};

}  // namespace game_client
