#!/usr/bin/env bash
# A throwaway PostgreSQL cluster for the tests, on a loopback port in a
# folder of its own:
#   postgresql_cluster.sh start DIR   initdb, start, write DIR/conninfo
#   postgresql_cluster.sh stop DIR    stop it and remove DIR
#   postgresql_cluster.sh database DIR NAME
#                                     (re)create an empty database NAME and
#                                     print its connection string
# The tests read the connection string from DIR/conninfo. As root the
# server runs as the postgres user, since PostgreSQL refuses to run as root;
# its files go to a folder of their own under /tmp (named in DIR/server),
# which that user can reach wherever the build tree is.
set -euo pipefail

usage() { echo "usage: $0 start|stop DIR, or $0 database DIR NAME" >&2; exit 2; }
(($# == 2 || $# == 3)) || usage
action=$1
dir=$(realpath -m "$2")

bindir=$(pg_config --bindir 2>/dev/null || true)
if [[ ! -x $bindir/initdb ]]; then
  bindir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
fi
if [[ ! -x $bindir/initdb ]]; then
  echo "$0: no PostgreSQL server found (Debian: apt-get install postgresql)" >&2
  exit 1
fi

as_server() {
  if [[ $(id -u) -eq 0 ]]; then runuser -u postgres -- "$@"; else "$@"; fi
}

stop() {
  local server
  server=$(cat "$dir/server" 2>/dev/null || true)
  if [[ -n $server && -f $server/data/postmaster.pid ]]; then
    as_server "$bindir/pg_ctl" -D "$server/data" -m immediate -w stop >/dev/null || true
  fi
  [[ -n $server ]] && rm -rf "$server"
  rm -rf "$dir"
}

case $action in
  start)
    stop  # what an interrupted run left behind
    mkdir -p "$dir"
    server=$(mktemp -d /tmp/club-postgresql.XXXXXX)
    echo "$server" >"$dir/server"
    if [[ $(id -u) -eq 0 ]]; then chown postgres: "$server"; fi
    port=$(/usr/bin/python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
    as_server "$bindir/initdb" -D "$server/data" -U club --auth=trust -E UTF8 --locale=C.UTF-8 \
      >"$server/initdb.log"
    # fsync stays on: the stores answer a commit only once it is durable,
    # and the tests and benchmarks measure that.
    as_server "$bindir/pg_ctl" -D "$server/data" -l "$server/server.log" -w -t 60 \
      -o "-c listen_addresses=127.0.0.1 -p $port -k $server -c max_connections=200" start \
      >/dev/null || { cat "$server/server.log" >&2; exit 1; }
    echo "postgresql://club@127.0.0.1:$port/postgres" >"$dir/conninfo"
    echo "PostgreSQL on 127.0.0.1:$port ($server)"
    ;;
  stop) stop ;;
  database)
    (($# == 3)) || usage
    conninfo=$(cat "$dir/conninfo")
    PGOPTIONS="-c client_min_messages=warning" "$bindir/psql" -q -v ON_ERROR_STOP=1 "$conninfo" \
      -c "DROP DATABASE IF EXISTS \"$3\" WITH (FORCE)" -c "CREATE DATABASE \"$3\"" >&2
    echo "${conninfo%/*}/$3"
    ;;
  *) usage ;;
esac
