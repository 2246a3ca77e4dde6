// Line editing on a terminal, from Debian's libedit through its
// readline-compatible callback interface: arrow keys, history, Ctrl-L and
// the other usual keys, while the caller keeps the waiting (poll), so a
// prompt can still time out (the turn clock) or wake up (news from a table).
// libedit keeps one editor per process, hence one LineEditor.
#pragma once

#include <optional>
#include <string>

namespace game_client {

class LineEditor {
 public:
  // Shows `prompt` and starts a line; `typed` is put back as if typed (a
  // line interrupted by a wake).
  void start(const std::string& prompt, const std::string& typed = {});
  // Reads what the terminal has; true once a line ended (Enter or Ctrl-D).
  bool feed();
  // The line that ended: nullopt for Ctrl-D on an empty line.
  const std::optional<std::string>& line() const { return line_; }
  // Abandons the line being edited (time out, wake); returns what was typed.
  std::string stop();
  // The lines typed are kept in `file`, and those of earlier runs read
  // from it, so that Up recalls them after a restart.
  void keep_history(const std::string& file);

 private:
  static void on_line(char* text);
  std::optional<std::string> line_;
  std::optional<std::string> put_back_;  // the line as started, until a key is read
  bool active_ = false;
};

}  // namespace game_client
