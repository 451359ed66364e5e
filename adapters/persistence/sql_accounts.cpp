// users and blocklist on SOCI.
#include "adapters/persistence/dialect_sql.hpp"
#include "adapters/persistence/sql_ids.hpp"
#include "adapters/persistence/sql_repositories.hpp"
#include "core/domain/rules.hpp"
#include "core/domain/time_format.hpp"

namespace ll::sql {
namespace {

std::optional<Account> read_account(soci::session& s, const DialectSql& d, const std::string& where,
                                    auto&& bind) {
    Account a;
    long long id = 0;
    int active = 1;
    long long native = 0;
    soci::indicator native_ind = soci::i_null;
    std::string created;
    // A one-time query: one round trip (a prepared statement would cost a second one here).
    s << "SELECT id, email, password_hash, role, CASE WHEN is_active THEN 1 ELSE 0 END, "
         "language_native_id, " +
             d.ts_out("created_at") + " FROM users " + where,
        soci::into(id), soci::into(a.email), soci::into(a.password_hash), soci::into(a.role),
        soci::into(active), soci::into(native, native_ind), soci::into(created), bind;
    if (!s.got_data()) return std::nullopt;
    a.id = id;
    a.is_active = active != 0;
    if (native_ind == soci::i_ok) a.language_native_id = native;
    a.created_at = parse_timestamp(created);
    return a;
}

class SqlAccounts final : public AccountRepository {
  public:
    explicit SqlAccounts(Database& db) : db_(db), d_{db.dialect()} {}

    std::optional<Account> find_by_email(std::string_view email) override {
        const std::string key = ascii_lower(email);
        return db_.read([&](soci::session& s) {
            return read_account(s, d_, "WHERE email = :e", soci::use(key));
        });
    }
    std::optional<Account> find_by_id(Id id) override {
        long long key = id;
        return db_.read([&](soci::session& s) {
            return read_account(s, d_, "WHERE id = :id", soci::use(key));
        });
    }
    std::optional<Account> create(const NewAccount& a) override {
        const DialectSql& d = d_;
        return db_.write([&](soci::session& s) -> std::optional<Account> {
            long long id = 0;
            std::string email = ascii_lower(a.email), hash = a.password_hash, role = a.role;
            // The caller's clock when it gave one (the rules compare answers with it), else the
            // database's.
            std::string created, stored;
            soci::indicator created_ind = a.created_at ? soci::i_ok : soci::i_null;
            if (a.created_at) created = format_timestamp(*a.created_at);
            const std::string created_in =
                "COALESCE(" + d.ts_in(":c") + ", " +
                (d.pg() ? "now()" : "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')") + ")";
            // SQLite draws the id from its counter, so the id of a deleted account is never
            // handed out again (a token the deleted learner kept would speak for the newcomer;
            // migration 0011). PostgreSQL's identity never repeats an id.
            long long drawn = d.pg() ? 0 : next_id(s, d, IdSequence::users);
            const std::string returning =
                " ON CONFLICT DO NOTHING RETURNING id, " + d.ts_out("created_at");
            soci::statement st =
                d.pg() ? (s.prepare << "INSERT INTO users (email, password_hash, role, created_at) "
                                       "VALUES (:e, :h, :r, " +
                                           created_in + ")" + returning,
                          soci::use(email), soci::use(hash), soci::use(role),
                          soci::use(created, created_ind), soci::into(id), soci::into(stored))
                       : (s.prepare << "INSERT INTO users (id, email, password_hash, role, "
                                       "created_at) VALUES (:id, :e, :h, :r, " +
                                           created_in + ")" + returning,
                          soci::use(drawn), soci::use(email), soci::use(hash), soci::use(role),
                          soci::use(created, created_ind), soci::into(id), soci::into(stored));
            st.execute(true);
            if (!st.got_data()) return std::nullopt;  // the unique e-mail index said no
            return Account{id, email, hash, role, true, std::nullopt, parse_timestamp(stored)};
        });
    }
    void update_password_hash(Id id, const std::string& hash) override {
        long long key = id;
        db_.write([&](soci::session& s) {
            s << "UPDATE users SET password_hash = :h WHERE id = :id", soci::use(hash),
                soci::use(key);
        });
    }
    void set_native_language(Id id, Id language_id) override {
        long long key = id, lang = language_id;
        db_.write([&](soci::session& s) {
            s << "UPDATE users SET language_native_id = :l WHERE id = :id", soci::use(lang),
                soci::use(key);
        });
    }
    bool set_role(std::string_view email, std::string_view role) override {
        const std::string key = ascii_lower(email), value(role);
        return db_.write([&](soci::session& s) {
            soci::statement st = (s.prepare << "UPDATE users SET role = :r WHERE email = :e",
                                  soci::use(value), soci::use(key));
            st.execute(true);
            return st.get_affected_rows() > 0;
        });
    }
    bool set_active(std::string_view email, bool active) override {
        const std::string key = ascii_lower(email);
        const DialectSql d{db_.dialect()};
        return db_.write([&](soci::session& s) {
            soci::statement st = (s.prepare << "UPDATE users SET is_active = " + d.boolean(active) +
                                                   " WHERE email = :e",
                                  soci::use(key));
            st.execute(true);
            return st.get_affected_rows() > 0;
        });
    }

  private:
    Database& db_;
    DialectSql d_;
};

class SqlBlocklist final : public BlocklistRepository {
  public:
    explicit SqlBlocklist(Database& db) : db_(db) {}
    bool is_blocked(std::string_view email) override {
        const std::string key = ascii_lower(email);
        return db_.read([&](soci::session& s) {
            int count = 0;
            s << "SELECT COUNT(*) FROM blocklist WHERE email = :e AND is_blocked", soci::use(key),
                soci::into(count);
            return count > 0;
        });
    }
    void block(std::string_view email) override {
        const std::string key = ascii_lower(email);
        const DialectSql d{db_.dialect()};
        db_.write([&](soci::session& s) {
            s << "INSERT INTO blocklist (email, is_blocked) VALUES (:e, " + d.boolean(true) +
                     ") ON CONFLICT (email) DO UPDATE SET is_blocked = " + d.boolean(true),
                soci::use(key);
        });
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
