#!/usr/bin/env bash
# The main job: install what is missing, build, start game-host with every
# plugin in build/plugins, then open game-client against it.
#
# On a terminal you play (menus, two players, against the computer...).
# Without one (CI, a pipe) the computer plays itself one demo game of
# ultimate tic-tac-toe, and the last line printed is its result. Stopping the client stops the host.
# Extra arguments go to game-client: scripts/play.sh --lang es
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/deps.sh
source scripts/lib/cmake.sh
club_configure build -DCMAKE_BUILD_TYPE=Release
# What it runs, not the tests and tools: scripts/test.sh builds those.
cmake --build build -j "$(nproc)" --target game-host game-client uttt_plugin tictactoe_plugin

log=$(mktemp -t game-host.XXXXXX)
build/bin/game-host --listen 127.0.0.1:0 --plugins build/plugins --flagship uttt >"$log" 2>&1 &
host=$!
stop_host() {
  kill "$host" 2>/dev/null || true
  wait "$host" 2>/dev/null || true
  rm -f "$log"
}
trap stop_host EXIT
trap 'exit 130' INT TERM

# game-host prints "listening on 127.0.0.1:<port>" once it serves.
address=
for _ in $(seq 100); do
  address=$(sed -n 's/^listening on //p' "$log")
  [[ -n $address ]] && break
  if ! kill -0 "$host" 2>/dev/null; then
    cat "$log" >&2
    echo "play.sh: game-host stopped before serving" >&2
    exit 1
  fi
  sleep 0.1
done
if [[ -z $address ]]; then
  cat "$log" >&2
  echo "play.sh: game-host did not say where it listens" >&2
  exit 1
fi

if [[ -t 0 ]]; then
  build/bin/game-client --host "$address" "$@"
else
  # Nobody to answer the menus: a demo of the club's flagship game.
  build/bin/game-client --host "$address" --mode demo --game uttt "$@"
fi
