#!/usr/bin/env bash
# make bench: the HTTP benchmark of the performance issue is not written yet.
# What exists today is the repository-level booking benchmark (bench/repo_booking.cpp).
set -euo pipefail
cd "$(dirname "$0")/.."
build_dir=${1:-build/release}
if [ -x "$build_dir/bench/ll_bench_repo" ]; then
  pg_dir=$(mktemp -d -u /tmp/langlearn-bench-pg.XXXXXX)
  trap 'scripts/pg-throwaway.sh stop "$pg_dir" >/dev/null 2>&1 || true' EXIT
  url=$(scripts/pg-throwaway.sh start "$pg_dir")
  "$build_dir/bench/ll_bench_repo" "$url"
else
  echo "make bench: the benchmark is not written yet (see issue 'Performance')"
fi
