#!/usr/bin/env python3
"""Hostile clients against a live learner-api;
docs/testing.md "Hostile clients" explains the checks and keeps the measured figures.

  python3 tests/e2e/hostile_test.py BUILD_DIR SOURCE_DIR        (ctest: e2e_hostile)

Two learner-api processes share one SQLite file (migrate + seed --demo):
  A  READ_TIMEOUT_SECONDS=2: slowloris, oversized headers, pipelined garbage, random bytes, and
     last the file-descriptor limit reached (its limit lowered with prlimit);
  B  started fresh for the 10,000 idle keep-alive connections, so that its RSS before them is a
     clean baseline; MAX_CONNECTIONS just above 10,000 to see what happens beyond it.
While an attack runs, a prober (a normal client) keeps asking and its latency is asserted.
Every phase runs even when an earlier one failed (each failure is listed at the end) and every
figure is printed in one summary. Standard library only; process handling in harness.py.
"""

import collections
import json
import math
import os
import random
import re
import resource
import selectors
import socket
import threading
import time

import harness
from harness import Failure, check

READ_TIMEOUT = 2  # seconds, server A: slow clients are cut off after it
MAX_HEADER = 8192  # MAX_HEADER_BYTES (the default, set explicitly)
IDLE_COUNT = 10_000
OVER_LIMIT = 50  # server B's MAX_CONNECTIONS is IDLE_COUNT + OVER_LIMIT
SLOW_HEADER_CLIENTS = 300
SLOW_BODY_CLIENTS = 50
ATTACK_SECONDS = 2  # each attack is repeated for at least this long (enough probes to judge)
PROBE_P99_MS = 500  # generous: server, clients and others share 2 noisy cores
KIB_PER_IDLE_CONNECTION = 100  # the target in docs/performance.md "Latest figures"
RSS_IDLE_LIMIT_MIB = 256  # absolute bound with the 10,000 open (Debug build)
RSS_ATTACK_GROWTH_MIB = 32  # phases 1-3 may not grow the RSS peak more than this
# With the file-descriptor limit reached the server must not spin on accept(): at most this many
# CPU seconds per wall second above the same requests without waiting clients (an accept loop
# that retries at once takes half a core to a core).
EMFILE_CPU_PER_SECOND = 0.25


# --------------------------------------------------------------------------------------------
# Raw HTTP/1.1 over a socket: the bytes are ours, answers are parsed by hand.


def request(method, path, rid=None, body=None, extra=b""):
    head = f"{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n".encode()
    if rid:
        head += f"X-Request-Id: {rid}\r\n".encode()
    if body is not None:
        head += b"Content-Type: application/json\r\nContent-Length: %d\r\n" % len(body)
    return head + extra + b"\r\n" + (body or b"")


class Raw:
    """One TCP connection with a receive buffer, so pipelined answers are read one by one."""

    def __init__(self, port=None, timeout=5.0, sock=None):
        self.sock = sock or socket.create_connection(("127.0.0.1", port), timeout=timeout)
        self.sock.settimeout(timeout)
        self.buf = b""

    def send(self, data):
        self.sock.sendall(data)

    def _fill(self):
        """False when the peer closed (EOF or reset)."""
        try:
            chunk = self.sock.recv(65536)
        except ConnectionResetError:
            return False
        self.buf += chunk
        return bool(chunk)

    def response(self):
        """The next answer as (status, headers, body); None when the peer closed before one."""
        while b"\r\n\r\n" not in self.buf:
            if not self._fill():
                check(not self.buf, f"closed inside an answer's head: {self.buf[:200]!r}")
                return None
        head, _, rest = self.buf.partition(b"\r\n\r\n")
        lines = head.decode("latin-1").split("\r\n")
        check(re.fullmatch(r"HTTP/1\.1 \d{3} .*", lines[0]) is not None,
              f"status line {lines[0]!r}")
        headers = {}
        for line in lines[1:]:
            name, _, value = line.partition(":")
            headers[name.strip().lower()] = value.strip()
        self.buf = rest
        length = int(headers.get("content-length", "0"))
        while len(self.buf) < length:
            check(self._fill(), "closed inside an answer's body")
        body, self.buf = self.buf[:length], self.buf[length:]
        return int(lines[0].split()[1]), headers, body

    def closed_within(self, seconds):
        """Seconds until the peer closed with nothing more sent, or None if still open then."""
        started = time.monotonic()
        deadline = started + seconds
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                return None
            self.sock.settimeout(left)
            try:
                chunk = self.sock.recv(65536)
            except socket.timeout:
                return None
            except ConnectionResetError:
                chunk = b""
            if not chunk:
                check(not self.buf, f"bytes after the last answer: {self.buf[:200]!r}")
                return time.monotonic() - started
            self.buf += chunk

    def still_open(self):
        self.sock.setblocking(False)
        try:
            return self.sock.recv(1, socket.MSG_PEEK) != b""
        except BlockingIOError:
            return True
        except OSError:
            return False
        finally:
            self.sock.setblocking(True)

    def close(self):
        self.sock.close()


def one_request(port, path="/livez", timeout=5.0):
    """A fresh connection, one request with `Connection: close`: (seconds, status or error)."""
    started = time.monotonic()
    try:
        c = Raw(port, timeout)
        try:
            c.send(request("GET", path, extra=b"Connection: close\r\n"))
            answer = c.response()
        finally:
            c.close()
        status = answer[0] if answer else "closed without an answer"
    except (OSError, Failure) as e:
        status = repr(e)
    return time.monotonic() - started, status


# --------------------------------------------------------------------------------------------
# Figures


def percentile(values, p):
    ordered = sorted(values)
    return ordered[max(0, math.ceil(p * len(ordered)) - 1)] if ordered else float("nan")


def latency(samples):
    """samples: [(seconds, status)] -> dict of count, failures, p50/p99/max ms."""
    seconds = [s for s, _ in samples]
    failures = [st for _, st in samples if st != 200]
    return {
        "count": len(samples),
        "failures": len(failures),
        "first_failure": failures[0] if failures else None,
        "p50": percentile(seconds, 0.50) * 1000,
        "p99": percentile(seconds, 0.99) * 1000,
        "max": max(seconds) * 1000 if seconds else float("nan"),
    }


def latency_text(s):
    return (f"{s['count']} requests, p50 {s['p50']:.1f} ms, p99 {s['p99']:.1f} ms, "
            f"max {s['max']:.1f} ms, failures {s['failures']}")


def check_latency(s, what):
    check(s["count"] >= 10, f"{what}: only {s['count']} probes")
    check(s["failures"] == 0, f"{what}: {s['failures']} failed probes, first: {s['first_failure']}")
    check(s["p99"] < PROBE_P99_MS, f"{what}: p99 {s['p99']:.1f} ms >= {PROBE_P99_MS} ms")


class Prober:
    """A normal client while an attack runs: every 20 ms a fresh connection and one GET,
    alternating /livez (answered on the I/O thread) and /auth/languages (the database, on the
    worker pool)."""

    PATHS = ("/livez", "/auth/languages")

    def __init__(self, port):
        self.port, self.samples = port, []
        self.stop_event = threading.Event()
        self.thread = threading.Thread(target=self.run, daemon=True)

    def __enter__(self):
        self.thread.start()
        return self

    def __exit__(self, *_):
        self.stop_event.set()
        self.thread.join()

    def run(self):
        i = 0
        while not self.stop_event.is_set():
            self.samples.append(one_request(self.port, self.PATHS[i % 2]))
            i += 1
            self.stop_event.wait(0.02)

    def stats(self):
        return latency(self.samples)


def proc_kib(pid, field):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith(field + ":"):
                return int(line.split()[1])
    raise Failure(f"no {field} in /proc/{pid}/status")


def reset_peak(pid):
    # Writing 5 to clear_refs resets VmHWM (Linux >= 4.0), so each phase gets its own peak.
    try:
        with open(f"/proc/{pid}/clear_refs", "w") as f:
            f.write("5")
    except OSError:
        pass


def cpu_seconds(pid):
    fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def mib(kib):
    return f"{kib / 1024:.1f} MiB"


def metric(raw, name):
    """A value from /metrics asked on an already open connection (new ones may be refused)."""
    raw.send(request("GET", "/metrics"))
    status, _, body = raw.response()
    check(status == 200, f"/metrics: {status}")
    m = re.search(rf"^{re.escape(name)} (\S+)$", body.decode(), re.M)
    check(m is not None, f"{name} not in /metrics")
    return float(m.group(1))


def wait_connections(server, at_most, seconds=5.0):
    """The server's open-connection gauge falls to `at_most` (sessions are released); the
    connection that asks is counted too."""
    deadline = time.monotonic() + seconds
    while True:
        value = server.metrics().get("langlearn_http_connections")
        check(value is not None, "langlearn_http_connections not in /metrics")
        if value <= at_most or time.monotonic() > deadline:
            return value
        time.sleep(0.1)


# --------------------------------------------------------------------------------------------
# 1. Slowloris


def slowloris(h, server, out):
    pid, port = server.proc.pid, server.port
    before = proc_kib(pid, "VmRSS")
    reset_peak(pid)
    # A header that never ends, and a body announced at 100 bytes that never comes: one byte
    # every half second on each connection.
    header = b"GET /livez HTTP/1.1\r\nHost: 127.0.0.1\r\n" + b"X-Slow: " + b"a" * 4096
    body_head = request("POST", "/auth/login", body=b"")[:-4]
    body_head = body_head.replace(b"Content-Length: 0", b"Content-Length: 100") + b"\r\n\r\n"
    selector = selectors.DefaultSelector()
    slow = []  # [socket, bytes to drip, next offset, started, closed after, kind]
    with Prober(port) as prober:
        time.sleep(0.3)  # a few probes before the attack
        for i in range(SLOW_HEADER_CLIENTS + SLOW_BODY_CLIENTS):
            s = socket.create_connection(("127.0.0.1", port), timeout=5)
            kind = "header" if i < SLOW_HEADER_CLIENTS else "body"
            if kind == "body":
                s.sendall(body_head)
            s.sendall(header[:1] if kind == "header" else b"{")
            s.setblocking(False)
            entry = [s, header if kind == "header" else b'{"email":"' + b"x" * 4096, 1,
                     time.monotonic(), None, kind]
            slow.append(entry)
            selector.register(s, selectors.EVENT_READ, entry)
        h.step(f"slowloris: {len(slow)} slow connections open")
        answered = 0
        deadline = time.monotonic() + READ_TIMEOUT + 5
        next_drip = time.monotonic() + 0.5
        open_count = len(slow)
        while open_count and time.monotonic() < deadline:
            for key, _ in selector.select(timeout=max(0.0, next_drip - time.monotonic())):
                entry = key.data
                try:
                    data = entry[0].recv(4096)
                except ConnectionResetError:
                    data = b""
                if data:
                    answered += 1  # a 408 would be acceptable; the server sends nothing now
                    continue
                entry[4] = time.monotonic() - entry[3]
                selector.unregister(entry[0])
                entry[0].close()
                open_count -= 1
            if time.monotonic() >= next_drip:
                next_drip += 0.5
                for entry in slow:
                    if entry[4] is None:
                        try:
                            entry[0].send(entry[1][entry[2]:entry[2] + 1])
                            entry[2] += 1
                        except (BlockingIOError, BrokenPipeError, ConnectionResetError):
                            pass  # the close is seen by the selector
        time.sleep(0.3)  # a few probes after the attack
    for entry in slow:
        if entry[4] is None:
            selector.unregister(entry[0])
            entry[0].close()
    peak = proc_kib(pid, "VmHWM")
    after = proc_kib(pid, "VmRSS")
    probe = prober.stats()
    closed = [e[4] for e in slow if e[4] is not None]
    gauge = wait_connections(server, 2)
    out.append(f"1. Slowloris: {SLOW_HEADER_CLIENTS} header + {SLOW_BODY_CLIENTS} body "
               f"connections, one byte per 0.5 s, READ_TIMEOUT_SECONDS={READ_TIMEOUT}")
    out.append(f"   cut off: {len(closed)}/{len(slow)}, after {min(closed, default=0):.2f} .. "
               f"{max(closed, default=0):.2f} s (median {percentile(closed, 0.5):.2f} s); "
               f"bytes answered to them: {answered} connections")
    out.append(f"   normal clients meanwhile: {latency_text(probe)}")
    out.append(f"   server RSS before {mib(before)}, peak {mib(peak)}, after {mib(after)}; "
               f"open connections afterwards {gauge:.0f}")
    h.figure(slowloris_cutoff_max_s=round(max(closed, default=0), 2),
             slowloris_probe_p99_ms=round(probe["p99"], 1))
    check(len(closed) == len(slow), f"{len(slow) - len(closed)} slow connections still open "
          f"{READ_TIMEOUT + 5} s after they started")
    check(min(closed) >= READ_TIMEOUT - 0.3, f"a slow connection cut after {min(closed):.2f} s, "
          f"before READ_TIMEOUT_SECONDS={READ_TIMEOUT}")
    check(max(closed) <= READ_TIMEOUT + 2, f"a slow connection cut only after {max(closed):.2f} s")
    check_latency(probe, "slowloris: normal clients")
    check(peak - before <= RSS_ATTACK_GROWTH_MIB * 1024,
          f"slowloris: RSS grew {mib(peak - before)} (bound {RSS_ATTACK_GROWTH_MIB} MiB)")
    check(gauge <= 2, f"{gauge:.0f} connections still counted after the slow ones were cut")


# --------------------------------------------------------------------------------------------
# 2. Oversized headers


TOO_LARGE_STATUS = 431
TOO_LARGE_ERROR = "Request header fields too large"


def refused_and_closed(port, data):
    """Sends `data` (from a thread: the server may answer before it has all), expects one
    answer 431 with its error, `Connection: close`, and then the connection closed."""
    c = Raw(port, timeout=10)
    sender = threading.Thread(target=lambda: _send_quietly(c, data), daemon=True)
    sender.start()
    answer = c.response()
    check(answer is not None, f"closed without an answer (expected {TOO_LARGE_STATUS})")
    status, headers, body = answer
    check(status == TOO_LARGE_STATUS,
          f"status {status}, expected {TOO_LARGE_STATUS}: {body[:200]!r}")
    check(headers.get("connection", "").lower() == "close", f"no Connection: close on {status}")
    check(json.loads(body).get("error") == TOO_LARGE_ERROR, f"body {body[:200]!r}")
    closed = c.closed_within(5)
    check(closed is not None, f"connection still open 5 s after the {status}")
    sender.join(10)
    c.close()
    return closed


def _send_quietly(c, data):
    try:
        c.send(data)
    except OSError:
        pass  # the server closed after its answer (at most 2 s of lingering or 64 MiB)


def endless_header(port):
    """A header that never ends, streamed at full speed for up to 10 s. After its 431 the server
    reads and discards (so that the client sees the answer, not a reset) for at most 2 s or
    64 MiB, then closes: returns (seconds from the 431 to the cut, bytes sent)."""
    c = Raw(port, timeout=10)
    stop = time.monotonic() + 10
    sent, cut = [0], [None]

    def stream():
        chunk = b"X-More: " + b"b" * 65000 + b"\r\n"
        try:
            c.send(b"GET /livez HTTP/1.1\r\nHost: x\r\n")
            while time.monotonic() < stop:
                c.send(chunk)
                sent[0] += len(chunk)
        except OSError:
            cut[0] = time.monotonic()

    t = threading.Thread(target=stream, daemon=True)
    t.start()
    answer = c.response()
    answered = time.monotonic()
    check(answer is not None and answer[0] == 431, f"endless header: answer {answer and answer[0]}")
    check(c.closed_within(5) is not None, "endless header: no end of the answer stream")
    t.join(15)
    c.close()
    check(cut[0] is not None, "endless header: still read by the server after 10 s")
    return cut[0] - answered, sent[0]


def oversized_headers(h, server, out):
    port = server.port
    before = proc_kib(server.proc.pid, "VmRSS")
    reset_peak(server.proc.pid)
    cases = [
        ("request line longer than MAX_HEADER_BYTES",
         b"GET /" + b"a" * (MAX_HEADER + 1000) + b" HTTP/1.1\r\nHost: x\r\n\r\n"),
        ("one 256 KiB header",
         request("GET", "/livez", extra=b"X-Big: " + b"a" * 262144 + b"\r\n")),
        ("5,000 small headers",
         request("GET", "/livez", extra=b"".join(b"X-H%d: v\r\n" % i for i in range(5000)))),
    ]
    out.append(f"2. Oversized headers (MAX_HEADER_BYTES={MAX_HEADER}), 20 connections at a time, "
               f"repeated for {ATTACK_SECONDS} s")
    with Prober(port) as prober:
        times = {name: [] for name, _ in cases}
        started = time.monotonic()
        while not times[cases[0][0]] or time.monotonic() - started < ATTACK_SECONDS:
            for name, data in cases:
                times[name] += harness.run_pool(
                    20, lambda _i, _state: refused_and_closed(port, data), range(40))
        for name, data in cases:
            out.append(f"   {name} ({len(data):,} bytes) x {len(times[name])}: 431 + Connection: "
                       f"close, closed {max(times[name]) * 1000:.0f} ms after the answer at most")
        cut, sent = endless_header(port)
        out.append(f"   endless header streamed at full speed: 431, then cut {cut:.2f} s later "
                   f"({sent / 1048576:.0f} MiB sent in all, discarded)")
        # Many headers within the limit are fine, and the connection stays usable.
        many = request("GET", "/livez", extra=b"".join(b"a%d:b\r\n" % i for i in range(1000)))
        check(len(many) < MAX_HEADER, "the within-limit case must stay within the limit")
        c = Raw(port)
        c.send(many)
        first = c.response()
        c.send(request("GET", "/livez"))
        second = c.response()
        c.close()
        check(first and first[0] == 200 and second and second[0] == 200,
              "1,000 tiny headers within the limit: not answered 200 on a kept connection")
        out.append(f"   1,000 tiny headers within the limit ({len(many):,} bytes): 200, "
                   "connection kept")
    probe = prober.stats()
    peak, after = proc_kib(server.proc.pid, "VmHWM"), proc_kib(server.proc.pid, "VmRSS")
    out.append(f"   normal clients meanwhile: {latency_text(probe)}")
    out.append(f"   server RSS before {mib(before)}, peak {mib(peak)}, after {mib(after)}")
    check_latency(probe, "oversized headers: normal clients")
    check(peak - before <= RSS_ATTACK_GROWTH_MIB * 1024,
          f"oversized headers: RSS grew {mib(peak - before)} (bound {RSS_ATTACK_GROWTH_MIB} MiB)")


# --------------------------------------------------------------------------------------------
# 3. Pipelined garbage, random bytes, mutated requests


# A booking with a token that is not one: 401 before the body is parsed. (A login would spend
# an argon2id check, 19 MiB for a moment, on each attempt: bounded by the hashing pool, but it
# would hide what the garbage itself costs.)
BOOKING = json.dumps({"pair_id": 1, "correct": True, "points": 5}).encode()
BAD_TOKEN = b"Authorization: Bearer not-a-token\r\n"
GARBAGE = b"\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03GARBAGE \xff\xfe\r\n\r\n"


def pipelined(port):
    c = Raw(port)
    c.send(request("GET", "/livez", "p1") +
           request("POST", "/auth/progress", "p2", BOOKING, BAD_TOKEN) +
           request("GET", "/auth/languages", "p3") + GARBAGE + request("GET", "/livez", "p5"))
    answers = [c.response() for _ in range(4)]
    check(all(answers), f"pipelined: only {sum(1 for a in answers if a)} of 4 answers")
    got = [(a[0], a[1].get("x-request-id")) for a in answers[:3]]
    check(got == [(200, "p1"), (401, "p2"), (200, "p3")], f"pipelined answers: {got}")
    status, headers, body = answers[3]
    check(status == 400 and json.loads(body) == {"error": "Bad request", "code": "bad_request"},
          f"garbage after the pipelined requests: {status} {body[:200]!r}")
    check(headers.get("connection", "").lower() == "close", "garbage: no Connection: close")
    closed = c.closed_within(5)  # the request after the garbage (p5) is never answered
    c.close()
    check(closed is not None, "pipelined garbage: connection still open 5 s after the 400")


def random_bytes(port, seed):
    rng = random.Random(seed)
    data = rng.randbytes(rng.randint(1, 65536))
    c = Raw(port, timeout=10)
    try:
        c.send(data)
        c.sock.shutdown(socket.SHUT_WR)
    except OSError:
        pass  # answered and closed before all was sent: the answer is still to be read
    answer = c.response()
    closed = c.closed_within(5)
    c.close()
    return len(data), answer[0] if answer else None, closed


VALID = request("POST", "/auth/progress", "m", BOOKING, BAD_TOKEN)


def mutated(port, seed):
    """A valid request with a few bytes flipped, inserted or cut off; sent and half-closed."""
    rng = random.Random(seed)
    data = bytearray(VALID)
    for _ in range(rng.randint(1, 4)):
        what, at = rng.random(), rng.randrange(len(data))
        if what < 0.5:
            data[at] = rng.randrange(256)
        elif what < 0.8:
            data[at:at] = rng.randbytes(rng.randint(1, 8))
        else:
            del data[at:]
            if not data:
                data = bytearray(b"G")
    c = Raw(port, timeout=10)
    statuses = []
    try:
        c.send(bytes(data))
        c.sock.shutdown(socket.SHUT_WR)
    except OSError:
        pass
    started = time.monotonic()
    while True:
        answer = c.response()
        if answer is None:
            break
        statuses.append(answer[0])
    c.close()
    return statuses, time.monotonic() - started


def never_reads(port, path):
    """Pipelines 200,000 requests for an 80 KiB audio file and never reads an answer: the
    server's answers back up, it stops reading, and the timeout on its blocked write must end
    the connection (the answers are large so that the buffers fill at once)."""
    s = socket.socket()
    s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    s.connect(("127.0.0.1", port))
    s.settimeout(READ_TIMEOUT + 20)
    data = request("GET", path) * 200_000
    started = time.monotonic()
    try:
        s.sendall(data)
        outcome = "all sent"  # the server would have read everything: not expected
    except (BrokenPipeError, ConnectionResetError):
        outcome = "cut off"
    except socket.timeout:
        outcome = "still open"
    s.close()
    return outcome, time.monotonic() - started, len(data)


def garbage(h, server, out):
    port = server.port
    before = proc_kib(server.proc.pid, "VmRSS")
    reset_peak(server.proc.pid)
    out.append("3. Pipelined garbage, random bytes, a client that never reads")
    with Prober(port) as prober:
        pipelined(port)
        out.append("   GET, POST (body), GET pipelined + garbage + GET on one connection: "
                   "200 p1, 401 p2, 200 p3 in order, 400 Bad request, closed, last GET unanswered")
        c = Raw(port)
        c.send(request("GET", "/livez", "g1") + b"BLAH\r\n\r\n" + request("GET", "/livez", "g3"))
        first, second = c.response(), c.response()
        check(first and first[0] == 200 and second and second[0] == 400,
              f"garbage between requests: {first and first[0]}, {second and second[0]}")
        check(c.closed_within(5) is not None, "garbage between requests: not closed")
        c.close()
        results, started = [], time.monotonic()
        while not results or time.monotonic() - started < ATTACK_SECONDS / 2:
            results += harness.run_pool(16, lambda seed, _state: random_bytes(port, seed),
                                        range(len(results), len(results) + 200))
        random_seconds = time.monotonic() - started
        statuses = dict(collections.Counter(status for _, status, _ in results))
        sent = sum(n for n, _, _ in results)
        out.append(f"   {len(results)} connections of random bytes (1 B .. 64 KiB, "
                   f"{sent / 1048576:.1f} MiB, "
                   f"16 at a time, {random_seconds:.1f} s): answers {statuses}, all closed "
                   f"within {max(r[2] for r in results if r[2] is not None) * 1000:.0f} ms")
        mutations, started = [], time.monotonic()
        while not mutations or time.monotonic() - started < ATTACK_SECONDS / 2:
            mutations += harness.run_pool(16, lambda seed, _state: mutated(port, seed),
                                          range(len(mutations), len(mutations) + 200))
        mutated_seconds = time.monotonic() - started
        mstatuses = dict(collections.Counter(s for got, _ in mutations for s in got or [None]))
        out.append(f"   {len(mutations)} mutated booking requests ({mutated_seconds:.1f} s): "
                   "answers "
                   f"{dict(sorted(mstatuses.items(), key=str))}, slowest close "
                   f"{max(s for _, s in mutations):.2f} s")
        media = max(os.scandir(h.media_dir), key=lambda e: e.stat().st_size)
        outcome, stalled, size = never_reads(port, "/media/" + media.name)
        out.append(f"   {size / 1048576:.1f} MiB of pipelined requests for a "
                   f"{media.stat().st_size // 1024} KiB file, answers never read: {outcome} "
                   f"after {stalled:.1f} s")
    probe = prober.stats()
    peak, after = proc_kib(server.proc.pid, "VmHWM"), proc_kib(server.proc.pid, "VmRSS")
    out.append(f"   normal clients meanwhile: {latency_text(probe)}")
    out.append(f"   server RSS before {mib(before)}, peak {mib(peak)}, after {mib(after)}")
    bad = [r for r in results if r[1] != 400 or r[2] is None]
    check(not bad, f"random bytes: {len(bad)} connections without 400 + close, e.g. {bad[:3]}")
    # 501 is the answer to a method mutated into one the service does not know (RFC 9110);
    # any other 5xx would be the server failing.
    check(not any(s and s >= 500 and s != 501 for got, _ in mutations for s in got),
          f"mutated requests got a 5xx: {mstatuses}")
    check(max(s for _, s in mutations) <= READ_TIMEOUT + 1.5,
          "a mutated request held its connection beyond the read timeout")
    check(outcome == "cut off" and stalled <= READ_TIMEOUT + 5,
          f"a client that never reads: {outcome} after {stalled:.1f} s")
    check_latency(probe, "garbage: normal clients")
    check(peak - before <= RSS_ATTACK_GROWTH_MIB * 1024,
          f"garbage: RSS grew {mib(peak - before)} (bound {RSS_ATTACK_GROWTH_MIB} MiB)")


# --------------------------------------------------------------------------------------------
# 4. 10,000 idle keep-alive connections, and beyond MAX_CONNECTIONS


def raise_fd_limit(wanted):
    """This process needs a descriptor per idle connection; learner-api inherits the limit."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard != resource.RLIM_INFINITY and hard < wanted:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, wanted))  # root only
            return
        except (ValueError, OSError):
            raise Failure(f"RLIMIT_NOFILE hard limit {hard} < {wanted} needed (ulimit -Hn)")
    if soft < wanted:
        resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))


def server_fd_limit(pid):
    with open(f"/proc/{pid}/limits") as f:
        for line in f:
            if line.startswith("Max open files"):
                return int(line.split()[3])
    raise Failure("no Max open files")


def open_idle(port, count, batch=500):
    """`count` connections that each got one answer and stay open (keep-alive)."""
    conns = []
    ask = request("GET", "/livez")
    while len(conns) < count:
        fresh = []
        for _ in range(min(batch, count - len(conns))):
            c = Raw(port, timeout=20)
            c.send(ask)
            fresh.append(c)
        for c in fresh:
            answer = c.response()
            check(answer is not None and answer[0] == 200,
                  f"idle connection {len(conns)}: {answer and answer[0]}")
        conns += fresh
    return conns


def idle_connections(h, server, out):
    pid, port = server.proc.pid, server.port
    limit = server_fd_limit(pid)
    check(limit >= IDLE_COUNT + OVER_LIMIT + 100, f"learner-api may open only {limit} files")
    for _ in range(20):
        one_request(port)
    time.sleep(0.5)
    before = proc_kib(pid, "VmRSS")
    h.step(f"idle: opening {IDLE_COUNT:,} keep-alive connections")
    started = time.monotonic()
    conns = open_idle(port, IDLE_COUNT)
    open_seconds = time.monotonic() - started
    time.sleep(1)
    with_idle = proc_kib(pid, "VmRSS")
    per_connection = (with_idle - before) / IDLE_COUNT
    fresh = latency([one_request(port, Prober.PATHS[i % 2]) for i in range(100)])
    reused = [conns[i] for i in random.Random(1).sample(range(IDLE_COUNT), 200)]
    for c in reused:
        c.send(request("GET", "/auth/languages"))
    reused_ok = sum(1 for c in reused if (c.response() or [0])[0] == 200)
    still_open = sum(1 for c in conns if c.still_open())
    out.append(f"4. {IDLE_COUNT:,} idle keep-alive connections (one request each, opened in "
               f"{open_seconds:.1f} s; learner-api Max open files {limit:,})")
    out.append(f"   server RSS before {mib(before)}, with them {mib(with_idle)}: "
               f"{per_connection:.1f} KiB per idle connection (bound {KIB_PER_IDLE_CONNECTION})")
    out.append(f"   new clients meanwhile: {latency_text(fresh)}")
    out.append(f"   200 idle connections asked again: {reused_ok} x 200; "
               f"still open: {still_open:,}")
    h.figure(idle_rss_before_mib=round(before / 1024, 1),
             idle_rss_with_mib=round(with_idle / 1024, 1),
             kib_per_idle_connection=round(per_connection, 1))

    # Beyond MAX_CONNECTIONS: accepted and closed at once; the open ones are still served.
    extra = []
    for _ in range(2 * OVER_LIMIT):
        c = Raw(port, timeout=5)
        c.send(request("GET", "/livez"))
        extra.append((c, time.monotonic()))
    accepted, refused_after = [], []
    for c, sent in extra:
        answer = c.response()
        if answer is None:
            refused_after.append(time.monotonic() - sent)
            c.close()
        else:
            check(answer[0] == 200, f"over the limit: {answer[0]}")
            accepted.append(c)
    refused_total = metric(conns[0], "langlearn_http_connections_refused_total")
    counted = metric(conns[0], "langlearn_http_connections")
    for c in conns[:100]:
        c.close()
    time.sleep(0.5)
    after_freeing = one_request(port)
    out.append(f"   MAX_CONNECTIONS={IDLE_COUNT + OVER_LIMIT:,}: {2 * OVER_LIMIT} more clients: "
               f"{len(accepted)} served, {len(refused_after)} closed without an answer "
               f"(at most {max(refused_after, default=0) * 1000:.0f} ms after their request), "
               f"refused_total {refused_total:.0f}, connections gauge {counted:.0f}; "
               f"after closing 100 idle ones a new client gets {after_freeing[1]}")
    for c in conns + accepted:
        c.close()
    time.sleep(1)
    after_close = proc_kib(pid, "VmRSS")
    gauge = wait_connections(server, 1)
    out.append(f"   all closed: RSS {mib(after_close)}, open connections {gauge:.0f}")
    # A second round must reuse what the first one left to the allocator: no leak per connection.
    h.step(f"idle: {IDLE_COUNT:,} again")
    conns = open_idle(port, IDLE_COUNT)
    time.sleep(1)
    second = proc_kib(pid, "VmRSS")
    for c in conns:
        c.close()
    out.append(f"   a second round of {IDLE_COUNT:,}: RSS {mib(second)} with them "
               f"({(second - with_idle) / 1024:+.1f} MiB against the first round)")
    h.figure(idle_second_round_mib=round(second / 1024, 1))

    check(still_open == IDLE_COUNT, f"only {still_open} of {IDLE_COUNT} idle connections open")
    check(reused_ok == 200, f"only {reused_ok} of 200 idle connections answered again")
    check_latency(fresh, "10,000 idle: new clients")
    check(per_connection <= KIB_PER_IDLE_CONNECTION,
          f"{per_connection:.1f} KiB per idle connection > {KIB_PER_IDLE_CONNECTION}")
    check(with_idle <= RSS_IDLE_LIMIT_MIB * 1024,
          f"RSS {mib(with_idle)} with {IDLE_COUNT} idle > {RSS_IDLE_LIMIT_MIB} MiB")
    # The 100 probes and the 200 re-asked ones closed or stayed within the count: exactly the
    # free slots are served, the rest closed at once.
    check(len(accepted) == OVER_LIMIT and len(refused_after) == OVER_LIMIT,
          f"beyond MAX_CONNECTIONS: {len(accepted)} served, {len(refused_after)} refused "
          f"(expected {OVER_LIMIT} and {OVER_LIMIT})")
    check(max(refused_after) < 1.0, "a connection over the limit was not closed at once")
    check(refused_total == OVER_LIMIT, f"refused_total {refused_total:.0f}")
    check(after_freeing[1] == 200, f"after freeing slots a new client got {after_freeing[1]}")
    check(gauge <= 1, f"{gauge:.0f} connections still counted after all closed")
    check(second - with_idle <= 8 * 1024,
          f"second round of {IDLE_COUNT}: RSS {mib(second)} against {mib(with_idle)}: a leak")


# --------------------------------------------------------------------------------------------
# 5. The process's file-descriptor limit reached


def fd_exhaustion(h, server, out):
    """With RLIMIT_NOFILE below MAX_CONNECTIONS (the default 10,000 against a common ulimit of
    1,024), accept() fails with EMFILE. The server must neither spin on it nor stop serving the
    connections it has, and must take the waiting clients once descriptors are free again."""
    pid, port = server.proc.pid, server.port
    out.append("5. File-descriptor limit reached (learner-api's soft RLIMIT_NOFILE lowered with "
               "prlimit, 60 clients)")
    keep = Raw(port)
    keep.send(request("GET", "/livez"))
    check(keep.response()[0] == 200, "fd limit: keep-alive connection")

    def ask_for(seconds):
        """The kept connection asks every 10 ms: (latency stats, server CPU s per s)."""
        cpu_before, wall_before = cpu_seconds(pid), time.monotonic()
        samples = []
        while time.monotonic() - wall_before < seconds:
            started = time.monotonic()
            keep.send(request("GET", "/livez"))
            answer = keep.response()
            samples.append((time.monotonic() - started, answer[0] if answer else "closed"))
            time.sleep(0.01)
        return latency(samples), (cpu_seconds(pid) - cpu_before) / (time.monotonic() - wall_before)

    _, baseline = ask_for(1)
    used = len(os.listdir(f"/proc/{pid}/fd"))
    limit = used + 20
    # Only the soft limit: it can be set back without privileges (and a server that raises its
    # soft limit at start does not undo this).
    soft, hard = resource.prlimit(pid, resource.RLIMIT_NOFILE)
    resource.prlimit(pid, resource.RLIMIT_NOFILE, (limit, hard))
    waiting = []
    for _ in range(60):
        c = Raw(port, timeout=10)
        c.send(request("GET", "/livez"))
        waiting.append(c)
    time.sleep(0.5)
    kept, cpu_rate = ask_for(2)
    # Accepted first come first served: each one closed frees a descriptor for the next. A
    # waiting client may be served late or closed at once (as beyond MAX_CONNECTIONS), but it
    # must not hang.
    answered, closed, hung = 0, 0, 0
    for c in waiting:
        try:
            answer = c.response()
            answered += 1 if answer and answer[0] == 200 else 0
            closed += 1 if answer is None else 0
        except (OSError, Failure):
            hung += 1
        c.close()
    keep.close()
    resource.prlimit(pid, resource.RLIMIT_NOFILE, (soft, hard))
    recovered = one_request(port)
    out.append(f"   {used} descriptors in use, soft limit set to {limit}; server CPU while "
               f"clients wait: {cpu_rate:.2f} s per s (the same requests "
               f"before: {baseline:.2f}; bound {EMFILE_CPU_PER_SECOND} above it)")
    out.append(f"   a kept connection meanwhile: {latency_text(kept)}")
    out.append(f"   the 60 waiting clients once descriptors were free: {answered} answered, "
               f"{closed} closed without an answer, {hung} hung or broken (10 s); limit raised "
               f"again: a new client gets {recovered[1]}")
    h.figure(emfile_cpu_per_s=round(cpu_rate, 2))
    check_latency(kept, "fd limit: kept connection")
    check(hung == 0 and answered + closed == 60 and answered >= 15,
          f"fd limit: of 60 waiting clients {answered} answered, {closed} closed, {hung} hung")
    check(recovered[1] == 200, f"fd limit raised again: a new client gets {recovered[1]}")
    check(cpu_rate - baseline <= EMFILE_CPU_PER_SECOND,
          f"fd limit: learner-api burns {cpu_rate:.2f} CPU s/s while accept() fails with EMFILE "
          "(an accept loop that retries at once)")


# --------------------------------------------------------------------------------------------


def scenario(h):
    raise_fd_limit(IDLE_COUNT + 2 * OVER_LIMIT + 1024)
    url = f"sqlite://{h.work}/hostile.db"
    h.step("migrate, seed --demo")
    h.prepare_database(url)
    common = {"THREADS": "2", "LOG_LEVEL": "warn", "MAX_HEADER_BYTES": str(MAX_HEADER)}
    a = harness.Learner(h, "learner-a", url, dict(common, READ_TIMEOUT_SECONDS=str(READ_TIMEOUT)))
    out, failures = [], []

    def phase(name, fn, server):
        h.step(name)
        try:
            fn(h, server, out)
        except Exception as e:  # Failure or a broken connection: the next phases still run
            text = str(e) if isinstance(e, Failure) else repr(e)
            failures.append(f"{name}: {text}")
            out.append(f"   FAILED: {text}")
        check(server.proc.poll() is None, f"learner-api exited during {name}: "
              f"{server.stderr_tail()}")

    try:
        a.start()
        phase("slowloris", slowloris, a)
        phase("oversized headers", oversized_headers, a)
        phase("pipelined garbage", garbage, a)
        b = harness.Learner(h, "learner-b", url, dict(
            common, MAX_CONNECTIONS=str(IDLE_COUNT + OVER_LIMIT), IDLE_TIMEOUT_SECONDS="300"))
        b.start()
        phase("10,000 idle connections", idle_connections, b)
        b.stop()
        phase("file-descriptor limit", fd_exhaustion, a)
    finally:
        print(f"\nHostile clients against {h.learner_bin} (SQLite, THREADS=2):")
        print("\n".join(out), flush=True)
    check(not failures, "; ".join(failures))


if __name__ == "__main__":
    harness.main(scenario, budget_seconds=240)
