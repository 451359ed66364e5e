#!/usr/bin/env bash
# First HTTP measurement: learner-api (Release) on SQLite and on a throw-away PostgreSQL,
# loaded with wrk (32 connections, 2 threads) on POST /auth/progress and GET /auth/stats.
#   bench/http.sh BUILD_DIR [SECONDS]
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build/release}; seconds=${2:-10}
bin=$build/apps
work=$(mktemp -d /tmp/langlearn-bench.XXXXXX)
chmod 755 "$work"  # the PostgreSQL server runs as the postgres user
pg_dir=$work/pg
server_pid=
cleanup() {
  [ -n "$server_pid" ] && kill "$server_pid" 2>/dev/null && wait "$server_pid" 2>/dev/null || true
  scripts/pg-throwaway.sh stop "$pg_dir" >/dev/null 2>&1 || true
  rm -rf "$work"
}
trap cleanup EXIT

export JWT_SECRET=bench-secret-0123456789abcdefghijklmnop LOG_LEVEL=warn PORT=18181
B=http://127.0.0.1:$PORT
# Access log off the terminal; the benchmark measures the service, not the console.
start_server() {
  "$bin/langlearn-admin/langlearn-admin" migrate >/dev/null
  "$bin/langlearn-admin/langlearn-admin" seed --demo >/dev/null
  "$bin/learner-api/learner-api" >"$work/access.log" 2>"$work/server.log" &
  server_pid=$!
  for _ in $(seq 50); do curl -sf "$B/livez" >/dev/null && return 0; sleep 0.1; done
  echo "bench: learner-api did not start" >&2; cat "$work/server.log" >&2; exit 1
}
stop_server() { kill "$server_pid"; wait "$server_pid" 2>/dev/null || true; server_pid=; }

make_learners() {
  local n=$1 data=$work/data.lua
  echo "tokens = {" > "$data"
  for i in $(seq "$n"); do
    local t
    t=$(curl -s -X POST "$B/auth/register" -d "{\"email\":\"bench$i@example.com\",\"password\":\"password1\"}" |
        sed 's/.*"token":"\([^"]*\)".*/\1/')
    curl -s -X POST "$B/auth/profile" -H "Authorization: Bearer $t" \
         -d "{\"username\":\"bench$i\",\"nativeLang\":1,\"targetLang\":3}" >/dev/null
    echo "\"$t\"," >> "$data"
  done
  echo "}" >> "$data"
  echo "pairs_ids = {1,2,3,4,5,6,7,8}" >> "$data"
  export LL_WRK_DATA=$data
}

run_wrk() {  # label script [path]
  # wrk loads the script once per thread: give it a real file.
  cat "$2" bench/wrk/report.lua > "$work/script.lua"
  LL_WRK_PATH=${3:-} wrk -t2 -c32 -d"${seconds}s" -s "$work/script.lua" "$B" 2>&1 | grep RESULT |
    sed "s/^RESULT/$1/"
}

measure() {  # database label
  start_server
  make_learners 200
  run_wrk "$1 progress" bench/wrk/progress.lua
  run_wrk "$1 stats" bench/wrk/get_auth.lua /auth/stats
  stop_server
}

DATABASE_URL=sqlite://$work/bench.db measure sqlite
DATABASE_URL=$(scripts/pg-throwaway.sh start "$pg_dir") DB_POOL_SIZE=8 measure postgresql
