#!/usr/bin/env bash
# A game-host that other terminals and machines can play through by invite
# code: every plugin of build/plugins, tables kept in SQLite
# ($XDG_STATE_HOME/club-games/tables.db unless --store says otherwise).
# Installs what is missing and builds first. LISTEN sets the address
# (0.0.0.0:50051: every network of the machine); extra arguments go to
# game-host: LISTEN=127.0.0.1:50051 scripts/table-host.sh --store memory
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/deps.sh
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build -j "$(nproc)" --target game-host game-client uttt_plugin tictactoe_plugin
listen=${LISTEN:-0.0.0.0:50051}
echo "Players join with: build/bin/game-client --host <this machine's address>:${listen##*:} --join <code>"
exec build/bin/game-host --listen "$listen" --plugins build/plugins "$@"
