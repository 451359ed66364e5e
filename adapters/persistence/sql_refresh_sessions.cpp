// Learners' refresh families and tokens on SOCI (core/ports/refresh_sessions.hpp); the SQL is
// db/queries/refresh_sessions.sql. Single statements run in autocommit; the rotation and the
// revocations that read first are one transaction each.
#include "adapters/persistence/queries.hpp"
#include "adapters/persistence/row_access.hpp"
#include "adapters/persistence/sql_repositories.hpp"
#include "core/domain/time_format.hpp"

namespace ll::sql {
namespace {

Timestamp read_instant(const std::string& text) {
    return stored_instant(text, "refresh sessions");
}

std::size_t affected(soci::statement& st) {
    st.execute(true);
    return static_cast<std::size_t>(st.get_affected_rows());
}

class SqlRefreshSessions final : public RefreshSessionRepository {
  public:
    explicit SqlRefreshSessions(Database& db) : db_(db) {}

    void open(const RefreshFamily& family, std::string_view first_digest) override {
        const std::string created = format_timestamp(family.created_at),
                          used = format_timestamp(family.last_used_at),
                          expires = format_timestamp(family.expires_at), digest(first_digest);
        const long long user = family.user_id;
        db_.write([&](soci::session& s) {
            s << q("insert_family"), soci::use(family.id, "id"), soci::use(user, "user_id"),
                soci::use(family.device, "device"), soci::use(created, "created_at"),
                soci::use(used, "last_used_at"), soci::use(expires, "expires_at");
            s << q("insert_token"), soci::use(digest, "digest"), soci::use(family.id, "family_id"),
                soci::use(created, "created_at");
        });
    }

    std::optional<RefreshFamily> find_family(std::string_view id) override {
        const std::string key(id);
        return db_.read([&](soci::session& s) -> std::optional<RefreshFamily> {
            long long user = 0;
            std::string device, created, used, expires, revoked;
            soci::indicator revoked_ind = soci::i_null;
            s << q("find_family"), soci::into(user), soci::into(device), soci::into(created),
                soci::into(used), soci::into(expires), soci::into(revoked, revoked_ind),
                soci::use(key, "id");
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
            s << q("find_token"), soci::into(family), soci::into(created),
                soci::into(used, used_ind), soci::use(key, "digest");
            if (!s.got_data()) return std::nullopt;
            RefreshTokenRecord record{key, family, read_instant(created), std::nullopt};
            if (used_ind == soci::i_ok) record.used_at = read_instant(used);
            return record;
        });
    }

    bool rotate(std::string_view old_digest, std::string_view new_digest, Timestamp now,
                Timestamp expires_at) override {
        const std::string previous(old_digest), next(new_digest),
            at = format_timestamp(now), until = format_timestamp(expires_at);
        return db_.write([&](soci::session& s) {
            soci::statement use =
                (s.prepare << q("use_token"), soci::use(at, "now"), soci::use(previous, "digest"));
            if (affected(use) == 0) return false;
            s << q("insert_successor"), soci::use(next, "digest"), soci::use(previous, "previous"),
                soci::use(at, "now");
            s << q("touch_family"), soci::use(at, "now"), soci::use(until, "expires_at"),
                soci::use(previous, "previous");
            return true;
        });
    }

    bool revoke_family(std::string_view id, Timestamp now) override {
        const std::string key(id), at = format_timestamp(now);
        return db_.autocommit([&](soci::session& s) {
            soci::statement st =
                (s.prepare << q("revoke_family"), soci::use(at, "now"), soci::use(key, "id"));
            return affected(st) > 0;
        });
    }

    std::vector<std::string> revoke_others(Id user_id, std::string_view keep,
                                           Timestamp now) override {
        const std::string at = format_timestamp(now), kept(keep);
        const long long user = user_id;
        return db_.write([&](soci::session& s) {
            std::vector<std::string> ids;
            soci::rowset<std::string> rows = (s.prepare << q("live_families_but"),
                                              soci::use(user, "user_id"), soci::use(kept, "keep"));
            for (const auto& id : rows) ids.push_back(id);
            s << q("revoke_families_but"), soci::use(at, "now"), soci::use(user, "user_id"),
                soci::use(kept, "keep");
            return ids;
        });
    }

    std::vector<std::string> revoke_beyond(Id user_id, std::size_t keep, Timestamp now) override {
        const std::string at = format_timestamp(now);
        const long long user = user_id, skip = static_cast<long long>(keep);
        return db_.write([&](soci::session& s) {
            std::vector<std::string> ids;
            soci::rowset<std::string> rows = (s.prepare << q("live_families_beyond"),
                                              soci::use(user, "user_id"), soci::use(skip, "keep"));
            for (const auto& id : rows) ids.push_back(id);
            for (const auto& id : ids)
                s << q("revoke_one"), soci::use(at, "now"), soci::use(id, "id");
            return ids;
        });
    }

    std::size_t purge(Timestamp now, Timestamp used_before) override {
        const std::string at = format_timestamp(now), before = format_timestamp(used_before);
        return db_.write([&](soci::session& s) {
            soci::statement tokens = (s.prepare << q("purge_tokens"), soci::use(at, "now"),
                                      soci::use(before, "used_before"));
            soci::statement families = (s.prepare << q("purge_families"), soci::use(at, "now"));
            const std::size_t removed = affected(tokens);
            return removed + affected(families);
        });
    }

  private:
    const std::string& q(std::string_view name) const {
        return query(db_.dialect(), "refresh_sessions." + std::string(name));
    }

    Database& db_;
};

}  // namespace

std::unique_ptr<RefreshSessionRepository> make_refresh_sessions(Database& db) {
    return std::make_unique<SqlRefreshSessions>(db);
}

}  // namespace ll::sql
