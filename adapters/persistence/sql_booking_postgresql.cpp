// A booked card written on PostgreSQL in one statement (prepared once per pooled session), in
// autocommit, so the write is one round trip and atomic: the profile is updated only when its
// version is still the one the rules read and no unexpired record under the key has appeared;
// every other write of the statement hangs off that update (`FROM prof`), so a stale decision
// writes nothing at all and the statement answers 0.
#include <algorithm>
#include <memory>
#include <utility>

#include "adapters/persistence/sql_booking.hpp"
#include "core/domain/time_format.hpp"

namespace ll::sql {
namespace {

// Which optional parts a write has: the categories, the unlocked achievements, the record
// under an idempotency key. Each shape is its own prepared statement, so that the common
// booking (categories, nothing unlocked, no key) runs the parts it needs and no more: every
// part of a statement costs PostgreSQL its executor start-up even when it writes nothing
// (docs/performance.md "The booking in the core").
struct Shape {
    bool categories = false, unlock = false, key = false;
    int index() const { return (categories ? 1 : 0) | (unlock ? 2 : 0) | (key ? 4 : 0); }
};

struct BookingWriteStatements : BookingValues {
    long long user = 0, version = 0, pair = 0;
    std::string expired, key, fingerprint, categories, unlock, guard_type, guard_categories;
    int guard_practised = 0;
    OutcomeColumns o;
    long long written = 0;
    std::unique_ptr<soci::statement> by_shape[8];

    soci::statement& statement(soci::session& s, Shape shape) {
        auto& st = by_shape[shape.index()];
        if (!st) st = std::make_unique<soci::statement>(prepare(s, shape));
        return *st;
    }

  private:
    // The statement's text and its bound values, part by part in the same order (SOCI binds
    // by position).
    soci::details::prepare_temp_type prepare(soci::session& s, Shape shape) {
        std::string per_type;
        for (const char* type : kCountedAnswerTypes) {
            const std::string t(type);
            per_type += ", " + t + "_seen = " + t + "_seen + :" + t + "_s, " + t +
                        "_correct = " + t + "_correct + :" + t + "_c";
        }
        std::string sql =
            "WITH prof AS (UPDATE users_public SET version = version + 1, total_ep = :total, "
            "streak_days = :streak, last_practice_at = CASE WHEN CAST(:move AS INTEGER) = 1 THEN "
            "CAST(:now AS TIMESTAMPTZ) ELSE last_practice_at END, last_practice_date = CASE WHEN "
            "CAST(:move2 AS INTEGER) = 1 THEN CAST(:today AS DATE) ELSE last_practice_date END, "
            "next_ep_threshold = :next_ep, "
            "next_streak_threshold = :next_streak, pairs_practiced = pairs_practiced + :first, "
            "total_seen = total_seen + 1, total_correct = total_correct + :correct" +
            per_type + " WHERE user_id = :user AND version = :version";
        if (shape.key) {
            sql +=
                " AND NOT EXISTS (SELECT 1 FROM idempotency_keys ik WHERE ik.user_id = :user2 "
                "AND ik.key = :key AND ik.created_at >= CAST(:expired AS TIMESTAMPTZ))";
        }
        // What the rules read about the pair (the state may have been remembered, not read:
        // sql_booking_guesses.hpp).
        sql +=
            " AND EXISTS (SELECT 1 FROM pairs WHERE id = :gpair AND answer_type = :gtype) AND "
            "COALESCE((SELECT string_agg(CAST(category_id AS TEXT), ',' ORDER BY category_id) "
            "FROM pair_categories WHERE pair_id = :gpair2), '') = :gcategories AND EXISTS "
            "(SELECT 1 FROM user_pair_progress WHERE user_id = :guser AND pair_id = :gpair3) = "
            "(CAST(:gpractised AS INTEGER) = 1) RETURNING user_id), "
            "pp AS (INSERT INTO user_pair_progress AS x (user_id, pair_id, seen_count, "
            "correct_count, wrong_count, earned_points) SELECT user_id, CAST(:pair AS BIGINT), 1, "
            "CAST(:correct2 AS BIGINT), CAST(:wrong AS BIGINT), CAST(:points AS BIGINT) FROM prof "
            "ON CONFLICT (user_id, pair_id) DO UPDATE SET seen_count = x.seen_count + 1, "
            "correct_count = x.correct_count + excluded.correct_count, wrong_count = "
            "x.wrong_count + excluded.wrong_count, earned_points = x.earned_points + "
            "excluded.earned_points), "
            "day AS (INSERT INTO user_daily_activity AS d (user_id, activity_date, ep_earned, "
            "cards_done, correct_count) SELECT user_id, CAST(:today2 AS DATE), CAST(:points2 AS "
            "BIGINT), 1, CAST(:correct3 AS BIGINT) FROM prof ON CONFLICT (user_id, "
            "activity_date) DO UPDATE SET ep_earned = d.ep_earned + excluded.ep_earned, "
            "cards_done = d.cards_done + 1, correct_count = d.correct_count + "
            "excluded.correct_count), "
            // The card's memory in the learner's language and the review log's line
            // (docs/learning.md "What is stored").
            "mem AS (INSERT INTO card_memory AS m (user_id, due_at, last_review_at, pair_id, "
            "stability, difficulty, language_id, reps, lapses, phase, step) SELECT user_id, "
            "CAST(:due AS TIMESTAMPTZ), CAST(:reviewed AS TIMESTAMPTZ), CAST(:mpair AS INTEGER), "
            "CAST(:stability AS REAL), CAST(:difficulty AS REAL), CAST(:language AS SMALLINT), "
            "CAST(:reps AS SMALLINT), CAST(:lapses AS SMALLINT), CAST(:phase AS SMALLINT), "
            "CAST(:step AS SMALLINT) FROM prof ON CONFLICT (user_id, language_id, pair_id) DO "
            "UPDATE SET due_at = excluded.due_at, last_review_at = excluded.last_review_at, "
            "stability = excluded.stability, difficulty = excluded.difficulty, reps = "
            "excluded.reps, lapses = excluded.lapses, phase = excluded.phase, step = "
            "excluded.step), "
            "log AS (INSERT INTO review_log (user_id, reviewed_at, pair_id, elapsed_days, "
            "retrievability, stability, difficulty, language_id, rating, distractor_word_id) "
            "SELECT user_id, CAST(:reviewed2 AS TIMESTAMPTZ), CAST(:lpair AS INTEGER), "
            "CAST(:elapsed AS INTEGER), CAST(:retrievability AS REAL), CAST(:stability2 AS "
            "REAL), CAST(:difficulty2 AS REAL), CAST(:language2 AS SMALLINT), CAST(:rating AS "
            "SMALLINT), CAST(:distractor AS INTEGER) FROM prof)";
        // Categories and achievements that still exist (staff may have removed one since).
        if (shape.categories) {
            sql +=
                ", cat AS (INSERT INTO user_category_stats AS cs (user_id, category_id, "
                "points, seen) SELECT prof.user_id, c.id, CAST(:points3 AS BIGINT), 1 FROM "
                "prof JOIN categories c ON c.id IN (SELECT CAST(value AS BIGINT) FROM "
                "json_array_elements_text(CAST(:categories AS JSON))) ON CONFLICT (user_id, "
                "category_id) DO UPDATE SET points = cs.points + excluded.points, seen = "
                "cs.seen + 1)";
        }
        if (shape.unlock) {
            sql +=
                ", ach AS (INSERT INTO user_achievements (user_id, achievement_id, "
                "unlocked_at) SELECT prof.user_id, a.id, CAST(:now2 AS TIMESTAMPTZ) FROM prof "
                "JOIN achievements a ON a.id IN (SELECT value FROM "
                "json_array_elements_text(CAST(:unlock AS JSON))) ON CONFLICT DO NOTHING)";
        }
        if (shape.key) {
            sql +=
                ", rec AS (INSERT INTO idempotency_keys AS ik (user_id, key, fingerprint, "
                "created_at, status, previous_total_ep, total_ep, previous_streak_days, "
                "streak_days, daily_ep, daily_goal_ep, unlocked) SELECT prof.user_id, "
                "CAST(:key2 AS TEXT), CAST(:fingerprint AS TEXT), CAST(:now3 AS TIMESTAMPTZ), "
                "CAST(:status AS TEXT), CAST(:o_prev_total AS BIGINT), CAST(:o_total AS "
                "BIGINT), CAST(:o_prev_streak AS INTEGER), CAST(:o_streak AS INTEGER), "
                "CAST(:o_daily AS BIGINT), CAST(:o_goal AS INTEGER), CAST(:o_unlocked AS TEXT) "
                "FROM prof ON CONFLICT (user_id, key) DO UPDATE SET fingerprint = "
                "excluded.fingerprint, created_at = excluded.created_at, status = "
                "excluded.status, previous_total_ep = excluded.previous_total_ep, total_ep = "
                "excluded.total_ep, previous_streak_days = excluded.previous_streak_days, "
                "streak_days = excluded.streak_days, daily_ep = excluded.daily_ep, "
                "daily_goal_ep = excluded.daily_goal_ep, unlocked = excluded.unlocked)";
        }
        sql += " SELECT count(*) FROM prof";

        auto p = (s.prepare << sql);
        p, soci::use(total), soci::use(streak), soci::use(move_last), soci::use(now),
            soci::use(move_last), soci::use(today), soci::use(next_ep), soci::use(next_streak),
            soci::use(first), soci::use(correct);
        for (int i = 0; i < 4; ++i) p, soci::use(type_seen[i]), soci::use(type_correct[i]);
        p, soci::use(user), soci::use(version);
        if (shape.key) p, soci::use(user), soci::use(key), soci::use(expired);
        p, soci::use(pair), soci::use(guard_type), soci::use(pair), soci::use(guard_categories),
            soci::use(user), soci::use(pair), soci::use(guard_practised);
        p, soci::use(pair), soci::use(correct), soci::use(wrong), soci::use(points);
        p, soci::use(today), soci::use(points), soci::use(correct);
        p, soci::use(due), soci::use(reviewed), soci::use(pair), soci::use(stability),
            soci::use(difficulty), soci::use(language), soci::use(reps), soci::use(lapses),
            soci::use(phase), soci::use(step);
        p, soci::use(reviewed), soci::use(pair), soci::use(elapsed, elapsed_ind),
            soci::use(retrievability), soci::use(stability), soci::use(difficulty),
            soci::use(language), soci::use(rating), soci::use(distractor, distractor_ind);
        if (shape.categories) p, soci::use(points), soci::use(categories);
        if (shape.unlock) p, soci::use(recorded), soci::use(unlock);
        if (shape.key) {
            p, soci::use(key), soci::use(fingerprint), soci::use(recorded), soci::use(o.status),
                soci::use(o.previous_total), soci::use(o.total), soci::use(o.previous_streak),
                soci::use(o.streak), soci::use(o.daily), soci::use(o.goal),
                soci::use(o.unlocked, o.unlocked_ind);
        }
        p, soci::into(written);
        return p;
    }
};

// "2,5,7": the categories as the guard's string_agg spells them.
std::string sorted_list(std::vector<Id> ids) {
    std::sort(ids.begin(), ids.end());
    std::string out;
    for (const Id id : ids) out += (out.empty() ? "" : ",") + std::to_string(id);
    return out;
}

}  // namespace

bool write_booking_postgresql(Database& db, soci::session& s, const BookingWrite& w) {
    auto& b = db.cached<BookingWriteStatements>(
        s, [](soci::session&) { return std::make_shared<BookingWriteStatements>(); });
    const Shape shape{!w.stats.categories.empty(), !w.unlock.empty(), w.key.has_value()};
    b.user = w.user_id;
    b.pair = w.pair_id;
    b.version = w.expected_version;
    b.set(w);
    b.guard_type = w.pair_answer_type;
    b.guard_categories = sorted_list(w.stats.categories);
    b.guard_practised = w.stats.first_practice_of_pair ? 0 : 1;
    b.categories = json_list(w.stats.categories);
    b.unlock = json_list(w.unlock);
    if (w.key) {
        b.key = w.key->key;
        b.fingerprint = w.key->fingerprint;
        b.expired = format_timestamp(w.key->expired_before);
    }
    b.o.set(w.outcome);
    b.written = 0;
    b.statement(s, shape).execute(true);
    return b.written > 0;
}

bool store_booking_postgresql(Database& db, const BookingWrite& w) {
    bool ran = false;
    return db.autocommit([&](soci::session& s) {
        const bool again = std::exchange(ran, true);
        const bool written = write_booking_postgresql(db, s, w);
        // Run again after a lost connection: the first run may have committed before its
        // answer was lost. Written now, it did not (it would have moved the version this run is
        // guarded by); refused, that cannot be told from another booking's write. Deciding
        // again could then book the card twice, so without a key this is a lost COMMIT's 503
        // (docs/operations.md); with one, the fresh read finds the first run's record and
        // replays it (tests/e2e/lost_reply.py).
        if (again && !written && !w.key) throw DatabaseUnavailable();
        return written;
    });
}

}  // namespace ll::sql
