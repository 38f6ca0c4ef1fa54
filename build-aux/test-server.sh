#!/usr/bin/env bash
# test-server.sh: a private PostgreSQL cluster for the test suite, on a loopback port.
# SPDX-License-Identifier: GPL-3.0-or-later
#
#   build-aux/test-server.sh start DIR [PORT]   makes the cluster in DIR (new) and starts it;
#                                               prints the server's URI (no database):
#                                               postgresql://postgres@127.0.0.1:PORT
#   build-aux/test-server.sh stop DIR           stops it and removes DIR
#
# Run as root, the cluster belongs to the postgres user (PostgreSQL refuses to run as root);
# otherwise to the caller.  Anyone on the machine may connect to it as postgres without a
# password (trust, on 127.0.0.1 only): it is a throwaway server for tests, never a hall's.
set -euo pipefail

bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
if [ -z "$bin" ] || [ ! -x "$bin/initdb" ]; then
  echo "test-server.sh: PostgreSQL's server is not installed (apt-get install postgresql)" >&2
  exit 1
fi

as_owner() {
  if [ "$(id -u)" -eq 0 ]; then
    runuser -u postgres -- "$@"
  else
    "$@"
  fi
}

case "${1:-}" in
  start)
    dir=${2:?a folder for the cluster}
    port=${3:-54329}
    mkdir -p "$dir"
    if [ "$(id -u)" -eq 0 ]; then
      chown postgres: "$dir"
    fi
    as_owner "$bin/initdb" -D "$dir/data" -U postgres -A trust -E UTF8 --locale=C.UTF-8 \
      >"$dir/initdb.log" 2>&1 || { cat "$dir/initdb.log" >&2; exit 1; }
    # Durability is not what the tests measure: fsync off keeps the database-per-case cheap.
    as_owner "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 \
      -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200" \
      start >/dev/null || { cat "$dir/server.log" >&2; exit 1; }
    echo "postgresql://postgres@127.0.0.1:$port"
    ;;
  stop)
    dir=${2:?the folder of the cluster}
    if [ -d "$dir/data" ]; then
      as_owner "$bin/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null || true
    fi
    rm -rf "$dir"
    ;;
  *)
    sed -n '2,12p' "$0" >&2
    exit 2
    ;;
esac
