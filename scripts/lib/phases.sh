# Sourced by scripts/test.sh, tsan.sh and fuzz.sh. Every step of a phase
# (configure, build, test) is timed and every ctest run writes JUnit, so the
# outermost script can print, as it ends, pass or fail, each phase's times
# and the slowest tests (scripts/lib/report.py): what CI's notes quote.

if [[ -z ${CLUB_TIMES:-} ]]; then
  CLUB_TIMES=$(mktemp -d -t club-times.XXXXXX)
  export CLUB_TIMES
  club_report=$(realpath "$(dirname "${BASH_SOURCE[0]}")/report.py")
  trap 'stop_background_builds; /usr/bin/python3 "$club_report" "$CLUB_TIMES"; rm -rf "$CLUB_TIMES"' EXIT
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

# build_command DIR [TARGET...]: sets build_command to the build of DIR,
# the default target without any.
build_command() {
  build_command=(cmake --build "$1" -j "$jobs")
  (($# > 1)) && build_command+=(--target "${@:2}")
  return 0
}

# build PHASE DIR [TARGET...]
build() {
  local phase=$1
  shift
  build_command "$@"
  echo "== $phase: build ($(date -u +%H:%M:%S))"
  step "$phase" build "${build_command[@]}"
}

# run_tests PHASE DIR [CTEST_ARGS...]
run_tests() {
  local phase=$1 dir=$2
  shift 2
  echo "== $phase: test ($(date -u +%H:%M:%S))"
  step "$phase" test ctest --test-dir "$dir" --output-on-failure -j "$jobs" \
    --output-junit "$CLUB_TIMES/$phase.xml" "$@"
}

# build_behind PHASE DIR [TARGET...]: starts the build in the background at
# the lowest CPU priority, while the phase before it runs its tests. Those
# mostly wait (for clocks, browsers, hosts): the build takes the CPU they
# leave and leaves them the rest. Its output goes to DIR/build.log, printed
# by finish_build, which waits for it.
build_behind() {
  local phase=$1 dir=$2
  shift
  build_command "$@"
  echo "== $phase: build, behind the tests before it ($(date -u +%H:%M:%S))"
  echo "$EPOCHREALTIME" >"$CLUB_TIMES/$phase.build-start"
  # Its own process group, so that a failed run stops all of it.
  setsid nice -n 19 "${build_command[@]}" >"$dir/build.log" 2>&1 &
  echo $! >"$CLUB_TIMES/$phase.build-pid"
}

# finish_build PHASE DIR
finish_build() {
  local phase=$1 dir=$2 status=0
  local pid_file=$CLUB_TIMES/$phase.build-pid
  echo "== $phase: build, its end ($(date -u +%H:%M:%S))"
  wait "$(<"$pid_file")" || status=$?
  rm -f "$pid_file"
  printf '%s\t%s\t%s\t%s\n' "$phase" build "$(<"$CLUB_TIMES/$phase.build-start")" \
    "$EPOCHREALTIME" >>"$CLUB_TIMES/steps.tsv"
  cat "$dir/build.log"
  return "$status"
}

stop_background_builds() {
  local pid_file
  for pid_file in "$CLUB_TIMES"/*.build-pid; do
    [[ -f $pid_file ]] && kill -- "-$(<"$pid_file")" 2>/dev/null
  done
  return 0
}
