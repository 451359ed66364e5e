// Password reset tokens (password_reset_tokens, migration 0014) on SOCI, issue 18. The
// supersede-and-insert is one transaction; the consumption one guarded UPDATE.
#include "adapters/persistence/dialect_sql.hpp"
#include "adapters/persistence/row_access.hpp"
#include "adapters/persistence/sql_repositories.hpp"
#include "core/domain/time_format.hpp"

namespace ll::sql {
namespace {

Timestamp read_instant(const std::string& text) {
    return stored_instant(text, "password_reset_tokens");
}

class SqlPasswordResets final : public PasswordResetRepository {
  public:
    explicit SqlPasswordResets(Database& db) : db_(db), d_{db.dialect()} {}

    void issue(const PasswordResetToken& token) override {
        std::string digest = token.digest, created = format_timestamp(token.created_at),
                    expires = format_timestamp(token.expires_at);
        long long user = token.user_id;
        db_.write([&](soci::session& s) {
            mark_open_used(s, user, created);
            s << "INSERT INTO password_reset_tokens (digest, user_id, created_at, expires_at) "
                 "VALUES (:d, :u, " +
                     d_.ts_in(":c") + ", " + d_.ts_in(":e") + ")",
                soci::use(digest), soci::use(user), soci::use(created), soci::use(expires);
        });
    }

    void cancel_open(Id user_id, Timestamp now) override {
        long long user = user_id;
        std::string at = format_timestamp(now);
        db_.autocommit([&](soci::session& s) { mark_open_used(s, user, at); });
    }

    std::optional<PasswordResetToken> find(std::string_view digest) override {
        const std::string key(digest);
        return db_.read([&](soci::session& s) -> std::optional<PasswordResetToken> {
            long long user = 0;
            std::string created, expires, used;
            soci::indicator used_ind = soci::i_null;
            s << "SELECT user_id, " + d_.ts_out("created_at") + ", " + d_.ts_out("expires_at") +
                     ", " + d_.ts_out("used_at") + " FROM password_reset_tokens WHERE digest = :d",
                soci::into(user), soci::into(created), soci::into(expires),
                soci::into(used, used_ind), soci::use(key);
            if (!s.got_data()) return std::nullopt;
            PasswordResetToken token{key, user, read_instant(created), read_instant(expires),
                                     std::nullopt};
            if (used_ind == soci::i_ok) token.used_at = read_instant(used);
            return token;
        });
    }

    std::optional<Id> consume(std::string_view digest, Timestamp now) override {
        std::string key(digest), at = format_timestamp(now);
        return db_.write([&](soci::session& s) -> std::optional<Id> {
            // The guard: of two concurrent confirms, the second finds the row used (PostgreSQL
            // re-checks it after the first commits; SQLite writes one at a time).
            soci::statement mark =
                (s.prepare << "UPDATE password_reset_tokens SET used_at = " + d_.ts_in(":n") +
                                  " WHERE digest = :d AND used_at IS NULL AND expires_at > " +
                                  d_.ts_in(":m"),
                 soci::use(at), soci::use(key), soci::use(at));
            mark.execute(true);
            if (mark.get_affected_rows() == 0) return std::nullopt;
            long long user = 0;
            s << "SELECT user_id FROM password_reset_tokens WHERE digest = :d", soci::into(user),
                soci::use(key);
            return static_cast<Id>(user);
        });
    }

    std::size_t issued_since(Id user_id, Timestamp since) override {
        const std::string after = format_timestamp(since);
        const long long user = user_id;
        return db_.read([&](soci::session& s) {
            long long count = 0;
            s << "SELECT COUNT(*) FROM password_reset_tokens WHERE user_id = :u AND created_at > " +
                     d_.ts_in(":s"),
                soci::into(count), soci::use(user), soci::use(after);
            return static_cast<std::size_t>(count);
        });
    }

    std::size_t purge(Timestamp before) override {
        const std::string at = format_timestamp(before);
        return db_.autocommit([&](soci::session& s) {
            soci::statement st =
                (s.prepare << "DELETE FROM password_reset_tokens WHERE expires_at < " +
                                  d_.ts_in(":b"),
                 soci::use(at));
            st.execute(true);
            return static_cast<std::size_t>(st.get_affected_rows());
        });
    }

  private:
    void mark_open_used(soci::session& s, long long& user, std::string& at) {
        s << "UPDATE password_reset_tokens SET used_at = " + d_.ts_in(":c") +
                 " WHERE user_id = :u AND used_at IS NULL",
            soci::use(at), soci::use(user);
    }

    Database& db_;
    DialectSql d_;
};

}  // namespace

std::unique_ptr<PasswordResetRepository> make_password_resets(Database& db) {
    return std::make_unique<SqlPasswordResets>(db);
}

}  // namespace ll::sql
