// The booking on PostgreSQL: one call of ll_book() (migration 0004), prepared once per pooled
// session, in autocommit: the function's statement is the transaction, so a booking costs one
// round trip.
#include "adapters/persistence/sql_booking.hpp"
#include "core/domain/time_format.hpp"

namespace ll::sql {
namespace {

struct BookingCall : BookingColumns {
    // in
    long long user = 0, pair = 0, points = 0;
    int correct = 0;
    std::string today, now, key, fingerprint, expired_before;
    soci::indicator key_ind = soci::i_null;
    // out, besides the columns
    std::string booked_at;
    soci::indicator booked_ind = soci::i_null;
    int replayed = 0;
    soci::statement call;

    explicit BookingCall(soci::session& s)
        : call((s.prepare << "SELECT status, CASE WHEN replayed THEN 1 ELSE 0 END, booked_at, "
                             "previous_total_ep, total_ep, previous_streak_days, streak_days, "
                             "daily_ep, daily_goal_ep, unlocked FROM ll_book(CAST(:u AS BIGINT), "
                             "CAST(:p AS BIGINT), CAST(:c AS BOOLEAN), CAST(:pts AS BIGINT), "
                             "CAST(:d AS DATE), CAST(:now AS TIMESTAMPTZ), CAST(:k AS TEXT), "
                             "CAST(:f AS TEXT), CAST(:exp AS TIMESTAMPTZ))",
                soci::use(user), soci::use(pair), soci::use(correct), soci::use(points),
                soci::use(today), soci::use(now), soci::use(key, key_ind), soci::use(fingerprint),
                soci::use(expired_before), soci::into(status), soci::into(replayed),
                soci::into(booked_at, booked_ind), soci::into(previous_total), soci::into(total),
                soci::into(previous_streak), soci::into(streak), soci::into(daily),
                soci::into(goal), soci::into(unlocked, unlocked_ind))) {}
};

}  // namespace

BookingOutcome book_on_postgresql(Database& db, const BookingCommand& c) {
    return db.read([&](soci::session& s) {
        BookingCall& b = db.cached<BookingCall>(
            s, [](soci::session& session) { return std::make_shared<BookingCall>(session); });
        b.user = c.user_id;
        b.pair = c.pair_id;
        b.points = c.points;
        b.correct = c.correct ? 1 : 0;
        b.today = format_date(c.today);
        b.now = format_timestamp(c.now);
        if (c.idempotency) {
            b.key = c.idempotency->key;
            b.key_ind = soci::i_ok;
            b.fingerprint = c.idempotency->fingerprint;
            b.expired_before = format_timestamp(c.idempotency->expired_before);
        } else {
            b.key.clear();
            b.key_ind = soci::i_null;
            b.fingerprint.clear();
            b.expired_before = b.now;
        }
        b.unlocked_ind = soci::i_null;
        b.booked_ind = soci::i_null;
        b.call.execute(true);
        // Achievements date from the booking that unlocked them (the first one, on a replay).
        const auto at = b.booked_ind == soci::i_ok ? parse_timestamp(b.booked_at) : std::nullopt;
        return b.stored_outcome(b.replayed != 0, at.value_or(c.now));
    });
}

}  // namespace ll::sql
