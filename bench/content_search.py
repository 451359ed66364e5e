#!/usr/bin/env python3
"""Search across content in three languages at 100,000 items: which index (docs/performance.md
"Content search at 100,000 items"). The studio's content lists (pairs, words, statements and
questions across pictures) search a text in German, English and Swedish; this measures the
candidates on both databases before one is built in.

  python3 bench/content_search.py [ITEMS] [QUERIES]

ITEMS (default 100,000) rows of three texts each, sentences of 3 to 7 real headwords from
Debian's FreeDict dictionaries (German-English for the German and English columns' vocabulary,
German-Swedish for the Swedish one: what matters here is the length and the letters); QUERIES
(default 300) search terms of 3 to 8 letters, cut from words of random rows (so most are found;
frequent short ones find thousands of rows, rare long ones a few). Each query asks for the first
page of a list: the ids of the matching rows, 50, in id order. Reported per candidate: p50, p99
and max in milliseconds, the index's size and build time.

SQLite (Python's sqlite3 on Debian's libsqlite3, the library the services use): a scan with
LIKE; FTS5 with the trigram tokenizer (substrings, case-folded). PostgreSQL (a throw-away
cluster, scripts/pg-throwaway.sh): a scan with ILIKE; pg_trgm's GIN index with ILIKE (substrings);
a 'simple' tsvector GIN index with prefix queries (words that start with the term only: "katz"
finds "Katze", not "Hauskatze").
"""
import os
import random
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DICTS = ("/usr/share/dictd/freedict-deu-eng.index", "/usr/share/dictd/freedict-deu-swe.index")
PAGE = 50


def headwords(path):
    words = []
    with open(path, encoding="utf-8", errors="replace") as f:
        for line in f:
            word = line.split("\t", 1)[0]
            if word.isalpha() and 3 <= len(word) <= 20:
                words.append(word)
    return words


def dataset(items, rng):
    de_en, de_sv = headwords(DICTS[0]), headwords(DICTS[1])
    sentence = lambda vocab: " ".join(rng.choice(vocab) for _ in range(rng.randint(3, 7)))
    return [(i + 1, sentence(de_en), sentence(de_en), sentence(de_sv)) for i in range(items)]


def terms(rows, count, rng):
    out = []
    while len(out) < count:
        word = rng.choice(rng.choice(rows)[1 + rng.randrange(3)].split())
        n = rng.randint(3, min(8, len(word)))
        start = rng.randrange(len(word) - n + 1)
        out.append(word[start:start + n].lower())
    return out


def timed(run, queries):
    run(queries[0])  # warm
    times = []
    for q in queries:
        t = time.perf_counter()
        run(q)
        times.append((time.perf_counter() - t) * 1000)
    return percentiles(times)


def percentiles(times):
    times = sorted(times)
    return {"p50": statistics.median(times), "p99": times[int(len(times) * 0.99) - 1],
            "max": times[-1]}


def sqlite_candidates(rows, queries, folder):
    path = os.path.join(folder, "search.sqlite")
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE items (id INTEGER PRIMARY KEY, de TEXT, en TEXT, sv TEXT)")
    db.executemany("INSERT INTO items VALUES (?, ?, ?, ?)", rows)
    db.commit()
    out = {}
    scan = lambda q: db.execute(
        "SELECT id FROM items WHERE de LIKE ?1 OR en LIKE ?1 OR sv LIKE ?1 ORDER BY id LIMIT ?2",
        (f"%{q}%", PAGE)).fetchall()
    out["SQLite: LIKE scan"] = timed(scan, queries) | {"index": "none", "build_s": 0.0}
    t = time.perf_counter()
    db.execute("CREATE VIRTUAL TABLE items_fts USING fts5(de, en, sv, content='items', "
               "content_rowid='id', tokenize='trigram')")
    db.execute("INSERT INTO items_fts(items_fts) VALUES ('rebuild')")
    db.commit()
    build = time.perf_counter() - t
    size = db.execute("SELECT sum(pgsize) FROM dbstat WHERE name LIKE 'items_fts%'").fetchone()[0]
    fts = lambda q: db.execute(
        "SELECT rowid FROM items_fts WHERE items_fts MATCH ?1 ORDER BY rowid LIMIT ?2",
        ('"' + q.replace('"', '""') + '"', PAGE)).fetchall()
    out["SQLite: FTS5 trigram"] = timed(fts, queries) | {"index": f"{size / 2**20:.1f} MiB",
                                                         "build_s": build}
    # Both find the same rows (the trigram tokenizer folds case as LIKE does for these letters).
    mismatched = sum(1 for q in queries[:50] if [r[0] for r in scan(q)] != [r[0] for r in fts(q)])
    out["SQLite: FTS5 trigram"]["mismatch"] = mismatched
    db.close()
    return out


def psql(url, sql):
    run = subprocess.run(["psql", "-X", "-q", "-At", "-v", "ON_ERROR_STOP=1", url, "-c", sql],
                         capture_output=True, text=True)
    if run.returncode != 0:
        sys.exit(f"content_search: psql: {run.stderr.strip()}")
    return run.stdout.strip()


def postgres_candidates(rows, queries, folder):
    """Timed inside the server (a PL/pgSQL loop, EXECUTE planned per query as the services'
    one-shot statements are): what the index costs, without the client's round trip."""
    cluster = f"/tmp/ll-search-pg-{os.getpid()}"  # the postgres user must reach it
    ctl = os.path.join(REPO, "scripts", "pg-throwaway.sh")
    url = subprocess.run([ctl, "start", cluster], capture_output=True, text=True,
                         check=True).stdout.strip()
    try:
        data, words = os.path.join(folder, "items.tsv"), os.path.join(folder, "terms.tsv")
        with open(data, "w", encoding="utf-8") as f:
            f.writelines("\t".join(str(v) for v in r) + "\n" for r in rows)
        with open(words, "w", encoding="utf-8") as f:
            f.writelines(f"{n}\t{q}\n" for n, q in enumerate(queries))
        psql(url, "CREATE EXTENSION IF NOT EXISTS pg_trgm")
        psql(url, "CREATE TABLE items (id bigint PRIMARY KEY, de text, en text, sv text);"
                  "CREATE TABLE bench_terms (n int, q text)")
        psql(url, f"\\copy items FROM '{data}'")
        psql(url, f"\\copy bench_terms FROM '{words}'")
        psql(url, "VACUUM ANALYZE items")
        psql(url, """CREATE FUNCTION bench_times(statement text) RETURNS SETOF double precision
            LANGUAGE plpgsql AS $$
            DECLARE term text; started timestamptz; found bigint[];
            BEGIN
              EXECUTE statement INTO found USING (SELECT q FROM bench_terms WHERE n = 0);
              FOR term IN SELECT q FROM bench_terms ORDER BY n LOOP
                started := clock_timestamp();
                EXECUTE statement INTO found USING term;
                RETURN NEXT extract(epoch FROM clock_timestamp() - started) * 1000;
              END LOOP;
            END $$""")
        doc = "(de || ' ' || en || ' ' || sv)"
        page = f"SELECT array_agg(id) FROM (SELECT id FROM items WHERE {{}} ORDER BY id LIMIT {PAGE}) s"
        like = page.format(f"{doc} ILIKE '%' || $1 || '%'")
        vector = f"to_tsvector('simple', {doc})"
        prefix = page.format(f"{vector} @@ to_tsquery('simple', $1 || ':*')")

        def measure(statement):
            return percentiles(float(t) for t in psql(
                url, f"SELECT bench_times({sql_literal(statement)})").split())

        def build(index):
            t = time.perf_counter()
            psql(url, index)
            seconds = time.perf_counter() - t
            psql(url, "ANALYZE items")
            name = index.split()[2]
            size = int(psql(url, f"SELECT pg_relation_size('{name}')"))
            return {"index": f"{size / 2**20:.1f} MiB", "build_s": seconds}

        out = {"PostgreSQL: ILIKE scan": measure(like) | {"index": "none", "build_s": 0.0}}
        made = build(f"CREATE INDEX items_trgm ON items USING gin ({doc} gin_trgm_ops)")
        out["PostgreSQL: pg_trgm GIN"] = measure(like) | made
        psql(url, "DROP INDEX items_trgm")
        made = build(f"CREATE INDEX items_tsv ON items USING gin ({vector})")
        out["PostgreSQL: tsvector prefix GIN"] = measure(prefix) | made
        return out
    finally:
        subprocess.run([ctl, "stop", cluster], capture_output=True)


def sql_literal(text):
    return "'" + text.replace("'", "''") + "'"


def main():
    items = int(sys.argv[1]) if len(sys.argv) > 1 else 100_000
    count = int(sys.argv[2]) if len(sys.argv) > 2 else 300
    rng = random.Random(47)
    rows = dataset(items, rng)
    queries = terms(rows, count, rng)
    with tempfile.TemporaryDirectory(prefix="ll-search-") as folder:
        results = sqlite_candidates(rows, queries, folder) | postgres_candidates(rows, queries, folder)
    print(f"{items:,} items, {count} queries, first page of {PAGE} ids in id order")
    print("| candidate | p50 ms | p99 ms | max ms | index | build s |")
    print("|---|---|---|---|---|---|")
    for name, r in results.items():
        print(f"| {name} | {r['p50']:.2f} | {r['p99']:.2f} | {r['max']:.2f} | {r['index']} "
              f"| {r['build_s']:.1f} |" + (f" (rows differing from the scan: {r['mismatch']} of 50)"
                                           if "mismatch" in r else ""))


if __name__ == "__main__":
    main()
