#!/usr/bin/env bash
# A throw-away PostgreSQL cluster on 127.0.0.1 from Debian's binaries, for tests and benchmarks.
#   pg-throwaway.sh start DIR   -> creates DIR, starts the server, prints the DATABASE_URL
#   pg-throwaway.sh start DIR durable -> the same with fsync, full_page_writes and
#                                 synchronous_commit on, as a production server runs (make bench)
#   pg-throwaway.sh stop DIR    -> stops the server and removes DIR
#   pg-throwaway.sh restart DIR -> restarts the server on the same port (fault tests)
#   pg-throwaway.sh kill DIR    -> stops it immediately (fault tests), `start-again DIR` brings it back
set -euo pipefail
PGBIN=${PGBIN:-$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)}
[ -x "$PGBIN/initdb" ] || { echo "pg-throwaway: PostgreSQL server binaries not found (run scripts/deps.sh)" >&2; exit 1; }
cmd=${1:?usage: pg-throwaway.sh start|stop|restart|kill|start-again DIR [durable]}
dir=$(realpath -m -- "${2:?usage: pg-throwaway.sh start|stop|restart|kill|start-again DIR [durable]}")
mode=${3:-}
[ -z "$mode" ] || [ "$mode" = durable ] || { echo "pg-throwaway: unknown mode $mode" >&2; exit 2; }

# initdb refuses to run as root: run the server as the postgres system user then, from /: the
# current folder may be out of that user's reach (a checkout in a 0700 folder), and PostgreSQL's
# programs change back to the folder they started in (docs/testing.md "From a checkout anywhere").
as_owner() {
  if [ "$(id -u)" -eq 0 ]; then (cd / && runuser -u postgres -- "$@"); else "$@"; fi
}

# -t: a generous bound for a start on a busy machine (about a second here).
pgctl() { as_owner "$PGBIN/pg_ctl" -D "$dir/data" -l "$dir/log" -w -t 60 "$@" >/dev/null; }

case "$cmd" in
start)
  mkdir -p "$dir"
  [ "$(id -u)" -eq 0 ] && chown postgres: "$dir"
  as_owner test -w "$dir" ||
    { echo "pg-throwaway: $dir is out of the postgres user's reach (a folder above it is not world-traversable): use one under /tmp" >&2; exit 1; }
  as_owner "$PGBIN/initdb" -D "$dir/data" -U langlearn -A trust -E UTF8 --locale=C.UTF-8 >/dev/null
  # Tests: the OS page cache survives a server kill, only an OS crash would lose data, and
  # without the flushes a test run is faster. Benchmarks: every commit waits for its WAL flush,
  # as on any production server (docs/performance.md).
  # Benchmarks also load pg_stat_statements, to report what a booking really sends.
  if [ "$mode" = durable ]; then
    durability="fsync = on
full_page_writes = on
synchronous_commit = on
shared_preload_libraries = 'pg_stat_statements'
pg_stat_statements.track = top"
  else
    durability='fsync = off
full_page_writes = off'
  fi
  for attempt in 1 2 3 4 5 6 7 8; do
    port=$(( 20000 + RANDOM % 30000 ))
    cat >> "$dir/data/postgresql.conf" <<CONF
port = $port
listen_addresses = '127.0.0.1'
unix_socket_directories = '$dir'
$durability
max_connections = 200
shared_buffers = 128MB
CONF
    if pgctl start; then
      echo "$port" > "$dir/port"
      as_owner "$PGBIN/createdb" -h 127.0.0.1 -p "$port" -U langlearn langlearn
      echo "postgresql://langlearn@127.0.0.1:$port/langlearn"
      exit 0
    fi
  done
  echo "pg-throwaway: could not start PostgreSQL, see $dir/log" >&2
  exit 1
  ;;
stop)
  [ -d "$dir/data" ] && pgctl -m immediate stop || true
  rm -rf "$dir"
  ;;
restart) pgctl -m fast restart ;;
kill) pgctl -m immediate stop ;;
start-again) pgctl start ;;
*) echo "pg-throwaway: unknown command $cmd" >&2; exit 2 ;;
esac
