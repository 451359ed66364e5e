#!/usr/bin/env bash
# make test: build the test tree, start a throw-away PostgreSQL, run every suite through ctest.
set -euo pipefail
cd "$(dirname "$0")/.."
build_dir=${1:-build/test}
jobs=${JOBS:-$(nproc)}
started=$(date +%s)

cmake -S . -B "$build_dir" -G Ninja -DCMAKE_BUILD_TYPE=${LL_BUILD_TYPE:-Debug} -DBUILD_TESTING=ON ${LL_CMAKE_FLAGS:-} >/dev/null
cmake --build "$build_dir" -j "$jobs"

# PostgreSQL tests never skip: a server that does not start fails the run.
pg_dir=$(mktemp -d -u /tmp/langlearn-test-pg.XXXXXX)
trap 'scripts/pg-throwaway.sh stop "$pg_dir" >/dev/null 2>&1 || true' EXIT
export LL_TEST_PG_URL=$(scripts/pg-throwaway.sh start "$pg_dir")
export LL_TEST_PG_DIR=$pg_dir
export LL_TEST_PG_CTL="$PWD/scripts/pg-throwaway.sh"
export LL_SOURCE_DIR=$PWD
echo "test PostgreSQL: $LL_TEST_PG_URL"

status=0
ctest --test-dir "$build_dir" --output-on-failure -j "${CTEST_JOBS:-2}" || status=$?
# Hostile input: a few seconds of every libFuzzer target (its own clang tree, build/fuzz; saved
# crashes replayed first). make fuzz runs them longer. LL_FUZZ_SECONDS=0 skips it.
fuzz_seconds=${LL_FUZZ_SECONDS:-5}
if [ "$fuzz_seconds" != 0 ]; then
  scripts/fuzz.sh "$fuzz_seconds" || status=1
fi
echo "make test: $(( $(date +%s) - started )) s"
exit $status
