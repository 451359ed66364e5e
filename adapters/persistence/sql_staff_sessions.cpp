// Staff sessions (staff_sessions, migration 0007) on SOCI: one statement per call, in
// autocommit.
#include "adapters/persistence/dialect_sql.hpp"
#include "adapters/persistence/sql_repositories.hpp"
#include "core/domain/time_format.hpp"

namespace ll::sql {
namespace {

Timestamp read_instant(const std::string& text) {
    // The columns are written by this adapter only: an unreadable one is a broken database.
    const auto t = parse_timestamp(text);
    if (!t) throw std::runtime_error("staff_sessions: unreadable timestamp");
    return *t;
}

class SqlStaffSessions final : public StaffSessionRepository {
  public:
    explicit SqlStaffSessions(Database& db) : db_(db), d_{db.dialect()} {}

    void create(const StaffSession& session) override {
        std::string id = session.id, created = format_timestamp(session.created_at),
                    expires = format_timestamp(session.expires_at);
        long long user = session.user_id;
        // Run again after a lost connection, the insert may meet its own row (the first run
        // committed before its answer was lost): the id is random, so no other session has
        // it, and that row is this session (tests/e2e/lost_reply.py).
        db_.autocommit([&](soci::session& s) {
            s << "INSERT INTO staff_sessions (id, user_id, created_at, expires_at) VALUES (:i, "
                 ":u, " +
                     d_.ts_in(":c") + ", " + d_.ts_in(":e") + ") ON CONFLICT (id) DO NOTHING",
                soci::use(id), soci::use(user), soci::use(created), soci::use(expires);
        });
    }

    std::optional<StaffSession> find(std::string_view id) override {
        const std::string key(id);
        return db_.read([&](soci::session& s) -> std::optional<StaffSession> {
            long long user = 0;
            std::string created, expires, revoked;
            soci::indicator revoked_ind = soci::i_null;
            s << "SELECT user_id, " + d_.ts_out("created_at") + ", " + d_.ts_out("expires_at") +
                     ", " + d_.ts_out("revoked_at") + " FROM staff_sessions WHERE id = :i",
                soci::into(user), soci::into(created), soci::into(expires),
                soci::into(revoked, revoked_ind), soci::use(key);
            if (!s.got_data()) return std::nullopt;
            StaffSession session{key, user, read_instant(created), read_instant(expires),
                                 std::nullopt};
            if (revoked_ind == soci::i_ok) session.revoked_at = read_instant(revoked);
            return session;
        });
    }

    bool revoke(std::string_view id, Timestamp now) override {
        std::string key(id), at = format_timestamp(now);
        return db_.autocommit([&](soci::session& s) {
            // COALESCE: a session ended twice keeps its first end.
            soci::statement st = (s.prepare << "UPDATE staff_sessions SET revoked_at = "
                                               "COALESCE(revoked_at, " +
                                                   d_.ts_in(":r") + ") WHERE id = :i",
                                  soci::use(at), soci::use(key));
            st.execute(true);
            return st.get_affected_rows() > 0;
        });
    }

    std::size_t revoke_user(Id user_id, Timestamp now) override {
        long long user = user_id;
        const std::string at = format_timestamp(now);
        return db_.autocommit([&](soci::session& s) {
            soci::statement st =
                (s.prepare << "UPDATE staff_sessions SET revoked_at = " + d_.ts_in(":r") +
                                  " WHERE user_id = :u AND revoked_at IS NULL",
                 soci::use(at), soci::use(user));
            st.execute(true);
            return static_cast<std::size_t>(st.get_affected_rows());
        });
    }

    std::size_t purge_expired(Timestamp now) override {
        const std::string at = format_timestamp(now);
        return db_.autocommit([&](soci::session& s) {
            soci::statement st =
                (s.prepare << "DELETE FROM staff_sessions WHERE expires_at <= " + d_.ts_in(":n"),
                 soci::use(at));
            st.execute(true);
            return static_cast<std::size_t>(st.get_affected_rows());
        });
    }

  private:
    Database& db_;
    DialectSql d_;
};

}  // namespace

std::unique_ptr<StaffSessionRepository> make_staff_sessions(Database& db) {
    return std::make_unique<SqlStaffSessions>(db);
}

}  // namespace ll::sql
