#!/usr/bin/env bash
# The main job: install what is missing, build, and run the engine benchmark.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/deps.sh
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release
cmake --build build -j "$(nproc)"
build/bin/uttt-bench perft 8
build/bin/uttt-bench random --games 1000000 --seed 1
