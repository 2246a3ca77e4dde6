#!/usr/bin/env bash
# Runs the host's concurrency tests (ctest label "concurrency") under
# ThreadSanitizer, in build-tsan/: configures it, builds only what those
# tests need, and runs them. Any data race fails the run.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib/phases.sh

dir=build-tsan
# The executables carrying the "concurrency" tests; their plugins and
# fixtures come with them as dependencies.
targets=(host_concurrency_test table_concurrency_test http_server_test)

configure tsan "$dir" "${sanitizer_flags[@]}" -DCLUB_TSAN=ON
build tsan "$dir" "${targets[@]}"
run_tests tsan "$dir" -L concurrency
