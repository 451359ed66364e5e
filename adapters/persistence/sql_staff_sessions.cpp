// Staff sessions (staff_sessions, migration 0007) on SOCI; the SQL is
// db/queries/staff_sessions.sql. One statement per call, in autocommit.
#include "adapters/persistence/queries.hpp"
#include "adapters/persistence/row_access.hpp"
#include "adapters/persistence/sql_repositories.hpp"
#include "core/domain/time_format.hpp"

namespace ll::sql {
namespace {

Timestamp read_instant(const std::string& text) {
    return stored_instant(text, "staff_sessions");
}

std::size_t affected(soci::statement& st) {
    st.execute(true);
    return static_cast<std::size_t>(st.get_affected_rows());
}

class SqlStaffSessions final : public StaffSessionRepository {
  public:
    explicit SqlStaffSessions(Database& db) : db_(db) {}

    void create(const StaffSession& session) override {
        const std::string created = format_timestamp(session.created_at),
                          expires = format_timestamp(session.expires_at);
        const long long user = session.user_id;
        db_.autocommit([&](soci::session& s) {
            s << q("insert"), soci::use(session.id, "id"), soci::use(user, "user_id"),
                soci::use(created, "created_at"), soci::use(expires, "expires_at");
        });
    }

    std::optional<StaffSession> find(std::string_view id) override {
        const std::string key(id);
        return db_.read([&](soci::session& s) -> std::optional<StaffSession> {
            long long user = 0;
            std::string created, expires, revoked;
            soci::indicator revoked_ind = soci::i_null;
            s << q("find"), soci::into(user), soci::into(created), soci::into(expires),
                soci::into(revoked, revoked_ind), soci::use(key, "id");
            if (!s.got_data()) return std::nullopt;
            StaffSession session{key, user, read_instant(created), read_instant(expires),
                                 std::nullopt};
            if (revoked_ind == soci::i_ok) session.revoked_at = read_instant(revoked);
            return session;
        });
    }

    bool revoke(std::string_view id, Timestamp now) override {
        const std::string key(id), at = format_timestamp(now);
        return db_.autocommit([&](soci::session& s) {
            soci::statement st =
                (s.prepare << q("revoke"), soci::use(at, "now"), soci::use(key, "id"));
            return affected(st) > 0;
        });
    }

    std::size_t revoke_user(Id user_id, Timestamp now) override {
        const long long user = user_id;
        const std::string at = format_timestamp(now);
        return db_.autocommit([&](soci::session& s) {
            soci::statement st =
                (s.prepare << q("revoke_user"), soci::use(at, "now"), soci::use(user, "user_id"));
            return affected(st);
        });
    }

    std::size_t purge_expired(Timestamp now) override {
        const std::string at = format_timestamp(now);
        return db_.autocommit([&](soci::session& s) {
            soci::statement st = (s.prepare << q("purge_expired"), soci::use(at, "now"));
            return affected(st);
        });
    }

  private:
    const std::string& q(std::string_view name) const {
        return query(db_.dialect(), "staff_sessions." + std::string(name));
    }

    Database& db_;
};

}  // namespace

std::unique_ptr<StaffSessionRepository> make_staff_sessions(Database& db) {
    return std::make_unique<SqlStaffSessions>(db);
}

}  // namespace ll::sql
