// GET /auth/stats from the running totals the booking keeps: one statement, prepared once per
// pooled session (db/queries/stats.sql), its rows fetched in batches.
#include "adapters/persistence/queries.hpp"
#include "adapters/persistence/sql_repositories.hpp"
#include "core/domain/time_format.hpp"

namespace ll::sql {
namespace {

constexpr std::size_t kBatch = 128;  // rows per fetch (a window is at most 84 + 5 + categories)

struct StatsStatement {
    long long user = 0;
    std::string first, last;
    std::vector<std::string> kind, label, label_en, label_sv;
    std::vector<soci::indicator> label_ind, en_ind, sv_ind;
    std::vector<long long> a, b, c, d;
    soci::statement st;

    StatsStatement(soci::session& s, Dialect dialect)
        : kind(kBatch),
          label(kBatch),
          label_en(kBatch),
          label_sv(kBatch),
          label_ind(kBatch),
          en_ind(kBatch),
          sv_ind(kBatch),
          a(kBatch),
          b(kBatch),
          c(kBatch),
          d(kBatch),
          st((s.prepare << query(dialect, "stats.load"), soci::use(user, "user_id_1"),
              soci::use(first, "first_day"), soci::use(last, "last_day"),
              soci::use(user, "user_id_2"), soci::use(user, "user_id_3"),
              soci::use(user, "user_id_4"), soci::use(user, "user_id_5"),
              soci::use(user, "user_id_6"), soci::use(user, "user_id_7"), soci::into(kind),
              soci::into(label, label_ind), soci::into(a), soci::into(b), soci::into(c),
              soci::into(d), soci::into(label_en, en_ind), soci::into(label_sv, sv_ind))) {}

    void resize() {
        for (auto* v : {&kind, &label, &label_en, &label_sv}) v->resize(kBatch);
        for (auto* v : {&label_ind, &en_ind, &sv_ind}) v->resize(kBatch);
        for (auto* v : {&a, &b, &c, &d}) v->resize(kBatch);
    }
};

class SqlStats final : public StatsQuery {
  public:
    explicit SqlStats(Database& db) : db_(db) {}

    StatsSnapshot load(Id user_id, Date from, Date to) override {
        return db_.read([&](soci::session& s) {
            StatsStatement& q = db_.cached<StatsStatement>(s, [this](soci::session& session) {
                return std::make_shared<StatsStatement>(session, db_.dialect());
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
                snap.categories.push_back(CategoryCounts{
                    q.a[i], q.label[i], q.b[i], q.c[i],
                    q.en_ind[i] == soci::i_ok ? std::optional(q.label_en[i]) : std::nullopt,
                    q.sv_ind[i] == soci::i_ok ? std::optional(q.label_sv[i]) : std::nullopt});
                break;
            default:
                break;
        }
    }

    Database& db_;
};

}  // namespace

std::unique_ptr<StatsQuery> make_stats(Database& db) {
    return std::make_unique<SqlStats>(db);
}

}  // namespace ll::sql
