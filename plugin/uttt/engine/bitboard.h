// The 3x3 mask tables serve twice here: for the cells of a small board and
// for the small boards of the big board.
#pragma once

#include "common/grid3.h"
#include "types.h"

namespace uttt {

using club::grid3::has_line;
using club::grid3::kLines;
using club::grid3::kSelect;
using club::grid3::line_possible;
using club::grid3::popcount9;

}  // namespace uttt
