#!/usr/bin/env bash
# make bench: the repository-level booking benchmark and the first HTTP measurement.
# The full benchmark of the performance issue (all scenarios, pgbench ceiling, growth, RSS)
# is not written yet.
set -euo pipefail
cd "$(dirname "$0")/.."
build_dir=${1:-build/release}
pg_dir=$(mktemp -d -u /tmp/langlearn-bench-pg.XXXXXX)
trap 'scripts/pg-throwaway.sh stop "$pg_dir" >/dev/null 2>&1 || true' EXIT
echo "== repository layer: bookings/s"
"$build_dir/bench/ll_bench_repo" "$(scripts/pg-throwaway.sh start "$pg_dir")"
echo "== HTTP (wrk, 32 connections, 2 threads)"
bench/http.sh "$build_dir"
