#!/usr/bin/env python3
"""Storage per learner-year on PostgreSQL (docs/operations.md "Capacity on paper").

  python3 bench/learner_year_storage.py LEARNER_API [LEARNERS]

On a throw-away cluster (scripts/pg-throwaway.sh) with the migrations applied (learner-api's
AUTO_MIGRATE): 2,000 published pairs in one or two of the categories each (as make bench's
growth rows), LEARNERS learners (default 500) registered through the API, each of whom books
today's 30 answers through the API with an Idempotency-Key (what the service really stores, and
the WAL it writes), then the rest of a year as the booking would have left it, by SQL: 364
earlier days in user_daily_activity, 1,500 practised pairs in user_pair_progress, the category
totals of those pairs, every achievement. Prints pg_total_relation_size per table (learner
tables, minus the same tables before the learners) per learner, after VACUUM.
"""
import concurrent.futures
import http.client
import json
import os
import random
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import uuid

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PAIRS = 2000
PRACTISED = 1500
ANSWERS_PER_DAY = 30
DAYS = 365
LEARNER_TABLES = ("users", "user_names", "users_public", "user_pair_progress",
                  "user_daily_activity", "user_category_stats", "user_achievements",
                  "idempotency_keys")


def psql(url, sql):
    run = subprocess.run(["psql", "-X", "-q", "-A", "-t", "-v", "ON_ERROR_STOP=1", url, "-c", sql],
                         capture_output=True, text=True)
    if run.returncode != 0:
        raise RuntimeError(f"psql: {run.stderr.strip()}")
    out = run.stdout
    return [line.split("|") for line in out.splitlines() if line]


def call(port, method, path, body, token=None, headers=None, connection=None):
    c = connection or http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    h = {"Content-Type": "application/json", **(headers or {})}
    if token:
        h["Authorization"] = "Bearer " + token
    c.request(method, path, body=json.dumps(body), headers=h)
    r = c.getresponse()
    data = r.read()
    if connection is None:
        c.close()
    return r.status, json.loads(data) if data else None


def sizes(url):
    rows = psql(url, "SELECT relname, pg_total_relation_size(oid) FROM pg_class WHERE relname IN ("
                + ",".join(f"'{t}'" for t in LEARNER_TABLES) + ") AND relkind = 'r'")
    return {name: int(size) for name, size in rows}


def main(argv):
    learner_api = argv[1]
    learners = int(argv[2]) if len(argv) > 2 else 500
    work = tempfile.mkdtemp(prefix="ll-storage-")
    os.chmod(work, 0o755)
    pg_dir = os.path.join(work, "pg")
    throwaway = os.path.join(REPO, "scripts", "pg-throwaway.sh")
    url = subprocess.run([throwaway, "start", pg_dir], check=True, capture_output=True,
                         text=True).stdout.strip()
    server = None
    try:
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            port = s.getsockname()[1]
        env = {"PATH": os.environ["PATH"], "DATABASE_URL": url, "PORT": str(port), "THREADS": "2",
               "JWT_SECRET": "storage-measurement-secret-0123456789", "MEDIA_DIR": work + "/media",
               "AUTH_RATE_PER_MINUTE": "0", "LOGIN_FAILURES_PER_EMAIL": "0", "LOG_LEVEL": "warn",
               "APP_TIMEZONE": "UTC", "AUTO_MIGRATE": "1"}
        server = subprocess.Popen([learner_api], env=env, stdout=subprocess.DEVNULL)
        for _ in range(200):
            try:
                if call(port, "GET", "/readyz", None)[0] == 200:
                    break
            except OSError:
                pass
            time.sleep(0.1)
        categories = [int(r[0]) for r in psql(url, "SELECT id FROM categories ORDER BY id")]
        before_pairs = int(psql(url, "SELECT COALESCE(MAX(id), 0) FROM pairs")[0][0])
        types = ("word", "question", "text", "yes_no")
        psql(url, "INSERT INTO pairs (answer_type, status) VALUES " + ",".join(
            f"('{types[k % 4]}', 'published')" for k in range(PAIRS)))
        pairs = [int(r[0]) for r in psql(url, f"SELECT id FROM pairs WHERE id > {before_pairs} "
                                              "ORDER BY id")]
        links = set()
        for k, pair in enumerate(pairs):
            links.add((pair, categories[k % len(categories)]))
            if k % 2 == 0:
                links.add((pair, categories[(k * 7 + 3) % len(categories)]))
        psql(url, "INSERT INTO pair_categories (pair_id, category_id) VALUES " +
             ",".join(f"({p}, {c})" for p, c in sorted(links)))
        psql(url, "VACUUM ANALYZE")
        empty = sizes(url)

        def register(i):
            status, answer = call(port, "POST", "/auth/register",
                                  {"email": f"year{i}@example.com", "password": "correct horse 42"})
            assert status == 201, (status, answer)
            token = answer["token"]
            status, answer = call(port, "POST", "/auth/profile",
                                  {"username": f"year{i}", "nativeLang": 1, "targetLang": 3}, token)
            assert status == 201, (status, answer)
            return token

        with concurrent.futures.ThreadPoolExecutor(4) as pool:
            tokens = list(pool.map(register, range(learners)))
        wal_before = psql(url, "SELECT pg_current_wal_lsn()")[0][0]
        rng = random.Random(7)

        def book_day(token):
            c = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
            for _ in range(ANSWERS_PER_DAY):
                pair = pairs[rng.randrange(PRACTISED)]
                status, answer = call(port, "POST", "/auth/progress",
                                      {"pair_id": pair, "correct": rng.random() < 0.75,
                                       "points": rng.randint(1, 20)}, token,
                                      {"Idempotency-Key": str(uuid.uuid4())}, c)
                assert status == 200, (status, answer)
            c.close()

        started = time.monotonic()
        with concurrent.futures.ThreadPoolExecutor(4) as pool:
            list(pool.map(book_day, tokens))
        booking_seconds = time.monotonic() - started
        wal_bytes = int(psql(url, f"SELECT pg_current_wal_lsn() - '{wal_before}'::pg_lsn")[0][0])
        keys = int(psql(url, "SELECT count(*) FROM idempotency_keys")[0][0])
        key_bytes = float(psql(url, "SELECT avg(pg_column_size(k.*)) FROM idempotency_keys k")[0][0])

        # The rest of the year, as 364 earlier days of bookings would have left it.
        first, last = pairs[0], pairs[PRACTISED - 1]
        seen = ANSWERS_PER_DAY * DAYS // PRACTISED
        psql(url, f"""
            INSERT INTO user_pair_progress (user_id, pair_id, seen_count, correct_count,
                                            wrong_count, earned_points)
            SELECT u.user_id, p.id, {seen}, {seen * 3 // 4}, {seen - seen * 3 // 4}, {seen * 10}
              FROM users_public u CROSS JOIN pairs p WHERE p.id BETWEEN {first} AND {last}
            ON CONFLICT (user_id, pair_id) DO NOTHING;
            INSERT INTO user_daily_activity (user_id, activity_date, ep_earned, cards_done,
                                             correct_count)
            SELECT u.user_id, current_date - g, {ANSWERS_PER_DAY * 10}, {ANSWERS_PER_DAY},
                   {ANSWERS_PER_DAY * 3 // 4}
              FROM users_public u CROSS JOIN generate_series(1, {DAYS - 1}) g
            ON CONFLICT (user_id, activity_date) DO NOTHING;
            INSERT INTO user_category_stats (user_id, category_id, points, seen)
            SELECT DISTINCT u.user_id, pc.category_id, 1000, 100
              FROM users_public u CROSS JOIN pair_categories pc
             WHERE pc.pair_id BETWEEN {first} AND {last}
            ON CONFLICT (user_id, category_id) DO NOTHING;
            INSERT INTO user_achievements (user_id, achievement_id, unlocked_at)
            SELECT u.user_id, a.id, now() FROM users_public u CROSS JOIN achievements a
            ON CONFLICT (user_id, achievement_id) DO NOTHING;""")
        psql(url, "VACUUM ANALYZE")
        year = sizes(url)
        counts = {t: int(psql(url, f"SELECT count(*) FROM {t}")[0][0]) for t in LEARNER_TABLES}
        print(f"learners {learners}, {PAIRS} published pairs, {PRACTISED} practised each, "
              f"{ANSWERS_PER_DAY} answers/day for {DAYS} days")
        print(f"today's bookings through the API: {learners * ANSWERS_PER_DAY} in "
              f"{booking_seconds:.1f} s; WAL {wal_bytes / (learners * ANSWERS_PER_DAY):.0f} "
              f"bytes per booking; {keys} idempotency keys, {key_bytes:.0f} bytes per row")
        print("| table | rows per learner | bytes per learner (table + indexes) |")
        print("|---|---|---|")
        total = 0
        for t in LEARNER_TABLES:
            per = (year.get(t, 0) - empty.get(t, 0)) / learners
            total += per
            print(f"| {t} | {counts[t] / learners:g} | {per:,.0f} |")
        print(f"| total | | {total:,.0f} |")
    finally:
        if server:
            server.terminate()
            server.wait()
        subprocess.run([throwaway, "stop", pg_dir], check=False)
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main(sys.argv))
