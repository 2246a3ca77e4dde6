#!/usr/bin/env bash
# A game-host that browsers, other terminals and machines play through by
# invite code: every plugin of build/plugins, the browser client of
# build/web, tables kept in SQLite ($XDG_STATE_HOME/club-games/tables.db
# unless --store says otherwise). Installs what is missing and builds first.
# LISTEN sets the gRPC address (0.0.0.0:50051: every network of the
# machine), HTTP the browsers' (0.0.0.0:8080); extra arguments go to
# game-host: LISTEN=127.0.0.1:50051 HTTP=127.0.0.1:8080 scripts/table-host.sh --store memory
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/deps.sh
source scripts/lib/cmake.sh
club_configure build -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build -j "$(nproc)" --target game-host game-client uttt_plugin tictactoe_plugin web_client
listen=${LISTEN:-0.0.0.0:50051}
http=${HTTP:-0.0.0.0:8080}
echo "Play in a browser: http://localhost:${http##*:}/ (from other machines: http://<this machine's address>:${http##*:}/)"
echo "Or in a terminal: build/bin/game-client --host <this machine's address>:${listen##*:} --join <code>"
exec build/bin/game-host --listen "$listen" --http "$http" --plugins build/plugins --web build/web "$@"
