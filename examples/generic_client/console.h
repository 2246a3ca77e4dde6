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

  enum class Status { kLine, kEnd, kTimeout };
  struct Input {
    Status status = Status::kEnd;
    std::string text;  // trimmed
  };

  Input ask(std::string_view prompt,
            std::optional<std::chrono::milliseconds> timeout = std::nullopt);

 private:
  // A line from the buffer or the descriptor; kTimeout once `deadline` passes.
  Input read_line(std::optional<std::chrono::steady_clock::time_point> deadline);

  int fd_;
  std::ostream& out_;
  Style style_;
  bool echo_;
  std::string buffer_;
  bool ended_ = false;
};

std::string trim(std::string_view text);

}  // namespace game_client
