#include "wake_pipe.h"

#include <cerrno>
#include <fcntl.h>
#include <unistd.h>

namespace game_client {

WakePipe::WakePipe() {
  if (::pipe(pipe_) == 0) {
    // Non-blocking both ways: a full pipe already says "wake up".
    for (int fd : pipe_) {
      ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) | O_NONBLOCK);
      ::fcntl(fd, F_SETFD, FD_CLOEXEC);
    }
  }
}

WakePipe::~WakePipe() {
  for (int fd : pipe_)
    if (fd >= 0) ::close(fd);
}

void WakePipe::signal() {
  const char byte = 1;
  while (::write(pipe_[1], &byte, 1) < 0 && errno == EINTR) {
  }
}

void WakePipe::drain() {
  char drained[256];
  while (::read(pipe_[0], drained, sizeof drained) > 0) {
  }
}

}  // namespace game_client
