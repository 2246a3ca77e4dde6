// The line-oriented terminal: a prompt, then one line of input. Works the
// same in a terminal, in tmux, over pipes and in tests. Reads the file
// descriptor itself so that a prompt can time out (a turn clock).
#pragma once

#include <chrono>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>

#include "line_editor.h"
#include "style.h"

namespace game_client {

class Console {
 public:
  // `echo`: repeat each line read after its prompt, so that a transcript of
  // piped input reads like a session at a terminal.
  Console(int input_fd, std::ostream& out, Style style, bool echo);

  const Style& style() const { return style_; }
  // The terminal's columns: a longer prompt is broken between words, not
  // by the terminal in the middle of one. 0: never broken.
  void set_width(std::size_t columns) { width_ = columns; }
  // On a terminal: what was typed before a new prompt (half a line meant
  // for the previous player, keys pressed while the computer thought) is
  // dropped, so it never lands in the answer to this one. Piped input is
  // a script, and is kept.
  void set_discard_typeahead(bool discard) { discard_typeahead_ = discard; }
  // On a terminal: arrow keys, history, Ctrl-L (line_editor.h). Off, the
  // input is read as plain lines, as from a pipe.
  void set_line_editing(bool on) {
    if (on) editor_.emplace();
    else editor_.reset();
  }
  // On a terminal: the next prompt starts with `text` on its line, to be
  // edited (a refused answer put right). Elsewhere, nothing.
  void offer(std::string text) {
    if (editor_) interrupted_ = std::move(text);
  }
  // On a terminal: the lines typed are kept in `file` between runs.
  void keep_line_history(const std::string& file) {
    if (editor_) editor_->keep_history(file);
  }
  std::ostream& out() { return out_; }
  // On a terminal, a line wider than it is broken between words.
  void line(std::string_view text = {});

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

  // A line typed within `timeout`, with no prompt (kTimeout: none): what
  // the player types while the client waits for something else.
  Input wait(std::chrono::milliseconds timeout);

 private:
  // A line from the buffer or the descriptor; kTimeout once `deadline` passes.
  Input read_line(std::optional<std::chrono::steady_clock::time_point> deadline, int wake_fd);
  Input ask_edited(const std::string& prompt, std::optional<std::chrono::steady_clock::time_point> deadline,
                   int wake_fd);

  int fd_;
  std::ostream& out_;
  Style style_;
  bool echo_;
  std::size_t width_ = 0;
  bool discard_typeahead_ = false;
  bool woken_ = false;
  std::optional<LineEditor> editor_;
  std::string interrupted_;     // typed when a wake came: given back to the same prompt
  std::string edited_prompt_;  // the editor's last prompt, drawn again after a wake
  std::string buffer_;
  bool ended_ = false;
};

std::string trim(std::string_view text);

}  // namespace game_client
