#!/usr/bin/env python3
"""GET /auth/practice's latency for a learner deep into a large catalogue, on PostgreSQL
(docs/performance.md "The practice queue").

  python3 bench/practice_queue.py LEARNER_API_BUILD [REQUESTS] [--report FILE]

With --report, the figures and plans are appended to FILE as a Markdown section (make bench
appends them to bench/results/latest.md).

On a throw-away cluster (scripts/pg-throwaway.sh start DIR durable), migrated by the build's
learner-api (AUTO_MIGRATE=1): 100,000 published pairs with a picture image and Swedish
statement audio, levels 1 to 100; two learners registered through the API (target Swedish), each
with 10,000 of those cards in memory (2,000 due now, 8,000 later) and a year of review log,
written by SQL as the booking leaves them: "deep" learned every tenth pair (spread over the
levels), "ordered" learned the first 10,000 in the queue's own order (level, then id), as a
learner who takes new cards from the queue does, and has none due now: its queue is new cards,
found past the 10,000 learned ones. Then REQUESTS (default 1000) sequential
GET /auth/practice (limit 20) per learner after 100 of warm-up: p50, p90, p99 and max in
milliseconds, and EXPLAIN ANALYZE of the queue's statements for each (the due plan must use
card_memory_due_idx, not scan the learner's cards).
"""
import http.client
import json
import os
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PAIRS, CARDS, DUE = 100_000, 10_000, 2_000


def psql(url, sql, *flags):
    run = subprocess.run(["psql", "-X", "-q", "-v", "ON_ERROR_STOP=1", *flags, url, "-c", sql],
                         capture_output=True, text=True)
    if run.returncode != 0:
        raise RuntimeError(f"psql: {run.stderr.strip()}")
    return run.stdout


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def call(port, method, path, body=None, token=None):
    c = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    headers = {"Content-Type": "application/json"} if body is not None else {}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    c.request(method, path, json.dumps(body) if body is not None else None, headers)
    r = c.getresponse()
    data = r.read()
    c.close()
    return r.status, json.loads(data or b"null")


def main():
    args = sys.argv[1:]
    report = None
    if "--report" in args:
        at = args.index("--report")
        report = args[at + 1]
        del args[at:at + 2]
    build = os.path.abspath(args[0])
    requests = int(args[1]) if len(args) > 1 else 1000
    lines = []

    def say(text):
        print(text)
        lines.append(text)

    work = tempfile.mkdtemp(prefix="ll-practice-")
    os.chmod(work, 0o755)
    ctl = os.path.join(REPO, "scripts/pg-throwaway.sh")
    pg_dir = os.path.join(work, "pg")
    url = subprocess.run([ctl, "start", pg_dir, "durable"], capture_output=True, text=True,
                         check=True).stdout.strip()
    server = None
    try:
        port = free_port()
        env = dict(os.environ, DATABASE_URL=url, JWT_SECRET="x" * 40, HOST="127.0.0.1",
                   PORT=str(port), LOG_LEVEL="warn", AUTO_MIGRATE="1", APP_TIMEZONE="UTC",
                   AUTH_RATE_PER_MINUTE="0", MEDIA_DIR=os.path.join(work, "media"), THREADS="2")
        server = subprocess.Popen([os.path.join(build, "apps/learner-api/learner-api")], env=env,
                                  stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        for _ in range(300):
            try:
                if call(port, "GET", "/readyz")[0] == 200:
                    break
            except OSError:
                pass
            time.sleep(0.1)
        tokens, users = {}, {}
        for name in ("deep", "ordered"):
            tokens[name] = call(port, "POST", "/auth/register",
                                {"email": f"{name}@example.com",
                                 "password": "correct horse"})[1]["token"]
            call(port, "POST", "/auth/profile",
                 {"username": name, "nativeLang": 1, "targetLang": 3}, tokens[name])
            users[name] = int(psql(url, f"SELECT id FROM users WHERE email = '{name}@example.com'",
                                   "-A", "-t"))
        user, ordered = users["deep"], users["ordered"]
        started = time.monotonic()
        psql(url, f"""
            INSERT INTO pictures (id, status, image_path)
              SELECT g, 'objects_created', 'img' || g || '.png' FROM generate_series(1, {PAIRS}) g;
            INSERT INTO statements (id, text_sv, status)
              SELECT g, 'Det är ' || g, 'published' FROM generate_series(1, {PAIRS}) g;
            INSERT INTO audios (source_table, source_id, source_field, language, file_path, mime)
              SELECT 'statements', g, 'text_sv', 'sv', 'aud' || g || '.wav', 'audio/wav'
              FROM generate_series(1, {PAIRS}) g;
            INSERT INTO pairs (id, picture_id, statement_id, answer_type, level, status)
              SELECT g, g, g, 'text', 1 + (g * 7919) % 100, 'published'
              FROM generate_series(1, {PAIRS}) g;
            INSERT INTO card_memory (user_id, due_at, last_review_at, pair_id, stability,
                                     difficulty, language_id, reps, lapses, phase, step)
              SELECT {user},
                     CASE WHEN g <= {DUE} THEN now() - (g % 240) * interval '1 hour'
                          ELSE now() + (g % 2000) * interval '1 hour' END,
                     now() - (1 + g % 60) * interval '1 day', g * 10, 1 + (g % 50), 5, 3,
                     1 + g % 9, g % 3, 2, 0
              FROM generate_series(1, {CARDS}) g;
            INSERT INTO card_memory (user_id, due_at, last_review_at, pair_id, stability,
                                     difficulty, language_id, reps, lapses, phase, step)
              SELECT {ordered}, now() + (1 + n % 2000) * interval '1 hour',
                     now() - (1 + n % 60) * interval '1 day', id, 1 + (n % 50), 5, 3,
                     1 + n % 9, n % 3, 2, 0
              FROM (SELECT id, row_number() OVER (ORDER BY level, id) AS n FROM pairs
                    ORDER BY level, id LIMIT {CARDS}) first;
            INSERT INTO review_log (user_id, reviewed_at, pair_id, elapsed_days, retrievability,
                                    stability, difficulty, language_id, rating)
              SELECT {user}, now() - g * interval '48 minutes', 10 * (1 + g % {CARDS}),
                     CASE WHEN g % 10 = 0 THEN NULL ELSE 3 END, 0.9, 4, 5, 3, 3
              FROM generate_series(1, 10950) g;""")
        psql(url, "VACUUM ANALYZE")  # not in the block above: -c runs it as one transaction
        say(f"data: {PAIRS:,} pairs; deep: {CARDS:,} cards ({DUE:,} due), 10,950 review lines; "
            f"ordered: {CARDS:,} cards (none due); written in "
            f"{time.monotonic() - started:.1f} s")
        for name, who in (("deep", user), ("ordered", ordered)):
            token = tokens[name]
            for _ in range(100):
                call(port, "GET", "/auth/practice", token=token)
            times = []
            for _ in range(requests):
                t = time.perf_counter()
                status, body = call(port, "GET", "/auth/practice", token=token)
                times.append((time.perf_counter() - t) * 1000)
                assert status == 200, body
            times.sort()
            q = lambda p: times[min(len(times) - 1, int(p * len(times)))]
            say(f"{name}: GET /auth/practice x {requests} (one client, a new connection each): "
                f"p50 {q(0.5):.2f} ms, p90 {q(0.9):.2f} ms, p99 {q(0.99):.2f} ms, "
                f"max {times[-1]:.2f} ms; due_now {body['due_now']}, "
                f"{len(body['items'])} items")
            now = "now()"
            for statement, sql in (
                    ("due", f"""SELECT pair_id, stability FROM card_memory WHERE user_id = {who}
                        AND language_id = 3 AND due_at <= {now} ORDER BY floor(date_part('epoch',
                        {now} - last_review_at) / 86400) / stability DESC, due_at, pair_id
                        LIMIT 30"""),
                    ("new_cards", f"""SELECT p.id FROM pairs p JOIN pictures pic ON pic.id =
                        p.picture_id WHERE p.status = 'published' AND pic.image_path IS NOT NULL
                        AND p.id NOT IN (SELECT m.pair_id FROM card_memory m WHERE
                        m.user_id = {who} AND m.language_id = 3) AND EXISTS (SELECT 1 FROM
                        audios a WHERE a.source_table = 'statements' AND
                        a.source_id = p.statement_id AND a.language = 'sv')
                        ORDER BY p.level, p.id LIMIT 20""")):
                say(f"-- {name}: EXPLAIN ANALYZE {statement}")
                say(psql(url, "EXPLAIN (ANALYZE, COSTS OFF, SUMMARY ON) " + sql))
        if report:
            with open(report, "a") as out:
                out.write("\n## GET /auth/practice deep into a catalogue (PostgreSQL)\n\n```\n" +
                          "\n".join(lines) + "\n```\n")
    finally:
        if server:
            server.terminate()
            server.wait(timeout=10)
        subprocess.run([ctl, "stop", pg_dir], capture_output=True)
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
