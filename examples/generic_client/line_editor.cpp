#include "line_editor.h"

#include <clocale>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <langinfo.h>

#include <editline/readline.h>

namespace game_client {
namespace {

// libedit calls back a plain function: the editor it reports to.
LineEditor* g_current = nullptr;
bool g_ended = false;
std::optional<std::string> g_line;
std::string g_history_file;  // "" keeps the lines for this run only
constexpr int kHistoryLines = 500;

// Once, before libedit's first call: libedit decodes the prompt and the keys
// by LC_CTYPE, and gives up on multibyte text in the C locale (a prompt
// with "–" crashed it). The client's texts are UTF-8 whatever the
// environment says.
void prepare() {
  static bool ready = [] {
    std::setlocale(LC_CTYPE, "");
    if (std::strcmp(nl_langinfo(CODESET), "UTF-8") != 0) std::setlocale(LC_CTYPE, "C.UTF-8");
    using_history();
    return true;
  }();
  (void)ready;
}

}  // namespace

void LineEditor::on_line(char* text) {
  g_ended = true;
  if (text == nullptr) {
    g_line.reset();
    return;
  }
  g_line = std::string(text);
  if (*text != '\0') {
    add_history(text);
    if (!g_history_file.empty()) write_history(g_history_file.c_str());
  }
  std::free(text);
}

void LineEditor::start(const std::string& prompt, const std::string& typed) {
  prepare();
  g_current = this;
  g_ended = false;
  g_line.reset();
  line_.reset();
  rl_callback_handler_install(prompt.c_str(), &LineEditor::on_line);  // shows the prompt
  // libedit updates rl_line_buffer only as it reads a key: until then it
  // still holds the line before, which must never come back as typed.
  put_back_ = typed;
  if (!typed.empty()) {
    rl_insert_text(typed.c_str());
    // Not rl_redisplay(): libedit's pushes a Ctrl-R, which its emacs keys
    // bind to history search, so the next key typed would search instead.
    // A full redraw starts where the prompt does.
    std::FILE* out = rl_outstream ? rl_outstream : stdout;
    std::fputs("\r", out);
    std::fflush(out);
    rl_forced_update_display();
  }
  active_ = true;
}

bool LineEditor::feed() {
  rl_callback_read_char();
  put_back_.reset();
  if (!g_ended) return false;
  line_ = g_line;
  // The line is done: the terminal goes back to its usual mode.
  rl_callback_handler_remove();
  active_ = false;
  return true;
}

std::string LineEditor::stop() {
  if (!active_) return {};
  std::string typed = put_back_ ? *put_back_ : std::string(rl_line_buffer ? rl_line_buffer : "");
  rl_callback_handler_remove();
  active_ = false;
  std::fputs("\n", rl_outstream ? rl_outstream : stdout);
  std::fflush(rl_outstream ? rl_outstream : stdout);
  return typed;
}

void LineEditor::keep_history(const std::string& file) {
  prepare();
  g_history_file = file;
  stifle_history(kHistoryLines);
  read_history(file.c_str());  // none yet is a fresh start
}

}  // namespace game_client
