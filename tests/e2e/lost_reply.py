#!/usr/bin/env python3
"""A reply lost after the server committed (docs/operations.md "What a pooled session does when
the database moves"). A learner-api and an authoring-api reach a throw-away PostgreSQL through
a proxy (pg_proxy.py) that, when armed, lets the server run one statement in autocommit and
commit it, then cuts the connection before the answer reaches the service. The service
reconnects and runs its work again; that re-run must not apply the work a second time.

Holds when:
1. A booking without an Idempotency-Key whose guarded write lost its reply is stored once: it
   answers 503 `Service unavailable` (it may have been booked; the client cannot know) or 200
   with the figures that are stored; never 200 after booking the card twice.
2. The same booking with an Idempotency-Key is stored once and answers 200 with the stored
   figures (at once or on a retry with its key); a further retry gets the same body.
3. A studio sign-in whose session row lost its reply answers 200, and its cookie opens
   GET /api/session (the re-run of the insert met its own row: no 500).
"""
import time

import harness as H
from pg_proxy import PgProxy

BOOKING_WRITE = "WITH prof AS (UPDATE users_public"  # sql_booking_postgresql.cpp
SESSION_INSERT = "INSERT INTO staff_sessions"  # sql_staff_sessions.cpp
PASSWORD = "correct horse battery"


def stored(pg, user_id):
    """(total_seen, total_ep) as the database holds them."""
    [[seen, ep]] = pg.sql(f"SELECT total_seen, total_ep FROM users_public WHERE user_id = {user_id}")
    return int(seen), int(ep)


def lose_reply(proxy, statement, call):
    """call() with the reply to the next run of `statement` lost after its commit."""
    proxy.arm(statement)
    cuts = len(proxy.cuts)
    result = call()
    H.check(len(proxy.cuts) == cuts + 1, f"no reply to {statement!r} was lost")
    return result


def phase_booking_without_key(pg, proxy, learner, token, user_id, booking):
    client = H.Client(learner.port)
    answer = lose_reply(proxy, BOOKING_WRITE, lambda: booking.send(client, token))
    seen, ep = stored(pg, user_id)
    H.check(seen != 3, f"the card was booked twice (total_seen {seen}) and answered "
            f"{answer.status} {answer.body!r}")
    H.check(seen == 2, f"total_seen {seen}: the write whose reply was lost did not commit")
    if answer.status == 200:
        H.check(answer.json()["total_ep"] == ep,
                f"answered total_ep {answer.json()['total_ep']}, stored {ep}")
    else:
        H.check(answer.status == 503 and answer.json() == {"error": "Service unavailable", "code": "service_unavailable"},
                f"answered {answer.status} {answer.body!r}")
    client.close()
    return answer.status


def phase_booking_with_key(pg, proxy, learner, token, user_id, booking):
    client = H.Client(learner.port)
    before = stored(pg, user_id)
    lose_reply(proxy, BOOKING_WRITE,
               lambda: booking.send_until_booked(client, token, time.monotonic() + 60))
    seen, ep = stored(pg, user_id)
    H.check(seen == before[0] + 1, f"total_seen {before[0]} -> {seen}: booked {seen - before[0]}"
            " times")
    H.check(booking.answer.json()["total_ep"] == ep,
            f"answered total_ep {booking.answer.json()['total_ep']}, stored {ep}")
    retries, first = len(booking.attempts) - 1, booking.answer.body
    again = booking.send(client, token)
    H.check(again.status == 200 and again.body == first,
            f"the retry with the key answered {again.status} {again.body!r}, first {first!r}")
    H.check(stored(pg, user_id) == (seen, ep), "the retry with the key booked again")
    client.close()
    return retries


def phase_sign_in(h, pg, proxy):
    h.admin(pg.url, "create-staff", "--email", "editor@example.com", "--role", "editor",
            stdin=PASSWORD + "\n")
    authoring = H.Learner(h, "authoring", proxy.url(pg.url), binary=h.authoring_bin).start()
    client = H.Client(authoring.port, timeout=30)
    answer = lose_reply(proxy, SESSION_INSERT, lambda: client.call(
        "POST", "/api/session", {"email": "editor@example.com", "password": PASSWORD}))
    H.check(answer.status == 200, f"sign-in answered {answer.status} {answer.body!r}")
    cookie = answer.headers["set-cookie"].split(";")[0]
    session = client.call("GET", "/api/session", headers={"Cookie": cookie})
    H.check(session.status == 200, f"GET /api/session answered {session.status}")
    [[rows]] = pg.sql("SELECT count(*) FROM staff_sessions")
    H.check(rows == "1", f"{rows} staff sessions stored")
    client.close()


def scenario(h):
    pg = h.postgres()
    proxy = PgProxy(h, int(pg.url.rsplit(":", 1)[1].split("/")[0]))
    h.step(f"learner-api through the proxy on port {proxy.port}")
    learner = H.Learner(h, "learner-a", proxy.url(pg.url)).start()
    token, pairs, _, user_id = H.new_learner(learner.port)
    first, unkeyed, keyed = H.make_bookings(pairs, 2, keyed=False) + H.make_bookings(pairs, 1, 2)
    client = H.Client(learner.port)
    H.check(first.send(client, token).status == 200, "the first booking")
    client.close()

    try:
        h.run_phases([
            ("a booking without a key, its write's reply lost", lambda: h.figure(
                without_key=phase_booking_without_key(pg, proxy, learner, token, user_id,
                                                      unkeyed))),
            ("a booking with a key, its write's reply lost", lambda: h.figure(
                with_key_retries=phase_booking_with_key(pg, proxy, learner, token, user_id,
                                                        keyed))),
            ("a studio sign-in, its session row's reply lost",
             lambda: phase_sign_in(h, pg, proxy)),
        ])
    finally:
        h.figure(replies_lost=len(proxy.cuts))


if __name__ == "__main__":
    H.main(scenario)
