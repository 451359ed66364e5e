// A booked card written on SQLite: one BEGIN IMMEDIATE transaction (writers are serialised, so
// the checks below and the writes after them see the same state), statements prepared once on
// the writer session (Database::write). Nothing is written when the profile's version is no longer
// the one the rules read or an unexpired record under the key has appeared.
#include "adapters/persistence/sql_booking.hpp"
#include "core/domain/time_format.hpp"

namespace ll::sql {
namespace {

struct SqliteBookingStatements : BookingValues {
    // Bound values, refilled for every booking.
    long long user = 0, pair = 0, stored_version = 0, category = 0;
    std::string key, fingerprint, stored_at, achievement;
    OutcomeColumns o;
    soci::indicator version_ind = soci::i_null, key_ind = soci::i_null;

    soci::statement version, stored_key, profile, pair_progress, day, memory, review,
        category_stats, unlock, record;

    explicit SqliteBookingStatements(soci::session& s)
        : version((s.prepare << "SELECT version FROM users_public WHERE user_id = :u",
                   soci::into(stored_version, version_ind), soci::use(user))),
          stored_key((s.prepare << "SELECT created_at FROM idempotency_keys WHERE user_id = :u "
                                   "AND key = :k",
                      soci::into(stored_at, key_ind), soci::use(user), soci::use(key))),
          profile((s.prepare << "UPDATE users_public SET version = version + 1, total_ep = :t, "
                                "streak_days = :s, last_practice_at = CASE WHEN :m = 1 THEN :now "
                                "ELSE last_practice_at END, last_practice_date = CASE WHEN :m2 = "
                                "1 THEN :d ELSE last_practice_date END, next_ep_threshold = :ne, "
                                "next_streak_threshold = :ns, "
                                "pairs_practiced = pairs_practiced + :f, total_seen = total_seen "
                                "+ 1, total_correct = total_correct + :c, word_seen = word_seen + "
                                ":ws, word_correct = word_correct + :wc, question_seen = "
                                "question_seen + :qs, question_correct = question_correct + :qc, "
                                "text_seen = text_seen + :xs, text_correct = text_correct + :xc, "
                                "yes_no_seen = yes_no_seen + :ys, yes_no_correct = "
                                "yes_no_correct + :yc WHERE user_id = :u",
                   soci::use(total), soci::use(streak), soci::use(move_last), soci::use(now),
                   soci::use(move_last), soci::use(today), soci::use(next_ep),
                   soci::use(next_streak), soci::use(first), soci::use(correct),
                   soci::use(type_seen[0]), soci::use(type_correct[0]), soci::use(type_seen[1]),
                   soci::use(type_correct[1]), soci::use(type_seen[2]), soci::use(type_correct[2]),
                   soci::use(type_seen[3]), soci::use(type_correct[3]), soci::use(user))),
          pair_progress((s.prepare << "INSERT INTO user_pair_progress AS x (user_id, pair_id, "
                                      "seen_count, correct_count, wrong_count, earned_points) "
                                      "VALUES (:u, :p, 1, :c, :w, :pts) ON CONFLICT (user_id, "
                                      "pair_id) DO UPDATE SET seen_count = x.seen_count + 1, "
                                      "correct_count = x.correct_count + excluded.correct_count, "
                                      "wrong_count = x.wrong_count + excluded.wrong_count, "
                                      "earned_points = x.earned_points + excluded.earned_points",
                         soci::use(user), soci::use(pair), soci::use(correct), soci::use(wrong),
                         soci::use(points))),
          day((s.prepare << "INSERT INTO user_daily_activity AS d (user_id, activity_date, "
                            "ep_earned, cards_done, correct_count) VALUES (:u, :d, :pts, 1, :c) "
                            "ON CONFLICT (user_id, activity_date) DO UPDATE SET ep_earned = "
                            "d.ep_earned + excluded.ep_earned, cards_done = d.cards_done + 1, "
                            "correct_count = d.correct_count + excluded.correct_count",
               soci::use(user), soci::use(today), soci::use(points), soci::use(correct))),
          // The card's memory in the learner's language and the review log's line
          // (docs/learning.md "What is stored").
          memory((s.prepare << "INSERT INTO card_memory AS m (user_id, language_id, pair_id, "
                               "due_at, last_review_at, stability, difficulty, reps, lapses, "
                               "phase, step) VALUES (:u, :l, :p, :due, :at, :s, :d, :r, :la, "
                               ":ph, :st) ON CONFLICT (user_id, language_id, pair_id) DO UPDATE "
                               "SET due_at = excluded.due_at, last_review_at = "
                               "excluded.last_review_at, stability = excluded.stability, "
                               "difficulty = excluded.difficulty, reps = excluded.reps, lapses = "
                               "excluded.lapses, phase = excluded.phase, step = excluded.step",
                  soci::use(user), soci::use(language), soci::use(pair), soci::use(due),
                  soci::use(reviewed), soci::use(stability), soci::use(difficulty), soci::use(reps),
                  soci::use(lapses), soci::use(phase), soci::use(step))),
          review((s.prepare << "INSERT INTO review_log (user_id, reviewed_at, pair_id, "
                               "language_id, rating, elapsed_days, retrievability, stability, "
                               "difficulty, distractor_word_id) VALUES (:u, :at, :p, :l, :r, :e, "
                               ":rt, :s, :d, :w)",
                  soci::use(user), soci::use(reviewed), soci::use(pair), soci::use(language),
                  soci::use(rating), soci::use(elapsed, elapsed_ind), soci::use(retrievability),
                  soci::use(stability), soci::use(difficulty),
                  soci::use(distractor, distractor_ind))),
          // Categories and achievements that still exist (staff may have removed one since).
          category_stats((s.prepare << "INSERT INTO user_category_stats AS cs (user_id, "
                                       "category_id, points, seen) SELECT :u, id, :pts, 1 FROM "
                                       "categories WHERE id = :c ON CONFLICT (user_id, "
                                       "category_id) DO UPDATE SET points = cs.points + "
                                       "excluded.points, seen = cs.seen + 1",
                          soci::use(user), soci::use(points), soci::use(category))),
          unlock((s.prepare << "INSERT INTO user_achievements (user_id, achievement_id, "
                               "unlocked_at) SELECT :u, id, :now FROM achievements WHERE id = :a "
                               "ON CONFLICT DO NOTHING",
                  soci::use(user), soci::use(recorded), soci::use(achievement))),
          record((s.prepare << "INSERT INTO idempotency_keys (user_id, key, fingerprint, "
                               "created_at, status, previous_total_ep, total_ep, "
                               "previous_streak_days, streak_days, daily_ep, daily_goal_ep, "
                               "unlocked) VALUES (:u, :k, :f, :now, :st, :pt, :t, :ps, :s, :d, "
                               ":g, :un) ON CONFLICT (user_id, key) DO UPDATE SET fingerprint = "
                               "excluded.fingerprint, created_at = excluded.created_at, status = "
                               "excluded.status, previous_total_ep = excluded.previous_total_ep, "
                               "total_ep = excluded.total_ep, previous_streak_days = "
                               "excluded.previous_streak_days, streak_days = "
                               "excluded.streak_days, daily_ep = excluded.daily_ep, "
                               "daily_goal_ep = excluded.daily_goal_ep, unlocked = "
                               "excluded.unlocked",
                  soci::use(user), soci::use(key), soci::use(fingerprint), soci::use(recorded),
                  soci::use(o.status), soci::use(o.previous_total), soci::use(o.total),
                  soci::use(o.previous_streak), soci::use(o.streak), soci::use(o.daily),
                  soci::use(o.goal), soci::use(o.unlocked, o.unlocked_ind))) {}
};

}  // namespace

bool write_booking_sqlite(Database& db, soci::session& s, const BookingWrite& w) {
    auto& b = db.cached<SqliteBookingStatements>(s, [](soci::session& session) {
        return std::make_shared<SqliteBookingStatements>(session);
    });
    b.user = w.user_id;
    b.version_ind = soci::i_null;
    b.version.execute(true);
    finish_row(b.version);
    if (b.version_ind != soci::i_ok || b.stored_version != w.expected_version) return false;
    if (w.key) {
        b.key = w.key->key;
        b.key_ind = soci::i_null;
        b.stored_key.execute(true);
        finish_row(b.stored_key);
        if (b.key_ind == soci::i_ok && b.stored_at >= format_timestamp(w.key->expired_before))
            return false;
    }

    b.pair = w.pair_id;
    b.set(w);
    b.profile.execute(true);
    b.pair_progress.execute(true);
    b.day.execute(true);
    b.memory.execute(true);
    b.review.execute(true);
    for (const Id category : w.stats.categories) {
        b.category = category;
        b.category_stats.execute(true);
    }
    for (const auto& id : w.unlock) {
        b.achievement = id;
        b.unlock.execute(true);
    }
    if (w.key) {
        b.fingerprint = w.key->fingerprint;
        b.o.set(w.outcome);
        b.record.execute(true);
    }
    return true;
}

bool store_booking_sqlite(Database& db, const BookingWrite& w) {
    return db.write([&](soci::session& s) { return write_booking_sqlite(db, s, w); });
}

}  // namespace ll::sql
