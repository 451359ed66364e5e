// GET /auth/stats from the running totals the booking keeps (migration 0004): one statement,
// prepared once per pooled session, reads the window's day rows (<= 84), the profile's totals
// and per-answer-type counts, and the user's category rows -- so its cost follows the window
// and the category count, never the number of practised pairs or the length of the history.
#include "adapters/persistence/dialect_sql.hpp"
#include "adapters/persistence/sql_repositories.hpp"
#include "core/domain/time_format.hpp"

namespace ll::sql {
namespace {

constexpr std::size_t kBatch = 128;  // rows per fetch (a window is at most 84 + 5 + categories)

struct StatsStatement {
    long long user = 0;
    std::string first, last;
    std::vector<std::string> kind, label;
    std::vector<soci::indicator> label_ind;
    std::vector<long long> a, b, c, d;
    soci::statement st;

    StatsStatement(soci::session& s, const DialectSql& dialect)
        : kind(kBatch),
          label(kBatch),
          label_ind(kBatch),
          a(kBatch),
          b(kBatch),
          c(kBatch),
          d(kBatch),
          st((s.prepare << "SELECT 'd', " + dialect.date_out("activity_date") +
                               ", ep_earned, cards_done, correct_count, 0 "
                               "FROM user_daily_activity WHERE user_id = :u1 AND activity_date "
                               "BETWEEN " +
                               dialect.date_in(":f") + " AND " + dialect.date_in(":l") +
                               " UNION ALL SELECT 't', timezone, pairs_practiced, total_seen, "
                               "total_correct, daily_goal_ep FROM users_public WHERE user_id = :u2"
                               " UNION ALL SELECT 's', 'word', word_seen, word_correct, 0, 0 "
                               "FROM users_public WHERE user_id = :u3"
                               " UNION ALL SELECT 's', 'question', question_seen, "
                               "question_correct, 0, 0 FROM users_public WHERE user_id = :u4"
                               " UNION ALL SELECT 's', 'text', text_seen, text_correct, 0, 0 "
                               "FROM users_public WHERE user_id = :u5"
                               " UNION ALL SELECT 's', 'yes_no', yes_no_seen, yes_no_correct, 0, "
                               "0 FROM users_public WHERE user_id = :u6"
                               " UNION ALL SELECT 'c', cat.titel_de, cat.id, ucs.points, ucs.seen, "
                               "0 FROM user_category_stats ucs JOIN categories cat ON cat.id = "
                               "ucs.category_id WHERE ucs.user_id = :u7 AND ucs.points > 0",
              soci::use(user), soci::use(first), soci::use(last), soci::use(user), soci::use(user),
              soci::use(user), soci::use(user), soci::use(user), soci::use(user), soci::into(kind),
              soci::into(label, label_ind), soci::into(a), soci::into(b), soci::into(c),
              soci::into(d))) {}

    void resize() {
        for (auto* v : {&kind, &label}) v->resize(kBatch);
        label_ind.resize(kBatch);
        for (auto* v : {&a, &b, &c, &d}) v->resize(kBatch);
    }
};

class SqlStats final : public StatsQuery {
  public:
    explicit SqlStats(Database& db) : db_(db), d_{db.dialect()} {}

    StatsSnapshot load(Id user_id, Date from, Date to) override {
        return db_.read([&](soci::session& s) {
            StatsStatement& q = db_.cached<StatsStatement>(s, [this](soci::session& session) {
                return std::make_shared<StatsStatement>(session, d_);
            });
            q.user = user_id;
            q.first = format_date(from);
            q.last = format_date(to);
            StatsSnapshot snap;
            q.resize();
            q.st.execute();
            while (q.st.fetch()) {  // each fetch fills the vectors with up to kBatch rows
                for (std::size_t i = 0; i < q.kind.size(); ++i) add(snap, q, i);
                q.resize();
            }
            return snap;
        });
    }

  private:
    static void add(StatsSnapshot& snap, const StatsStatement& q, std::size_t i) {
        switch (q.kind[i].empty() ? ' ' : q.kind[i][0]) {
            case 'd':
                if (const auto date = parse_date(q.label[i]))
                    snap.daily.push_back(DailyActivityRow{*date, q.a[i], q.b[i], q.c[i]});
                break;
            case 't':
                snap.pairs_practiced = q.a[i];
                snap.total_seen = q.b[i];
                snap.total_correct = q.c[i];
                snap.daily_goal_ep = static_cast<std::int32_t>(q.d[i]);
                if (q.label_ind[i] == soci::i_ok) snap.timezone = q.label[i];
                break;
            case 's':
                snap.by_answer_type.push_back(AnswerTypeCounts{q.label[i], q.a[i], q.b[i]});
                break;
            case 'c':
                snap.categories.push_back(CategoryCounts{q.a[i], q.label[i], q.b[i], q.c[i]});
                break;
            default:
                break;
        }
    }

    Database& db_;
    DialectSql d_;
};

}  // namespace

std::unique_ptr<StatsQuery> make_stats(Database& db) {
    return std::make_unique<SqlStats>(db);
}

}  // namespace ll::sql
