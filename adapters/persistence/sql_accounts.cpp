// users and blocklist on SOCI; the SQL is db/queries/accounts.sql.
#include "adapters/persistence/queries.hpp"
#include "adapters/persistence/sql_ids.hpp"
#include "adapters/persistence/sql_repositories.hpp"
#include "core/domain/rules.hpp"
#include "core/domain/time_format.hpp"

namespace ll::sql {
namespace {

const std::string& q(Dialect dialect, std::string_view name) {
    return query(dialect, "accounts." + std::string(name));
}

// `key` is bound as :NAME, the column the statement matches.
template <typename Key>
std::optional<Account> read_account(soci::session& s, Dialect dialect, std::string_view statement,
                                    const Key& key, const char* name) {
    Account a;
    long long id = 0;
    int active = 1;
    long long native = 0;
    soci::indicator native_ind = soci::i_null;
    std::string created;
    // A one-time query: one round trip (a prepared statement would cost a second one here).
    s << q(dialect, statement), soci::into(id), soci::into(a.email), soci::into(a.password_hash),
        soci::into(a.role), soci::into(active), soci::into(native, native_ind), soci::into(created),
        soci::use(key, name);
    if (!s.got_data()) return std::nullopt;
    a.id = id;
    a.is_active = active != 0;
    if (native_ind == soci::i_ok) a.language_native_id = native;
    a.created_at = parse_timestamp(created);
    return a;
}

std::size_t affected(soci::statement& st) {
    st.execute(true);
    return static_cast<std::size_t>(st.get_affected_rows());
}

class SqlAccounts final : public AccountRepository {
  public:
    explicit SqlAccounts(Database& db) : db_(db) {}

    std::optional<Account> find_by_email(std::string_view email) override {
        const std::string key = ascii_lower(email);
        return db_.read([&](soci::session& s) {
            return read_account(s, db_.dialect(), "find_by_email", key, "email");
        });
    }
    std::optional<Account> find_by_id(Id id) override {
        const long long key = id;
        return db_.read([&](soci::session& s) {
            return read_account(s, db_.dialect(), "find_by_id", key, "id");
        });
    }
    std::optional<Account> create(const NewAccount& a) override {
        const Dialect dialect = db_.dialect();
        return db_.write([&](soci::session& s) -> std::optional<Account> {
            long long id = 0;
            const std::string email = ascii_lower(a.email);
            std::string created, stored;
            soci::indicator created_ind = a.created_at ? soci::i_ok : soci::i_null;
            if (a.created_at) created = format_timestamp(*a.created_at);
            // SQLite draws the id from its counter (why: db/queries/sqlite/accounts.sql).
            const bool drawn_here = dialect == Dialect::sqlite;
            const long long drawn =
                drawn_here ? next_id(s, DialectSql{dialect}, IdSequence::users) : 0;
            auto insert =
                (s.prepare << q(dialect, "insert"), soci::use(email, "email"),
                 soci::use(a.password_hash, "password_hash"), soci::use(a.role, "role"),
                 soci::use(created, created_ind, "created_at"), soci::into(id), soci::into(stored));
            if (drawn_here) insert, soci::use(drawn, "id");
            soci::statement st(insert);
            st.execute(true);
            if (!st.got_data()) return std::nullopt;  // the unique e-mail index said no
            return Account{id,   email,        a.password_hash,        a.role,
                           true, std::nullopt, parse_timestamp(stored)};
        });
    }
    void update_password_hash(Id id, const std::string& hash) override {
        const long long key = id;
        db_.write([&](soci::session& s) {
            s << q(db_.dialect(), "set_password_hash"), soci::use(hash, "password_hash"),
                soci::use(key, "id");
        });
    }
    void set_native_language(Id id, Id language_id) override {
        const long long key = id, lang = language_id;
        db_.write([&](soci::session& s) {
            s << q(db_.dialect(), "set_native_language"), soci::use(lang, "language_id"),
                soci::use(key, "id");
        });
    }
    bool set_role(std::string_view email, std::string_view role) override {
        const std::string key = ascii_lower(email), value(role);
        return db_.write([&](soci::session& s) {
            soci::statement st = (s.prepare << q(db_.dialect(), "set_role"),
                                  soci::use(value, "role"), soci::use(key, "email"));
            return affected(st) > 0;
        });
    }
    bool set_active(std::string_view email, bool active) override {
        const std::string key = ascii_lower(email);
        const int flag = active ? 1 : 0;
        return db_.write([&](soci::session& s) {
            soci::statement st = (s.prepare << q(db_.dialect(), "set_active"),
                                  soci::use(flag, "active"), soci::use(key, "email"));
            return affected(st) > 0;
        });
    }

  private:
    Database& db_;
};

class SqlBlocklist final : public BlocklistRepository {
  public:
    explicit SqlBlocklist(Database& db) : db_(db) {}
    bool is_blocked(std::string_view email) override {
        const std::string key = ascii_lower(email);
        return db_.read([&](soci::session& s) {
            int count = 0;
            s << q(db_.dialect(), "is_blocked"), soci::use(key, "email"), soci::into(count);
            return count > 0;
        });
    }
    void block(std::string_view email) override {
        const std::string key = ascii_lower(email);
        db_.write(
            [&](soci::session& s) { s << q(db_.dialect(), "block"), soci::use(key, "email"); });
    }

  private:
    Database& db_;
};

}  // namespace

std::unique_ptr<AccountRepository> make_accounts(Database& db) {
    return std::make_unique<SqlAccounts>(db);
}
std::unique_ptr<BlocklistRepository> make_blocklist(Database& db) {
    return std::make_unique<SqlBlocklist>(db);
}

}  // namespace ll::sql
