#!/usr/bin/env python3
"""Expired Idempotency-Keys and old review-log lines are removed in the background.

learner-api on a SQLite file with IDEMPOTENCY_PURGE_SECONDS=1 and REVIEW_LOG_DAYS=1. Two keyed
bookings; one key row is then aged to 25 hours with SQL. Holds when, within a few seconds and
without any request: the aged row is gone, the fresh one is still there, and the bookings
themselves are untouched; a retry with the purged key then books again (the key counts as new),
the fresh key replays. Then one review-log line is aged to two days: it goes, the other lines
and the cards' memory stay.
"""
import os
import sqlite3
import time

import harness as H


def key_rows(path, user_id):
    """The learner's stored Idempotency-Keys."""
    con = sqlite3.connect(path)
    try:
        return {k for (k,) in con.execute(
            "SELECT key FROM idempotency_keys WHERE user_id = ?", (user_id,))}
    finally:
        con.close()


def review_lines(path, user_id):
    """The learner's review-log lines as (id, pair_id), and the cards in memory."""
    con = sqlite3.connect(path)
    try:
        lines = set(con.execute("SELECT id, pair_id FROM review_log WHERE user_id = ?", (user_id,)))
        (cards,) = con.execute("SELECT COUNT(*) FROM card_memory WHERE user_id = ?",
                               (user_id,)).fetchone()
        return lines, cards
    finally:
        con.close()


def scenario(h):
    path = os.path.join(h.work, "langlearn.db")
    url = f"sqlite://{path}"
    h.prepare_database(url)
    learner = H.Learner(h, "learner-purge", url, {"IDEMPOTENCY_PURGE_SECONDS": "1",
                                                          "REVIEW_LOG_DAYS": "1"}).start()
    token, pairs, _, user_id = H.new_learner(learner.port)
    client = H.Client(learner.port)
    old, fresh = H.make_bookings(pairs, 2)
    for booking in (old, fresh):
        answer = booking.send(client, token)
        H.check(answer.status == 200, f"booking: {answer.status} {answer.body!r}")
    H.check(key_rows(path, user_id) == {old.key, fresh.key}, "both keys stored")

    con = sqlite3.connect(path)
    with con:
        con.execute("UPDATE idempotency_keys SET created_at = strftime('%Y-%m-%dT%H:%M:%fZ', "
                    "'now', '-25 hours') WHERE key = ?", (old.key,))
    con.close()
    h.step("one key aged to 25 h; waiting for the background purge")
    started = time.monotonic()
    while old.key in key_rows(path, user_id) and time.monotonic() < started + 10:
        time.sleep(0.2)
    rows = key_rows(path, user_id)
    h.figure(purged_within_s=round(time.monotonic() - started, 1))
    H.check(old.key not in rows, "the expired key is still stored after 10 s")
    H.check(fresh.key in rows, "the fresh key was purged too")
    H.check(H.learner_state(learner.port, token)[0]["total_ep"] == old.points + fresh.points,
            "the purge touched the bookings")

    again = old.send(client, token)  # the purged key counts as new: booked once more
    replay = fresh.send(client, token)
    H.check(again.status == 200 and replay.status == 200, "retries answered")
    H.check(replay.body == fresh.answer.body, "the fresh key replays its first answer")
    total = H.learner_state(learner.port, token)[0]["total_ep"]
    H.check(total == 2 * old.points + fresh.points, f"total_ep {total} after the retries")

    # The review log keeps a day: one line aged to two days goes, the others and the memory stay.
    lines, cards = review_lines(path, user_id)
    H.check(len(lines) == 3 and cards >= 1, f"review log {lines}, {cards} cards before the purge")
    aged = min(lines)
    con = sqlite3.connect(path)
    with con:
        con.execute("UPDATE review_log SET reviewed_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now', "
                    "'-2 days') WHERE id = ?", (aged[0],))
    con.close()
    h.step("one review-log line aged to two days; waiting for the background purge")
    started = time.monotonic()
    while aged in review_lines(path, user_id)[0] and time.monotonic() < started + 10:
        time.sleep(0.2)
    h.figure(review_line_purged_within_s=round(time.monotonic() - started, 1))
    after, cards_after = review_lines(path, user_id)
    H.check(after == lines - {aged}, f"review log after the purge: {after}")
    H.check(cards_after == cards, "the purge touched the cards' memory")


if __name__ == "__main__":
    H.main(scenario)
