#!/usr/bin/env bash
# Builds everything and runs every test: in the normal build (build/), again
# with AddressSanitizer and UndefinedBehaviorSanitizer (build-asan/), the
# host's concurrency tests under ThreadSanitizer (build-tsan/), and short,
# deterministic runs of every fuzz target (build-fuzz/, clang + libFuzzer).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/deps.sh

jobs=$(nproc)
run_suite() {
  local dir=$1; shift
  cmake -S . -B "$dir" "$@"
  cmake --build "$dir" -j "$jobs"
  ctest --test-dir "$dir" --output-on-failure -j "$jobs"
}

phase() { echo "== $1 ($(date -u +%H:%M:%S), ${SECONDS}s so far)"; }

phase "normal build";  run_suite build -DCMAKE_BUILD_TYPE=Release
# The browser tests run once, in the normal build: the host's HTTP side is
# covered under the sanitizers by the tests of tests/http.
phase "ASan + UBSan";  run_suite build-asan -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCLUB_SANITIZE=ON \
  -DCLUB_WEB_CLIENT=OFF
phase "TSan";          scripts/tsan.sh
phase "fuzzing";       scripts/fuzz.sh
phase "all passed"
