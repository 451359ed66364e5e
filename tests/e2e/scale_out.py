#!/usr/bin/env python3
"""Scale-out: a throw-away PostgreSQL, two learner-api processes on their own ports,
nginx (deploy/nginx.conf rendered by render-local.sh) in front. 400 bookings of ONE learner
(POST /auth/progress, no Idempotency-Key) go concurrently through nginx.

Holds when: every booking answers 200; both replicas booked some (their
langlearn_bookings_total, which must also match nginx's access log per upstream and add up to
400); the 400 answers form one chain (sorted by total_ep, each answer's total minus its points
is the previous total: no update lost or applied twice), with level, prev_level, streak,
goal_just_reached and each achievement reported once by the booking that crossed it; and the
stored total_ep, cards (today and over the stats window), seen/correct, pairs practised and
unlocked achievements are exactly what those 400 answers imply. And through nginx, the
statistics (over 1 KiB) come gzip-compressed as the replica compressed them, with its strong
-gzip tag and Vary: Accept-Encoding, and revalidate with that tag (docs/accounts.md "Compressed
answers").
"""
import collections
import gzip
import json

import harness as H

BOOKINGS = 400
CONCURRENCY = 32


def scenario(h):
    pg, (a, b), nginx = h.cluster()
    token, pairs, _, _ = H.new_learner(nginx.port)
    bookings = H.make_bookings(pairs, BOOKINGS, keyed=False)

    def send(booking, state):
        client = state.setdefault("client", H.Client(nginx.port))
        return H.status_of(booking.send, client, token)

    outcomes = collections.Counter(H.run_pool(CONCURRENCY, send, bookings))
    answered = [b for b in bookings if b.answer]

    per_metrics = {l.address: l.bookings_booked() for l in (a, b)}
    per_log = collections.Counter(e["upstream"] for e in nginx.access_log()
                                  if e["uri"] == "/auth/progress" and e["status"] == 200)
    me, stats, _ = H.learner_state(nginx.port, token)
    stored = stats["totals"]["total_seen"]
    h.figure(
        sent=BOOKINGS,
        answered_200=len(answered),
        committed=stored,
        lost=max(0, len(answered) - stored),
        doubled=max(0, stored - len(answered)),
        total_ep=me["total_ep"],
        outcomes=dict(outcomes),
        booked_per_replica=per_metrics,
    )

    H.check(outcomes == {200: BOOKINGS}, f"not every booking answered 200: {dict(outcomes)}")
    H.check(all(n > 0 for n in per_metrics.values()), f"a replica booked nothing: {per_metrics}")
    H.check(sum(per_metrics.values()) == BOOKINGS,
            f"replicas booked {per_metrics}, sent {BOOKINGS}")
    H.check(dict(per_log) == per_metrics,
            f"nginx log per upstream {dict(per_log)} != metrics {per_metrics}")
    total, unlocked, goals = H.check_booking_chain(bookings)
    H.check(goals == 1, f"goal_just_reached in {goals} answers (goal 30 is crossed once)")
    H.check_learner_totals(nginx.port, token, bookings, unlocked)
    h.figure(unlocked=sorted(unlocked))
    check_compressed_through_nginx(h, nginx.port, token)


def check_compressed_through_nginx(h, port, token):
    client = H.Client(port)
    plain = client.call("GET", "/auth/stats", token=token)
    zipped = client.call("GET", "/auth/stats", token=token, headers={"Accept-Encoding": "gzip"})
    H.check(plain.status == 200 and zipped.status == 200,
            f"stats answered {plain.status} and {zipped.status}")
    H.check("content-encoding" not in plain.headers, "an uncompressed request got gzip")
    H.check(zipped.headers.get("content-encoding") == "gzip",
            f"no gzip through nginx: {zipped.headers}")
    H.check("Accept-Encoding" in zipped.headers.get("vary", ""), f"no Vary: {zipped.headers}")
    H.check(json.loads(gzip.decompress(zipped.body)) == plain.json(),
            "the compressed statistics are not the plain ones")
    tag = zipped.headers.get("etag", "")
    H.check(tag == plain.headers["etag"][:-1] + '-gzip"',
            f"the gzip tag {tag!r} is not the replica's for {plain.headers['etag']!r}")
    again = client.call("GET", "/auth/stats", token=token,
                        headers={"Accept-Encoding": "gzip", "If-None-Match": tag})
    H.check(again.status == 304 and again.headers.get("etag") == tag,
            f"revalidation through nginx: {again.status} {again.headers}")
    h.figure(stats_bytes={"plain": len(plain.body), "gzip": len(zipped.body)})


if __name__ == "__main__":
    H.main(scenario)
