#!/usr/bin/env bash
# make bench: the benchmark of docs/performance.md (bench/bench.py: load scenarios with wrk on
# SQLite and a throw-away PostgreSQL, the databases' own booking ceilings, growth of
# GET /auth/stats, RSS, login burst), then GET /auth/practice deep into a large catalogue on
# PostgreSQL (bench/practice_queue.py), the audio's copies for phones (bench/audio_variants.py:
# bytes per second per format, encode time), /media from a folder and from PostgreSQL
# (bench/media_store.py), the studio's content lists at 100,000 pairs on both databases
# (bench/content_lists.py: search and page latency through authoring-api). Report: bench/results/latest.md. Durations and sizes:
# see the BENCH_* variables at the top of bench/bench.py; BENCH_PRACTICE_REQUESTS (1000) for the
# practice queue. Then the parameter fit (build/release/bench/ll_bench_fit): fitted against
# default parameters and the AVG baseline, on the review log FSRS_REVIEW_LOG names (the FSRS
# project's seq2seq TSV, docs/performance.md "Fitted parameters") or on a simulated learner.
# Then the card analytics' simulation (ll_bench_card_analytics) on SQLite and PostgreSQL.
# The repository-layer micro-benchmark is separate: build/release/bench/ll_bench_repo [PG_URL].
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build/release}
python3 bench/bench.py "$build"
python3 bench/practice_queue.py "$build" "${BENCH_PRACTICE_REQUESTS:-1000}" --report \
  bench/results/latest.md
python3 bench/audio_variants.py "$build" --report bench/results/latest.md
python3 bench/media_store.py "$build" --report bench/results/latest.md
python3 bench/content_lists.py "$build" --report bench/results/latest.md
{
  printf '\n## Fitted parameters (ll_bench_fit)\n\n'
  "$build/bench/ll_bench_fit" ${FSRS_REVIEW_LOG:+"$FSRS_REVIEW_LOG"}
} | tee -a bench/results/latest.md
# The card analytics' simulation (docs/performance.md "Card analytics"): 500 learners, 200 cards,
# 60 days through the real booking, on a fresh SQLite file and a throw-away PostgreSQL.
sim=$(mktemp -d)
trap 'scripts/pg-throwaway.sh stop "$sim/pg" >/dev/null 2>&1 || true; rm -rf "$sim"' EXIT
{
  printf '\n## Card analytics (ll_bench_card_analytics)\n\nSQLite:\n\n'
  "$build/bench/ll_bench_card_analytics" "sqlite://$sim/sim.db"
  printf '\nPostgreSQL:\n\n'
  "$build/bench/ll_bench_card_analytics" "$(scripts/pg-throwaway.sh start "$sim/pg")"
} | tee -a bench/results/latest.md
