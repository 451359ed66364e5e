// Learners' refresh families and tokens (refresh_families, refresh_tokens, migration 0012) on
// SOCI, issue 18. Single statements run in autocommit; the rotation is one transaction.
#include "adapters/persistence/dialect_sql.hpp"
#include "adapters/persistence/sql_repositories.hpp"
#include "core/domain/time_format.hpp"

namespace ll::sql {
namespace {

Timestamp read_instant(const std::string& text) {
    // The columns are written by this adapter only: an unreadable one is a broken database.
    const auto t = parse_timestamp(text);
    if (!t) throw std::runtime_error("refresh sessions: unreadable timestamp");
    return *t;
}

std::size_t affected(soci::statement& st) {
    st.execute(true);
    return static_cast<std::size_t>(st.get_affected_rows());
}

class SqlRefreshSessions final : public RefreshSessionRepository {
  public:
    explicit SqlRefreshSessions(Database& db) : db_(db), d_{db.dialect()} {}

    void open(const RefreshFamily& family, std::string_view first_digest) override {
        std::string id = family.id, device = family.device, digest(first_digest),
                    created = format_timestamp(family.created_at),
                    used = format_timestamp(family.last_used_at),
                    expires = format_timestamp(family.expires_at);
        long long user = family.user_id;
        db_.write([&](soci::session& s) {
            s << "INSERT INTO refresh_families (id, user_id, device, created_at, last_used_at, "
                 "expires_at) VALUES (:i, :u, :d, " +
                     d_.ts_in(":c") + ", " + d_.ts_in(":l") + ", " + d_.ts_in(":e") + ")",
                soci::use(id), soci::use(user), soci::use(device), soci::use(created),
                soci::use(used), soci::use(expires);
            s << "INSERT INTO refresh_tokens (digest, family_id, created_at) VALUES (:t, :f, " +
                     d_.ts_in(":c") + ")",
                soci::use(digest), soci::use(id), soci::use(created);
        });
    }

    std::optional<RefreshFamily> find_family(std::string_view id) override {
        const std::string key(id);
        return db_.read([&](soci::session& s) -> std::optional<RefreshFamily> {
            long long user = 0;
            std::string device, created, used, expires, revoked;
            soci::indicator revoked_ind = soci::i_null;
            s << "SELECT user_id, device, " + d_.ts_out("created_at") + ", " +
                     d_.ts_out("last_used_at") + ", " + d_.ts_out("expires_at") + ", " +
                     d_.ts_out("revoked_at") + " FROM refresh_families WHERE id = :i",
                soci::into(user), soci::into(device), soci::into(created), soci::into(used),
                soci::into(expires), soci::into(revoked, revoked_ind), soci::use(key);
            if (!s.got_data()) return std::nullopt;
            RefreshFamily family{key,
                                 user,
                                 device,
                                 read_instant(created),
                                 read_instant(used),
                                 read_instant(expires),
                                 std::nullopt};
            if (revoked_ind == soci::i_ok) family.revoked_at = read_instant(revoked);
            return family;
        });
    }

    std::optional<RefreshTokenRecord> find_token(std::string_view digest) override {
        const std::string key(digest);
        return db_.read([&](soci::session& s) -> std::optional<RefreshTokenRecord> {
            std::string family, created, used;
            soci::indicator used_ind = soci::i_null;
            s << "SELECT family_id, " + d_.ts_out("created_at") + ", " + d_.ts_out("used_at") +
                     " FROM refresh_tokens WHERE digest = :t",
                soci::into(family), soci::into(created), soci::into(used, used_ind), soci::use(key);
            if (!s.got_data()) return std::nullopt;
            RefreshTokenRecord record{key, family, read_instant(created), std::nullopt};
            if (used_ind == soci::i_ok) record.used_at = read_instant(used);
            return record;
        });
    }

    bool rotate(std::string_view old_digest, std::string_view new_digest, Timestamp now,
                Timestamp expires_at) override {
        std::string old_key(old_digest), new_key(new_digest), at = format_timestamp(now),
                                                              until = format_timestamp(expires_at);
        return db_.write([&](soci::session& s) {
            // The guard: of two concurrent rotations of one token, the second finds it used
            // (PostgreSQL re-checks the row after the first commits) and changes nothing.
            soci::statement mark =
                (s.prepare << "UPDATE refresh_tokens SET used_at = " + d_.ts_in(":n") +
                                  " WHERE digest = :t AND used_at IS NULL AND family_id IN "
                                  "(SELECT id FROM refresh_families WHERE revoked_at IS NULL)",
                 soci::use(at), soci::use(old_key));
            if (affected(mark) == 0) return false;
            s << "INSERT INTO refresh_tokens (digest, family_id, created_at) SELECT :t, "
                 "family_id, " +
                     d_.ts_in(":n") + " FROM refresh_tokens WHERE digest = :o",
                soci::use(new_key), soci::use(at), soci::use(old_key);
            s << "UPDATE refresh_families SET last_used_at = " + d_.ts_in(":n") +
                     ", expires_at = " + d_.ts_in(":e") +
                     " WHERE id = (SELECT family_id FROM refresh_tokens WHERE digest = :o)",
                soci::use(at), soci::use(until), soci::use(old_key);
            return true;
        });
    }

    bool revoke_family(std::string_view id, Timestamp now) override {
        std::string key(id), at = format_timestamp(now);
        return db_.autocommit([&](soci::session& s) {
            // COALESCE: a family revoked twice keeps its first time.
            soci::statement st = (s.prepare << "UPDATE refresh_families SET revoked_at = "
                                               "COALESCE(revoked_at, " +
                                                   d_.ts_in(":r") + ") WHERE id = :i",
                                  soci::use(at), soci::use(key));
            return affected(st) > 0;
        });
    }

    // Every family: none has an empty id to keep.

    std::vector<std::string> revoke_others(Id user_id, std::string_view keep,
                                           Timestamp now) override {
        const std::string at = format_timestamp(now), kept(keep);
        const long long user = user_id;
        return db_.write([&](soci::session& s) {
            std::vector<std::string> ids;
            soci::rowset<std::string> rows =
                (s.prepare << "SELECT id FROM refresh_families WHERE user_id = :u AND revoked_at "
                              "IS NULL AND id <> :k" +
                                  d_.for_update(),
                 soci::use(user), soci::use(kept));
            for (const auto& id : rows) ids.push_back(id);
            s << "UPDATE refresh_families SET revoked_at = " + d_.ts_in(":r") +
                     " WHERE user_id = :u AND revoked_at IS NULL AND id <> :k",
                soci::use(at), soci::use(user), soci::use(kept);
            return ids;
        });
    }

    std::vector<std::string> revoke_beyond(Id user_id, std::size_t keep, Timestamp now) override {
        const std::string at = format_timestamp(now);
        const long long user = user_id, skip = static_cast<long long>(keep);
        return db_.write([&](soci::session& s) {
            std::vector<std::string> ids;
            // SQLite takes OFFSET only after a LIMIT (-1: none); PostgreSQL takes it alone.
            soci::rowset<std::string> rows =
                (s.prepare << "SELECT id FROM refresh_families WHERE user_id = :u AND revoked_at "
                              "IS NULL ORDER BY last_used_at DESC, created_at DESC, id DESC" +
                                  std::string(d_.pg() ? "" : " LIMIT -1") + " OFFSET :k" +
                                  d_.for_update(),
                 soci::use(user), soci::use(skip));
            for (const auto& id : rows) ids.push_back(id);
            for (auto& id : ids) {
                s << "UPDATE refresh_families SET revoked_at = " + d_.ts_in(":r") +
                         " WHERE id = :i",
                    soci::use(at), soci::use(id);
            }
            return ids;
        });
    }

    std::size_t purge(Timestamp now, Timestamp used_before) override {
        const std::string at = format_timestamp(now), before = format_timestamp(used_before);
        return db_.write([&](soci::session& s) {
            // Tokens first and by name, so the count does not depend on the cascade.
            soci::statement tokens =
                (s.prepare << "DELETE FROM refresh_tokens WHERE family_id IN (SELECT id FROM "
                              "refresh_families WHERE expires_at <= " +
                                  d_.ts_in(":n") +
                                  " OR revoked_at IS NOT NULL) OR used_at <= " + d_.ts_in(":b"),
                 soci::use(at), soci::use(before));
            soci::statement families =
                (s.prepare << "DELETE FROM refresh_families WHERE expires_at <= " + d_.ts_in(":n") +
                                  " OR revoked_at IS NOT NULL",
                 soci::use(at));
            const std::size_t removed = affected(tokens);
            return removed + affected(families);
        });
    }

  private:
    Database& db_;
    DialectSql d_;
};

}  // namespace

std::unique_ptr<RefreshSessionRepository> make_refresh_sessions(Database& db) {
    return std::make_unique<SqlRefreshSessions>(db);
}

}  // namespace ll::sql
