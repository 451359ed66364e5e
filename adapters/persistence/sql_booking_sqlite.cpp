// The booking on SQLite: the steps of ll_book() (db/migrations/postgresql/0004_booking.sql) as
// statements prepared once per pooled session, in one BEGIN IMMEDIATE transaction (writers are
// serialised, so nothing here can meet "database is locked").
#include "adapters/persistence/sql_booking.hpp"
#include "core/domain/rules.hpp"
#include "core/domain/time_format.hpp"

#include <string>
#include <string_view>

namespace ll::sql {
namespace {

// Steps a single-row statement to its end: SQLite counts a statement that has not reached
// SQLITE_DONE as "in progress" and then refuses savepoints and commits.
void finish_row(soci::statement& st) {
    while (st.fetch()) {
    }
}

constexpr int kMaxAchievements = 64;  // definitions reached at once; the seeded set has 10

// The smallest threshold of this kind the user has not unlocked (max BIGINT when none is left),
// as ll_next_threshold() computes it on PostgreSQL.
std::string next_threshold_sql(std::string_view kind, std::string_view user_param) {
    return "COALESCE((SELECT min(a.threshold) FROM achievements a WHERE a.kind = '" +
           std::string(kind) +
           "' AND NOT EXISTS (SELECT 1 FROM user_achievements ua WHERE ua.user_id = :" +
           std::string(user_param) + " AND ua.achievement_id = a.id)), 9223372036854775807)";
}

struct BookingStatements : BookingColumns {
    // Bound values: every statement reads and writes these members (and the columns).
    long long user = 0, pair = 0, points = 0;
    int correct = 0, wrong = 0;
    std::string today, now, key, fingerprint, type;
    soci::indicator type_ind = soci::i_null;
    std::string stored_fingerprint, stored_at;
    long long seen = 0;
    long long next_ep = 0, next_streak = 0;
    std::string last_date;
    soci::indicator last_ind = soci::i_null;
    std::vector<std::string> reached_id, reached_kind, reached_de, reached_en, reached_sv;
    std::vector<long long> reached_threshold;
    std::vector<int> reached_order;

    soci::statement insert_key, select_key, take_over_key, store_key, pair_type, lock_profile,
        upsert_pair, upsert_day, update_profile, upsert_categories, reached, next_thresholds;

    explicit BookingStatements(soci::session& s)
        : insert_key((s.prepare << "INSERT INTO idempotency_keys (user_id, key, fingerprint, "
                                   "created_at) VALUES (:u, :k, :f, :now) ON CONFLICT DO NOTHING",
                      soci::use(user), soci::use(key), soci::use(fingerprint), soci::use(now))),
          select_key((s.prepare << "SELECT fingerprint, created_at, status, previous_total_ep, "
                                   "total_ep, previous_streak_days, streak_days, daily_ep, "
                                   "daily_goal_ep, unlocked FROM idempotency_keys "
                                   "WHERE user_id = :u AND key = :k",
                      soci::into(stored_fingerprint), soci::into(stored_at),
                      soci::into(status, status_ind), soci::into(previous_total), soci::into(total),
                      soci::into(previous_streak), soci::into(streak), soci::into(daily),
                      soci::into(goal), soci::into(unlocked, unlocked_ind), soci::use(user),
                      soci::use(key))),
          take_over_key((s.prepare << "UPDATE idempotency_keys SET fingerprint = :f, "
                                      "created_at = :now WHERE user_id = :u AND key = :k",
                         soci::use(fingerprint), soci::use(now), soci::use(user), soci::use(key))),
          store_key((s.prepare << "UPDATE idempotency_keys SET status = :s, previous_total_ep = "
                                  ":pt, total_ep = :t, previous_streak_days = :ps, streak_days = "
                                  ":st, daily_ep = :d, daily_goal_ep = :g, unlocked = :un "
                                  "WHERE user_id = :u AND key = :k",
                     soci::use(status), soci::use(previous_total), soci::use(total),
                     soci::use(previous_streak), soci::use(streak), soci::use(daily),
                     soci::use(goal), soci::use(unlocked, unlocked_ind), soci::use(user),
                     soci::use(key))),
          pair_type((s.prepare << "SELECT answer_type FROM pairs WHERE id = :p",
                     soci::into(type, type_ind), soci::use(pair))),
          lock_profile((s.prepare << "SELECT total_ep, streak_days, daily_goal_ep, "
                                     "last_practice_date, next_ep_threshold, "
                                     "next_streak_threshold FROM users_public WHERE user_id = :u",
                        soci::into(previous_total), soci::into(previous_streak), soci::into(goal),
                        soci::into(last_date, last_ind), soci::into(next_ep),
                        soci::into(next_streak), soci::use(user))),
          upsert_pair((s.prepare << "INSERT INTO user_pair_progress AS u (user_id, pair_id, "
                                    "seen_count, correct_count, wrong_count, earned_points) "
                                    "VALUES (:u, :p, 1, :c, :w, :pts) ON CONFLICT (user_id, "
                                    "pair_id) DO UPDATE SET seen_count = u.seen_count + 1, "
                                    "correct_count = u.correct_count + excluded.correct_count, "
                                    "wrong_count = u.wrong_count + excluded.wrong_count, "
                                    "earned_points = u.earned_points + excluded.earned_points "
                                    "RETURNING seen_count",
                       soci::use(user), soci::use(pair), soci::use(correct), soci::use(wrong),
                       soci::use(points), soci::into(seen))),
          upsert_day((s.prepare << "INSERT INTO user_daily_activity AS d (user_id, "
                                   "activity_date, ep_earned, cards_done, correct_count) VALUES "
                                   "(:u, :d, :pts, 1, :c) ON CONFLICT (user_id, activity_date) "
                                   "DO UPDATE SET ep_earned = d.ep_earned + excluded.ep_earned, "
                                   "cards_done = d.cards_done + 1, correct_count = "
                                   "d.correct_count + excluded.correct_count RETURNING ep_earned",
                      soci::use(user), soci::use(today), soci::use(points), soci::use(correct),
                      soci::into(daily))),
          update_profile((
              s.prepare
                  << "UPDATE users_public SET total_ep = total_ep + :pts, streak_days = :s, "
                     "last_practice_at = :now, last_practice_date = :d, "
                     "pairs_practiced = pairs_practiced + (CASE WHEN :seen = 1 THEN 1 ELSE 0 END), "
                     "total_seen = total_seen + 1, total_correct = total_correct + :c, "
                     "word_seen = word_seen + (:t1 = 'word'), "
                     "word_correct = word_correct + (:t2 = 'word') * :c2, "
                     "question_seen = question_seen + (:t3 = 'question'), "
                     "question_correct = question_correct + (:t4 = 'question') * :c3, "
                     "text_seen = text_seen + (:t5 = 'text'), "
                     "text_correct = text_correct + (:t6 = 'text') * :c4, "
                     "yes_no_seen = yes_no_seen + (:t7 = 'yes_no'), "
                     "yes_no_correct = yes_no_correct + (:t8 = 'yes_no') * :c5 "
                     "WHERE user_id = :u RETURNING total_ep",
              soci::use(points), soci::use(streak), soci::use(now), soci::use(today),
              soci::use(seen), soci::use(correct), soci::use(type), soci::use(type),
              soci::use(correct), soci::use(type), soci::use(type), soci::use(correct),
              soci::use(type), soci::use(type), soci::use(correct), soci::use(type),
              soci::use(type), soci::use(correct), soci::use(user), soci::into(total))),
          upsert_categories((s.prepare << "INSERT INTO user_category_stats AS c (user_id, "
                                          "category_id, points, seen) SELECT :u, category_id, "
                                          ":pts, 1 FROM pair_categories WHERE pair_id = :p "
                                          "ON CONFLICT (user_id, category_id) DO UPDATE SET "
                                          "points = c.points + excluded.points, "
                                          "seen = c.seen + 1",
                             soci::use(user), soci::use(points), soci::use(pair))),
          // achievement_reached() for the definitions not unlocked yet.
          reached((s.prepare << "SELECT a.id, a.kind, a.threshold, a.title_de, a.title_en, "
                                "a.title_sv, a.sort_order FROM achievements a WHERE "
                                "((a.kind = 'ep' AND a.threshold <= :t) OR "
                                "(a.kind = 'streak' AND a.threshold <= :s)) AND NOT EXISTS "
                                "(SELECT 1 FROM user_achievements ua WHERE ua.user_id = :u "
                                "AND ua.achievement_id = a.id) ORDER BY a.sort_order, a.id",
                   soci::use(total), soci::use(streak), soci::use(user), soci::into(reached_id),
                   soci::into(reached_kind), soci::into(reached_threshold), soci::into(reached_de),
                   soci::into(reached_en), soci::into(reached_sv), soci::into(reached_order))),
          // The smallest thresholds not unlocked yet (see migration 0004).
          next_thresholds(
              (s.prepare << "UPDATE users_public SET next_ep_threshold = " +
                                next_threshold_sql("ep", "u1") + ", next_streak_threshold = " +
                                next_threshold_sql("streak", "u2") + " WHERE user_id = :u3",
               soci::use(user), soci::use(user), soci::use(user))) {}

    // Definitions reached and not unlocked yet (none on almost every booking).
    std::vector<AchievementDefinition> newly_reached() {
        for (auto* v : {&reached_id, &reached_kind, &reached_de, &reached_en, &reached_sv})
            v->resize(kMaxAchievements);
        reached_threshold.resize(kMaxAchievements);
        reached_order.resize(kMaxAchievements);
        reached.execute(true);
        std::vector<AchievementDefinition> out;
        for (std::size_t i = 0; i < reached_id.size(); ++i) {
            out.push_back(AchievementDefinition{reached_id[i], reached_kind[i],
                                                reached_threshold[i], reached_de[i], reached_en[i],
                                                reached_sv[i], reached_order[i]});
        }
        finish_row(reached);
        return out;
    }
};

// Looks for reached achievements and inserts them, in a savepoint: a failure leaves the list
// empty and the booking intact. Only when a threshold is reached (almost never); the thresholds
// are refreshed in the same savepoint.
std::vector<UnlockedAchievement> unlock(soci::session& s, BookingStatements& b, Timestamp at) {
    std::vector<UnlockedAchievement> unlocked;
    if (b.total < b.next_ep && b.streak < b.next_streak) return unlocked;
    s << "SAVEPOINT achievements";
    try {
        for (const auto& def : b.newly_reached()) {
            soci::statement st = (s.prepare << "INSERT INTO user_achievements (user_id, "
                                               "achievement_id, unlocked_at) VALUES (:u, :a, :t) "
                                               "ON CONFLICT DO NOTHING",
                                  soci::use(b.user), soci::use(def.id), soci::use(b.now));
            st.execute(true);
            if (st.get_affected_rows() > 0) unlocked.push_back(UnlockedAchievement{def, at});
        }
        b.next_thresholds.execute(true);
        s << "RELEASE SAVEPOINT achievements";
    } catch (const soci::soci_error&) {
        s << "ROLLBACK TO SAVEPOINT achievements";
        s << "RELEASE SAVEPOINT achievements";
        unlocked.clear();
    }
    return unlocked;
}

}  // namespace

BookingOutcome book_on_sqlite(Database& db, const BookingCommand& c) {
    return db.write([&](soci::session& s) {
        BookingStatements& b = db.cached<BookingStatements>(
            s, [](soci::session& session) { return std::make_shared<BookingStatements>(session); });
        b.user = c.user_id;
        b.pair = c.pair_id;
        b.points = c.points;
        b.correct = c.correct ? 1 : 0;
        b.wrong = 1 - b.correct;
        b.today = format_date(c.today);
        b.now = format_timestamp(c.now);

        if (c.idempotency) {
            b.key = c.idempotency->key;
            b.fingerprint = c.idempotency->fingerprint;
            b.insert_key.execute(true);
            if (b.insert_key.get_affected_rows() == 0) {
                b.status_ind = b.unlocked_ind = soci::i_null;
                b.select_key.execute(true);
                finish_row(b.select_key);
                if (b.stored_at >= format_timestamp(c.idempotency->expired_before)) {
                    if (b.stored_fingerprint != c.idempotency->fingerprint) {
                        BookingOutcome refused;
                        refused.status = BookingStatus::key_reused;
                        return refused;
                    }
                    return b.stored_outcome(true, parse_timestamp(b.stored_at).value_or(c.now));
                }
                b.take_over_key.execute(true);  // an expired key: this booking takes it over
            }
        }

        // Not booked (unknown pair, no profile): zeros and the default goal.
        b.previous_total = b.total = b.daily = 0;
        b.previous_streak = b.streak = 0;
        b.goal = 30;
        BookingStatus status = BookingStatus::booked;
        std::vector<UnlockedAchievement> unlocked;
        b.type_ind = soci::i_null;
        b.pair_type.execute(true);
        finish_row(b.pair_type);
        if (b.type_ind != soci::i_ok) {
            status = BookingStatus::pair_not_found;
        } else {
            b.last_ind = soci::i_null;
            const bool has_profile = b.lock_profile.execute(true);
            finish_row(b.lock_profile);
            if (!has_profile) status = BookingStatus::no_profile;
        }

        if (status == BookingStatus::booked) {
            b.upsert_pair.execute(true);
            finish_row(b.upsert_pair);
            b.upsert_day.execute(true);
            finish_row(b.upsert_day);
            const std::optional<Date> last =
                b.last_ind == soci::i_ok ? parse_date(b.last_date) : std::nullopt;
            b.streak = next_streak(b.previous_streak, last, c.today);
            b.update_profile.execute(true);
            finish_row(b.update_profile);
            b.upsert_categories.execute(true);
            unlocked = unlock(s, b, c.now);
        }

        if (c.idempotency) {  // the numbers are in the columns already
            b.status = status_text(status);
            b.unlocked = unlocked_to_json(unlocked);
            b.unlocked_ind = b.unlocked.empty() ? soci::i_null : soci::i_ok;
            b.store_key.execute(true);
        }
        return b.outcome(status, false, std::move(unlocked));
    });
}

}  // namespace ll::sql
