// Password reset tokens on SOCI (core/ports/password_resets.hpp); the SQL is
// db/queries/password_resets.sql. The supersede-and-insert is one transaction; the consumption
// one guarded UPDATE.
#include "adapters/persistence/queries.hpp"
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
    explicit SqlPasswordResets(Database& db) : db_(db) {}

    void issue(const PasswordResetToken& token) override {
        const std::string created = format_timestamp(token.created_at),
                          expires = format_timestamp(token.expires_at);
        const long long user = token.user_id;
        db_.write([&](soci::session& s) {
            s << q("use_open"), soci::use(created, "now"), soci::use(user, "user_id");
            s << q("insert"), soci::use(token.digest, "digest"), soci::use(user, "user_id"),
                soci::use(created, "created_at"), soci::use(expires, "expires_at");
        });
    }

    void cancel_open(Id user_id, Timestamp now) override {
        const long long user = user_id;
        const std::string at = format_timestamp(now);
        db_.autocommit([&](soci::session& s) {
            s << q("use_open"), soci::use(at, "now"), soci::use(user, "user_id");
        });
    }

    std::optional<PasswordResetToken> find(std::string_view digest) override {
        const std::string key(digest);
        return db_.read([&](soci::session& s) -> std::optional<PasswordResetToken> {
            long long user = 0;
            std::string created, expires, used;
            soci::indicator used_ind = soci::i_null;
            s << q("find"), soci::into(user), soci::into(created), soci::into(expires),
                soci::into(used, used_ind), soci::use(key, "digest");
            if (!s.got_data()) return std::nullopt;
            PasswordResetToken token{key, user, read_instant(created), read_instant(expires),
                                     std::nullopt};
            if (used_ind == soci::i_ok) token.used_at = read_instant(used);
            return token;
        });
    }

    std::optional<Id> consume(std::string_view digest, Timestamp now) override {
        const std::string key(digest), at = format_timestamp(now);
        return db_.write([&](soci::session& s) -> std::optional<Id> {
            soci::statement mark = (s.prepare << q("consume"), soci::use(at, "now"),
                                    soci::use(key, "digest"), soci::use(at, "valid_at"));
            mark.execute(true);
            if (mark.get_affected_rows() == 0) return std::nullopt;
            long long user = 0;
            s << q("owner"), soci::into(user), soci::use(key, "digest");
            return static_cast<Id>(user);
        });
    }

    std::size_t issued_since(Id user_id, Timestamp since) override {
        const std::string after = format_timestamp(since);
        const long long user = user_id;
        return db_.read([&](soci::session& s) {
            long long count = 0;
            s << q("issued_since"), soci::into(count), soci::use(user, "user_id"),
                soci::use(after, "since");
            return static_cast<std::size_t>(count);
        });
    }

    std::size_t purge(Timestamp before) override {
        const std::string at = format_timestamp(before);
        return db_.autocommit([&](soci::session& s) {
            soci::statement st = (s.prepare << q("purge"), soci::use(at, "before"));
            st.execute(true);
            return static_cast<std::size_t>(st.get_affected_rows());
        });
    }

  private:
    const std::string& q(std::string_view name) const {
        return query(db_.dialect(), "password_resets." + std::string(name));
    }

    Database& db_;
};

}  // namespace

std::unique_ptr<PasswordResetRepository> make_password_resets(Database& db) {
    return std::make_unique<SqlPasswordResets>(db);
}

}  // namespace ll::sql
