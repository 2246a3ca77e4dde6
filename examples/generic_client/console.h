// The line-oriented terminal: a prompt, then one line of input. Works the
// same in a terminal, in tmux, over pipes and in tests. Reads the file
// descriptor itself so that a prompt can time out (a turn clock).
#pragma once

#include <chrono>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>

#include "style.h"

namespace game_client {

class Console {
 public:
  // `echo`: repeat each line read after its prompt, so that a transcript of
  // piped input reads like a session at a terminal.
  Console(int input_fd, std::ostream& out, Style style, bool echo);

  const Style& style() const { return style_; }
  std::ostream& out() { return out_; }
  void line(std::string_view text = {}) { out_ << text << '\n'; }

  // kWake: `wake_fd` became readable before a line came (something else
  // has news: the caller prints it and asks again).
  enum class Status { kLine, kEnd, kTimeout, kWake };
  struct Input {
    Status status = Status::kEnd;
    std::string text;  // trimmed
  };

  // With `wake_fd` >= 0, a wait for input also ends (kWake, nothing
  // printed after the prompt) as soon as that descriptor is readable; a
  // whole line already typed comes first.
  Input ask(std::string_view prompt,
            std::optional<std::chrono::milliseconds> timeout = std::nullopt, int wake_fd = -1);

 private:
  // A line from the buffer or the descriptor; kTimeout once `deadline` passes.
  Input read_line(std::optional<std::chrono::steady_clock::time_point> deadline, int wake_fd);

  int fd_;
  std::ostream& out_;
  Style style_;
  bool echo_;
  std::string buffer_;
  bool ended_ = false;
};

std::string trim(std::string_view text);

}  // namespace game_client
