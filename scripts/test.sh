#!/usr/bin/env bash
# Builds everything and runs every test, in four phases: the normal build
# (build/), AddressSanitizer and UndefinedBehaviorSanitizer (build-asan/),
# the host's concurrency tests under ThreadSanitizer (build-tsan/,
# scripts/tsan.sh), and short, deterministic runs of every fuzz target
# (build-fuzz/, clang + libFuzzer, scripts/fuzz.sh). docs/hardening.md, "CI",
# says which phase runs which tests and why. It ends with each phase's
# configure, build and test times and the slowest tests, pass or fail.
#
#   scripts/test.sh           everything (what CI runs)
#   scripts/test.sh --quick   the normal build and its tests only
set -euo pipefail
cd "$(dirname "$0")/.."

quick=false
case ${1-} in
  --quick) quick=true ;;
  "") ;;
  *) echo "usage: scripts/test.sh [--quick]" >&2; exit 2 ;;
esac

scripts/deps.sh
source scripts/lib/phases.sh

configure normal build -DCMAKE_BUILD_TYPE=Release
build normal build
if $quick; then
  run_tests normal build
  exit 0
fi

# The sanitizers build only what their tests run (the target
# test_programs), and not the browser client: its tests run once, in the
# normal build, and the host's HTTP side is covered under the sanitizers by
# the tests of tests/http. The kill -9 loops (label "crash") run in the
# normal build only: a killed host never reaches the sanitizers' exit
# checks, and they need the real speed of its clocks.
# The ASan build runs behind the normal phase's tests.
configure asan build-asan "${sanitizer_flags[@]}" -DCLUB_SANITIZE=ON -DCLUB_WEB_CLIENT=OFF
build_behind asan build-asan test_programs
run_tests normal build
finish_build asan build-asan
run_tests asan build-asan -LE crash
scripts/tsan.sh
scripts/fuzz.sh
