#!/usr/bin/env python3
"""Two learner-api builds compared on the same database, alternated (A B A B ...), so that a
machine whose load drifts affects both alike: the way docs/performance.md measures a change.

  bench/ab.py BUILD_A BUILD_B [ROUNDS]      e.g. a worktree of main and build/release

One database per kind in BENCH_DATABASES (default "postgresql"), migrated by B's langlearn-admin
(a newer schema serves the older binary too) and seeded with the demo content; BENCH_LEARNERS
learners registered once through B. Each round runs every scenario of BENCH_AB_SCENARIOS
(default "me progress") for BENCH_SECONDS (default 10) after BENCH_WARMUP_SECONDS on a fresh
server of each build. Prints one Markdown table: req/s per round and the median ratio B/A.
Uses bench/bench.py's pieces (Server, wrk, the learners' data file).
"""
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import bench  # noqa: E402

SCENARIOS = os.environ.get("BENCH_AB_SCENARIOS", "me progress").split()


def measure(build, db, work, name, data):
    server = bench.Server(Path(build), work, db, name).start()
    try:
        results = {}
        for scenario in SCENARIOS:
            if bench.WARMUP_SECONDS > 0:
                bench.run_wrk(server, f"{scenario}.lua", bench.WARMUP_SECONDS, data,
                              f"ab-{name}-{scenario}-warmup")
            results[scenario] = bench.run_wrk(server, f"{scenario}.lua", bench.SECONDS, data,
                                              f"ab-{name}-{scenario}")["rps"]
        return results
    finally:
        server.stop()


def main():
    if len(sys.argv) < 3:
        print(__doc__, file=sys.stderr)
        return 2
    build_a, build_b = Path(sys.argv[1]).resolve(), Path(sys.argv[2]).resolve()
    rounds = int(sys.argv[3]) if len(sys.argv) > 3 else 3
    kinds = (os.environ.get("BENCH_DATABASES", "") or "postgresql").split()
    bench.RESULTS.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(prefix="ll-ab-"))
    os.chmod(work, 0o755)
    lines = [f"A = {build_a}, B = {build_b}; {rounds} alternated rounds of "
             f"{bench.SECONDS:g} s per scenario, {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}",
             "", "| database | scenario | A req/s | B req/s | B/A (median of rounds) |",
             "|---|---|---|---|---|"]
    try:
        for kind in kinds:
            run = bench.DatabaseRun(kind, build_b, work, {})
            db = run.open_database()
            run.admin(db, "migrate")
            run.admin(db, "seed", "--demo")
            pair_ids = [int(row[0]) for row in
                        db.query("SELECT id FROM pairs WHERE status = 'published' ORDER BY id")]
            server = bench.Server(build_b, run.work, db, "register").start()
            learners = bench.register_learners(server, "ab", bench.LEARNERS)
            server.stop()
            data = run.work / "learners.lua"
            bench.write_wrk_data(data, learners, pair_ids)
            a_runs, b_runs = [], []
            for i in range(rounds):
                bench.log(f"{kind}: round {i + 1}/{rounds}")
                a_runs.append(measure(build_a, db, run.work, f"a{i}", data))
                b_runs.append(measure(build_b, db, run.work, f"b{i}", data))
            for scenario in SCENARIOS:
                a = [r[scenario] for r in a_runs]
                b = [r[scenario] for r in b_runs]
                ratio = statistics.median(y / x for x, y in zip(a, b))
                lines.append(f"| {kind} | {scenario} | {' / '.join(f'{v:,.0f}' for v in a)} | "
                             f"{' / '.join(f'{v:,.0f}' for v in b)} | {ratio:.3f} |")
            bench.cleanup()
    finally:
        bench.cleanup()
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    sys.exit(main())
