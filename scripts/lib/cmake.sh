# Sourced by the scripts that build. A new build folder gets Ninja, which
# keeps both cores busy across targets where make waits for each target's
# link; a folder configured before keeps its generator (CMake refuses to
# change it).
# club_configure DIR CMAKE_ARGS...
club_configure() {
  local dir=$1
  shift
  local generator=()
  [[ -f $dir/CMakeCache.txt ]] || generator=(-G Ninja)
  cmake -S . -B "$dir" "${generator[@]}" "$@"
}
