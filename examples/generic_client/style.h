// How text looks: ANSI colours on a terminal, plain text anywhere else
// (pipes, logs, tests, NO_COLOR).
#pragma once

#include <string>
#include <string_view>

namespace game_client {

enum class Tone {
  kTitle,      // headings
  kDim,        // secondary text, empty cells that cannot be played
  kPlayable,   // cells and regions where the side to move may play
  kLast,       // the cells of the last move
  kHighlight,  // the winning line
  kError,      // a refused input
  kGood,       // confirmations
  kSide0,      // the first side's marks ("X"), then the others
  kSide1,
  kSide2,
  kSide3,
};

// The tone of the side at `index` in GameInfo.sides.
Tone side_tone(int index);

class Style {
 public:
  explicit Style(bool color) : color_(color) {}
  bool color() const { return color_; }
  std::string paint(std::string_view text, Tone tone) const;

 private:
  bool color_;
};

// Colour when stdout is a terminal and NO_COLOR is unset or empty
// (https://no-color.org); "always" and "never" override.
bool want_color(std::string_view mode);

// Columns a UTF-8 string takes on a terminal, ignoring ANSI sequences.
std::size_t display_width(std::string_view text);

}  // namespace game_client
