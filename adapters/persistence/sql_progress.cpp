// The booking's store (reads and writes in sql_booking_*.cpp), the background purge of
// idempotency keys, and the achievements on SOCI; their SQL is db/queries/progress.sql.
#include "adapters/persistence/dialect_sql.hpp"
#include "adapters/persistence/queries.hpp"
#include "adapters/persistence/row_access.hpp"
#include "adapters/persistence/sql_booking.hpp"
#include "adapters/persistence/sql_booking_guesses.hpp"
#include "adapters/persistence/sql_repositories.hpp"
#include "core/domain/rules.hpp"
#include "core/domain/time_format.hpp"

namespace ll::sql {
namespace {

const std::string& q(Dialect dialect, std::string_view name) {
    return query(dialect, "progress." + std::string(name));
}

// A booking's reads and writes inside the transaction of ProgressStore::book_locked, on its
// session.
class LockedBooking final : public BookingAccess {
  public:
    LockedBooking(Database& db, soci::session& s, const DialectSql& d) : db_(db), s_(s), d_(d) {}

    BookingState load_booking(const BookingCommand& c, bool with_pending) override {
        return read_booking(db_, s_, d_, c, with_pending);
    }

    bool store_booking(const BookingWrite& w) override {
        if (!w.booked) return write_key_only(s_, d_, w);
        return d_.pg() ? write_booking_postgresql(db_, s_, w) : write_booking_sqlite(db_, s_, w);
    }

  private:
    Database& db_;
    soci::session& s_;
    const DialectSql& d_;
};

class SqlProgress final : public ProgressStore {
  public:
    explicit SqlProgress(Database& db) : db_(db), d_{db.dialect()} {}

    BookingState load_booking(const BookingCommand& c, bool with_pending) override {
        return sql::load_booking(db_, d_, c, with_pending);
    }

    bool store_booking(const BookingWrite& w) override {
        if (!w.booked) return store_key_only(db_, d_, w);
        return d_.pg() ? store_booking_postgresql(db_, w) : store_booking_sqlite(db_, w);
    }

    // Every other booking of the learner waits until this transaction ends (how, on each
    // dialect: db/queries/{postgresql,sqlite}/progress.sql).
    BookingOutcome book_locked(Id user_id,
                               const std::function<BookingOutcome(BookingAccess&)>& work) override {
        return db_.write([&](soci::session& s) {
            long long user = user_id, version = 0;
            soci::indicator found = soci::i_null;
            s << q(d_.dialect, "lock_profile"), soci::into(version, found),
                soci::use(user, "user_id");
            LockedBooking locked(db_, s, d_);
            return work(locked);
        });
    }

    std::int64_t purge_idempotency_keys(Timestamp cutoff) override { return purge(cutoff, false); }
    std::int64_t purge_batch_client_ids(Timestamp cutoff) override { return purge(cutoff, true); }

    ReviewPurgeStep purge_reviews(Timestamp cutoff, Id after_user, int learners) override {
        const std::string before = format_timestamp(cutoff);
        long long after = after_user, count = learners;
        return db_.write([&](soci::session& s) {
            ReviewPurgeStep step;
            long long last = 0;
            soci::indicator found = soci::i_null;
            s << q(d_.dialect, "last_of_learners"), soci::into(last, found),
                soci::use(after, "after"), soci::use(count, "learners");
            if (found != soci::i_ok) return step;
            step.last_user = last;
            soci::statement st =
                (s.prepare << q(d_.dialect, "purge_reviews"), soci::use(after, "after"),
                 soci::use(last, "last"), soci::use(before, "before"));
            st.execute(true);
            step.removed = static_cast<std::int64_t>(st.get_affected_rows());
            return step;
        });
    }

  private:
    // The Idempotency-Key records, or the offline batch's client ids.
    std::int64_t purge(Timestamp cutoff, bool batch) {
        const std::string before = format_timestamp(cutoff);
        std::string prefix = kBatchClientIdPrefix;
        int length = static_cast<int>(prefix.size());
        return db_.write([&](soci::session& s) {
            soci::statement st = (s.prepare << q(d_.dialect, batch ? "purge_batch_client_ids"
                                                                   : "purge_idempotency_keys"),
                                  soci::use(before, "before"), soci::use(length, "prefix_length"),
                                  soci::use(prefix, "prefix"));
            st.execute(true);
            return static_cast<std::int64_t>(st.get_affected_rows());
        });
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

    void save_definition(const AchievementDefinition& def) override {
        db_.write([&](soci::session& s) {
            std::string id = def.id, kind = def.kind, de = def.title_de, en = def.title_en,
                        sv = def.title_sv;
            long long threshold = def.threshold;
            int order = def.sort_order;
            s << q(d_.dialect, "save_definition"), soci::use(id, "id"), soci::use(kind, "kind"),
                soci::use(threshold, "threshold"), soci::use(de, "title_de"),
                soci::use(en, "title_en"), soci::use(sv, "title_sv"),
                soci::use(order, "sort_order");
            s << q(d_.dialect, "forget_thresholds");
        });
    }

    void revoke(Id user_id, const std::string& achievement_id) override {
        db_.write([&](soci::session& s) {
            long long user = user_id;
            std::string id = achievement_id;
            s << q(d_.dialect, "revoke"), soci::use(user, "user_id"),
                soci::use(id, "achievement_id");
            s << q(d_.dialect, "forget_user_thresholds"), soci::use(user, "user_id");
        });
    }

  private:
    Database& db_;
    DialectSql d_;
};

}  // namespace

// Every definition in display order with this user's unlock time.
std::vector<DefinitionRow> definitions_for(soci::session& s, const DialectSql& d, long long user) {
    std::vector<DefinitionRow> out;
    soci::rowset<soci::row> rows =
        (s.prepare << q(d.dialect, "definitions"), soci::use(user, "user_id"));
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

// On PostgreSQL a learner's next booking starts from what this process last read and wrote
// (sql_booking_guesses.hpp), which the PostgreSQL write checks; SQLite reads in-process and its
// write checks only the version: no guess there.
std::unique_ptr<ProgressStore> make_progress(Database& db) {
    auto store = std::make_unique<SqlProgress>(db);
    if (db.dialect() == Dialect::postgresql) return remembering(std::move(store));
    return store;
}
std::unique_ptr<AchievementRepository> make_achievements(Database& db) {
    return std::make_unique<SqlAchievements>(db);
}

}  // namespace ll::sql
