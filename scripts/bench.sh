#!/usr/bin/env bash
# make bench: the benchmark of docs/performance.md (bench/bench.py: load scenarios with wrk on
# SQLite and a throw-away PostgreSQL, the databases' own booking ceilings, growth of
# GET /auth/stats, RSS, login burst). Report: bench/results/latest.md. Durations and sizes:
# see the BENCH_* variables at the top of bench/bench.py.
# The repository-layer micro-benchmark is separate: build/release/bench/ll_bench_repo [PG_URL].
set -euo pipefail
cd "$(dirname "$0")/.."
exec python3 bench/bench.py "${1:-build/release}"
