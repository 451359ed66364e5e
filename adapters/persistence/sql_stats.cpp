// GET /auth/stats sums computed by the database: window rows, totals, per answer type and per
// category. Each query reads one user's rows through a primary-key prefix.
#include "adapters/persistence/dialect_sql.hpp"
#include "adapters/persistence/row_access.hpp"
#include "adapters/persistence/sql_repositories.hpp"
#include "core/domain/time_format.hpp"

namespace ll::sql {
namespace {

class SqlStats final : public StatsQuery {
  public:
    explicit SqlStats(Database& db) : db_(db), d_{db.dialect()} {}

    StatsSnapshot load(Id user_id, Date from, Date to) override {
        long long user = user_id;
        const std::string first = format_date(from), last = format_date(to);
        return db_.read([&](soci::session& s) {
            StatsSnapshot snap;
            soci::rowset<soci::row> days =
                (s.prepare << "SELECT " + d_.date_out("activity_date") +
                                  ", ep_earned, cards_done, correct_count FROM user_daily_activity "
                                  "WHERE user_id = :u AND activity_date BETWEEN " +
                                  d_.date_in(":f") + " AND " + d_.date_in(":l"),
                 soci::use(user), soci::use(first), soci::use(last));
            for (const auto& r : days) {
                if (const auto date = parse_date(as_text(r, 0))) {
                    snap.daily.push_back(DailyActivityRow{*date, as_int(r, 1),
                                                          static_cast<int>(as_int(r, 2)),
                                                          static_cast<int>(as_int(r, 3))});
                }
            }

            long long pairs = 0, seen = 0, correct = 0;
            s << "SELECT COUNT(*), CAST(COALESCE(SUM(seen_count), 0) AS BIGINT), "
                 "CAST(COALESCE(SUM(correct_count), 0) AS BIGINT) FROM user_pair_progress WHERE "
                 "user_id = :u",
                soci::use(user), soci::into(pairs), soci::into(seen), soci::into(correct);
            snap.pairs_practiced = pairs;
            snap.total_seen = seen;
            snap.total_correct = correct;

            soci::rowset<soci::row> types =
                (s.prepare << "SELECT p.answer_type, CAST(SUM(u.seen_count) AS BIGINT), "
                              "CAST(SUM(u.correct_count) AS BIGINT) FROM user_pair_progress u "
                              "JOIN pairs p ON p.id = u.pair_id WHERE u.user_id = :u GROUP BY "
                              "p.answer_type",
                 soci::use(user));
            for (const auto& r : types) {
                snap.by_answer_type.push_back(
                    AnswerTypeCounts{as_text(r, 0), as_int(r, 1), as_int(r, 2)});
            }

            soci::rowset<soci::row> categories =
                (s.prepare << "SELECT c.id, c.titel_de, CAST(SUM(u.earned_points) AS BIGINT), "
                              "CAST(SUM(u.seen_count) AS BIGINT) FROM user_pair_progress u "
                              "JOIN pair_categories pc ON pc.pair_id = u.pair_id "
                              "JOIN categories c ON c.id = pc.category_id "
                              "WHERE u.user_id = :u GROUP BY c.id, c.titel_de HAVING "
                              "SUM(u.earned_points) > 0",
                 soci::use(user));
            for (const auto& r : categories) {
                snap.categories.push_back(
                    CategoryCounts{as_int(r, 0), as_text(r, 1), as_int(r, 2), as_int(r, 3)});
            }

            int goal = 30;
            soci::indicator goal_ind = soci::i_null;
            s << "SELECT daily_goal_ep FROM users_public WHERE user_id = :u", soci::use(user),
                soci::into(goal, goal_ind);
            if (s.got_data() && goal_ind == soci::i_ok) snap.daily_goal_ep = goal;
            return snap;
        });
    }

  private:
    Database& db_;
    DialectSql d_;
};

}  // namespace

std::unique_ptr<StatsQuery> make_stats(Database& db) {
    return std::make_unique<SqlStats>(db);
}

}  // namespace ll::sql
