#!/usr/bin/env python3
"""Two learner-api builds compared on the same database, alternated (A B A B ...), so that a
machine whose load drifts affects both alike: the way docs/performance.md measures a change.

  bench/ab.py BUILD_A BUILD_B [ROUNDS]      e.g. a worktree of main and build/release

Per kind in BENCH_DATABASES (default "postgresql"), one database per build, migrated by that
build's own langlearn-admin (each binary meets the schema it was built for: migration 0006
removed the function the older learner-api books through) and seeded with the same demo
content; BENCH_LEARNERS learners registered once in each through its build. Each round runs every scenario of BENCH_AB_SCENARIOS
(default "me progress") for BENCH_SECONDS (default 10) after BENCH_WARMUP_SECONDS on a fresh
server of each build, in the listed order in odd rounds and the reverse order in even ones. Prints one Markdown table: req/s per round and the median ratio B/A.
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


def measure(build, db, work, name, data, order):
    server = bench.Server(Path(build), work, db, name).start()
    try:
        results = {}
        for scenario in order:
            if bench.WARMUP_SECONDS > 0:
                bench.run_wrk(server, f"{scenario}.lua", bench.WARMUP_SECONDS, data,
                              f"ab-{name}-{scenario}-warmup")
            results[scenario] = bench.run_wrk(server, f"{scenario}.lua", bench.SECONDS, data,
                                              f"ab-{name}-{scenario}")["rps"]
        return results
    finally:
        server.stop()


def prepare(kind, build, work):
    """A database of `kind` for one build: migrated and seeded by it, learners registered
    through it. Answers (database, run, wrk data file)."""
    work.mkdir(exist_ok=True)
    os.chmod(work, 0o755)
    run = bench.DatabaseRun(kind, build, work, {})
    db = run.open_database()
    run.admin(db, "migrate")
    run.admin(db, "seed", "--demo")
    pair_ids = [int(row[0]) for row in
                db.query("SELECT id FROM pairs WHERE status = 'published' ORDER BY id")]
    server = bench.Server(build, run.work, db, "register").start()
    learners = bench.register_learners(server, "ab", bench.LEARNERS)
    server.stop()
    data = run.work / "learners.lua"
    bench.write_wrk_data(data, learners, pair_ids, bench.text_pairs(db))
    return db, run, data


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
            side_a = prepare(kind, build_a, work / "a")
            side_b = prepare(kind, build_b, work / "b")
            a_runs, b_runs = [], []
            for i in range(rounds):
                bench.log(f"{kind}: round {i + 1}/{rounds}")
                # Every other round runs the scenarios in the reverse order: a scenario that
                # always ran second would always meet the larger database and the warmer
                # server the first one left behind.
                order = SCENARIOS if i % 2 == 0 else SCENARIOS[::-1]
                a_runs.append(measure(build_a, side_a[0], side_a[1].work, f"a{i}", side_a[2], order))
                b_runs.append(measure(build_b, side_b[0], side_b[1].work, f"b{i}", side_b[2], order))
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
