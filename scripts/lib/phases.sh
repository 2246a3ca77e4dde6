# Sourced by scripts/test.sh, tsan.sh and fuzz.sh. Every step of a phase
# (configure, build, test) is timed and every ctest run writes JUnit, so the
# outermost script can print, as it ends, pass or fail, each phase's times
# and the slowest tests (scripts/lib/report.py): what CI's notes quote.

if [[ -z ${CLUB_TIMES:-} ]]; then
  CLUB_TIMES=$(mktemp -d -t club-times.XXXXXX)
  export CLUB_TIMES
  club_report=$(realpath "$(dirname "${BASH_SOURCE[0]}")/report.py")
  trap '/usr/bin/python3 "$club_report" "$CLUB_TIMES"; rm -rf "$CLUB_TIMES"' EXIT
fi
jobs=$(nproc)
source "$(dirname "${BASH_SOURCE[0]}")/cmake.sh"

# The sanitizer builds: -O1, as the sanitizers' authors advise, and line
# tables only (-g1), all a sanitizer's report needs: each object compiles
# in about 60% of the time of -O2 -g and takes half the disk.
sanitizer_flags=(-DCMAKE_BUILD_TYPE=RelWithDebInfo "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O1 -g1 -DNDEBUG")

# step PHASE STEP COMMAND...: runs COMMAND and records its wall time.
step() {
  local phase=$1 name=$2 start=$EPOCHREALTIME status=0
  shift 2
  "$@" || status=$?
  printf '%s\t%s\t%s\t%s\n' "$phase" "$name" "$start" "$EPOCHREALTIME" >>"$CLUB_TIMES/steps.tsv"
  return "$status"
}

# configure PHASE DIR CMAKE_ARGS...
configure() {
  local phase=$1 dir=$2
  shift 2
  echo "== $phase: configure $dir ($(date -u +%H:%M:%S))"
  step "$phase" configure club_configure "$dir" "$@"
}

# build PHASE DIR [TARGET...]: the default target without any.
build() {
  local phase=$1 dir=$2
  shift 2
  local targets=()
  (($#)) && targets=(--target "$@")
  echo "== $phase: build ($(date -u +%H:%M:%S))"
  step "$phase" build cmake --build "$dir" -j "$jobs" "${targets[@]}"
}

# run_tests PHASE DIR [CTEST_ARGS...]
run_tests() {
  local phase=$1 dir=$2
  shift 2
  echo "== $phase: test ($(date -u +%H:%M:%S))"
  step "$phase" test ctest --test-dir "$dir" --output-on-failure -j "$jobs" \
    --output-junit "$CLUB_TIMES/$phase.xml" "$@"
}
