#!/usr/bin/env bash
# Builds the libFuzzer targets with clang (build-fuzz/, every target under
# AddressSanitizer and UndefinedBehaviorSanitizer) and runs each one for a
# fixed number of inputs from a fixed seed over its checked-in corpus
# (tests/fuzz/corpus/). Fails on any crash, sanitizer report or broken
# invariant. See docs/hardening.md, "Fuzzing".
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/deps.sh
source scripts/lib/phases.sh

dir=${CLUB_FUZZ_BUILD_DIR:-build-fuzz}
# -O2, unlike the other sanitizer builds: a fixed count of inputs runs in
# half the time; line tables only, as they.
CC=clang CXX=clang++ configure fuzz "$dir" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O2 -g1 -DNDEBUG" -DCLUB_FUZZ=ON -DCLUB_BUILD_TESTS=OFF
build fuzz "$dir" fuzzers
run_tests fuzz "$dir" -L fuzz
