// The booking unit of work (decisions.md 8) and the achievement list on SOCI.
#include "adapters/persistence/dialect_sql.hpp"
#include "adapters/persistence/row_access.hpp"
#include "adapters/persistence/sql_repositories.hpp"
#include "core/domain/rules.hpp"
#include "core/domain/time_format.hpp"

namespace ll::sql {
namespace {

struct DefinitionRow {
    AchievementDefinition definition;
    std::optional<Timestamp> unlocked_at;
};

// Every definition in display order with this user's unlock time.
std::vector<DefinitionRow> definitions_for(soci::session& s, const DialectSql& d, long long user) {
    std::vector<DefinitionRow> out;
    soci::rowset<soci::row> rows =
        (s.prepare
             << "SELECT a.id, a.kind, a.threshold, a.title_de, a.title_en, a.title_sv, "
                "a.sort_order, " +
                    d.ts_out("ua.unlocked_at") +
                    " FROM achievements a LEFT JOIN user_achievements ua "
                    "ON ua.achievement_id = a.id AND ua.user_id = :u ORDER BY a.sort_order, a.id",
         soci::use(user));
    for (const auto& r : rows) {
        DefinitionRow row;
        auto& def = row.definition;
        def.id = as_text(r, 0);
        def.kind = as_text(r, 1);
        def.threshold = as_int(r, 2);
        def.title_de = as_text(r, 3);
        def.title_en = as_text(r, 4);
        def.title_sv = as_text(r, 5);
        def.sort_order = static_cast<int>(as_int(r, 6));
        if (r.get_indicator(7) == soci::i_ok) row.unlocked_at = parse_timestamp(as_text(r, 7));
        out.push_back(std::move(row));
    }
    return out;
}

// Steps a single-row statement to its end: SQLite counts a statement that has not reached
// SQLITE_DONE as "in progress" and then refuses savepoints and commits.
void finish_row(soci::statement& st) {
    while (st.fetch()) {
    }
}

// The booking's statements, prepared once per pooled session and reused (the hot path): the
// members are what they read and write.
struct BookingStatements {
    long long user = 0, pair = 0, points = 0;
    int correct = 0, wrong = 0;
    std::string today, now;
    int pair_exists = 0;
    long long previous_total = 0, total = 0, daily_ep = 0;
    int previous_streak = 0, goal = 30, streak = 0;
    std::string last_date;
    soci::indicator last_ind = soci::i_null;
    soci::statement count_pair, lock_profile, upsert_pair, upsert_day, update_profile;

    BookingStatements(soci::session& s, const DialectSql& d)
        : count_pair((s.prepare << "SELECT COUNT(*) FROM pairs WHERE id = :p", soci::use(pair),
                      soci::into(pair_exists))),
          // The profile row is locked first, so one user's bookings queue here and the previous
          // total and streak are read and replaced atomically.
          lock_profile((s.prepare << "SELECT total_ep, streak_days, daily_goal_ep, " +
                                         d.date_out("last_practice_date") +
                                         " FROM users_public WHERE user_id = :u" +
                                         (d.pg() ? " FOR UPDATE" : ""),
                        soci::into(previous_total), soci::into(previous_streak), soci::into(goal),
                        soci::into(last_date, last_ind), soci::use(user))),
          upsert_pair((
              s.prepare
                  << "INSERT INTO user_pair_progress (user_id, pair_id, seen_count, correct_count, "
                     "wrong_count, earned_points) VALUES (:u, :p, 1, :c, :w, :pts) "
                     "ON CONFLICT (user_id, pair_id) DO UPDATE SET "
                     "seen_count = user_pair_progress.seen_count + 1, "
                     "correct_count = user_pair_progress.correct_count + excluded.correct_count, "
                     "wrong_count = user_pair_progress.wrong_count + excluded.wrong_count, "
                     "earned_points = user_pair_progress.earned_points + excluded.earned_points",
              soci::use(user), soci::use(pair), soci::use(correct), soci::use(wrong),
              soci::use(points))),
          upsert_day(
              (s.prepare << "INSERT INTO user_daily_activity (user_id, activity_date, ep_earned, "
                            "cards_done, "
                            "correct_count) VALUES (:u, " +
                                d.date_in(":d") +
                                ", :pts, 1, :c) "
                                "ON CONFLICT (user_id, activity_date) DO UPDATE SET "
                                "ep_earned = user_daily_activity.ep_earned + excluded.ep_earned, "
                                "cards_done = user_daily_activity.cards_done + 1, "
                                "correct_count = user_daily_activity.correct_count + "
                                "excluded.correct_count "
                                "RETURNING ep_earned",
               soci::use(user), soci::use(today), soci::use(points), soci::use(correct),
               soci::into(daily_ep))),
          update_profile(
              (s.prepare << "UPDATE users_public SET total_ep = total_ep + :pts, streak_days = :s, "
                            "last_practice_at = " +
                                d.ts_in(":now") + ", last_practice_date = " + d.date_in(":d") +
                                " WHERE user_id = :u RETURNING total_ep",
               soci::use(points), soci::use(streak), soci::use(now), soci::use(today),
               soci::use(user), soci::into(total))) {}
};

class SqlProgress final : public ProgressStore {
  public:
    explicit SqlProgress(Database& db) : db_(db), d_{db.dialect()} {}

    BookingOutcome book(const BookingCommand& c) override {
        return db_.write([&](soci::session& s) { return book_in(s, c); });
    }

  private:
    BookingOutcome book_in(soci::session& s, const BookingCommand& c) {
        BookingStatements& st = db_.cached<BookingStatements>(s, [this](soci::session& session) {
            return std::make_shared<BookingStatements>(session, d_);
        });
        BookingOutcome out;
        st.user = c.user_id;
        st.pair = c.pair_id;
        st.points = c.points;
        st.correct = c.correct ? 1 : 0;
        st.wrong = c.correct ? 0 : 1;
        st.today = format_date(c.today);
        st.now = format_timestamp(c.now);

        st.count_pair.execute(true);
        finish_row(st.count_pair);
        if (!st.pair_exists) {
            out.status = BookingStatus::pair_not_found;
            return out;
        }
        st.last_ind = soci::i_null;
        const bool has_profile = st.lock_profile.execute(true);
        finish_row(st.lock_profile);
        if (!has_profile) {
            out.status = BookingStatus::no_profile;
            return out;
        }
        st.upsert_pair.execute(true);
        st.upsert_day.execute(true);
        finish_row(st.upsert_day);
        const std::optional<Date> last =
            st.last_ind == soci::i_ok ? parse_date(st.last_date) : std::nullopt;
        st.streak = next_streak(st.previous_streak, last, c.today);
        st.update_profile.execute(true);
        finish_row(st.update_profile);

        out.previous_total_ep = st.previous_total;
        out.total_ep = st.total;
        out.previous_streak_days = st.previous_streak;
        out.streak_days = st.streak;
        out.daily_ep = st.daily_ep;
        out.daily_goal_ep = st.goal;
        out.unlocked = unlock(s, st.user, st.total, st.streak, c.now);
        return out;
    }

    // Achievements in a savepoint: a failure here leaves the list empty and the booking intact.
    std::vector<UnlockedAchievement> unlock(soci::session& s, long long user, Ep total, int streak,
                                            Timestamp now) {
        std::vector<UnlockedAchievement> unlocked;
        s << "SAVEPOINT achievements";
        try {
            const std::string when = format_timestamp(now);
            for (const auto& row : definitions_for(s, d_, user)) {
                if (row.unlocked_at || !achievement_reached(row.definition, total, streak))
                    continue;
                std::string id = row.definition.id;
                soci::statement st =
                    (s.prepare
                         << "INSERT INTO user_achievements (user_id, achievement_id, unlocked_at) "
                            "VALUES (:u, :a, " +
                                d_.ts_in(":t") + ") ON CONFLICT DO NOTHING",
                     soci::use(user), soci::use(id), soci::use(when));
                st.execute(true);
                if (st.get_affected_rows() > 0)
                    unlocked.push_back(UnlockedAchievement{row.definition, now});
            }
            s << "RELEASE SAVEPOINT achievements";
        } catch (const soci::soci_error&) {
            s << "ROLLBACK TO SAVEPOINT achievements";
            unlocked.clear();
        }
        return unlocked;
    }

    Database& db_;
    DialectSql d_;
};

class SqlAchievements final : public AchievementRepository {
  public:
    explicit SqlAchievements(Database& db) : db_(db), d_{db.dialect()} {}
    std::vector<AchievementStatus> list_for_user(Id user_id) override {
        long long user = user_id;
        return db_.read([&](soci::session& s) {
            std::vector<AchievementStatus> out;
            for (auto& row : definitions_for(s, d_, user)) {
                out.push_back(AchievementStatus{std::move(row.definition), row.unlocked_at});
            }
            return out;
        });
    }

  private:
    Database& db_;
    DialectSql d_;
};

}  // namespace

std::unique_ptr<ProgressStore> make_progress(Database& db) {
    return std::make_unique<SqlProgress>(db);
}
std::unique_ptr<AchievementRepository> make_achievements(Database& db) {
    return std::make_unique<SqlAchievements>(db);
}

}  // namespace ll::sql
