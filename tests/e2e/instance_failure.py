#!/usr/bin/env python3
"""Instance failure: SIGKILL one of two learner-api replicas in the middle of a load
through nginx.

Load: 300 bookings of one learner, each with its own Idempotency-Key, on 16 client threads, and
4 threads reading GET /auth/stats and /auth/me at the same time. When 100 bookings have been
answered, replica A gets SIGKILL. A booking whose answer is 502/503/504 or a transport error is
retried by the client with the SAME key and body until it gets an answer (the mobile client's
behaviour, docs/spec/decisions.md 11); GETs are not retried by the client (nginx retries idempotent
requests on the other replica itself).

Holds when: A had answered bookings before the kill, and the kill cut bookings in flight (the
client had to retry some); every GET answered 200, also after the kill; every booking ends with 200; the answers form one chain (no update lost or doubled,
harness.check_booking_chain); the database holds exactly one idempotency key per distinct
booking; the stored total_ep, cards and seen equal the 300 distinct bookings exactly.
"""
import collections
import signal
import threading
import time

import harness as H

BOOKINGS = 300
BOOK_THREADS = 16
GET_THREADS = 4
KILL_AFTER = 100


def scenario(h):
    pg, (a, b), nginx = h.cluster()
    token, pairs, _, user_id = H.new_learner(nginx.port)
    bookings = H.make_bookings(pairs, BOOKINGS)

    lock = threading.Lock()
    answered = [0]
    kill_now, killed, done = threading.Event(), threading.Event(), threading.Event()
    gets = []  # (path, status or transport phase, after the kill)

    def book(booking, state):
        client = state.setdefault("client", H.Client(nginx.port))
        answer = booking.send_until_booked(client, token, time.monotonic() + 60)
        with lock:
            answered[0] += 1
            if answered[0] == KILL_AFTER:
                kill_now.set()
        return answer.status

    def read_loop(n):
        client = H.Client(nginx.port)
        path = ("/auth/stats", "/auth/me")[n % 2]
        while not done.is_set():
            after = killed.is_set()
            status = H.status_of(client.call, "GET", path, token=token)
            with lock:
                gets.append((path, status, after))

    def killer():
        kill_now.wait(60)
        a.signal(signal.SIGKILL)
        killed.set()

    workers = H.Workers()  # join() raises a reader's or the killer's exception here
    for n in range(GET_THREADS):
        workers.start(read_loop, n)
    workers.start(killer)
    try:
        statuses = collections.Counter(H.run_pool(BOOK_THREADS, book, bookings))
    finally:
        kill_now.set()
        done.set()
        workers.join()
    a.proc.wait(5)

    log = nginx.access_log()
    by_a = [e for e in log if e["uri"] == "/auth/progress" and e["upstream"] == a.address
            and e["status"] == 200]
    cut = [e for e in log if e["uri"] == "/auth/progress" and e["status"] != 200]
    retried = [bk for bk in bookings if bk.retried]
    # A retried booking whose key row is older than its first retry had committed on A before
    # the kill: the retry replayed it (docs/spec/decisions.md 11) instead of booking it again.
    created = {k: float(t) for k, t in pg.sql(
        "SELECT key, extract(epoch FROM created_at) FROM idempotency_keys "
        f"WHERE user_id = {user_id}")}
    replayed = [bk for bk in retried if created.get(bk.key, 1e18) < bk.attempts[1][3]]
    me, stats, _ = H.learner_state(nginx.port, token)
    stored = stats["totals"]["total_seen"]
    get_outcomes = collections.Counter((status, after) for _, status, after in gets)
    h.figure(sent=BOOKINGS, committed=stored, lost=max(0, BOOKINGS - stored),
             doubled=max(0, stored - BOOKINGS), booked_on_a_before_kill=len(by_a),
             non_200_answers_seen=len(cut), bookings_retried=len(retried),
             retries_replayed=len(replayed), key_rows=len(created),
             gets_before_kill=sum(n for (s, after), n in get_outcomes.items() if not after),
             gets_after_kill=sum(n for (s, after), n in get_outcomes.items() if after),
             get_failures=sum(n for (s, _), n in get_outcomes.items() if s != 200),
             total_ep=me["total_ep"])

    H.check(killed.is_set() and a.proc.returncode == -signal.SIGKILL, "replica A was not killed")
    H.check(len(by_a) > 0, "replica A booked nothing before it was killed")
    H.check(len(retried) > 0, "the kill cut no booking in flight (the test proved nothing)")
    H.check(all(s == 200 for _, s, _ in gets), f"GETs not all 200: {dict(get_outcomes)}")
    H.check(any(after for _, _, after in gets), "no GET was sent after the kill")
    H.check(statuses == {200: BOOKINGS}, f"final booking answers {dict(statuses)}")
    H.check(len(created) == BOOKINGS and set(created) == {bk.key for bk in bookings},
            f"{len(created)} idempotency keys stored for {BOOKINGS} distinct bookings")
    _, unlocked, _ = H.check_booking_chain(bookings)
    H.check_learner_totals(nginx.port, token, bookings, unlocked)


if __name__ == "__main__":
    H.main(scenario)
