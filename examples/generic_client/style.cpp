#include "style.h"

#include <cstdlib>
#include <unistd.h>

namespace game_client {

Tone side_tone(int index) {
  switch (index) {
    case 0: return Tone::kSide0;
    case 1: return Tone::kSide1;
    case 2: return Tone::kSide2;
    default: return Tone::kSide3;
  }
}

std::string Style::paint(std::string_view text, Tone tone) const {
  if (!color_) return std::string(text);
  const char* code = "";
  switch (tone) {
    case Tone::kTitle: code = "1"; break;
    case Tone::kDim: code = "2"; break;
    case Tone::kPlayable: code = "1;32"; break;
    case Tone::kLast: code = "1;4"; break;
    case Tone::kHighlight: code = "1;7"; break;
    case Tone::kError: code = "1;31"; break;
    case Tone::kGood: code = "32"; break;
    case Tone::kSide0: code = "1;91"; break;
    case Tone::kSide1: code = "1;94"; break;
    case Tone::kSide2: code = "1;93"; break;
    case Tone::kSide3: code = "1;95"; break;
  }
  return "\033[" + std::string(code) + "m" + std::string(text) + "\033[0m";
}

bool want_color(std::string_view mode) {
  if (mode == "always") return true;
  if (mode == "never") return false;
  const char* no_color = std::getenv("NO_COLOR");
  if (no_color != nullptr && *no_color != '\0') return false;
  const char* term = std::getenv("TERM");
  if (term != nullptr && std::string_view(term) == "dumb") return false;
  return isatty(STDOUT_FILENO) == 1;
}

std::size_t display_width(std::string_view text) {
  std::size_t width = 0;
  for (std::size_t i = 0; i < text.size(); ++i) {
    unsigned char c = static_cast<unsigned char>(text[i]);
    if (c == 0x1b) {  // CSI ... final byte in @..~
      while (++i < text.size() && !(text[i] >= '@' && text[i] <= '~' && text[i] != '['))
        ;
      continue;
    }
    if ((c & 0xC0) != 0x80) ++width;  // count lead bytes only
  }
  return width;
}

}  // namespace game_client
