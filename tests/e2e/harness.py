"""Shared harness of the end-to-end fault tests (tests/e2e/, docs/testing.md "End-to-end tests").

Each scenario script is run by ctest as `python3 SCRIPT BUILD_DIR SOURCE_DIR` and calls
`harness.main(scenario)`. Everything a scenario starts (throw-away PostgreSQL, learner-api
processes, nginx, temporary folders) is registered on the Harness and stopped/removed at the
end, also when the scenario fails, times out (its own alarm, below ctest's TIMEOUT) or is
interrupted. Standard library only.
"""

import concurrent.futures
import contextlib
import ctypes
import datetime
import http.client
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import uuid

JWT_SECRET = "e2e-secret-0123456789abcdefghijklmnopqrstuv"

# Achievements seeded by migration (docs/spec/decisions.md 6): id -> (kind, threshold).
ACHIEVEMENTS = {
    "first_steps": ("ep", 20),
    "ep_100": ("ep", 100),
    "ep_500": ("ep", 500),
    "ep_1000": ("ep", 1000),
    "ep_5000": ("ep", 5000),
    "streak_3": ("streak", 3),
    "streak_7": ("streak", 7),
    "streak_30": ("streak", 30),
    "streak_100": ("streak", 100),
    "streak_365": ("streak", 365),
}

# Answers that mean "this replica or the database is away; the booking may be retried".
RETRYABLE = {502, 503, 504}

# How long a started service (learner-api, authoring-api, nginx) may take to answer: generous,
# for a busy 2-core machine (they answer within a second here); a service that exits fails at
# once. Each scenario's budget (main) counts it once per wait.
SERVICE_READY_S = 60
# What the cleanup after the alarm may take (stopping PostgreSQL, removing the folders): ctest's
# TIMEOUT must leave it this much after the budget (checked by main).
CLEANUP_S = 60


class Failure(AssertionError):
    """A scenario's expectation that did not hold."""


def check(condition, message):
    if not condition:
        raise Failure(message)


def level_for(total_ep):
    """docs/spec/decisions.md 5: level L from 10 * L * (L + 1) EP on."""
    level = 0
    while 10 * (level + 1) * (level + 2) <= total_ep:
        level += 1
    return level


def noon_timezone():
    """An APP_TIMEZONE in which it is about noon now, so that "today" cannot change during a
    test (the daily figures are asserted exactly). Etc/GMT-N is UTC+N (POSIX sign)."""
    offset = 12 - datetime.datetime.now(datetime.timezone.utc).hour
    if offset == 0:
        return "UTC"
    return f"Etc/GMT{'-' if offset > 0 else '+'}{abs(offset)}"


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _die_with_parent():
    # Children (learner-api, nginx's master) get SIGKILL when this process dies, even by SIGKILL.
    # Spawned from the main thread only: the death signal follows the forking thread.
    ctypes.CDLL("libc.so.6", use_errno=True).prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG


# --------------------------------------------------------------------------------------------
# HTTP client


class TransportError(Exception):
    """No complete HTTP answer. `phase`: "connect" (refused), "before-response" (EOF or reset
    before the status line), "mid-response" (cut after the status line), "timeout".
    `reused`: the request went out on a connection that had already carried an answer."""

    def __init__(self, phase, reused, cause):
        super().__init__(f"{phase} ({'reused' if reused else 'fresh'} connection): {cause!r}")
        self.phase, self.reused, self.cause = phase, reused, cause


class Answer:
    def __init__(self, status, headers, body, started, finished, reused):
        self.status, self.headers, self.body = status, headers, body
        self.started, self.finished, self.reused = started, finished, reused

    def json(self):
        return json.loads(self.body)


class Client:
    """One keep-alive HTTP/1.1 connection (http.client). After an error or a `Connection:
    close` answer the next request opens a fresh connection."""

    def __init__(self, port, timeout=10.0):
        self.port, self.timeout = port, timeout
        self.conn = None

    def close(self):
        if self.conn is not None:
            self.conn.close()
            self.conn = None

    def call(self, method, path, body=None, token=None, headers=None, request_id=None):
        if self.conn is None:
            self.conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=self.timeout)
        reused = self.conn.sock is not None
        all_headers = {"X-Request-Id": request_id or uuid.uuid4().hex}
        if token:
            all_headers["Authorization"] = f"Bearer {token}"
        data = None
        if isinstance(body, bytes):  # as it is, its Content-Type in `headers`
            data = body
        elif body is not None:
            data = json.dumps(body).encode()
            all_headers["Content-Type"] = "application/json"
        all_headers.update(headers or {})
        started = time.monotonic()
        phase = "connect" if not reused else "before-response"
        try:
            if not reused:
                self.conn.connect()
                phase = "before-response"
            self.conn.request(method, path, body=data, headers=all_headers)
            response = self.conn.getresponse()
            phase = "mid-response"
            payload = response.read()
        except (socket.timeout, TimeoutError) as e:
            self.close()
            raise TransportError("timeout", reused, e) from None
        except (OSError, http.client.HTTPException) as e:
            self.close()
            raise TransportError(phase, reused, e) from None
        answer = Answer(
            response.status,
            {k.lower(): v for k, v in response.getheaders()},
            payload,
            started,
            time.monotonic(),
            reused,
        )
        if response.will_close:
            self.close()
        return answer


def status_of(fn, *args, **kw):
    """fn(...)'s answer status, or the transport error's phase when no answer came."""
    try:
        return fn(*args, **kw).status
    except TransportError as e:
        return e.phase


class Booking:
    """One booking the client means to make exactly once: its key, its body, every attempt."""

    def __init__(self, index, pair_id, correct, points, keyed=True):
        self.index, self.pair_id, self.correct, self.points = index, pair_id, correct, points
        self.key = f"e2e-{uuid.uuid4().hex}" if keyed else None
        self.attempts = []  # (status or TransportError, request_id, monotonic, wall-clock sent)
        self.answer = None  # the final Answer with status 200

    def body(self):
        return {"pair_id": self.pair_id, "correct": self.correct, "points": self.points}

    def send(self, client, token):
        rid = f"book-{self.index}-{len(self.attempts)}-{uuid.uuid4().hex[:8]}"
        sent, wall = time.monotonic(), time.time()
        try:
            answer = client.call(
                "POST",
                "/auth/progress",
                self.body(),
                token,
                headers={"Idempotency-Key": self.key} if self.key else None,
                request_id=rid,
            )
        except TransportError as e:
            self.attempts.append((e, rid, sent, wall))
            raise
        self.attempts.append((answer.status, rid, sent, wall))
        if answer.status == 200:
            self.answer = answer
        return answer

    def send_until_booked(self, client, token, deadline, pause=0.1):
        """Retries 502/503/504 and transport errors with the SAME key until a final answer."""
        assert self.key, "only a booking with an Idempotency-Key may be retried"
        while True:
            try:
                answer = self.send(client, token)
                if answer.status not in RETRYABLE:
                    return answer
            except TransportError:
                pass
            check(time.monotonic() < deadline, f"booking {self.key} not done before the deadline")
            time.sleep(pause)

    @property
    def retried(self):
        return len(self.attempts) > 1


def check_booking_chain(bookings):
    """The answers of bookings of one new learner (from 0 EP, no streak yet), applied one after
    another by the database, form a chain: sorted by total_ep, each answer's total minus its
    points is the previous answer's total. Also checks level, prev_level, streak (one day), goal
    and each achievement reported exactly once, by the booking that crossed its threshold.
    Returns (the last total_ep, the unlocked ids, how many answers reported the goal reached)."""
    answered = sorted((b for b in bookings if b.answer), key=lambda b: b.answer.json()["total_ep"])
    total, unlocked, goal_reached = 0, [], 0
    for b in answered:
        a = b.answer.json()
        check(
            a["total_ep"] - b.points == total,
            f"booking {b.key}: total_ep {a['total_ep']} after {b.points} points, but the "
            f"previous booking ended at {total} (a lost or doubled update)",
        )
        check(a["level"] == level_for(a["total_ep"]), f"level {a['level']} for {a['total_ep']}")
        check(a["prev_level"] == level_for(total), f"prev_level {a['prev_level']} for {total}")
        check(a["streak_days"] == 1, f"streak_days {a['streak_days']}")
        check(
            a["streak_increased"] == (total == 0),
            f"streak_increased {a['streak_increased']} at {total}",
        )
        goal_reached += a["goal_just_reached"]
        for ach in a["unlocked_achievements"]:
            kind, threshold = ACHIEVEMENTS[ach["id"]]
            check(kind == "ep" and total < threshold <= a["total_ep"],
                  f"{ach['id']} reported by the booking from {total} to {a['total_ep']}")
            unlocked.append(ach["id"])
        total = a["total_ep"]
    check(len(unlocked) == len(set(unlocked)), f"an achievement reported twice: {unlocked}")
    expected = {i for i, (k, t) in ACHIEVEMENTS.items() if k == "ep" and 0 < t <= total}
    check(set(unlocked) == expected,
          f"unlocked {sorted(unlocked)}, thresholds say {sorted(expected)}")
    return total, set(unlocked), goal_reached


# --------------------------------------------------------------------------------------------
# Processes


def _answers_200(proc, port, path, timeout, exited_message):
    """Polls GET `path` on `port` until it answers 200 (True) or `timeout` seconds pass (False);
    fails with exited_message() as soon as `proc` has exited."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise Failure(exited_message())
        with contextlib.suppress(TransportError):
            if Client(port, timeout=2).call("GET", path).status == 200:
                return True
        time.sleep(0.05)
    return False


def wait_all_ready(services):
    """Services started together (Learner.start(wait=False)): one bound for all of them."""
    deadline = time.monotonic() + SERVICE_READY_S
    for service in services:
        service.wait_ready(max(1.0, deadline - time.monotonic()))


def _json_lines(path):
    """The lines of a JSON-lines log that parse (a line being written may not yet)."""
    entries = []
    with open(path, errors="replace") as f:
        for line in f:
            with contextlib.suppress(ValueError):
                entries.append(json.loads(line))
    return entries


class Learner:
    """A learner-api process on its own port; stdout (the access log) and stderr go to files.
    `binary` another service of the same configuration (authoring-api: Harness.authoring_bin)."""

    def __init__(self, harness, name, database_url, extra_env=None, binary=None):
        self.h, self.name, self.database_url = harness, name, database_url
        self.binary = binary or harness.learner_bin
        self.port = free_port()
        self.extra_env = dict(extra_env or {})
        self.proc = None
        harness.on_cleanup(self.stop)

    def start(self, wait=True):
        env = dict(os.environ)
        env.update(
            {
                "DATABASE_URL": self.database_url,
                "JWT_SECRET": JWT_SECRET,
                "HOST": "127.0.0.1",
                "PORT": str(self.port),
                "THREADS": "1",
                "DB_POOL_SIZE": "4",
                "AUTH_RATE_PER_MINUTE": "0",
                "LOGIN_FAILURES_PER_EMAIL": "0",
                "MEDIA_DIR": self.h.media_dir,
                "APP_TIMEZONE": self.h.timezone,
                "LOG_LEVEL": "info",
                "SHUTDOWN_GRACE_SECONDS": "10",
            }
        )
        env.update(self.extra_env)
        out = open(self.log_path("out"), "ab")
        err = open(self.log_path("err"), "ab")
        self.proc = subprocess.Popen(
            [self.binary], env=env, stdout=out, stderr=err, stdin=subprocess.DEVNULL,
            preexec_fn=_die_with_parent,
        )
        out.close()
        err.close()
        if wait:
            self.wait_ready()
        return self

    def log_path(self, which):
        return os.path.join(self.h.work, f"{self.name}.{which}.log")

    @property
    def address(self):
        return f"127.0.0.1:{self.port}"

    def wait_ready(self, timeout=SERVICE_READY_S):
        if not _answers_200(self.proc, self.port, "/readyz", timeout,
                            lambda: f"{self.name} exited: {self.stderr_tail()}"):
            raise Failure(f"{self.name} not ready within {timeout:.0f} s: {self.stderr_tail()}")

    def signal(self, sig):
        self.proc.send_signal(sig)

    def stop(self):
        if self.proc is not None and self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()

    def stderr_tail(self, lines=5):
        with open(self.log_path("err"), errors="replace") as f:
            return " | ".join(f.read().splitlines()[-lines:])

    def access_log(self):
        """The service's access log lines (decisions: one JSON object per answered request)."""
        return _json_lines(self.log_path("out"))

    def metrics(self):
        """Prometheus text from /metrics as {'name{labels}': value}."""
        answer = Client(self.port, timeout=5).call("GET", "/metrics")
        check(answer.status == 200, f"{self.name} /metrics: {answer.status}")
        values = {}
        for line in answer.body.decode().splitlines():
            if line and not line.startswith("#"):
                key, _, value = line.rpartition(" ")
                values[key] = float(value)
        return values

    def bookings_booked(self):
        return int(self.metrics().get("langlearn_bookings_total", 0))


class Nginx:
    """nginx (Debian's) in front of learner-api ports, rendered by deploy/nginx/render-local.sh
    from deploy/nginx.conf; its JSON access log names the replica that answered ("upstream")."""

    def __init__(self, harness, learner_ports):
        self.h = harness
        self.dir = os.path.join(harness.work, "nginx")
        self.port = free_port()
        authoring = free_port()  # nothing listens there: /api answers 503, not used here
        command = subprocess.run(
            [os.path.join(harness.source, "deploy/nginx/render-local.sh"), self.dir,
             str(self.port), str(authoring)] + [str(p) for p in learner_ports],
            check=True, capture_output=True, text=True,
        ).stdout.strip()
        check(command.startswith("nginx "), f"render-local.sh printed {command!r}")
        self.args = [shutil.which("nginx") or "/usr/sbin/nginx", "-p", self.dir + "/", "-c",
                     os.path.join(self.dir, "nginx.conf"), "-g",
                     f"daemon off; pid {self.dir}/nginx.pid;"]
        self.proc = None

    def start(self):
        err = open(os.path.join(self.h.work, "nginx.err.log"), "ab")
        self.proc = subprocess.Popen(self.args, stdout=err, stderr=err, stdin=subprocess.DEVNULL,
                                     preexec_fn=_die_with_parent)
        err.close()
        self.h.on_cleanup(self.stop)
        check(_answers_200(self.proc, self.port, "/nginx-health", SERVICE_READY_S,
                           lambda: f"nginx exited: {self.error_tail()}"),
              f"nginx did not answer /nginx-health within {SERVICE_READY_S} s: "
              f"{self.error_tail()}")
        return self

    def error_tail(self, lines=5):
        with open(os.path.join(self.h.work, "nginx.err.log"), errors="replace") as f:
            return " | ".join(f.read().splitlines()[-lines:])

    def stop(self):
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(5)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()

    # nginx writes a request's line after the answer is sent, so a client that has just read
    # its answer can be ahead of the log.
    def access_log(self, settle=0.1):
        """Every line so far, after giving the last ones `settle` seconds to land."""
        time.sleep(settle)
        with contextlib.suppress(FileNotFoundError):  # nothing logged yet
            return _json_lines(os.path.join(self.dir, "access.log"))
        return []

    def entry(self, request_id, timeout=3):
        """The line of one request, waited for up to `timeout` seconds; None if it never comes."""
        deadline = time.monotonic() + timeout
        while True:
            for e in self.access_log(settle=0):
                if e.get("request_id") == request_id:
                    return e
            if time.monotonic() >= deadline:
                return None
            time.sleep(0.02)


class Postgres:
    """A throw-away PostgreSQL cluster (scripts/pg-throwaway.sh), removed at the end."""

    def __init__(self, harness):
        self.h = harness
        self.dir = os.path.join(harness.work, "pg")
        self.script = os.path.join(harness.source, "scripts/pg-throwaway.sh")
        harness.on_cleanup(lambda: self.ctl("stop", check_status=False))
        self.url = self.ctl("start").strip().splitlines()[-1]
        check(self.url.startswith("postgresql://"), f"pg-throwaway.sh start printed {self.url!r}")

    def ctl(self, command, check_status=True):
        done = subprocess.run([self.script, command, self.dir], capture_output=True, text=True)
        if check_status:
            check(done.returncode == 0, f"pg-throwaway.sh {command}: {done.stderr.strip()}")
        return done.stdout

    def sql(self, query):
        """One query through psql as the cluster's owner; rows as lists of strings."""
        return psql(self.url, query)


def psql(url, query):
    """One query through psql on a DATABASE_URL; rows as lists of strings."""
    out = subprocess.run(["psql", url, "-X", "-At", "-F", "\t", "-c", query],
                         check=True, capture_output=True, text=True).stdout
    return [line.split("\t") for line in out.splitlines() if line]


# --------------------------------------------------------------------------------------------
# The harness: work folder, cleanup, database preparation, learners


class Harness:
    def __init__(self, name, build, source):
        self.name, self.build, self.source = name, os.path.abspath(build), os.path.abspath(source)
        self.learner_bin = os.path.join(self.build, "apps/learner-api/learner-api")
        self.admin_bin = os.path.join(self.build, "apps/langlearn-admin/langlearn-admin")
        self.authoring_bin = os.path.join(self.build, "apps/authoring-api/authoring-api")
        for binary in (self.learner_bin, self.admin_bin):
            check(os.access(binary, os.X_OK),
                  f"{binary} missing: build learner-api and langlearn-admin")
        self.work = tempfile.mkdtemp(prefix=f"ll-e2e-{name}-")
        # PostgreSQL runs as the postgres user and nginx's workers as nobody when we are root.
        os.chmod(self.work, 0o755)
        self.media_dir = os.path.join(self.work, "media")
        self.timezone = noon_timezone()
        self._cleanups = []
        self.figures = {}
        self.started = time.monotonic()

    def step(self, what):
        """Progress on stderr with the time since the start (ctest shows it on failure)."""
        print(f"[{time.monotonic() - self.started:6.1f} s] {what}", file=sys.stderr, flush=True)

    def on_cleanup(self, fn):
        self._cleanups.append(fn)

    def cleanup(self, keep_work):
        for fn in reversed(self._cleanups):
            try:
                fn()
            except Exception as e:  # cleanup goes on; the scenario's own outcome is reported
                print(f"cleanup: {e!r}", file=sys.stderr)
        self._cleanups.clear()
        if keep_work:
            print(f"{self.name}: logs kept in {self.work}", file=sys.stderr)
        else:
            shutil.rmtree(self.work, ignore_errors=True)

    def admin(self, database_url, *args, stdin=None):
        env = dict(os.environ, DATABASE_URL=database_url, MEDIA_DIR=self.media_dir,
                   JWT_SECRET=JWT_SECRET, LOG_LEVEL="warn")
        done = subprocess.run([self.admin_bin, *args], env=env, capture_output=True, text=True,
                              input=stdin)
        check(done.returncode == 0, f"langlearn-admin {' '.join(args)}: {done.stderr.strip()}")
        return done.stdout

    def prepare_database(self, database_url):
        """Migrations and the demo content (published pairs to book)."""
        self.admin(database_url, "migrate")
        self.admin(database_url, "seed", "--demo")

    def postgres(self):
        self.step("PostgreSQL: start")
        pg = Postgres(self)
        self.step("PostgreSQL: migrate, seed --demo")
        self.prepare_database(pg.url)
        return pg

    def learners(self, database_url, count):
        self.step(f"{count} learner-api")
        started = [
            Learner(self, f"learner-{chr(ord('a') + i)}", database_url).start(wait=False)
            for i in range(count)
        ]
        wait_all_ready(started)
        return started

    def nginx(self, learners):
        self.step("nginx")
        return Nginx(self, [l.port for l in learners]).start()

    def cluster(self, replicas=2):
        """The scale-out set-up: a throw-away PostgreSQL, `replicas` learner-api on it, nginx in
        front. Returns (postgres, [learner-api], nginx)."""
        pg = self.postgres()
        learners = self.learners(pg.url, replicas)
        return pg, learners, self.nginx(learners)

    def figure(self, **values):
        """Figures the scenario reports (printed at the end, also on failure)."""
        self.figures.update(values)

    def run_phases(self, phases):
        """Runs every (name, fn) phase even when an earlier one failed; fails at the end with
        all their failures listed."""
        failures = []
        for name, run in phases:
            self.step(name)
            try:
                run()
            except Failure as e:
                failures.append(f"{name}: {e}")
        check(not failures, "; ".join(failures))


def new_learner(port, name=None):
    """Registers an account and creates its profile through `port`; returns (token, pair ids of
    the feed, e-mail, user id from the register answer)."""
    c = Client(port)
    name = name or f"e2e_{uuid.uuid4().hex[:12]}"
    reg = c.call("POST", "/auth/register",
                 {"email": f"{name}@example.com", "password": "correct horse"})
    check(reg.status == 201, f"register: {reg.status} {reg.body[:200]!r}")
    registered = reg.json()
    token, user_id = registered["token"], registered["user"]["id"]
    langs = {l["short_en"]: l["id"] for l in c.call("GET", "/auth/languages").json()}
    profile = {"username": name[:20], "nativeLang": langs["de"], "targetLang": langs["en"]}
    prof = c.call("POST", "/auth/profile", profile, token)
    check(prof.status == 201, f"profile: {prof.status} {prof.body[:200]!r}")
    feed = c.call("GET", "/feed?limit=100", token=token)
    check(feed.status == 200, f"feed: {feed.status}")
    pairs = [item["pair_id"] for item in feed.json()["items"]]
    check(len(pairs) >= 4, f"the demo seed gave {len(pairs)} published pairs")
    c.close()
    return token, pairs, f"{name}@example.com", user_id


def learner_state(port, token):
    """GET /auth/me, /auth/stats and /auth/achievements of one learner."""
    c = Client(port)
    me = c.call("GET", "/auth/me", token=token)
    stats = c.call("GET", "/auth/stats", token=token)
    ach = c.call("GET", "/auth/achievements", token=token)
    for what, a in (("me", me), ("stats", stats), ("achievements", ach)):
        check(a.status == 200, f"GET /auth/{what}: {a.status} {a.body[:200]!r}")
    c.close()
    return me.json(), stats.json(), {a["id"] for a in ach.json() if a["unlocked"]}


def check_learner_totals(port, token, bookings, unlocked):
    """The stored state equals the distinct bookings: total_ep, cards (today and in the 84-day
    window), seen/correct, pairs practised, achievements. Returns (cards, total_ep) stored."""
    me, stats, stored_unlocked = learner_state(port, token)
    points = sum(b.points for b in bookings)
    correct = sum(1 for b in bookings if b.correct)
    check(me["total_ep"] == points, f"/auth/me total_ep {me['total_ep']}, bookings sum to {points}")
    check(me["level"] == level_for(points), f"/auth/me level {me['level']}")
    check(stats["today"]["cards"] == len(bookings),
          f"stats today.cards {stats['today']['cards']}, {len(bookings)} bookings")
    check(stats["today"]["ep"] == points,
          f"stats today.ep {stats['today']['ep']}, expected {points}")
    check(sum(d["cards"] for d in stats["daily"]) == len(bookings), "stats daily cards")
    check(stats["totals"]["total_seen"] == len(bookings),
          f"stats total_seen {stats['totals']['total_seen']}, {len(bookings)} bookings")
    check(stats["totals"]["total_correct"] == correct,
          f"stats total_correct {stats['totals']['total_correct']}, expected {correct}")
    check(stats["totals"]["pairs_practiced"] == len({b.pair_id for b in bookings}),
          f"stats pairs_practiced {stats['totals']['pairs_practiced']}")
    check(stored_unlocked == unlocked,
          f"/auth/achievements unlocked {sorted(stored_unlocked)}, answers {sorted(unlocked)}")
    return stats["today"]["cards"], me["total_ep"]


def make_bookings(pairs, count, first_index=0, keyed=True):
    """`count` bookings over the pairs with points 1..5 and every third one wrong."""
    return [Booking(i, pairs[i % len(pairs)], i % 3 != 0, 1 + i % 5, keyed)
            for i in range(first_index, first_index + count)]


def keep_booking(port, token, pairs, bookings, lock, stop, note, timeout, give_up_after=30,
                 pause=0.05, stuck=lambda booking: ""):
    """A client app's booking loop, until `stop` is set: each new booking (appended to
    `bookings` under `lock`) is sent through `port` and retried with its own Idempotency-Key
    after a 502/503/504 or a transport error, `pause` seconds apart, until a final answer;
    `note(sent, status or transport phase)` after every attempt. Fails the scenario when a
    booking has no final answer after `give_up_after` seconds (`stuck(booking)` says why)."""
    client = Client(port, timeout=timeout)
    while not stop.is_set():
        with lock:
            booking = make_bookings(pairs, 1, first_index=len(bookings))[0]
            bookings.append(booking)
        deadline = time.monotonic() + give_up_after
        while True:
            sent = time.monotonic()
            status = status_of(booking.send, client, token)
            note(sent, status)
            if isinstance(status, int) and status not in RETRYABLE:
                break
            check(time.monotonic() < deadline,
                  f"booking {booking.key} never booked: {stuck(booking)}")
            time.sleep(pause)


def book_at_first_attempt(port, token, pairs, bookings, count, when):
    """`count` more bookings, each answered 200 at its first attempt (the services have
    recovered by `when`); appended to `bookings`."""
    client = Client(port)
    for booking in make_bookings(pairs, count, first_index=len(bookings)):
        answer = booking.send(client, token)
        check(answer.status == 200, f"booking {when}: {answer.status} {answer.body!r}")
        bookings.append(booking)
    client.close()


def run_pool(threads, fn, items):
    """fn(item, state) on `threads` worker threads; `state` is a dict private to the worker
    thread (e.g. its keep-alive Client under "client"). Returns the results in item order."""
    local = threading.local()

    def call(item):
        return fn(item, local.__dict__)

    with concurrent.futures.ThreadPoolExecutor(max_workers=threads) as pool:
        return list(pool.map(call, items))


class Workers:
    """Background threads (load, probes) whose first exception join() raises in the caller."""

    def __init__(self):
        self.threads, self.errors = [], []

    def start(self, fn, *args):
        def run():
            try:
                fn(*args)
            except BaseException as e:  # handed to the main thread by join()
                self.errors.append(e)

        t = threading.Thread(target=run, daemon=True)
        t.start()
        self.threads.append(t)

    def join(self):
        for t in self.threads:
            t.join()
        if self.errors:
            raise self.errors[0]


def main(scenario, budget_seconds=300):
    """Runs scenario(harness); prints its figures and duration; exit 0 when it held.
    `budget_seconds`: the scenario's own alarm, above the sum of its waits' bounds (the default
    fits a throw-away PostgreSQL, SERVICE_READY_S for the services and for nginx, and the
    scenario's own waits of at most 60 s); ctest's TIMEOUT (LL_E2E_CTEST_TIMEOUT, from
    tests/e2e/CMakeLists.txt) must exceed it by CLEANUP_S so the failure is the script's own."""
    if len(sys.argv) < 3:
        print(f"usage: {sys.argv[0]} BUILD_DIR SOURCE_DIR", file=sys.stderr)
        sys.exit(2)
    name = os.path.splitext(os.path.basename(sys.argv[0]))[0]
    ctest_timeout = int(os.environ.get("LL_E2E_CTEST_TIMEOUT", "0"))
    if ctest_timeout and budget_seconds + CLEANUP_S > ctest_timeout:
        print(f"FAILED {name}: its budget of {budget_seconds} s plus {CLEANUP_S} s of cleanup "
              f"exceeds ctest's TIMEOUT of {ctest_timeout} s: raise the TIMEOUT in its "
              "CMakeLists.txt", file=sys.stderr)
        sys.exit(1)

    def interrupted(signum, _frame):
        raise Failure(f"interrupted by signal {signum} (budget {budget_seconds} s)")

    signal.signal(signal.SIGALRM, interrupted)
    signal.signal(signal.SIGTERM, interrupted)
    signal.alarm(budget_seconds)
    started = time.monotonic()
    h = Harness(name, sys.argv[1], sys.argv[2])
    ok = False
    try:
        scenario(h)
        ok = True
    except Failure as e:
        print(f"FAILED {name}: {e}", file=sys.stderr)
    except Exception:
        import traceback

        traceback.print_exc()
    finally:
        signal.alarm(0)
        keep = os.environ.get("LL_E2E_KEEP", "")
        h.cleanup(keep_work=keep == "always" or (keep == "1" and not ok))
    figures = " ".join(f"{k}={v}" for k, v in h.figures.items())
    print(f"{name}: {'ok' if ok else 'FAILED'} in {time.monotonic() - started:.1f} s; {figures}")
    sys.exit(0 if ok else 1)
