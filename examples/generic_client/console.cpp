#include "console.h"

#include <algorithm>
#include <cerrno>
#include <poll.h>
#include <termios.h>
#include <unistd.h>

#include "rules_view.h"

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

void Console::line(std::string_view text) {
  // The terminal would break it wherever its edge falls, mid-word.
  if (width_ == 0 || display_width(text) <= width_) {
    out_ << text << '\n';
    return;
  }
  for (std::size_t start = 0; start <= text.size();) {
    const std::size_t end = std::min(text.find('\n', start), text.size());
    const std::string_view part = text.substr(start, end - start);
    out_ << (display_width(part) > width_ ? wrap(part, width_, "", "") : std::string(part)) << '\n';
    start = end + 1;
  }
}

Console::Input Console::ask(std::string_view prompt, std::optional<std::chrono::milliseconds> timeout,
                            int wake_fd) {
  // A prompt asked again after a wake is the same question: what the
  // player is typing belongs to it.
  if (discard_typeahead_ && !woken_) {
    ::tcflush(fd_, TCIFLUSH);
    buffer_.clear();
  }
  // Room is left on the last line for what the player types.
  constexpr std::size_t kRoomToType = 12;
  std::string shown(prompt);
  if (width_ > kRoomToType * 2 && prompt.size() > width_ - kRoomToType)
    shown = wrap(trim(prompt), width_ - kRoomToType, "", "") + " ";
  std::optional<std::chrono::steady_clock::time_point> deadline;
  if (timeout) deadline = std::chrono::steady_clock::now() + *timeout;
  if (editor_) {
    // The editor draws one line: the lines above it are printed here.
    const std::size_t last = shown.rfind('\n');
    if (last != std::string::npos) out_ << shown.substr(0, last + 1);
    out_ << std::flush;
    // A wake ended the line the editor drew: "no new prompt" is the old
    // one drawn again, not an empty one.
    if (shown.empty() && woken_) return ask_edited(edited_prompt_, deadline, wake_fd);
    edited_prompt_ = last == std::string::npos ? shown : shown.substr(last + 1);
    return ask_edited(edited_prompt_, deadline, wake_fd);
  }
  out_ << shown << std::flush;
  Input input = read_line(deadline, wake_fd);
  woken_ = input.status == Status::kWake;
  if (woken_) return input;
  if (input.status == Status::kLine && echo_) out_ << input.text;
  if (input.status != Status::kLine || echo_) out_ << '\n';
  out_ << std::flush;
  return input;
}

Console::Input Console::ask_edited(const std::string& prompt,
                                   std::optional<std::chrono::steady_clock::time_point> deadline, int wake_fd) {
  editor_->start(prompt, interrupted_);
  interrupted_.clear();
  for (;;) {
    int wait_ms = -1;
    if (deadline) {
      auto left = std::chrono::duration_cast<std::chrono::milliseconds>(*deadline - std::chrono::steady_clock::now());
      if (left.count() <= 0) {
        editor_->stop();
        woken_ = false;
        return {Status::kTimeout, {}};
      }
      wait_ms = int(left.count());
    }
    pollfd p[2] = {{fd_, POLLIN, 0}, {wake_fd, POLLIN, 0}};
    int ready = ::poll(p, wake_fd >= 0 ? 2 : 1, wait_ms);
    if (ready < 0 && errno == EINTR) continue;
    if (ready < 0) {
      editor_->stop();
      return {Status::kEnd, {}};
    }
    if (ready == 0) continue;
    if (p[0].revents != 0) {
      if (!editor_->feed()) continue;
      woken_ = false;
      if (!editor_->line()) return {Status::kEnd, {}};
      return {Status::kLine, trim(*editor_->line())};
    }
    if (wake_fd >= 0 && p[1].revents != 0) {
      // Kept for the same prompt, asked again once the news is shown.
      interrupted_ = editor_->stop();
      woken_ = true;
      return {Status::kWake, {}};
    }
  }
}

Console::Input Console::wait(std::chrono::milliseconds timeout) {
  out_ << std::flush;  // what was said before the wait is seen during it
  Input input = read_line(std::chrono::steady_clock::now() + timeout, -1);
  if (input.status == Status::kLine && echo_) out_ << input.text << '\n' << std::flush;
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
