#!/usr/bin/env python3
"""GET /api/content/pairs at 100,000 pairs, through authoring-api, on SQLite and PostgreSQL
(docs/performance.md "Content lists at 100,000 pairs").

  python3 bench/content_lists.py BUILD [PAIRS] [QUERIES] [--report FILE]

With --report, the figures are appended to FILE as a Markdown section (make bench appends them to
bench/results/latest.md).

Per database: the schema made by the build's langlearn-admin (migrations with the search indexes
of 0024), then PAIRS (default 100,000) pairs, each with its own statement of three sentences
of real headwords (bench/content_search.py's data: FreeDict's German-English and German-Swedish
indexes), levels 1 to 100, every third published, written by SQL. Then QUERIES (default 300)
searches, each the first page (50) of GET /api/content/pairs?q=TERM in id order, the term cut
from a random pair's words (3 to 8 letters: frequent short ones match thousands of pairs, long
ones a few), one client, a new connection each, after 20 of warm-up; and 100 pages of the
unsearched list filtered by status and sorted by level. Reported: p50, p99 and max in ms.
"""
import http.client
import json
import os
import random
import shutil
import socket
import sqlite3
import subprocess
import sys
import tempfile
import time
import urllib.parse

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from content_search import dataset, percentiles, terms  # noqa: E402

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TOKEN = "bench-dev-token-0123456789abcdef"


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def get(port, path):
    c = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    c.request("GET", path, headers={"Authorization": f"Bearer {TOKEN}"})
    r = c.getresponse()
    data = r.read()
    c.close()
    return r.status, json.loads(data or b"null")


def psql(url, sql):
    run = subprocess.run(["psql", "-X", "-q", "-v", "ON_ERROR_STOP=1", url, "-c", sql],
                         capture_output=True, text=True)
    if run.returncode != 0:
        raise RuntimeError(f"psql: {run.stderr.strip()}")
    return run.stdout


def fill_sqlite(path, rows):
    db = sqlite3.connect(path)
    db.execute("INSERT INTO pictures (id, status, title) VALUES (1, 'objects_created', 'Bench')")
    db.executemany("INSERT INTO statements (id, text_de, text_en, text_sv) VALUES (?, ?, ?, ?)",
                   rows)
    db.executemany(
        "INSERT INTO pairs (id, picture_id, statement_id, answer_type, level, status) "
        "VALUES (?, 1, ?, 'text', ?, ?)",
        [(r[0], r[0], 1 + r[0] * 7919 % 100, "published" if r[0] % 3 == 0 else "draft")
         for r in rows])
    db.commit()
    db.execute("ANALYZE")
    db.close()


def fill_postgresql(url, rows, folder):
    data = os.path.join(folder, "statements.tsv")
    with open(data, "w", encoding="utf-8") as f:
        f.writelines("\t".join(str(v) for v in r) + "\n" for r in rows)
    psql(url, "INSERT INTO pictures (id, status, title) VALUES (1, 'objects_created', 'Bench')")
    psql(url, f"\\copy statements (id, text_de, text_en, text_sv) FROM '{data}'")
    psql(url, f"""INSERT INTO pairs (id, picture_id, statement_id, answer_type, level, status)
                  SELECT id, 1, id, 'text', 1 + id * 7919 % 100,
                         CASE WHEN id % 3 = 0 THEN 'published' ELSE 'draft' END
                  FROM statements""")
    psql(url, "VACUUM ANALYZE")


def measure(build, url, queries, work):
    port = free_port()
    env = dict(os.environ, DATABASE_URL=url, JWT_SECRET="x" * 40, HOST="127.0.0.1",
               PORT=str(port), LOG_LEVEL="warn", DEV_TOKENS=TOKEN, THREADS="2",
               MEDIA_DIR=os.path.join(work, "media"))
    server = subprocess.Popen([os.path.join(build, "apps/authoring-api/authoring-api")], env=env,
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        for _ in range(300):
            try:
                if get(port, "/readyz")[0] == 200:
                    break
            except OSError:
                pass
            time.sleep(0.1)

        def timed(paths):
            for p in paths[:20]:
                get(port, p)
            times, found = [], 0
            for p in paths:
                t = time.perf_counter()
                status, body = get(port, p)
                times.append((time.perf_counter() - t) * 1000)
                assert status == 200, body
                found += body["total"]
            return percentiles(times) | {"mean_total": found / len(paths)}

        search = timed([f"/api/content/pairs?q={urllib.parse.quote(q)}" for q in queries])
        browse = timed([f"/api/content/pairs?status=published&sort=level&offset={50 * i}"
                        for i in range(100)])
        return search, browse
    finally:
        server.terminate()
        server.wait(timeout=10)


def main():
    args = sys.argv[1:]
    report = None
    if "--report" in args:
        at = args.index("--report")
        report = args[at + 1]
        del args[at:at + 2]
    build = os.path.abspath(args[0])
    pairs = int(args[1]) if len(args) > 1 else 100_000
    count = int(args[2]) if len(args) > 2 else 300
    rng = random.Random(47)
    rows = dataset(pairs, rng)
    queries = terms(rows, count, rng)
    admin = os.path.join(build, "apps/langlearn-admin/langlearn-admin")
    lines = [f"{pairs:,} pairs, {count} searches (first page of 50), one client, "
             "a new connection each"]
    work = tempfile.mkdtemp(prefix="ll-lists-")
    os.chmod(work, 0o755)
    ctl = os.path.join(REPO, "scripts/pg-throwaway.sh")
    pg_dir = os.path.join(work, "pg")
    try:
        sqlite_url = f"sqlite://{work}/lists.db"
        pg_url = subprocess.run([ctl, "start", pg_dir], capture_output=True, text=True,
                                check=True).stdout.strip()
        for name, url in (("SQLite", sqlite_url), ("PostgreSQL", pg_url)):
            subprocess.run([admin, "migrate"], env=dict(os.environ, DATABASE_URL=url),
                           check=True, capture_output=True)
            started = time.monotonic()
            if name == "SQLite":
                fill_sqlite(f"{work}/lists.db", rows)
            else:
                fill_postgresql(url, rows, work)
            filled = time.monotonic() - started
            search, browse = measure(build, url, queries, work)
            for what, r in (("search q=TERM", search), ("status=published&sort=level pages",
                                                         browse)):
                lines.append(f"{name}: {what}: p50 {r['p50']:.2f} ms, p99 {r['p99']:.2f} ms, "
                             f"max {r['max']:.2f} ms (mean total {r['mean_total']:,.0f})")
            lines.append(f"{name}: data written in {filled:.1f} s")
            print("\n".join(lines[-3:]), flush=True)
        if report:
            with open(report, "a") as out:
                out.write("\n## GET /api/content/pairs at 100,000 pairs\n\n```\n" +
                          "\n".join(lines) + "\n```\n")
    finally:
        subprocess.run([ctl, "stop", pg_dir], capture_output=True)
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
