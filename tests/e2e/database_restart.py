#!/usr/bin/env python3
"""Database restart: PostgreSQL goes away for a real outage window during load and
comes back; the services answer 503 meanwhile and recover by themselves.

Two learner-api replicas behind nginx on one throw-away PostgreSQL. Load through nginx: 8
threads booking (each booking with its own Idempotency-Key, retried with the same key after a
502/503/504 or transport error) and 2 threads reading GET /auth/stats. Directly on each replica
a prober alternates GET /readyz and GET /auth/me every 50 ms. After 1.5 s of load the cluster
is stopped at once (`pg-throwaway.sh kill`, PostgreSQL's immediate shutdown: every session is
cut), stays down 3 s, and is started again (`start-again`, same port and data).

Holds when: no answer is anything but 200 or 503 (never 500, never a transport error) and none
takes more than 3 s; through nginx and directly, answers during the outage are 503, and both
replicas' /readyz answered 503 during it; after the start both /readyz turn 200 within 10 s
without any restart of the services, through nginx no 503 comes later than 2 s after the start,
and then bookings and reads succeed at the first attempt;
the database holds exactly the distinct bookings (one key row each, total_ep, cards, seen).
"""
import collections
import threading
import time

import harness as H

OUTAGE_SECONDS = 3.0
MAX_ANSWER_SECONDS = 3.0
RECOVERY_SECONDS = 2.0


def scenario(h):
    pg, replicas, nginx = h.cluster()
    token, pairs, _, user_id = H.new_learner(nginx.port)

    lock = threading.Lock()
    stop = threading.Event()
    bookings = []
    records = []  # (who, what, started, finished, status or transport phase)
    window = {}

    def note(who, what, started, outcome):
        with lock:
            records.append((who, what, started, time.monotonic(), outcome))

    def stuck(booking):
        """What a booking retried in vain met: its answers and what the replicas logged."""
        seen = collections.Counter(str(a[0]) for a in booking.attempts)
        rids = {a[1] for a in booking.attempts[-3:]}
        logged = [e for r in replicas for e in r.access_log() if e.get("request_id") in rids]
        errors = []
        for r in replicas:
            with open(r.log_path("err"), errors="replace") as f:
                errors += [line.strip() for line in f if any(rid in line for rid in rids)]
        return f"answers {dict(seen)}; last attempts as logged: {logged} {errors}"

    def booker():
        H.keep_booking(nginx.port, token, pairs, bookings, lock, stop,
                       lambda sent, status: note("nginx", "POST /auth/progress", sent, status),
                       timeout=MAX_ANSWER_SECONDS + 2, stuck=stuck)

    def reader():
        client = H.Client(nginx.port, timeout=MAX_ANSWER_SECONDS + 2)
        while not stop.is_set():
            started = time.monotonic()
            status = H.status_of(client.call, "GET", "/auth/stats", token=token)
            note("nginx", "GET /auth/stats", started, status)
            time.sleep(0.01)

    def prober(replica):
        client = H.Client(replica.port, timeout=MAX_ANSWER_SECONDS + 2)
        n = 0
        while not stop.is_set():
            path = ("/readyz", "/auth/me")[n % 2]
            n += 1
            started = time.monotonic()
            status = H.status_of(client.call, "GET", path, token=token)
            note(replica.address, f"GET {path}", started, status)
            time.sleep(0.05)

    workers = H.Workers()
    for _ in range(8):
        workers.start(booker)
    for _ in range(2):
        workers.start(reader)
    for replica in replicas:
        workers.start(prober, replica)
    try:
        h.step("load")
        time.sleep(1.5)
        h.step("PostgreSQL: kill")
        pg.ctl("kill")
        window["down"] = time.monotonic()
        time.sleep(OUTAGE_SECONDS)
        window["starting"] = time.monotonic()
        h.step("PostgreSQL: start-again")
        pg.ctl("start-again")
        h.step("PostgreSQL: up")
        window["up"] = time.monotonic()
        # Both replicas ready again, by themselves.
        deadline = window["up"] + 10
        ready = set()
        while len(ready) < 2 and time.monotonic() < deadline:
            with lock:
                ready = {who for who, what, s, _, st in records
                         if what == "GET /readyz" and s > window["up"] and st == 200}
            time.sleep(0.05)
        window["ready"] = time.monotonic()
        h.step(f"ready again: {sorted(ready)}")
        time.sleep(1.0)
    finally:
        stop.set()
        workers.join()
    h.step("load stopped; bookings after recovery")

    # After recovery: bookings and reads succeed at the first attempt.
    H.book_at_first_attempt(nginx.port, token, pairs, bookings, 20, "after recovery")

    h.step("checks")

    def in_outage(r):
        return window["down"] <= r[2] and r[3] <= window["starting"]

    outcomes = collections.Counter(r[4] for r in records)
    outage = collections.Counter((r[0] == "nginx", r[4]) for r in records if in_outage(r))
    readyz_503 = {r[0] for r in records if in_outage(r) and r[1] == "GET /readyz" and r[4] == 503}
    slowest = max(r[3] - r[2] for r in records)
    # Through nginx: how long after PostgreSQL was up clients still got 503 (nginx must not keep
    # replicas marked failed once the services answer again).
    last_nginx_503 = max((r[3] for r in records if r[0] == "nginx" and r[4] != 200),
                         default=window["up"])
    nginx_lag = max(0.0, last_nginx_503 - window["up"])
    keys = pg.sql(f"SELECT count(*) FROM idempotency_keys WHERE user_id = {user_id}")[0][0]
    me, stats, _ = H.learner_state(nginx.port, token)
    stored = stats["totals"]["total_seen"]
    retried = sum(1 for bk in bookings if bk.retried)
    h.figure(sent=len(bookings), committed=stored, lost=max(0, len(bookings) - stored),
             doubled=max(0, stored - len(bookings)), bookings_retried=retried,
             answers=dict(outcomes), answers_during_outage={f"{'nginx' if n else 'direct'}:{s}": c
                                                            for (n, s), c in outage.items()},
             slowest_answer_s=round(slowest, 3),
             outage_s=round(window["up"] - window["down"], 2),
             ready_again_after_start_s=round(window["ready"] - window["up"], 2),
             nginx_503_until_s_after_start=round(nginx_lag, 2),
             key_rows=int(keys), total_ep=me["total_ep"])

    H.check(set(outcomes) <= {200, 503}, f"answers other than 200/503: {dict(outcomes)}")
    H.check(slowest <= MAX_ANSWER_SECONDS, f"an answer took {slowest:.2f} s")
    H.check(outage and all(s == 503 for (_, s) in outage),
            f"answers during the outage: {dict(outage)}")
    H.check(outage[(True, 503)] > 0 and outage[(False, 503)] > 0,
            f"no 503 seen in the outage through nginx and directly: {dict(outage)}")
    H.check(readyz_503 == {r.address for r in replicas},
            f"/readyz 503 during the outage only on {readyz_503}")
    H.check(len(ready) == 2, f"/readyz 200 again within 10 s only on {ready}")
    H.check(nginx_lag <= RECOVERY_SECONDS,
            f"nginx answered 503 until {nginx_lag:.1f} s after PostgreSQL was up (both replicas "
            f"were ready {window['ready'] - window['up']:.1f} s after it)")
    H.check(all(r.proc.poll() is None for r in replicas), "a replica exited")
    H.check(int(keys) == len(bookings), f"{keys} idempotency keys for {len(bookings)} bookings")
    _, unlocked, _ = H.check_booking_chain(bookings)
    H.check_learner_totals(nginx.port, token, bookings, unlocked)


if __name__ == "__main__":
    H.main(scenario)
