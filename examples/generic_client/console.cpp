#include "console.h"

#include <cerrno>
#include <poll.h>
#include <unistd.h>

namespace game_client {

std::string trim(std::string_view text) {
  // Spaces, and the control characters a terminal lets through (Ctrl-L...).
  auto space = [](char c) { return static_cast<unsigned char>(c) <= ' ' || c == '\x7f'; };
  while (!text.empty() && space(text.front())) text.remove_prefix(1);
  while (!text.empty() && space(text.back())) text.remove_suffix(1);
  return std::string(text);
}

Console::Console(int input_fd, std::ostream& out, Style style, bool echo)
    : fd_(input_fd), out_(out), style_(style), echo_(echo) {}

Console::Input Console::ask(std::string_view prompt, std::optional<std::chrono::milliseconds> timeout,
                            int wake_fd) {
  out_ << prompt << std::flush;
  std::optional<std::chrono::steady_clock::time_point> deadline;
  if (timeout) deadline = std::chrono::steady_clock::now() + *timeout;
  Input input = read_line(deadline, wake_fd);
  if (input.status == Status::kWake) return input;
  if (input.status == Status::kLine && echo_) out_ << input.text;
  if (input.status != Status::kLine || echo_) out_ << '\n';
  out_ << std::flush;
  return input;
}

Console::Input Console::read_line(std::optional<std::chrono::steady_clock::time_point> deadline,
                                  int wake_fd) {
  for (;;) {
    if (auto nl = buffer_.find('\n'); nl != std::string::npos) {
      Input in{Status::kLine, trim(std::string_view(buffer_).substr(0, nl))};
      buffer_.erase(0, nl + 1);
      return in;
    }
    if (ended_) {
      if (buffer_.empty()) return {Status::kEnd, {}};
      Input in{Status::kLine, trim(buffer_)};
      buffer_.clear();
      return in;
    }
    int wait_ms = -1;
    if (deadline) {
      auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
          *deadline - std::chrono::steady_clock::now());
      if (left.count() <= 0) return {Status::kTimeout, {}};
      wait_ms = int(left.count());
    }
    pollfd p[2] = {{fd_, POLLIN, 0}, {wake_fd, POLLIN, 0}};
    int ready = ::poll(p, wake_fd >= 0 ? 2 : 1, wait_ms);
    if (ready < 0) {
      if (errno == EINTR) continue;
      ended_ = true;
      continue;
    }
    if (ready == 0) continue;  // the deadline check above ends the wait
    if (p[0].revents == 0) {
      if (wake_fd >= 0 && p[1].revents != 0) return {Status::kWake, {}};
      continue;
    }
    char chunk[4096];
    ssize_t n = ::read(fd_, chunk, sizeof chunk);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      ended_ = true;
      continue;
    }
    buffer_.append(chunk, std::size_t(n));
  }
}

}  // namespace game_client
