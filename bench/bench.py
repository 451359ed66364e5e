#!/usr/bin/env python3
"""make bench: the benchmark of docs/performance.md, unattended, Python standard library only.

For each database (a SQLite file in a temporary directory, a throw-away PostgreSQL cluster from
scripts/pg-throwaway.sh) it starts learner-api (the Release build), migrates, seeds the demo
content, registers the learners with profiles through the API, and then measures:

  * the load scenarios with wrk (bench/wrk/<scenario>.lua): progress, stats, me, languages, login
    - req/s, p50, p99, non-2xx, learner-api's peak RSS per scenario;
  * a login burst: `me` while a second wrk logs in, against `me` alone;
  * the database's own ceiling for a booking: pgbench with bench/pgbench/booking.sql, or for
    SQLite bench/sqlite_ceiling.cpp (ProgressStore::book in a loop on the same file);
  * RSS before and after 1,000 idle keep-alive connections;
  * growth: GET /auth/stats for learners with 10 / 1,000 / 10,000 practised pairs and 1 / 3
    years of daily history.

It prints one Markdown report and writes it to bench/results/latest.md; raw tool outputs go to
bench/results/*.tmp (git-ignored). Every process it starts is stopped on exit.

  bench/bench.py [BUILD_DIR]          (scripts/bench.sh, make bench)

Environment (all optional):
  BENCH_SECONDS=10        measured seconds per scenario (and the ceiling and the burst)
  BENCH_LOGIN_SECONDS=5   measured seconds of the login scenario
  BENCH_WARMUP_SECONDS=2  warm-up before each scenario (not measured)
  BENCH_GROWTH_SECONDS=3  seconds of GET /auth/stats per growth row (one connection)
  BENCH_CONNECTIONS=32, BENCH_WRK_THREADS=2, BENCH_LEARNERS=200, BENCH_IDLE_CONNECTIONS=1000
  BENCH_SERVER_THREADS=2  learner-api THREADS; DB_POOL_SIZE passes through when set
  BENCH_DATABASES="sqlite postgresql"
"""

import concurrent.futures
import datetime
import http.client
import json
import os
import platform
import random
import re
import resource
import shutil
import signal
import socket
import statistics
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BENCH = ROOT / "bench"
RESULTS = BENCH / "results"
WRK_DIR = BENCH / "wrk"


def env_float(name, default):
    value = os.environ.get(name, "")
    return float(value) if value else default


def env_int(name, default):
    return int(env_float(name, default))


SECONDS = env_float("BENCH_SECONDS", 10)
LOGIN_SECONDS = env_float("BENCH_LOGIN_SECONDS", 5)
WARMUP_SECONDS = env_float("BENCH_WARMUP_SECONDS", 2)
GROWTH_SECONDS = env_float("BENCH_GROWTH_SECONDS", 3)
CONNECTIONS = env_int("BENCH_CONNECTIONS", 32)
WRK_THREADS = env_int("BENCH_WRK_THREADS", 2)
LEARNERS = env_int("BENCH_LEARNERS", 200)
IDLE_CONNECTIONS = env_int("BENCH_IDLE_CONNECTIONS", 1000)
SERVER_THREADS = env_int("BENCH_SERVER_THREADS", 2)
DATABASES = os.environ.get("BENCH_DATABASES", "") or "sqlite postgresql"
BURST_LOGIN_CONNECTIONS = 8
PASSWORD = "bench-password-1"
JWT_SECRET = "bench-secret-0123456789abcdefghijklmnop"

# The targets of docs/performance.md "Latest figures": (req/s at least, p99 ms at most or None).
TARGETS = {
    ("progress", "postgresql"): (6000, 15),
    ("progress", "sqlite"): (5000, 15),
    # Graded answers: 0.9 of the booking's targets (docs/learning.md "Graded answers").
    ("answers", "postgresql"): (5400, 15),
    ("answers", "sqlite"): (4500, 15),
    ("stats", None): (5000, 10),
    ("me", None): (10000, 10),
    ("languages", None): (40000, 10),
}
CEILING_RATIO_TARGET = {"postgresql": 0.75}
RSS_PEAK_TARGET_KIB = 64 * 1024
IDLE_CONNECTION_TARGET_KIB = 100
GROWTH_ROWS = [(10, 1), (10, 3), (1000, 1), (1000, 3), (10000, 1), (10000, 3)]
ANSWER_TYPES = ["word", "question", "text", "yes_no"]


class BenchError(Exception):
    pass


def log(message):
    print(f"[bench {time.strftime('%H:%M:%S')}] {message}", file=sys.stderr, flush=True)


# --- processes: every one started is stopped on exit -------------------------------------------

_processes = []
_pg_dirs = []


def spawn(cmd, **kwargs):
    process = subprocess.Popen(cmd, **kwargs)
    _processes.append(process)
    return process


def stop_process(process, grace=15):
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(grace)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
    if process in _processes:
        _processes.remove(process)


def cleanup():
    for process in list(_processes):
        stop_process(process, grace=5)
    for pg_dir in list(_pg_dirs):
        subprocess.run([str(ROOT / "scripts/pg-throwaway.sh"), "stop", pg_dir],
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        _pg_dirs.remove(pg_dir)


def on_signal(signum, _frame):
    raise SystemExit(128 + signum)


def run(cmd, env=None, timeout=600, check=True):
    result = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=timeout)
    if check and result.returncode != 0:
        raise BenchError(f"{' '.join(map(str, cmd))} failed ({result.returncode}):\n"
                         f"{result.stdout[-2000:]}{result.stderr[-2000:]}")
    return result


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def raise_fd_limit():
    # 1,000 idle connections need file descriptors on both sides (the server inherits this).
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = IDLE_CONNECTIONS + 1024
    if soft < wanted:
        new = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
        resource.setrlimit(resource.RLIMIT_NOFILE, (new, hard))


def proc_status_kib(pid, field):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith(field + ":"):
                return int(line.split()[1])
    raise BenchError(f"no {field} for pid {pid}")


def reset_peak_rss(pid):
    # Linux >= 4.0: writing 5 to clear_refs resets VmHWM, so each scenario gets its own peak.
    try:
        with open(f"/proc/{pid}/clear_refs", "w") as f:
            f.write("5")
        return True
    except OSError:
        return False


# --- the database under test --------------------------------------------------------------------

class Database:
    def __init__(self, kind, url, sqlite_path=None):
        self.kind, self.url, self.sqlite_path = kind, url, sqlite_path

    def query(self, sql):
        """Rows as tuples of text."""
        if self.kind == "sqlite":
            with sqlite3.connect(self.sqlite_path, timeout=30) as c:
                return [tuple("" if v is None else str(v) for v in row)
                        for row in c.execute(sql).fetchall()]
        out = run(["psql", "-X", "-q", "-At", "-F", "\t", "-v", "ON_ERROR_STOP=1",
                   "-d", self.url, "-c", sql]).stdout
        return [tuple(line.split("\t")) for line in out.splitlines() if line]

    def execute(self, sql):
        if self.kind == "sqlite":
            c = sqlite3.connect(self.sqlite_path, timeout=30)
            try:
                c.executescript(sql)
                c.commit()
            finally:
                c.close()
        else:
            subprocess.run(["psql", "-X", "-q", "-v", "ON_ERROR_STOP=1", "-d", self.url],
                           input=sql, text=True, check=True, stdout=subprocess.DEVNULL)

    def version(self):
        if self.kind == "sqlite":
            return "SQLite " + sqlite3.sqlite_version + " (WAL, synchronous=NORMAL)"
        return (self.query("SHOW server_version")[0][0].split()[0] +
                " (durable: fsync, full_page_writes and synchronous_commit on)")

    def bookings_so_far(self):
        """Every booked card: the learners' daily cards summed."""
        return int(self.query("SELECT COALESCE(SUM(cards_done), 0) FROM user_daily_activity")[0][0])

    def statements_sent(self, bookings):
        """What the server sent PostgreSQL since the last pg_stat_statements_reset(), most
        called first: calls per booking, mean execution ms, the normalised text."""
        rows = self.query(
            "SELECT calls, round(CAST(mean_exec_time AS numeric), 3), "
            "regexp_replace(query, '\\s+', ' ', 'g') FROM pg_stat_statements "
            "WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database()) "
            "AND query NOT LIKE '%pg_stat_statements%' ORDER BY calls DESC LIMIT 6")
        return [{"per_booking": int(calls) / max(bookings, 1), "mean_ms": float(mean),
                 "query": query} for calls, mean, query in rows]


# --- learner-api --------------------------------------------------------------------------------

class Server:
    def __init__(self, build, work, db, name):
        self.build, self.work, self.db, self.name = build, work, db, name
        self.out = work / f"{name}.stdout.log"
        self.err = work / f"{name}.stderr.log"
        self.process = None
        self.port = None

    def env(self):
        env = dict(os.environ)
        for var in ("PASSWORD_HASH_MEMORY_KIB", "PASSWORD_HASH_PASSES"):
            env.pop(var, None)  # the defaults (OWASP minimum)
        env.update(DATABASE_URL=self.db.url, JWT_SECRET=JWT_SECRET, THREADS=str(SERVER_THREADS),
                   LOG_LEVEL="warn", AUTH_RATE_PER_MINUTE="0", LOGIN_FAILURES_PER_EMAIL="0",
                   HOST="127.0.0.1", PORT=str(self.port), MEDIA_DIR=str(self.work / "media"),
                   APP_TIMEZONE="UTC", AUTO_MIGRATE="0")
        return env

    def start(self):
        binary = self.build / "apps/learner-api/learner-api"
        for _attempt in range(5):
            self.port = free_port()
            self.process = spawn([str(binary)], env=self.env(), stdout=open(self.out, "ab"),
                                 stderr=open(self.err, "ab"), stdin=subprocess.DEVNULL)
            deadline = time.monotonic() + 15
            while time.monotonic() < deadline and self.process.poll() is None:
                try:
                    if http_call(self.port, "GET", "/livez")[0] == 200:
                        return self
                except OSError:
                    pass
                time.sleep(0.05)
            if self.process.poll() in (None, 2):  # 2: a configuration error, no use retrying
                break
            stop_process(self.process)  # exited (port taken in the meantime?): once more
        raise BenchError(f"learner-api ({self.name}) did not start")

    def alive(self):
        if self.process.poll() is not None:
            raise BenchError(f"learner-api ({self.name}) exited with {self.process.returncode}")

    def stop(self):
        if self.process:
            stop_process(self.process)
            self.process = None

    @property
    def pid(self):
        return self.process.pid

    def log_tail(self, lines=40):
        text = []
        for path in (self.err, self.out):
            if path.exists():
                content = path.read_text(errors="replace").splitlines()[-lines:]
                if content:
                    text.append(f"--- {path.name} (last {len(content)} lines)\n" +
                                "\n".join(content))
        return "\n".join(text)


def http_call(port, method, path, body=None, token=None, connection=None):
    own = connection is None
    c = connection or http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    try:
        headers = {"Content-Type": "application/json"} if body is not None else {}
        if token:
            headers["Authorization"] = "Bearer " + token
        c.request(method, path, body=json.dumps(body) if body is not None else None,
                  headers=headers)
        response = c.getresponse()
        data = response.read()
        try:
            parsed = json.loads(data) if data else None
        except ValueError:
            parsed = None
        return response.status, parsed
    finally:
        if own:
            c.close()


def raw_call(port, method, path, token, body=None, accept_encoding=None):
    """One request; the answer as it comes over the wire: (status, headers, raw body bytes)."""
    c = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    try:
        headers = {"Authorization": "Bearer " + token}
        if accept_encoding:
            headers["Accept-Encoding"] = accept_encoding
        if body is not None:
            headers["Content-Type"] = "application/json"
        c.request(method, path, body=json.dumps(body) if body is not None else None,
                  headers=headers)
        response = c.getresponse()
        return response.status, {k.lower(): v for k, v in response.getheaders()}, response.read()
    finally:
        c.close()


# The answers whose size matters on mobile data (docs/performance.md "Compressed answers").
ANSWERS = [("feed", "/feed?limit=20"), ("stats", "/auth/stats"),
           ("practice", "/auth/practice?limit=20")]


def compressed_answers(server, build, work, pair_ids):
    """A learner of German (where the demo has its cards) answers a session of 10 answers, then
    fetches each answer of ANSWERS plain and with Accept-Encoding: gzip. Bytes of each as sent,
    bytes of the session's 10 booking answers (under 1 KiB each: never compressed), and the CPU
    time of compressing each answer (ll_bench_gzip on the same bytes, at zlib levels 1 and 6)."""
    status, answer = http_call(server.port, "POST", "/auth/register",
                               {"email": "gzip@example.com", "password": PASSWORD})
    if status != 201:
        raise BenchError(f"register: {status} {answer}")
    token = answer["token"]
    status, answer = http_call(server.port, "POST", "/auth/profile",
                               {"username": "gzip", "nativeLang": 2, "targetLang": 1}, token=token)
    if status != 201:
        raise BenchError(f"profile: {status} {answer}")
    session_bytes = 0
    # Ten answers on the first two cards (again and again, as a learner drills), so the practice
    # queue keeps the demo's other cards to show.
    session = (pair_ids[:2] * 5)[:10]
    for pair in session:
        status, _, answer = raw_call(server.port, "POST", "/auth/progress", token,
                                     {"pair_id": pair, "correct": True, "points": 10}, "gzip")
        if status != 200:
            raise BenchError(f"POST /auth/progress: {status}")
        session_bytes += len(answer)
    out = {}
    files = []
    for name, path in ANSWERS:
        status, _, plain = raw_call(server.port, "GET", path, token)
        zstatus, headers, zipped = raw_call(server.port, "GET", path, token, accept_encoding="gzip")
        if status != 200 or zstatus != 200:
            raise BenchError(f"GET {path}: {status} / {zstatus}")
        parsed = json.loads(plain)
        items = parsed.get("items") if isinstance(parsed, dict) else None
        out[name] = {"path": path, "bytes": len(plain), "gzip_bytes": len(zipped),
                     "encoding": headers.get("content-encoding", "identity"),
                     "items": len(items) if isinstance(items, list) else None}
        file = work / f"{name}.json"
        file.write_bytes(plain)
        files.append(str(file))
    result = run([str(build / "bench/ll_bench_gzip")] + files)
    for line in result.stdout.splitlines():
        if not line.startswith("GZIP "):
            continue
        fields = dict(item.split("=", 1) for item in line.split()[1:])
        out[fields["name"]][f"us_level{fields['level']}"] = float(fields["us"])
        out[fields["name"]][f"gzip_bytes_level{fields['level']}"] = int(fields["gzip_bytes"])
    out["session"] = {"answers": len(session), "bytes": session_bytes}
    return out


def register_learners(server, prefix, count, workers=8):
    """Registers `count` learners with profiles through the API, concurrently (argon2id time)."""

    def one(i):
        email = f"{prefix}{i}@example.com"
        status, answer = http_call(server.port, "POST", "/auth/register",
                                   {"email": email, "password": PASSWORD})
        if status != 201:
            raise BenchError(f"register {email}: {status} {answer}")
        token = answer["token"]
        status, answer = http_call(server.port, "POST", "/auth/profile",
                                   {"username": f"{prefix}{i}", "nativeLang": 1, "targetLang": 3},
                                   token=token)
        if status != 201:
            raise BenchError(f"profile {email}: {status} {answer}")
        return {"id": answer["user_id"], "email": email, "token": token}

    with concurrent.futures.ThreadPoolExecutor(workers) as pool:
        return list(pool.map(one, range(1, count + 1)))


def book_many(server, bookings, workers=8):
    """POST /auth/progress for each (token, pair) over keep-alive connections."""
    lock = threading.Lock()
    queue = list(bookings)
    failures = []

    def worker():
        c = http.client.HTTPConnection("127.0.0.1", server.port, timeout=60)
        while True:
            with lock:
                if not queue:
                    break
                token, pair = queue.pop()
            status, answer = http_call(server.port, "POST", "/auth/progress",
                                       {"pair_id": pair, "correct": pair % 3 != 0,
                                        "points": 1 + pair % 20}, token=token, connection=c)
            if status != 200:
                failures.append((status, answer))
                break
        c.close()

    threads = [threading.Thread(target=worker) for _ in range(workers)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    if failures:
        raise BenchError(f"booking failed: {failures[0]}")


def batch_vs_single(server, learners, pair_ids, answers=200, rounds=3):
    """Answers per second when one app sends `answers` offline answers one request at a
    time (POST /auth/progress on a keep-alive connection) against one POST /auth/progress/batch;
    each round on learners of its own, one client, the median of `rounds`."""
    if len(learners) < 2 * rounds:
        raise BenchError("batch_vs_single: too few learners")
    now = datetime.datetime.now(datetime.timezone.utc)
    single, batch = [], []
    for r in range(rounds):
        a, b = learners[-1 - 2 * r], learners[-2 - 2 * r]
        c = http.client.HTTPConnection("127.0.0.1", server.port, timeout=120)
        started = time.monotonic()
        for i in range(answers):
            status, answer = http_call(server.port, "POST", "/auth/progress",
                                       {"pair_id": pair_ids[i % len(pair_ids)], "correct": True,
                                        "points": 5}, token=a["token"], connection=c)
            if status != 200:
                raise BenchError(f"single booking: {status} {answer}")
        single.append(answers / (time.monotonic() - started))
        items = [{"client_id": f"bench-{r}-{i}", "pair_id": pair_ids[i % len(pair_ids)],
                  "correct": True, "points": 5,
                  # just before now: after the learner's registration
                  "answered_at": (now - datetime.timedelta(milliseconds=answers - i))
                  .isoformat(timespec="milliseconds").replace("+00:00", "Z")}
                 for i in range(answers)]
        started = time.monotonic()
        status, answer = http_call(server.port, "POST", "/auth/progress/batch", {"items": items},
                                   token=b["token"], connection=c)
        elapsed = time.monotonic() - started
        c.close()
        if status != 200 or any(item.get("status") != 200 for item in answer["results"]):
            raise BenchError(f"batch: {status} {str(answer)[:300]}")
        batch.append(answers / elapsed)
    return {"answers": answers, "rounds": rounds, "single_per_s": statistics.median(single),
            "batch_per_s": statistics.median(batch)}


# --- wrk and the other tools --------------------------------------------------------------------

RESULT_RE = re.compile(r"^RESULT (.*)$", re.M)


def parse_result(text):
    match = RESULT_RE.search(text)
    if not match:
        return None
    out = {}
    for item in match.group(1).split():
        key, value = item.split("=", 1)
        out[key] = float(value)
    return out


def wrk_command(server, script, seconds, threads=WRK_THREADS, connections=CONNECTIONS):
    return ["wrk", f"-t{threads}", f"-c{connections}", f"-d{seconds:g}s", "--latency",
            "--timeout", "10s", "-s", str(WRK_DIR / script), f"http://127.0.0.1:{server.port}"]


def wrk_env(data_file, extra=None):
    env = dict(os.environ, LL_WRK_DATA=str(data_file), LL_WRK_DIR=str(WRK_DIR))
    env.update(extra or {})
    return env


def finish_wrk(process, raw_name, server):
    out, err = process.communicate()
    if process in _processes:
        _processes.remove(process)
    text = out + err
    (RESULTS / f"{raw_name}.tmp").write_text(text)
    result = parse_result(text)
    server.alive()
    if process.returncode != 0 or result is None:
        raise BenchError(f"wrk {raw_name} failed ({process.returncode}):\n{text[-2000:]}")
    return result


def run_wrk(server, script, seconds, data_file, raw_name, threads=WRK_THREADS,
            connections=CONNECTIONS, extra_env=None):
    process = spawn(wrk_command(server, script, seconds, threads, connections),
                    env=wrk_env(data_file, extra_env), stdout=subprocess.PIPE,
                    stderr=subprocess.PIPE, text=True)
    return finish_wrk(process, raw_name, server)


def write_wrk_data(path, learners, pair_ids, text_pair_ids=()):
    lines = ["learners = {"]
    for learner in learners:
        lines.append(f'  {{token = "{learner["token"]}", email = "{learner["email"]}"}},')
    lines.append("}")
    lines.append(f'password = "{PASSWORD}"')
    lines.append("pair_ids = {" + ", ".join(map(str, pair_ids)) + "}")
    # The text cards among them: POST /auth/answers rates those (bench/wrk/answers.lua).
    lines.append("text_pair_ids = {" + ", ".join(map(str, text_pair_ids)) + "}")
    path.write_text("\n".join(lines) + "\n")


def text_pairs(db):
    """The published text cards, which POST /auth/answers takes a rating for."""
    return [int(row[0]) for row in db.query(
        "SELECT id FROM pairs WHERE status = 'published' AND answer_type = 'text' ORDER BY id")]


def contiguous(ids, what):
    ids = sorted(ids)
    if ids != list(range(ids[0], ids[0] + len(ids))):
        raise BenchError(f"the {what} ids are not contiguous ({ids[:5]}...): the ceiling picks "
                         "from a range")
    return ids[0], ids[-1]


# --- one database -------------------------------------------------------------------------------

class DatabaseRun:
    def __init__(self, kind, build, work, machine):
        self.kind, self.build, self.work, self.machine = kind, build, work / kind, machine
        self.work.mkdir()
        os.chmod(self.work, 0o755)  # the PostgreSQL server runs as the postgres user
        self.results = {"kind": kind, "scenarios": {}, "growth": {}}
        self.servers = []

    def admin(self, db, *args):
        env = dict(os.environ, DATABASE_URL=db.url, MEDIA_DIR=str(self.work / "media"),
                   APP_TIMEZONE="UTC")
        run([str(self.build / "apps/langlearn-admin/langlearn-admin"), *args], env=env)

    def open_database(self):
        if self.kind == "sqlite":
            path = self.work / "bench.db"
            return Database("sqlite", f"sqlite://{path}", str(path))
        pg_dir = str(self.work / "pg")
        _pg_dirs.append(pg_dir)
        # Durable, as production runs (fsync, full_page_writes, synchronous_commit on), with
        # pg_stat_statements to report what a booking really sends (docs/performance.md).
        url = run([str(ROOT / "scripts/pg-throwaway.sh"), "start", pg_dir,
                   "durable"]).stdout.strip()
        db = Database("postgresql", url)
        db.execute("CREATE EXTENSION pg_stat_statements;")
        return db

    def server(self, db, name):
        server = Server(self.build, self.work, db, name)
        self.servers.append(server)
        return server.start()

    def go(self):
        r = self.results
        r["load"] = uptime()
        db = self.open_database()
        r["db_version"] = db.version()
        self.admin(db, "migrate")
        self.admin(db, "seed", "--demo")
        pair_ids = [int(row[0]) for row in
                    db.query("SELECT id FROM pairs WHERE status = 'published' ORDER BY id")]
        if not pair_ids:
            raise BenchError("seed --demo made no published pairs")
        r["pairs"] = len(pair_ids)

        server = self.server(db, "load")
        log(f"{self.kind}: registering {LEARNERS} learners with profiles")
        started = time.monotonic()
        learners = register_learners(server, "bench", LEARNERS)
        r["register_seconds"] = time.monotonic() - started
        data = self.work / "learners.lua"
        write_wrk_data(data, learners, pair_ids, text_pairs(db))

        scenarios = [("progress", SECONDS), ("answers", SECONDS), ("stats", SECONDS), ("me", SECONDS),
                     ("languages", SECONDS), ("login", LOGIN_SECONDS)]
        for name, seconds in scenarios:
            log(f"{self.kind}: {name} ({WARMUP_SECONDS:g} s warm-up, {seconds:g} s)")
            if WARMUP_SECONDS > 0:
                run_wrk(server, f"{name}.lua", WARMUP_SECONDS, data, f"{self.kind}-{name}-warmup")
            reset = reset_peak_rss(server.pid)
            capture = name == "progress" and self.kind == "postgresql"
            if capture:
                db.query("SELECT pg_stat_statements_reset()")
                booked_before = db.bookings_so_far()
            result = run_wrk(server, f"{name}.lua", seconds, data, f"{self.kind}-{name}")
            if capture:
                booked = db.bookings_so_far() - booked_before
                r["sent"] = {"bookings": booked, "statements": db.statements_sent(booked)}
            result["peak_rss_kib"] = proc_status_kib(server.pid, "VmHWM")
            result["peak_rss_reset"] = reset
            r["scenarios"][name] = result
        log(f"{self.kind}: answers plain and gzip-compressed")
        r["compressed"] = compressed_answers(server, self.build, self.work, pair_ids)
        log(f"{self.kind}: offline answers, one batch against single bookings")
        r["batch"] = batch_vs_single(server, learners, pair_ids)
        # What argon2id allows on this machine as loaded now: the login scenario's own ceiling.
        r["hash_now"] = parse_result(run([str(self.build / "bench/ll_bench_hash_time"), "9",
                                          self.machine["nproc"]]).stdout)

        log(f"{self.kind}: login burst (me while {BURST_LOGIN_CONNECTIONS} connections log in)")
        reset_peak_rss(server.pid)
        me = spawn(wrk_command(server, "me.lua", SECONDS), env=wrk_env(data),
                   stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        login = spawn(wrk_command(server, "login.lua", SECONDS, 1, BURST_LOGIN_CONNECTIONS),
                      env=wrk_env(data), stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                      text=True)
        r["burst"] = {"me": finish_wrk(me, f"{self.kind}-burst-me", server),
                      "login": finish_wrk(login, f"{self.kind}-burst-login", server),
                      "peak_rss_kib": proc_status_kib(server.pid, "VmHWM")}
        server.stop()

        user_ids = [learner["id"] for learner in learners]
        umin, umax = contiguous(user_ids, "learner")
        pmin, pmax = contiguous(pair_ids, "pair")
        log(f"{self.kind}: database ceiling of a booking ({SECONDS:g} s)")
        r["ceiling"] = self.ceiling(db, umin, umax, pmin, pmax)

        server = self.server(db, "idle")
        log(f"{self.kind}: {IDLE_CONNECTIONS} idle keep-alive connections")
        r["idle"] = idle_connections(server, IDLE_CONNECTIONS)
        log(f"{self.kind}: growth (stats for 10 .. 10,000 pairs, 1 and 3 years)")
        r["growth"] = self.growth(db, server)
        server.stop()

    def ceiling(self, db, umin, umax, pmin, pmax):
        now = datetime.datetime.now(datetime.timezone.utc)
        if self.kind == "sqlite":
            threads = 2
            out = run([str(self.build / "bench/ll_bench_sqlite_ceiling"), db.url, f"{SECONDS:g}",
                       str(threads), str(umin), str(umax), str(pmin), str(pmax)],
                      timeout=SECONDS + 120)
            (RESULTS / "sqlite-ceiling.tmp").write_text(out.stdout + out.stderr)
            result = parse_result(out.stdout)
            return {"per_s": result["bookings_per_s"],
                    "how": f"`ll_bench_sqlite_ceiling`: ProgressStore::book of SqlBackend (the "
                           f"server's own booking transaction) in a loop on the same file, "
                           f"{threads} threads, {SECONDS:g} s"}
        script = "booking.sql"
        cmd = ["pgbench", "-n", "-M", "prepared", "-c", str(CONNECTIONS), "-j", str(WRK_THREADS),
               "-T", f"{int(SECONDS)}", "-f", str(BENCH / "pgbench" / script),
               "-D", f"umin={umin}", "-D", f"umax={umax}", "-D", f"pmin={pmin}",
               "-D", f"pmax={pmax}", "-D", f"today={now.date().isoformat()}",
               "-D", f"now={now.strftime('%Y-%m-%dT%H:%M:%S.000Z')}", db.url]
        out = run(cmd, timeout=SECONDS + 120)
        (RESULTS / "postgresql-ceiling.tmp").write_text(out.stdout + out.stderr)
        tps = re.search(r"^tps = ([\d.]+) \(without initial connection time\)", out.stdout, re.M)
        latency = re.search(r"^latency average = ([\d.]+) ms", out.stdout, re.M)
        failed = re.search(r"^number of failed transactions: (\d+)", out.stdout, re.M)
        if not tps:
            raise BenchError("pgbench printed no tps:\n" + out.stdout[-2000:] + out.stderr[-2000:])
        if failed and int(failed.group(1)) > 0:
            raise BenchError(f"pgbench: {failed.group(1)} failed transactions")
        return {"per_s": float(tps.group(1)),
                "latency_ms": float(latency.group(1)) if latency else None,
                "how": f"pgbench -n -M prepared -c {CONNECTIONS} -j {WRK_THREADS} "
                       f"-T {int(SECONDS)} -f bench/pgbench/{script}"}

    def growth(self, db, server):
        """Learners with 10 .. 10,000 practised pairs and 1 or 3 years of daily history."""
        categories = [int(row[0]) for row in db.query("SELECT id FROM categories ORDER BY id")]
        before = int(db.query("SELECT COALESCE(MAX(id), 0) FROM pairs")[0][0])
        most = max(n for n, _ in GROWTH_ROWS)
        # Realistic content: four answer types, every pair in one or two of the categories.
        db.execute("INSERT INTO pairs (answer_type, status) VALUES " + ", ".join(
            f"('{ANSWER_TYPES[k % 4]}', 'published')" for k in range(most)) + ";")
        new_pairs = [int(row[0]) for row in
                     db.query(f"SELECT id FROM pairs WHERE id > {before} ORDER BY id")]
        links = []
        for k, pair in enumerate(new_pairs):
            first = categories[k % len(categories)]
            links.append((pair, first))
            second = categories[(k * 7 + 3) % len(categories)]
            if k % 2 == 0 and second != first:
                links.append((pair, second))
        db.execute("INSERT INTO pair_categories (pair_id, category_id) VALUES " +
                   ", ".join(f"({p}, {c})" for p, c in links) + ";")

        learners = register_learners(server, "growth", len(GROWTH_ROWS), workers=len(GROWTH_ROWS))
        # The practised pairs through the API (the booking keeps whatever running totals the
        # schema has); the history before today straight into user_daily_activity.
        bookings = [(learner["token"], pair) for learner, (n, _years) in zip(learners, GROWTH_ROWS)
                    for pair in new_pairs[:n]]
        started = time.monotonic()
        book_many(server, bookings)
        booking_seconds = time.monotonic() - started
        today = datetime.datetime.now(datetime.timezone.utc).date()
        rng = random.Random(7)
        for learner, (_n, years) in zip(learners, GROWTH_ROWS):
            rows = []
            for back in range(1, 365 * years):
                day = today - datetime.timedelta(days=back)
                cards = rng.randint(1, 40)
                rows.append(f"({learner['id']}, '{day.isoformat()}', {cards * 10}, {cards}, "
                            f"{cards * 3 // 4})")
            db.execute("INSERT INTO user_daily_activity (user_id, activity_date, ep_earned, "
                       "cards_done, correct_count) VALUES " + ", ".join(rows) +
                       " ON CONFLICT (user_id, activity_date) DO NOTHING;")

        out = {"booking_seconds": booking_seconds, "bookings": len(bookings), "rows": {}}
        data = self.work / "growth.lua"
        write_wrk_data(data, learners, new_pairs[:1])
        for learner, (n, years) in zip(learners, GROWTH_ROWS):
            status, stats = http_call(server.port, "GET", "/auth/stats", token=learner["token"])
            practised = (stats or {}).get("totals", {}).get("pairs_practiced")
            if status != 200 or practised != n:
                raise BenchError(f"growth learner with {n} pairs: stats {status}, "
                                 f"pairs_practiced {practised}")
            out["rows"][(n, years)] = run_wrk(
                server, "stats_one.lua", GROWTH_SECONDS, data, f"{self.kind}-growth-{n}-{years}y",
                threads=1, connections=1, extra_env={"LL_WRK_TOKEN": learner["token"]})
        out["window_days"] = len(stats.get("daily", []))
        return out


def idle_connections(server, count):
    """RSS of a fresh learner-api before and after `count` idle keep-alive connections."""
    http_call(server.port, "GET", "/livez")
    time.sleep(0.5)
    before = proc_status_kib(server.pid, "VmRSS")
    sockets = []
    request = b"GET /livez HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
    try:
        for _ in range(count):
            s = socket.create_connection(("127.0.0.1", server.port), timeout=10)
            s.sendall(request)
            read_one_response(s)
            sockets.append(s)
        time.sleep(1)
        after = proc_status_kib(server.pid, "VmRSS")
        # Still serving with all of them open.
        if http_call(server.port, "GET", "/livez")[0] != 200:
            raise BenchError("learner-api stopped answering with the idle connections open")
        still_open = sum(1 for s in sockets if not peer_closed(s))
    finally:
        for s in sockets:
            s.close()
    server.alive()
    return {"connections": count, "open": still_open, "before_kib": before, "after_kib": after,
            "per_connection_kib": (after - before) / count}


def read_one_response(s):
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = s.recv(4096)
        if not chunk:
            raise BenchError("connection closed before the answer")
        data += chunk
    head, body = data.split(b"\r\n\r\n", 1)
    length = re.search(rb"(?i)content-length:\s*(\d+)", head)
    missing = int(length.group(1)) - len(body) if length else 0
    while missing > 0:
        chunk = s.recv(missing)
        if not chunk:
            raise BenchError("connection closed in the body")
        missing -= len(chunk)
    if not head.startswith(b"HTTP/1.1 200"):
        raise BenchError("idle connection: " + head.split(b"\r\n")[0].decode())


def peer_closed(s):
    s.setblocking(False)
    try:
        return s.recv(1, socket.MSG_PEEK) == b""
    except BlockingIOError:
        return False
    finally:
        s.setblocking(True)


# --- the machine and the report -----------------------------------------------------------------

def read_first(path, pattern):
    try:
        text = Path(path).read_text()
    except OSError:
        return "?"
    match = re.search(pattern, text, re.M)
    return match.group(1).strip() if match else "?"


def machine_info():
    git = lambda *a: subprocess.run(["git", "-C", str(ROOT), *a], capture_output=True,
                                     text=True).stdout.strip()
    dirty = git("status", "--porcelain")
    commit = git("rev-parse", "--short", "HEAD") or "?"
    if dirty:
        commit += f" + uncommitted changes ({len(dirty.splitlines())} paths)"
    mem_kib = int(read_first("/proc/meminfo", r"^MemTotal:\s+(\d+)") or 0)
    wrk_version = run(["wrk", "-v"], check=False).stdout.splitlines()
    return {
        "date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
        "commit": commit,
        "nproc": run(["nproc"]).stdout.strip(),
        "cpu": read_first("/proc/cpuinfo", r"^model name\s*:\s*(.*)$"),
        "ram": f"{mem_kib / 1024 / 1024:.1f} GiB",
        "kernel": platform.release(),
        "os": "Debian " + read_first("/etc/debian_version", r"^(.*)$"),
        "wrk": wrk_version[0].split(" [")[0] if wrk_version else "wrk",
    }


def uptime():
    return run(["uptime"]).stdout.strip()


def fmt_int(value):
    return f"{value:,.0f}"


def met(ok):
    return "yes" if ok else "**no**"


def report(machine, runs, hash_ms, elapsed, load_before, load_after):
    cores = int(machine["nproc"])
    login_target = cores * 1000 / hash_ms
    pool = os.environ.get("DB_POOL_SIZE") or f"default (2 x THREADS = {2 * SERVER_THREADS})"
    out = ["# make bench: latest results", "",
           f"- Date: {machine['date']}; commit {machine['commit']}",
           f"- Machine: {machine['nproc']} cores ({machine['cpu']}), {machine['ram']} RAM, "
           f"{machine['os']}, kernel {machine['kernel']}; server, database and load generator "
           "share the cores",
           f"- Load before: `{load_before}`",
           f"- Load after: `{load_after}`",
           f"- learner-api RelWithDebInfo, THREADS={SERVER_THREADS}, DB_POOL_SIZE {pool}, "
           "LOG_LEVEL=warn, rate limits off, argon2id at its defaults",
           f"- {machine['wrk']}: {WRK_THREADS} threads, {CONNECTIONS} connections, "
           f"{SECONDS:g} s per scenario (login {LOGIN_SECONDS:g} s) after {WARMUP_SECONDS:g} s "
           f"warm-up; {LEARNERS} learners, random learner per request",
           f"- One argon2id check (defaults, `ll_bench_hash_time`): {hash_ms:.1f} ms, so the "
           f"login target is {cores} / {hash_ms / 1000:.4f} s = {login_target:.0f} logins/s",
           f"- Whole run (bench.py, without the build): {elapsed / 60:.1f} min", ""]
    for r in runs:
        name = {"sqlite": "SQLite", "postgresql": "PostgreSQL"}[r["kind"]]
        out += [f"## {name} ({r['db_version']})", "",
                f"{r['pairs']} published pairs (seed --demo); {LEARNERS} learners registered "
                f"with profiles through the API in {r['register_seconds']:.1f} s. "
                f"Load when this database started: `{r['load'].split('load average: ')[-1]}`.",
                "",
                "| scenario | req/s | p50 ms | p99 ms | non-2xx | peak RSS MiB | target | met? |",
                "|---|---|---|---|---|---|---|---|"]
        for scenario, s in r["scenarios"].items():
            errors = int(s["non2xx"] + s["socket_errors"] + s["timeouts"])
            if scenario == "login":
                target = (login_target, None)
            else:
                target = TARGETS.get((scenario, r["kind"])) or TARGETS[(scenario, None)]
            ok = s["rps"] >= target[0] and errors == 0 and (
                target[1] is None or s["p99_ms"] <= target[1])
            text = f">= {fmt_int(target[0])}/s" + (f", p99 <= {target[1]} ms" if target[1] else "")
            non2xx = f"{int(s['non2xx'])}" + (
                f" (+{int(s['socket_errors'])} socket errors, {int(s['timeouts'])} timeouts)"
                if s["socket_errors"] or s["timeouts"] else "")
            out.append(f"| {scenario} | {fmt_int(s['rps'])} | {s['p50_ms']:.2f} | "
                       f"{s['p99_ms']:.2f} | {non2xx} | {s['peak_rss_kib'] / 1024:.1f} | {text} | "
                       f"{met(ok)} |")
        hash_now = r["hash_now"]
        login = r["scenarios"]["login"]["rps"]
        out += ["", f"login / argon2id checks per second on {int(hash_now['threads'])} threads, "
                f"measured right after it (`ll_bench_hash_time`): {login:.0f} / "
                f"{hash_now['parallel_per_s']:.0f} = {login / hash_now['parallel_per_s']:.2f} "
                f"(one check alone took {hash_now['hash_ms_median']:.1f} ms then)."]
        ceiling = r["ceiling"]
        progress = r["scenarios"]["progress"]["rps"]
        answers = r["scenarios"]["answers"]["rps"]
        out += ["", f"**answers / progress: {fmt_int(answers)} / {fmt_int(progress)} = "
                f"{answers / progress:.2f}** (goal >= 0.9: {met(answers / progress >= 0.9)}; the "
                "same machine, one run after the other: bench/ab.py alternates them)."]
        ratio = progress / ceiling["per_s"]
        wanted = CEILING_RATIO_TARGET.get(r["kind"])
        label = "pg ceiling" if r["kind"] == "postgresql" else "SQLite ceiling"
        out += ["", f"**progress / {label}: {fmt_int(progress)} / {fmt_int(ceiling['per_s'])} = "
                f"{ratio:.2f}**" + (f" (target >= {wanted}: {met(ratio >= wanted)})" if wanted
                                    else "") + f". Ceiling: {ceiling['how']}" +
                (f", latency average {ceiling['latency_ms']:.2f} ms" if ceiling.get("latency_ms")
                 else "") + ".", ""]
        if r.get("sent"):
            sent = r["sent"]
            out += [f"What the server sent PostgreSQL during the measured progress run "
                    f"(pg_stat_statements, {fmt_int(sent['bookings'])} bookings), most called "
                    "first:", "", "| per booking | mean ms | statement (normalised, cut) |",
                    "|---|---|---|"]
            for st in sent["statements"]:
                text = st["query"].replace("|", "\\|")
                text = text if len(text) <= 140 else text[:140] + " ..."
                out.append(f"| {st['per_booking']:.3f} | {st['mean_ms']:.3f} | `{text}` |")
            out.append("")
        batch = r["batch"]
        out += [f"Offline answers (one client, median of {batch['rounds']} rounds of "
                f"{batch['answers']} answers): one POST /auth/progress/batch "
                f"{fmt_int(batch['batch_per_s'])} answers/s, POST /auth/progress one at a time on "
                f"a keep-alive connection {fmt_int(batch['single_per_s'])} answers/s "
                f"({batch['batch_per_s'] / batch['single_per_s']:.1f} x).", ""]
        b = r["burst"]
        me_alone = r["scenarios"]["me"]
        out += [f"Login burst: `me` ({WRK_THREADS} threads, {CONNECTIONS} connections) while a "
                f"second wrk logs in on {BURST_LOGIN_CONNECTIONS} connections, {SECONDS:g} s.", "",
                "| me | req/s | p50 ms | p99 ms | non-2xx | logins/s | met (p99 <= 10 ms)? |",
                "|---|---|---|---|---|---|---|",
                f"| alone | {fmt_int(me_alone['rps'])} | {me_alone['p50_ms']:.2f} | "
                f"{me_alone['p99_ms']:.2f} | {int(me_alone['non2xx'])} | - | "
                f"{met(me_alone['p99_ms'] <= 10)} |",
                f"| during the login burst | {fmt_int(b['me']['rps'])} | {b['me']['p50_ms']:.2f} | "
                f"{b['me']['p99_ms']:.2f} | {int(b['me']['non2xx'])} | "
                f"{b['login']['rps']:.0f} (p99 {b['login']['p99_ms']:.0f} ms, non-2xx "
                f"{int(b['login']['non2xx'])}) | {met(b['me']['p99_ms'] <= 10)} |", ""]
        peak = max([s["peak_rss_kib"] for s in r["scenarios"].values()] + [b["peak_rss_kib"]])
        peak_no_login = max(r["scenarios"][s]["peak_rss_kib"]
                            for s in ("progress", "stats", "me", "languages"))
        idle = r["idle"]
        out += ["Memory (learner-api VmHWM, reset before each scenario; idle connections on a "
                "freshly started server):", "",
                "| figure | value | target | met? |", "|---|---|---|---|",
                f"| peak RSS, progress/stats/me/languages | {peak_no_login / 1024:.1f} MiB | "
                f"<= 64 MiB | {met(peak_no_login <= RSS_PEAK_TARGET_KIB)} |",
                f"| peak RSS, whole run incl. login and burst | {peak / 1024:.1f} MiB | <= 64 MiB | "
                f"{met(peak <= RSS_PEAK_TARGET_KIB)} |",
                f"| RSS before / after {idle['connections']:,} idle keep-alive connections "
                f"({idle['open']:,} still open) | {idle['before_kib'] / 1024:.1f} / "
                f"{idle['after_kib'] / 1024:.1f} MiB | | |",
                f"| per idle connection | {idle['per_connection_kib']:.1f} KiB | <= 100 KiB | "
                f"{met(idle['per_connection_kib'] <= IDLE_CONNECTION_TARGET_KIB)} |", ""]
    out += growth_table(runs)
    out += compressed_table(runs)
    return "\n".join(out) + "\n"


def compressed_table(runs):
    out = ["## Compressed answers", "",
           "The answers an app fetches most, for a learner of German after a session of 10 "
           "answers, as sent without and with `Accept-Encoding: gzip` (bytes of the body), and "
           "the CPU time of compressing the same bytes with the service's `http::gzip` "
           "(`ll_bench_gzip`: the average of at least 0.5 s of repeats) at zlib level 1 and at "
           "level 6, the one the services use.", "",
           "| database | answer | items | bytes | gzip bytes (sent) | ratio | level 1 bytes | "
           "level 1 µs | level 6 µs |",
           "|---|---|---|---|---|---|---|---|---|"]
    for r in runs:
        name = {"sqlite": "SQLite", "postgresql": "PostgreSQL"}[r["kind"]]
        compressed = dict(r.get("compressed", {}))
        session = compressed.pop("session", None)
        for answer, c in compressed.items():
            items = "" if c["items"] is None else str(c["items"])
            out.append(f"| {name} | {answer} (`{c['path']}`) | {items} | {c['bytes']:,} | "
                       f"{c['gzip_bytes']:,} ({c['encoding']}) | "
                       f"{c['gzip_bytes'] / c['bytes']:.2f} | "
                       f"{c.get('gzip_bytes_level1', 0):,} | {c.get('us_level1', 0):.0f} | "
                       f"{c.get('us_level6', 0):.0f} |")
        if session:
            out.append(f"| {name} | a session: {session['answers']} × `POST /auth/progress` | "
                       f"| {session['bytes']:,} | {session['bytes']:,} (each under 1 KiB) | 1.00 "
                       "| | | |")
    out.append("")
    return out


def growth_table(runs):
    if not runs:
        return []
    g0 = runs[0]["growth"]
    out = [f"## Growth: GET /auth/stats by history size", "",
           f"One learner per row: N pairs practised once each through the API, plus one daily "
           f"row for every day of 1 or 3 years (SQL); 10,000 extra published pairs, four answer "
           f"types, each in 1-2 of the 12 categories. wrk -t1 -c1 for {GROWTH_SECONDS:g} s per "
           f"row; the stats window has {g0.get('window_days', '?')} days. "
           "x = p50 / p50 of 10 pairs, 1 year.", ""]
    head = "| pairs | history |"
    rule = "|---|---|"
    for r in runs:
        name = {"sqlite": "SQLite", "postgresql": "PostgreSQL"}[r["kind"]]
        head += f" {name} p50 ms | p99 ms | x vs 10 pairs/1 year |"
        rule += "---|---|---|"
    out += [head, rule]
    for n, years in GROWTH_ROWS:
        line = f"| {n:,} | {years} year{'s' if years > 1 else ''} |"
        for r in runs:
            rows = r["growth"]["rows"]
            base = rows[GROWTH_ROWS[0]]["p50_ms"]
            row = rows[(n, years)]
            line += f" {row['p50_ms']:.2f} | {row['p99_ms']:.2f} | {row['p50_ms'] / base:.1f} |"
        out.append(line)
    out.append("")
    return out


def main():
    build = Path(sys.argv[1] if len(sys.argv) > 1 else "build/release")
    if not build.is_absolute():
        build = ROOT / build
    for tool in ("wrk", "pgbench", "psql"):
        if not shutil.which(tool):
            raise BenchError(f"{tool} not found (scripts/deps.sh installs it)")
    for binary in ("apps/learner-api/learner-api", "apps/langlearn-admin/langlearn-admin",
                   "bench/ll_bench_sqlite_ceiling", "bench/ll_bench_hash_time",
                   "bench/ll_bench_gzip"):
        if not (build / binary).exists():
            raise BenchError(f"{build / binary} missing: make build first")
    signal.signal(signal.SIGTERM, on_signal)
    signal.signal(signal.SIGHUP, on_signal)
    raise_fd_limit()
    RESULTS.mkdir(exist_ok=True)
    started = time.monotonic()
    load_before = uptime()
    machine = machine_info()
    hash_result = parse_result(run([str(build / "bench/ll_bench_hash_time")]).stdout)
    work = Path(tempfile.mkdtemp(prefix="langlearn-bench."))
    os.chmod(work, 0o755)
    runs = []
    current = None
    try:
        for kind in DATABASES.split():
            current = DatabaseRun(kind, build, work, machine)
            current.go()
            runs.append(current.results)
            cleanup()
        text = report(machine, runs, hash_result["hash_ms_median"], time.monotonic() - started,
                      load_before, uptime())
        tmp = RESULTS / "latest.md.tmp"
        tmp.write_text(text)
        tmp.replace(RESULTS / "latest.md")
        print(text)
        log(f"written to {RESULTS / 'latest.md'}")
    except BaseException as e:
        if current:
            for server in current.servers:
                tail = server.log_tail()
                if tail:
                    print(f"learner-api ({server.name}) log:\n{tail}", file=sys.stderr)
        if isinstance(e, BenchError):
            print(f"bench: {e}", file=sys.stderr)
            return 1
        raise
    finally:
        cleanup()
        shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
