#!/usr/bin/env python3
"""An attacker's review of the running services (docs/testing.md "Hostile clients"),
one phase per finding, on a throw-away PostgreSQL (where each was reproduced):

  methods      3,000 requests with random 2 KB methods: 501 each; /metrics and RSS stay flat
               (before: every method a label set with a full histogram, /metrics 100 MB)
  login memory 300 logins with distinct 1 MB e-mails and 300 with distinct 6 KB ones: 413 and
               401 without growing RSS (before: 191 MiB kept for 15 minutes)
  e-mail keys  a NUL suffix never logs in as the victim nor reaches the lookup; failures in any
               spelling count against the account; letters outside ASCII are not folded by the
               database; e-mails over 254 bytes are 400 at registration (before: 500)
  before body  401/403 for a 10 MB upload and a 500 KB booking answered before the body is sent
  queues       the hashing queue's bound answers 503 + Retry-After; the per-address limit runs
               before the queue (429, not 503, once over it)
  revocation   an editor demoted or deactivated with langlearn-admin, and a deactivated
               learner, are refused within ACCOUNT_RECHECK_SECONDS on both services
  llm warning  authoring-api says at start that LLM_URL is plain http:// with a key

  python3 tests/e2e/hostile_accounts.py BUILD_DIR SOURCE_DIR        (ctest: e2e_hostile_accounts)
"""
import concurrent.futures
import json
import os
import random
import socket
import string
import time

import harness as H

RECHECK_SECONDS = 2  # ACCOUNT_RECHECK_SECONDS of both services here (the default is 30)
METRICS_GROWTH_KIB = 64  # /metrics after 3,000 junk methods (before: 100 MB)
RSS_GROWTH_MIB = 16  # each memory phase (Debug build; the bug grew 191 MiB)
PASSWORD = "correct horse"


def rss_mib(proc):
    with open(f"/proc/{proc.proc.pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    raise H.Failure("no VmRSS")


def raw_exchange(port, head, body=b"", read_timeout=5.0):
    """Sends `head` (and `body`), reads until the server closes or the timeout; returns
    (status, answer bytes, seconds until the first byte)."""
    sock = socket.create_connection(("127.0.0.1", port), timeout=read_timeout)
    started = time.monotonic()
    first = None
    data = b""
    try:
        sock.sendall(head + body)
        while True:
            try:
                chunk = sock.recv(65536)
            except (ConnectionResetError, socket.timeout):
                break
            if not chunk:
                break
            if first is None:
                first = time.monotonic() - started
            data += chunk
            if b"\r\n\r\n" in data and not body:
                break  # the answer's header is enough
    finally:
        sock.close()
    status = int(data.split(b" ", 2)[1]) if data.startswith(b"HTTP/1.1 ") else None
    return status, data, first


def post_json(port, path, payload, token=None):
    c = H.Client(port, timeout=30)
    try:
        return c.call("POST", path, payload, token)
    finally:
        c.close()


def login(port, email, password):
    return post_json(port, "/auth/login", {"email": email, "password": password})


def phase_methods(h, learner):
    c = H.Client(learner.port)
    metrics_before = len(c.call("GET", "/metrics").body)
    rss_before = rss_mib(learner)
    statuses = set()
    rng = random.Random(13)
    for _ in range(3000):
        method = "".join(rng.choice(string.ascii_uppercase) for _ in range(2048)).encode()
        status, _, _ = raw_exchange(learner.port,
                                    method + b" /auth/x HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        statuses.add(status)
    metrics_after = c.call("GET", "/metrics").body
    rss_after = rss_mib(learner)
    c.close()
    growth_kib = (len(metrics_after) - metrics_before) / 1024
    h.figure(methods_metrics_growth_kib=round(growth_kib, 1),
             methods_rss_growth_mib=round(rss_after - rss_before, 1))
    H.check(statuses == {501}, f"junk methods answered {statuses}, expected only 501")
    H.check(growth_kib <= METRICS_GROWTH_KIB,
            f"/metrics grew {growth_kib:.0f} KiB over 3,000 junk methods")
    H.check(b'method="other"' in metrics_after, "junk methods not counted as method=\"other\"")
    H.check(b"XQ" not in metrics_after and b"AAAAAAAA" not in metrics_after,
            "a client's method text reached /metrics")
    H.check(rss_after - rss_before <= RSS_GROWTH_MIB,
            f"RSS grew {rss_after - rss_before:.1f} MiB over 3,000 junk methods")


def phase_login_memory(h, learner):
    rss_before = rss_mib(learner)
    big = []
    for i in range(300):  # 1 MB e-mails (under MAX_BODY_BYTES): refused from the header now
        body = json.dumps({"email": f"{i:03d}" + "a" * 999_900 + "@example.com",
                           "password": "wrong-password"}).encode()
        head = (b"POST /auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json"
                b"\r\nContent-Length: %d\r\n\r\n" % len(body))
        big.append(raw_exchange(learner.port, head, body)[0])
    H.check(set(big) == {413}, f"1 MB login bodies answered {set(big)}, expected 413")
    # 6 KB e-mails inside the limit, each distinct: no shape, so no lookup and nothing kept.
    def small(i, _state):
        return login(learner.port, f"{i}-" + "b" * 6000 + "@example.com", "wrong-password").status
    statuses = H.run_pool(4, small, range(300))
    rss_after = rss_mib(learner)
    h.figure(login_rss_growth_mib=round(rss_after - rss_before, 1))
    H.check(set(statuses) == {401}, f"6 KB e-mails answered {set(statuses)}, expected 401")
    H.check(rss_after - rss_before <= RSS_GROWTH_MIB,
            f"RSS grew {rss_after - rss_before:.1f} MiB over 600 hostile logins")


def phase_email_keys(h, learner):
    port = learner.port
    reg = post_json(port, "/auth/register", {"email": "victim@example.com", "password": PASSWORD})
    H.check(reg.status == 201, f"register victim: {reg.status}")
    # libpq cut strings at a NUL: this was the victim's address, with the victim's password.
    nul = login(port, "victim@example.com\u0000z", PASSWORD)
    H.check(nul.status == 401, f"NUL-suffixed e-mail with the right password: {nul.status} "
                               f"{nul.body[:100]!r} (must never log in)")
    for i in range(15):
        a = login(port, f"victim@example.com\u0000{i}", "wrong-password")
        H.check(a.status == 401, f"NUL-suffixed wrong password {i}: {a.status}")
    H.check(login(port, "victim@example.com", PASSWORD).status == 200,
            "NUL-suffixed attempts locked the account (they never reach it)")
    # Ten failures in other spellings of the same address lock it (LOGIN_FAILURES_PER_EMAIL=10).
    spellings = ["VICTIM@example.com", " victim@example.com", "Victim@Example.COM\t"]
    for i in range(10):
        a = login(port, spellings[i % 3], f"wrong-password-{i}")
        H.check(a.status == 401, f"wrong password {i}: {a.status}")
    locked = login(port, "victim@example.com", PASSWORD)
    H.check(locked.status == 429 and "retry-after" in locked.headers,
            f"after 10 failures in three spellings: {locked.status} (expected 429 + Retry-After)")
    # Letters outside ASCII: the core does not fold them, nor may the database.
    upper = post_json(port, "/auth/register", {"email": "ÄDA@example.com", "password": PASSWORD})
    H.check(upper.status == 201, f"register ÄDA@example.com: {upper.status}")
    H.check(upper.json()["user"]["email"] == "Äda@example.com", "stored e-mail")
    H.check(login(port, "ÄDA@example.com", PASSWORD).status == 200,
            "the address as registered does not log in (database folded it)")
    H.check(login(port, "äda@example.com", PASSWORD).status == 401,
            "another address (ä) logged into the Ä account")
    # Over 254 bytes: 400 at registration (PostgreSQL's index answered 500 before).
    long_email = "a" * 243 + "@example.com"  # 255 bytes
    too_long = post_json(port, "/auth/register", {"email": long_email, "password": PASSWORD})
    H.check(too_long.status == 400 and too_long.json() == {"error": "Invalid email format", "code": "invalid_email_format"},
            f"255-byte e-mail: {too_long.status} {too_long.body[:80]!r}")
    fits = post_json(port, "/auth/register", {"email": long_email[1:], "password": PASSWORD})
    H.check(fits.status == 201, f"254-byte e-mail: {fits.status}")


def phase_before_body(h, learner, authoring, end_user_token):
    cases = [
        ("authoring junk token", authoring.port, b"POST /api/pictures", b"Bearer junk",
         10_000_000, 401),
        ("authoring end-user token", authoring.port, b"POST /api/pictures",
         b"Bearer " + end_user_token.encode(), 10_000_000, 403),
        ("learner junk token", learner.port, b"POST /auth/progress", b"Bearer junk", 500_000, 401),
    ]
    for what, port, line, authorization, length, expected in cases:
        head = (line + b" HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: " + authorization +
                b"\r\nContent-Type: image/png\r\nContent-Length: %d\r\n\r\n" % length)
        status, _, first = raw_exchange(port, head, read_timeout=3.0)
        h.figure(**{f"before_body_{what.replace(' ', '_')}_ms": round((first or 9) * 1000)})
        H.check(status == expected, f"{what}: {status} before the body, expected {expected}")


def phase_queues(h, pg):
    # One hashing thread, at most two hashes queued: a burst of logins meets the bound.
    busy = H.Learner(h, "learner-queue", pg.url,
                     {"MAX_QUEUED_HASHES": "2", "THREADS": "1"}).start()

    def burst(i, _state):
        a = login(busy.port, f"nobody{i}@example.com", "wrong-password")
        return a.status, a.headers.get("retry-after")
    with concurrent.futures.ThreadPoolExecutor(max_workers=30) as pool:
        answers = list(pool.map(lambda i: burst(i, None), range(30)))
    statuses = [s for s, _ in answers]
    h.figure(queue_503=statuses.count(503), queue_401=statuses.count(401))
    H.check(set(statuses) <= {401, 503}, f"burst answered {set(statuses)}")
    H.check(statuses.count(503) > 0, "30 concurrent logins never met the hashing queue's bound")
    H.check(all(r == "1" for s, r in answers if s == 503), "a 503 without Retry-After: 1")
    busy.stop()
    # Over the per-address limit: 429 on the I/O thread, before the queue is even asked.
    limited = H.Learner(h, "learner-limit", pg.url,
                        {"MAX_QUEUED_HASHES": "1", "THREADS": "1",
                         "AUTH_RATE_PER_MINUTE": "5"}).start()
    with concurrent.futures.ThreadPoolExecutor(max_workers=20) as pool:
        statuses = list(pool.map(
            lambda i: login(limited.port, f"x{i}@example.com", "wrong-password").status,
            range(20)))
    h.figure(limit_429=statuses.count(429))
    H.check(statuses.count(429) == 15, f"20 logins, limit 5 a minute: {sorted(statuses)}")
    limited.stop()


def wait_for_status(call, status, limit_seconds):
    """Seconds until call() answers `status` (polled every 0.2 s); fails after limit_seconds."""
    started = time.monotonic()
    while True:
        got = call().status
        if got == status:
            return time.monotonic() - started
        H.check(time.monotonic() - started < limit_seconds,
                f"still {got} after {limit_seconds} s, expected {status}")
        time.sleep(0.2)


def phase_revocation(h, pg, learner, authoring):
    h.admin(pg.url, "create-staff", "--email", "editor@example.com", "--role", "editor",
            stdin=PASSWORD + "\n")
    token = login(learner.port, "editor@example.com", PASSWORD).json()["token"]
    api = H.Client(authoring.port)
    pictures = lambda: api.call("GET", "/api/pictures", token=token)  # noqa: E731
    H.check(pictures().status == 200, "the editor's token is refused before any change")
    limit = RECHECK_SECONDS + 3
    h.admin(pg.url, "set-role", "editor@example.com", "end-user")
    h.figure(demoted_refused_s=round(wait_for_status(pictures, 403, limit), 1))
    h.admin(pg.url, "set-role", "editor@example.com", "editor")
    # The demotion ended every session (docs/accounts.md "Staff credentials"): the promotion
    # gives the role back, not the old token, which stays refused; a new sign-in works.
    wait_for_status(pictures, 401, limit)
    token = login(learner.port, "editor@example.com", PASSWORD).json()["token"]
    wait_for_status(pictures, 200, limit)
    h.admin(pg.url, "set-active", "editor@example.com", "false")
    h.figure(deactivated_editor_refused_s=round(wait_for_status(pictures, 401, limit), 1))

    reg = post_json(learner.port, "/auth/register",
                    {"email": "leaver@example.com", "password": PASSWORD})
    learner_token = reg.json()["token"]
    me = H.Client(learner.port)
    H.check(me.call("GET", "/auth/me", token=learner_token).status == 200, "learner /auth/me")
    h.admin(pg.url, "set-active", "leaver@example.com", "false")
    seconds = wait_for_status(lambda: me.call("GET", "/auth/me", token=learner_token), 401, limit)
    h.figure(deactivated_learner_refused_s=round(seconds, 1))
    api.close()
    me.close()


def phase_llm_warning(h, pg):
    """A key sent over plain http:// is said at start (and the key itself never logged)."""
    key = "sk-e2e-secret-key-0123456789"
    plain = H.Learner(h, "authoring-llm", pg.url,
                      {"LLM_URL": "http://127.0.0.1:9/v1", "LLM_MODEL": "m", "LLM_API_KEY": key},
                      binary=h.authoring_bin).start()
    plain.stop()
    with open(plain.log_path("err"), errors="replace") as f:
        err = f.read()
    H.check("LLM_URL is plain http://" in err, f"no warning about plain http: {err[-300:]!r}")
    H.check(key not in err, "the LLM key was logged")


def scenario(h):
    pg = h.postgres()
    env = {"ACCOUNT_RECHECK_SECONDS": str(RECHECK_SECONDS)}
    learner = H.Learner(h, "learner", pg.url, dict(env, LOGIN_FAILURES_PER_EMAIL="10",
                                                   THREADS="2")).start()
    authoring = H.Learner(h, "authoring", pg.url, env, binary=h.authoring_bin).start()
    end_user = post_json(learner.port, "/auth/register",
                         {"email": "learner@example.com", "password": PASSWORD}).json()["token"]
    h.run_phases([("methods", lambda: phase_methods(h, learner)),
                  ("login memory", lambda: phase_login_memory(h, learner)),
                  ("e-mail keys", lambda: phase_email_keys(h, learner)),
                  ("before body", lambda: phase_before_body(h, learner, authoring, end_user)),
                  ("queues", lambda: phase_queues(h, pg)),
                  ("revocation", lambda: phase_revocation(h, pg, learner, authoring)),
                  ("llm warning", lambda: phase_llm_warning(h, pg))])


if __name__ == "__main__":
    H.main(scenario, budget_seconds=400)
