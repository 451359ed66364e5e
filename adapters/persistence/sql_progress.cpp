// The booking unit of work (decisions.md 8; the dialects' work is in sql_booking_*.cpp), the
// background purge of idempotency keys, and the achievement list on SOCI.
#include "adapters/persistence/dialect_sql.hpp"
#include "adapters/persistence/row_access.hpp"
#include "adapters/persistence/sql_booking.hpp"
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

class SqlProgress final : public ProgressStore {
  public:
    explicit SqlProgress(Database& db) : db_(db), d_{db.dialect()} {}

    BookingOutcome book(const BookingCommand& c) override {
        return d_.pg() ? book_on_postgresql(db_, c) : book_on_sqlite(db_, c);
    }

    std::int64_t purge_idempotency_keys(Timestamp cutoff) override {
        const std::string before = format_timestamp(cutoff);
        return db_.write([&](soci::session& s) {
            soci::statement st =
                (s.prepare << "DELETE FROM idempotency_keys WHERE created_at < " + d_.ts_in(":c"),
                 soci::use(before));
            st.execute(true);
            return static_cast<std::int64_t>(st.get_affected_rows());
        });
    }

  private:
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
