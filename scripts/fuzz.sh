#!/usr/bin/env bash
# Builds the libFuzzer targets with clang (build-fuzz/, every target under
# AddressSanitizer and UndefinedBehaviorSanitizer) and runs each one for a
# fixed number of inputs from a fixed seed over its checked-in corpus
# (tests/fuzz/corpus/). Fails on any crash, sanitizer report or broken
# invariant. See docs/hardening.md, "Fuzzing".
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/deps.sh

dir=${CLUB_FUZZ_BUILD_DIR:-build-fuzz}
jobs=$(nproc)
launcher=()
if command -v ccache >/dev/null; then
  launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache -DCMAKE_C_COMPILER_LAUNCHER=ccache)
fi
CC=clang CXX=clang++ cmake -S . -B "$dir" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCLUB_FUZZ=ON -DCLUB_BUILD_TESTS=OFF "${launcher[@]}"
cmake --build "$dir" -j "$jobs" --target fuzzers
ctest --test-dir "$dir" -L fuzz --output-on-failure -j "$jobs"
