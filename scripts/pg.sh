#!/usr/bin/env bash
# A throw-away PostgreSQL cluster for the tests and the benchmark.
#   scripts/pg.sh start   -> prints the DATABASE_URL of a running cluster (started if needed)
#   scripts/pg.sh stop
# PG_PORT (default 54329) and PG_DIR (default /tmp/portal-pg-$PG_PORT) override.
set -euo pipefail
PG_PORT="${PG_PORT:-54329}"
PG_DIR="${PG_DIR:-/tmp/portal-pg-$PG_PORT}"
BIN="$(dirname "$(ls -d /usr/lib/postgresql/*/bin/pg_ctl | sort -V | tail -n 1)")"
URL="postgres://portal@127.0.0.1:$PG_PORT/postgres"

# PostgreSQL refuses to run as root: run it as the postgres user the Debian package creates
as_pg() { if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }

case "${1:-start}" in
  start)
    if as_pg "$BIN/pg_ctl" -D "$PG_DIR" status >/dev/null 2>&1; then echo "$URL"; exit 0; fi
    if [ ! -f "$PG_DIR/PG_VERSION" ]; then
      mkdir -p "$PG_DIR"
      [ "$(id -u)" -eq 0 ] && chown postgres:postgres "$PG_DIR"
      as_pg "$BIN/initdb" -D "$PG_DIR" -U portal -A trust -E UTF8 --locale=C.UTF-8 >/dev/null
    fi
    # durability is not what the tests measure: fsync off keeps them fast
    as_pg "$BIN/pg_ctl" -D "$PG_DIR" -l "$PG_DIR/server.log" -w -t 60 \
      -o "-p $PG_PORT -k /tmp -c listen_addresses=127.0.0.1 -c max_connections=300 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c shared_buffers=256MB" \
      start >/dev/null
    echo "$URL"
    ;;
  stop)
    as_pg "$BIN/pg_ctl" -D "$PG_DIR" -m fast stop >/dev/null 2>&1 || true
    ;;
  *)
    echo "usage: scripts/pg.sh start|stop" >&2
    exit 2
    ;;
esac
