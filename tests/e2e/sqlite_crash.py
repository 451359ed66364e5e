#!/usr/bin/env python3
"""SQLite mode: learner-api on a SQLite file (WAL), SIGKILL while bookings are in
flight, then the same file again.

Load: 8 client threads book for one learner directly on the service, each booking with its own
Idempotency-Key, until the process is gone. When 150 bookings have been answered, the process
gets SIGKILL. The file is then read with Python's sqlite3 (which also replays the WAL).

Holds when:
- `PRAGMA integrity_check` answers ok (after the crash, and again at the end);
- every booking that got a 200 is in the database: its key row exists and holds the total_ep
  the client was told;
- the database is consistent with itself: the learner's total_ep is the sum of the points of
  the stored bookings (read from each key row's request fingerprint) and the seen counts add up
  to the number of key rows (nothing booked without its key, nothing twice);
- learner-api starts again on the same file; every booking sent before the crash without an
  answer, retried with its key, answers 200 (a replay when it had committed, else booked now);
  20 new bookings follow; the stored state equals all distinct bookings exactly and the answers
  form one chain (harness.check_booking_chain).
"""
import os
import re
import signal
import sqlite3
import threading

import harness as H

KILL_AFTER = 150
THREADS = 8


def read_database(path, user_id):
    con = sqlite3.connect(path)
    try:
        integrity = con.execute("PRAGMA integrity_check").fetchall()
        rows = con.execute(
            "SELECT key, fingerprint, total_ep FROM idempotency_keys WHERE user_id = ?", (user_id,)
        ).fetchall()
        total_ep = con.execute("SELECT total_ep FROM users_public WHERE user_id = ?",
                               (user_id,)).fetchone()[0]
        seen = con.execute("SELECT COALESCE(SUM(seen_count), 0) FROM user_pair_progress "
                           "WHERE user_id = ?", (user_id,)).fetchone()[0]
    finally:
        con.close()
    keys = {key: (int(re.search(r"points=(\d+)", fp).group(1)), stored) for key, fp, stored in rows}
    return integrity, keys, total_ep, seen


def scenario(h):
    path = os.path.join(h.work, "langlearn.db")
    url = f"sqlite://{path}"
    h.prepare_database(url)
    learner = H.Learner(h, "learner-sqlite", url).start()
    token, pairs, _, user_id = H.new_learner(learner.port)

    lock = threading.Lock()
    bookings, answered = [], [0]
    kill_now = threading.Event()

    def booker():
        client = H.Client(learner.port)
        while True:
            with lock:
                booking = H.make_bookings(pairs, 1, first_index=len(bookings))[0]
                bookings.append(booking)
            try:
                answer = booking.send(client, token)
            except H.TransportError as e:
                if e.phase == "connect":
                    return  # the process is gone
                continue
            H.check(answer.status == 200, f"booking: {answer.status} {answer.body!r}")
            with lock:
                answered[0] += 1
                if answered[0] == KILL_AFTER:
                    kill_now.set()

    workers = H.Workers()
    for _ in range(THREADS):
        workers.start(booker)
    try:
        H.check(kill_now.wait(60), "150 bookings not answered within 60 s")
        learner.signal(signal.SIGKILL)
        learner.proc.wait(5)
    finally:
        kill_now.set()
        learner.stop()
        workers.join()

    # Sent = reached the service; a booking refused at connect (process gone) was never sent.
    def reached(booking):
        return any(not (isinstance(o, H.TransportError) and o.phase == "connect")
                   for o, *_ in booking.attempts)

    sent = [b for b in bookings if reached(b)]
    ok = [b for b in sent if b.answer]
    unanswered = [b for b in sent if not b.answer]
    integrity, keys, total_ep, seen = read_database(path, user_id)
    missing = [b.key for b in ok if b.key not in keys]
    wrong = [b.key for b in ok if b.key in keys and keys[b.key][1] != b.answer.json()["total_ep"]]
    h.figure(sent_before_kill=len(sent), answered_200=len(ok), committed=len(keys),
             committed_unanswered=len(keys) - len(ok) + len(missing), lost=len(missing),
             doubled=max(0, seen - len(keys)), integrity=integrity[0][0] if integrity else None)
    H.check(integrity == [("ok",)], f"PRAGMA integrity_check: {integrity}")
    H.check(not missing, f"{len(missing)} answered bookings not in the database: {missing[:3]}")
    H.check(not wrong, f"stored totals differ from the answers for {wrong[:3]}")
    H.check(total_ep == sum(p for p, _ in keys.values()),
            f"total_ep {total_ep}, stored bookings sum to {sum(p for p, _ in keys.values())}")
    H.check(seen == len(keys), f"seen {seen} for {len(keys)} stored bookings")

    # The same file again: the service starts, retries land once, new bookings go on.
    learner.start()
    client = H.Client(learner.port)
    for booking in unanswered:
        answer = booking.send(client, token)
        H.check(answer.status == 200, f"retry after restart: {answer.status} {answer.body!r}")
    more = H.make_bookings(pairs, 20, first_index=len(bookings))
    for booking in more:
        H.check(booking.send(client, token).status == 200, "booking after restart")
    everything = sent + more
    _, unlocked, _ = H.check_booking_chain(everything)
    H.check_learner_totals(learner.port, token, everything, unlocked)
    learner.signal(signal.SIGTERM)
    H.check(learner.proc.wait(15) == 0, f"learner-api exit code {learner.proc.returncode}")
    integrity, keys, total_ep, seen = read_database(path, user_id)
    h.figure(retried_after_restart=len(unanswered), booked_after_restart=len(more),
             final_bookings=len(keys), final_total_ep=total_ep, final_integrity=integrity[0][0])
    H.check(integrity == [("ok",)], f"PRAGMA integrity_check at the end: {integrity}")
    H.check(len(keys) == len(everything) == seen,
            f"{len(keys)} keys, {seen} seen, {len(everything)} bookings")


if __name__ == "__main__":
    H.main(scenario)
