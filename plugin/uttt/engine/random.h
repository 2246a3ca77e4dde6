#pragma once

#include "common/random.h"

namespace uttt {

using club::mix_seeds;
using club::Rng;

}  // namespace uttt
