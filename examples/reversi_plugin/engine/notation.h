// How players write a move: the column letter and the row number, "d3",
// with a1 at the top left; a pass is written "pass".
#pragma once

#include <string>

namespace reversi {

constexpr int kPass = 64;  // the move id of a pass, after the 64 squares

inline std::string move_name(int move) {
  if (move == kPass) return "pass";
  return std::string(1, char('a' + move % 8)) + std::to_string(move / 8 + 1);
}

}  // namespace reversi
