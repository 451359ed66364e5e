#!/usr/bin/env python3
"""Graceful shutdown: SIGTERM to a learner-api during load finishes the requests in
flight; no request the server had started is cut. Tested directly against one instance and
through nginx in front of two.

What counts as a failure (the fair definition). The service writes a request's access-log line,
with the request's X-Request-Id, when its answer is ready, just before sending it. So a
request id in the instance's log means: the server read that request and answered it.
Failures:
  1. a request the server logged whose complete answer did not reach the client (reset, EOF or
     timeout after the server had answered it);
  2. an answer cut in the middle (status line received, body incomplete), whatever the log says;
  3. a request that hangs (no answer, no close, within the client's 10 s timeout);
  4. an answer other than the one expected (directly: always 200; through nginx see below);
  5. the data disagreeing with the answers: the stored bookings (one Idempotency-Key row each)
     must be exactly those whose 200 reached the client (directly) or every distinct booking
     once (through nginx, where the client retries with the same key).
Normal HTTP, not failures:
  - a keep-alive connection closed by the server BETWEEN requests: the client's next request on
    that reused connection meets EOF or a reset before any byte of an answer, and the server
    never logged it. RFC 9112 section 9.3.1: clients retry such a request on a new connection.
  - connection refused after the listener closed, and a connection the kernel had accepted but
    the server closed without reading a request (no log line): the server never started them.
Through nginx the client talks to nginx, which stays up, so the client must see no transport
error at all. GETs must all answer 200 (nginx retries them on the other replica). A POST that
nginx had sent on a kept-alive upstream connection at the instant the replica closed it between
requests gets 503 from nginx (it does not resend POSTs, docs/operations.md); allowed only when
neither replica logged that request id, i.e. no replica started it. Bookings are retried by the
client with the same key after a 503 until they answer 200.

Load in both parts: 6 threads booking for one learner, 4 threads logging in (argon2id, tens of
ms each: requests that are surely in flight at the signal), 2 threads reading GET /auth/stats.
"""
import collections
import signal
import threading
import time
import uuid

import harness as H

PASSWORD = "correct horse"


class Record:
    def __init__(self, kind, rid, sent, outcome, done):
        self.kind, self.rid, self.sent, self.outcome, self.done = kind, rid, sent, outcome, done

    @property
    def status(self):
        return self.outcome.status if isinstance(self.outcome, H.Answer) else None


def run_load(port, token, email, pairs, stop, retry_bookings):
    """Starts the load threads; returns (workers, records, bookings). A thread ends when `stop`
    is set or its connection is refused (the instance is gone)."""
    lock = threading.Lock()
    records, bookings = [], []

    def keep(record):
        with lock:
            records.append(record)

    def call(client, kind, method, path, body=None, auth=None):
        rid = f"{kind}-{uuid.uuid4().hex}"
        sent = time.monotonic()
        try:
            outcome = client.call(method, path, body, auth, request_id=rid)
        except H.TransportError as e:
            outcome = e
        keep(Record(kind, rid, sent, outcome, time.monotonic()))
        return outcome

    def refused(outcome):
        return isinstance(outcome, H.TransportError) and outcome.phase == "connect"

    def booker():
        client = H.Client(port)
        while not stop.is_set():
            with lock:
                booking = H.make_bookings(pairs, 1, first_index=len(bookings))[0]
                bookings.append(booking)
            while True:
                try:
                    outcome = booking.send(client, token)  # sets booking.answer on a 200
                except H.TransportError as e:
                    outcome = e
                _, rid, sent, _ = booking.attempts[-1]
                keep(Record("book", rid, sent, outcome, time.monotonic()))
                if refused(outcome):
                    return
                retry = not isinstance(outcome, H.Answer) or outcome.status in H.RETRYABLE
                if not (retry_bookings and retry) or stop.is_set():
                    break
                time.sleep(0.02)

    def login():
        client = H.Client(port)
        while not stop.is_set():
            body = {"email": email, "password": PASSWORD}
            if refused(call(client, "login", "POST", "/auth/login", body)):
                return

    def reader():
        client = H.Client(port)
        while not stop.is_set():
            if refused(call(client, "stats", "GET", "/auth/stats", auth=token)):
                return

    workers = H.Workers()
    for fn, n in ((booker, 6), (login, 4), (reader, 2)):
        for _ in range(n):
            workers.start(fn)
    return workers, records, bookings


def terminate(learner):
    """SIGTERM; returns (monotonic time of the signal, seconds until the process exited)."""
    at = time.monotonic()
    learner.signal(signal.SIGTERM)
    code = learner.proc.wait(20)
    took = time.monotonic() - at
    H.check(code == 0, f"{learner.name} exit code {code} after SIGTERM: {learner.stderr_tail()}")
    return at, took


def stored_keys(pg, user_id):
    return {k for (k,) in pg.sql(f"SELECT key FROM idempotency_keys WHERE user_id = {user_id}")}


def sigterm_under_load(h, label, victim, port, token, email, pairs, retry, settle):
    """Load through `port` for a second, SIGTERM to `victim`, `settle` seconds more, stop.
    Returns (records, bookings, the SIGTERM's time, how long the victim took to exit)."""
    stop = threading.Event()
    workers, records, bookings = run_load(port, token, email, pairs, stop, retry_bookings=retry)
    try:
        time.sleep(1.0)
        h.step(f"{label}: SIGTERM to {victim.name}")
        term, took = terminate(victim)
        time.sleep(settle)
    finally:
        stop.set()
        workers.join()
    return records, bookings, term, took


def direct(h, pg):
    learner = H.Learner(h, "learner-direct", pg.url).start()
    token, pairs, email, user_id = H.new_learner(learner.port)
    # After SIGTERM every load thread meets the closed listener within 0.5 s.
    records, bookings, term, took = sigterm_under_load(
        h, "direct", learner, learner.port, token, email, pairs, retry=False, settle=0.5)

    logged = {e["request_id"] for e in learner.access_log()}
    kinds = collections.Counter()
    failures = []
    for r in records:
        o = r.outcome
        if isinstance(o, H.Answer):
            kinds[f"answered {o.status}"] += 1
            if o.status != 200:
                failures.append(f"{r.kind} {r.rid}: status {o.status}")
        elif o.phase in ("mid-response", "timeout"):
            failures.append(f"{r.kind} {r.rid}: {o}")
        elif r.rid in logged:
            failures.append(f"{r.kind} {r.rid}: answered by the server, client got {o}")
        elif o.phase == "connect":
            kinds["refused (listener closed)"] += 1
        elif o.reused:
            kinds["closed between requests (reused connection, not started)"] += 1
        else:
            kinds["fresh connection closed unread (not started)"] += 1
    # In flight at SIGTERM: sent before the signal, finished after it, and started by the server
    # (answered, or logged). One it had not read yet is the between-requests case above.
    in_flight = [r for r in records if r.sent < term < r.done and (r.status or r.rid in logged)]
    in_flight_ok = [r for r in in_flight if r.status == 200]
    answered_keys = {b.key for b in bookings if b.answer}
    keys = stored_keys(pg, user_id)
    h.figure(direct_requests=len(records), direct_in_flight_at_sigterm=len(in_flight),
             direct_in_flight_completed=len(in_flight_ok), direct_exit_s=round(took, 2),
             direct_bookings_answered=len(answered_keys), direct_bookings_committed=len(keys),
             direct_lost=len(answered_keys - keys),
             direct_committed_unanswered=len(keys - answered_keys),
             direct_failures=len(failures), direct_outcomes=dict(kinds))
    H.check(not failures, f"direct: {len(failures)} failures: {failures[:5]}")
    H.check(len(in_flight) > 0,
            "direct: no request was in flight at SIGTERM (the test proves nothing)")
    H.check(len(in_flight_ok) == len(in_flight), "direct: an in-flight request did not complete")
    H.check(keys == answered_keys,
            f"direct: {len(keys - answered_keys)} bookings stored without their answer "
            f"reaching the client, {len(answered_keys - keys)} answered but not stored")


def through_nginx(h, pg):
    a, b = h.learners(pg.url, 2)
    nginx = h.nginx([a, b])
    token, pairs, email, user_id = H.new_learner(nginx.port)
    # After SIGTERM to replica A the load goes on, on B, for a second.
    records, bookings, term, took = sigterm_under_load(
        h, "nginx", a, nginx.port, token, email, pairs, retry=True, settle=1.0)
    # A booking cut short by `stop` between a 503 and its retry is finished here (same key).
    client = H.Client(nginx.port)
    for booking in bookings:
        if not booking.answer:
            H.check(booking.send_until_booked(client, token, time.monotonic() + 10).status == 200,
                    "booking after the load")

    logged_a = {e["request_id"] for e in a.access_log()}
    logged = logged_a | {e["request_id"] for e in b.access_log()}
    nginx_log = {e["request_id"]: e for e in nginx.access_log()}
    outcomes = collections.Counter()
    failures = []
    for r in records:
        o = r.outcome
        if not isinstance(o, H.Answer):
            failures.append(f"{r.kind} {r.rid}: transport error through nginx: {o}")
            continue
        outcomes[f"{r.kind} {o.status}"] += 1
        if o.status == 200:
            continue
        entry = nginx_log.get(r.rid, {})
        if r.kind == "stats" or o.status != 503 or r.rid in logged:
            failures.append(f"{r.kind} {r.rid}: {o.status} (nginx: upstream "
                            f"{entry.get('upstream')} status {entry.get('upstream_status')}; "
                            f"started by a replica: {r.rid in logged})")
    in_flight = [r for r in records if r.sent < term < r.done]
    # In flight on A at SIGTERM and started by A (in its log; see the definition above).
    on_a = [r for r in in_flight if r.rid in logged_a]
    keys = stored_keys(pg, user_id)
    me, stats, _ = H.learner_state(nginx.port, token)
    h.figure(nginx_requests=len(records), nginx_in_flight_at_sigterm=len(in_flight),
             nginx_in_flight_on_a=len(on_a), nginx_a_exit_s=round(took, 2),
             nginx_bookings=len(bookings), nginx_committed=stats["totals"]["total_seen"],
             nginx_lost=max(0, len(bookings) - stats["totals"]["total_seen"]),
             nginx_doubled=max(0, stats["totals"]["total_seen"] - len(bookings)),
             nginx_bookings_retried=sum(bk.retried for bk in bookings),
             nginx_failures=len(failures), nginx_outcomes=dict(outcomes))
    H.check(not failures, f"through nginx: {len(failures)} failures: {failures[:5]}")
    H.check(len(on_a) > 0, "through nginx: nothing A had started was in flight at SIGTERM")
    H.check(all(r.status == 200 for r in on_a),
            "through nginx: a request A had started when SIGTERM came did not answer 200")
    H.check(keys == {bk.key for bk in bookings},
            f"{len(keys)} keys stored for {len(bookings)} bookings")
    _, unlocked, _ = H.check_booking_chain(bookings)
    H.check_learner_totals(nginx.port, token, bookings, unlocked)


def scenario(h):
    pg = h.postgres()
    direct(h, pg)
    through_nginx(h, pg)


if __name__ == "__main__":
    H.main(scenario)
