#pragma once

#include "common/random.h"

namespace uttt {

using club::Rng;

}  // namespace uttt
