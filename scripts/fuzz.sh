#!/usr/bin/env bash
# The libFuzzer targets of fuzz/ (docs/testing.md "Fuzzing"): builds the clang tree (LL_FUZZ),
# replays every saved crash in fuzz/regressions/<target>/ (each must pass), then fuzzes each
# target for SECONDS from its seed corpus, copied to a scratch folder under the build dir so the
# repository is not touched. A crash (nonzero exit) keeps its input there and fails the run.
#   scripts/fuzz.sh SECONDS [TARGET...]      (make fuzz: 300 s each; make test: a few seconds)
# LL_FUZZ_BUILD_DIR: the build dir (default build/fuzz).
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:?usage: scripts/fuzz.sh SECONDS [TARGET...]}
shift
build_dir=${LL_FUZZ_BUILD_DIR:-build/fuzz}
jobs=${JOBS:-$(nproc)}
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then  # every fuzz/<target>_fuzz.cpp
  for f in fuzz/*_fuzz.cpp; do f=${f#fuzz/}; targets+=("${f%_fuzz.cpp}"); done
fi
for t in "${targets[@]}"; do
  [ -f "fuzz/${t}_fuzz.cpp" ] || { echo "fuzz.sh: no target $t (fuzz/${t}_fuzz.cpp)" >&2; exit 2; }
done

cmake -S . -B "$build_dir" -G Ninja -DCMAKE_CXX_COMPILER=clang++ -DCMAKE_BUILD_TYPE= -DLL_FUZZ=ON \
  -DBUILD_TESTING=OFF >/dev/null
cmake --build "$build_dir" -j "$jobs" --target "${targets[@]/#/fuzz_}"

# Findings must fail loudly; leaks count (LeakSanitizer, after an input and at exit).
export ASAN_OPTIONS=${ASAN_OPTIONS:-abort_on_error=1:detect_leaks=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}

status=0
echo "fuzz.sh: replaying fuzz/regressions"
for t in "${targets[@]}"; do
  shopt -s nullglob
  saved=(fuzz/regressions/"$t"/*)
  shopt -u nullglob
  [ ${#saved[@]} -eq 0 ] && continue
  if "$build_dir/fuzz/fuzz_$t" "${saved[@]}" >"$build_dir/fuzz-replay-$t.log" 2>&1; then
    echo "  $t: ${#saved[@]} saved inputs pass"
  else
    echo "  $t: a saved input fails again; see $build_dir/fuzz-replay-$t.log" >&2
    tail -n 30 "$build_dir/fuzz-replay-$t.log" >&2
    status=1
  fi
done

final_stat() { sed -n "s/^stat::$2: *//p" "$1" | tail -n 1; }
printf '%-16s %12s %10s %10s %8s\n' target executions exec/s new-units crashes
for t in "${targets[@]}"; do
  run="$build_dir/fuzz-runs/$t"
  rm -rf "$run/corpus"
  mkdir -p "$run/corpus" "$run/crashes"
  cp fuzz/corpus/"$t"/* "$run/corpus/"
  ls "$run/crashes" >"$run/crashes-before"
  extra=()
  [ -f "fuzz/dict/$t.dict" ] && extra=(-dict="fuzz/dict/$t.dict")
  # The server's threads allocate and free on their own schedule, so libFuzzer would re-run most
  # inputs to look for a leak (4 times slower); LeakSanitizer still checks at exit.
  [ "$t" = http ] && extra+=(-detect_leaks=0)
  # -timeout: an input taking 10 s is a hang (the HTTP target's own limits are 1 s and 5 s).
  rc=0
  "$build_dir/fuzz/fuzz_$t" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
    -print_final_stats=1 -artifact_prefix="$run/crashes/" "${extra[@]}" "$run/corpus" \
    >"$run/log" 2>&1 || rc=$?
  new_files=$(ls "$run/crashes" | comm -13 "$run/crashes-before" -)
  crashes=$(printf '%s' "$new_files" | grep -c . || true)
  [ $rc -ne 0 ] && [ $crashes -eq 0 ] && crashes=1  # failed without an artifact: still a failure
  printf '%-16s %12s %10s %10s %8s\n' "$t" "$(final_stat "$run/log" number_of_executed_units)" \
    "$(final_stat "$run/log" average_exec_per_sec)" "$(final_stat "$run/log" new_units_added)" "$crashes"
  if [ $rc -ne 0 ]; then
    status=1
    echo "  $t failed (exit $rc): log $run/log" >&2
    for f in $new_files; do
      echo "  input kept: $run/crashes/$f  (reproduce: $build_dir/fuzz/fuzz_$t $run/crashes/$f)" >&2
    done
    grep -aE 'ERROR: |==FUZZ FINDING==|runtime error' "$run/log" | head -n 5 >&2 || true
  fi
done
exit $status
