#!/usr/bin/env python3
"""Safe retries through nginx across replicas (docs/architecture.md "HTTP server and threading").

Two learner-api replicas on one throw-away PostgreSQL behind nginx. Which replica answered a
request is proven twice: nginx's JSON access log names it ("upstream", $upstream_addr, in the
log_format of deploy/nginx/langlearn.conf), and that replica's own access log holds the
request's X-Request-Id (nginx passes the client's id on).

Holds when:
1. A booking with an Idempotency-Key answered by replica X, retried with the same key and body
   until the other replica Y answers it (least_conn alternates when nothing is in flight), gets
   from Y the same status and byte-identical body; the same booking spelled differently
   ("pair_id": "7", "points": "3") is the same request and replays too.
2. The same key with another body gets 422 `Idempotency-Key reused with a different request`
   from both replicas.
3. One new key sent 20 times at once through nginx (both replicas) gets one booking and 20
   identical answers.
4. The stored state is exactly the two distinct bookings (total_ep, cards, seen).
"""
import harness as H

REUSED = "Idempotency-Key reused with a different request"


def answered_by(nginx, replicas, request_id):
    """The replica that answered `request_id`, by nginx's log and by the replica's own log."""
    entry = nginx.entry(request_id)
    H.check(entry is not None, f"request {request_id} not in nginx's access log")
    by_log = [r.address for r in replicas
              if any(e.get("request_id") == request_id for e in r.access_log())]
    H.check(by_log == [entry["upstream"]], f"nginx says {entry['upstream']} answered "
            f"{request_id}, the replicas' logs say {by_log}")
    return entry["upstream"]


def scenario(h):
    pg, replicas, nginx = h.cluster()
    token, pairs, _, _ = H.new_learner(nginx.port)
    client = H.Client(nginx.port)
    sent = 0

    # 1. First answer on one replica, the retry answered by the other.
    booking = H.Booking(0, pairs[0], True, 3)
    first = booking.send(client, token)
    sent += 1
    H.check(first.status == 200, f"first booking: {first.status} {first.body!r}")
    first_replica = answered_by(nginx, replicas, booking.attempts[-1][1])
    retry_replicas = []
    for _ in range(10):
        again = booking.send(client, token)
        sent += 1
        replica = answered_by(nginx, replicas, booking.attempts[-1][1])
        retry_replicas.append(replica)
        H.check(again.status == first.status and again.body == first.body,
                f"retry on {replica}: {again.status} {again.body!r}, first was {first.body!r}")
        if replica != first_replica:
            break
    H.check(retry_replicas[-1] != first_replica,
            f"10 retries all answered by {first_replica}: {retry_replicas}")
    # The same request spelled with strings: the request as read is the same, so it replays.
    spelled = client.call("POST", "/auth/progress",
                          {"pair_id": str(pairs[0]), "correct": "true", "points": "3"}, token,
                          headers={"Idempotency-Key": booking.key})
    sent += 1
    H.check(spelled.status == 200 and spelled.body == first.body,
            f"the same booking spelled with strings: {spelled.status} {spelled.body!r}")

    # 2. The key with another body: 422 from both replicas, nothing booked.
    seen_422 = set()
    for i in range(10):
        rid = f"reuse-{i}-{booking.key}"
        other = client.call("POST", "/auth/progress",
                            {"pair_id": pairs[0], "correct": True, "points": 4}, token,
                            headers={"Idempotency-Key": booking.key}, request_id=rid)
        sent += 1
        H.check(other.status == 422 and other.json() == {"error": REUSED, "code": "idempotency_key_reused"},
                f"same key, other body: {other.status} {other.body!r}")
        seen_422.add(answered_by(nginx, replicas, rid))
        if len(seen_422) == 2:
            break
    H.check(len(seen_422) == 2, f"422 only seen from {seen_422}")

    # 3. Concurrent duplicates of a new key: one booking, identical answers.
    dup = H.Booking(1, pairs[1], False, 5)

    def send_dup(i, _state):
        c = H.Client(nginx.port)
        answer = c.call("POST", "/auth/progress", dup.body(), token,
                        headers={"Idempotency-Key": dup.key}, request_id=f"dup-{i}-{dup.key}")
        return answer.status, answer.body, f"dup-{i}-{dup.key}"

    dups = H.run_pool(20, send_dup, range(20))
    sent += len(dups)
    dup_replicas = {answered_by(nginx, replicas, rid) for _, _, rid in dups}
    H.check({(s, b) for s, b, _ in dups} == {(200, dups[0][1])},
            f"20 concurrent duplicates answered {sorted({(s, b) for s, b, _ in dups})}")
    dup.answer = H.Answer(200, {}, dups[0][1], 0, 0, False)

    # 4. Exactly two bookings stored, once each.
    me, stats, _ = H.learner_state(nginx.port, token)
    keys = pg.sql("SELECT count(*) FROM idempotency_keys "
                  f"WHERE key IN ('{booking.key}', '{dup.key}')")
    h.figure(requests_sent=sent, distinct_bookings=2, committed=stats["totals"]["total_seen"],
             lost=max(0, 2 - stats["totals"]["total_seen"]),
             doubled=max(0, stats["totals"]["total_seen"] - 2), total_ep=me["total_ep"],
             first_on=first_replica, retry_on=retry_replicas[-1],
             retries_needed=len(retry_replicas),
             replicas_422=sorted(seen_422), replicas_concurrent_dups=sorted(dup_replicas))
    H.check(keys == [["2"]], f"idempotency_keys rows {keys}")
    H.check(len(dup_replicas) == 2, f"the concurrent duplicates all went to {dup_replicas}")
    total, unlocked, _ = H.check_booking_chain([booking, dup])
    H.check_learner_totals(nginx.port, token, [booking, dup], unlocked)


if __name__ == "__main__":
    H.main(scenario)
