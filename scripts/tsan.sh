#!/usr/bin/env bash
# Runs the host's concurrency tests (ctest label "concurrency") under
# ThreadSanitizer, in build-tsan/: configures it, builds only what those
# tests need, and runs them. Any data race fails the run.
set -euo pipefail
cd "$(dirname "$0")/.."

dir=build-tsan
# The executables carrying the "concurrency" tests; their plugins and
# fixtures come with them as dependencies.
targets=(host_concurrency_test table_concurrency_test http_server_test)

launcher=()
if command -v ccache >/dev/null; then
  launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache -DCMAKE_C_COMPILER_LAUNCHER=ccache)
fi
cmake -S . -B "$dir" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCLUB_TSAN=ON "${launcher[@]}"
cmake --build "$dir" -j "$(nproc)" --target "${targets[@]}"
ctest --test-dir "$dir" -L concurrency --output-on-failure -j "$(nproc)"
