// languages, user_names and users_public on SOCI; the SQL is db/queries/profiles.sql.
#include "adapters/persistence/queries.hpp"
#include "adapters/persistence/row_access.hpp"
#include "adapters/persistence/sql_repositories.hpp"
#include "core/domain/rules.hpp"
#include "core/domain/time_format.hpp"

namespace ll::sql {
namespace {

const std::string& q(Dialect dialect, std::string_view name) {
    return query(dialect, "profiles." + std::string(name));
}

class SqlLanguages final : public LanguageRepository {
  public:
    explicit SqlLanguages(Database& db) : db_(db) {}
    std::vector<Language> list_published() override {
        return db_.read([&](soci::session& s) {
            std::vector<Language> out;
            soci::rowset<soci::row> rows = (s.prepare << q(db_.dialect(), "published_languages"));
            for (const auto& r : rows) {
                Language l;
                l.id = as_int(r, 0);
                l.short_en = as_text(r, 1);
                const auto text = [&](std::size_t i) {
                    return r.get_indicator(i) == soci::i_null
                               ? std::nullopt
                               : std::optional<std::string>(as_text(r, i));
                };
                l.titel_de = text(2);
                l.titel_en = text(3);
                l.titel_sv = text(4);
                l.greeting = text(5);
                out.push_back(std::move(l));
            }
            return out;
        });
    }

  private:
    Database& db_;
};

// GET /auth/me's read: the account with its profile, prepared once per pooled session (one
// round trip per request).
struct AccountProfileStatement {
    long long user = 0, id = 0, native = 0, profile_id = 0, username_id = 0, p_native = 0,
              p_target = 0, total = 0;
    int active = 1, streak = 0, goal = kDefaultDailyGoal;
    std::string email, hash, role, username, last, zone;
    soci::indicator native_ind = soci::i_null, profile_ind = soci::i_null, last_ind = soci::i_null,
                    zone_ind = soci::i_null;
    soci::indicator ind[7] = {};
    soci::statement st;

    AccountProfileStatement(soci::session& s, Dialect dialect)
        : st((s.prepare << q(dialect, "account_with_profile"), soci::into(id), soci::into(email),
              soci::into(hash), soci::into(role), soci::into(active),
              soci::into(native, native_ind), soci::into(profile_id, profile_ind),
              soci::into(username_id, ind[0]), soci::into(username, ind[1]),
              soci::into(p_native, ind[2]), soci::into(p_target, ind[3]), soci::into(total, ind[4]),
              soci::into(streak, ind[5]), soci::into(goal, ind[6]), soci::into(last, last_ind),
              soci::into(zone, zone_ind), soci::use(user, "user_id"))) {}
};

class SqlProfiles final : public ProfileRepository {
  public:
    explicit SqlProfiles(Database& db) : db_(db) {}

    std::optional<Profile> find_by_user(Id user_id) override {
        long long key = user_id;
        return db_.read([&](soci::session& s) -> std::optional<Profile> {
            Profile p;
            long long id = 0, uid = 0, username_id = 0, native = 0, target = 0, total = 0;
            std::string last, zone;
            soci::indicator last_ind = soci::i_null, zone_ind = soci::i_null;
            s << q(db_.dialect(), "find_by_user"), soci::into(id), soci::into(uid),
                soci::into(username_id), soci::into(p.username), soci::into(native),
                soci::into(target), soci::into(total), soci::into(p.streak_days),
                soci::into(p.daily_goal_ep), soci::into(last, last_ind), soci::into(zone, zone_ind),
                soci::use(key, "user_id");
            if (!s.got_data()) return std::nullopt;
            p.id = id;
            p.user_id = uid;
            p.username_id = username_id;
            p.language_native_id = native;
            p.language_target_id = target;
            p.total_ep = total;
            if (last_ind == soci::i_ok) p.last_practice_at = parse_timestamp(last);
            if (zone_ind == soci::i_ok) p.timezone = zone;
            return p;
        });
    }

    std::optional<AccountWithProfile> find_account_with_profile(Id user_id) override {
        return db_.read([&](soci::session& s) -> std::optional<AccountWithProfile> {
            auto& q = db_.cached<AccountProfileStatement>(s, [this](soci::session& session) {
                return std::make_shared<AccountProfileStatement>(session, db_.dialect());
            });
            q.user = user_id;
            q.native_ind = q.profile_ind = q.last_ind = q.zone_ind = soci::i_null;
            const bool found = q.st.execute(true);
            while (q.st.fetch()) {
            }  // to the end (SQLite counts an unfinished statement as in progress)
            if (!found) return std::nullopt;
            AccountWithProfile out;
            Account& a = out.account;
            a.id = q.id;
            a.email = q.email;
            a.password_hash = q.hash;
            a.role = q.role;
            a.is_active = q.active != 0;
            if (q.native_ind == soci::i_ok) a.language_native_id = q.native;
            if (q.profile_ind == soci::i_ok) {
                Profile p;
                p.id = q.profile_id;
                p.user_id = q.id;
                p.username_id = q.username_id;
                p.username = q.username;
                p.language_native_id = q.p_native;
                p.language_target_id = q.p_target;
                p.total_ep = q.total;
                p.streak_days = q.streak;
                p.daily_goal_ep = q.goal;
                if (q.last_ind == soci::i_ok) p.last_practice_at = parse_timestamp(q.last);
                if (q.zone_ind == soci::i_ok) p.timezone = q.zone;
                out.profile = std::move(p);
            }
            return out;
        });
    }

    bool username_taken(std::string_view lower) override {
        const std::string key = ascii_lower(lower);
        return db_.read([&](soci::session& s) {
            int count = 0;
            s << q(db_.dialect(), "username_taken"), soci::use(key, "lower"), soci::into(count);
            return count > 0;
        });
    }

    CreateProfileOutcome create(const NewProfile& np) override {
        try {
            return db_.write([&](soci::session& s) {
                long long user = np.user_id, native = np.language_native_id,
                          target = np.language_target_id;
                std::string username = np.username, lower = ascii_lower(np.username_lowercase);
                std::string zone = np.timezone.value_or("");
                soci::indicator zone_ind = np.timezone ? soci::i_ok : soci::i_null;
                int existing = 0;
                s << q(db_.dialect(), "profile_count"), soci::use(user, "user_id"),
                    soci::into(existing);
                if (existing) return CreateProfileOutcome{CreateProfileStatus::profile_exists, {}};

                long long username_id = 0;
                soci::statement name_st =
                    (s.prepare << q(db_.dialect(), "insert_name"), soci::use(username, "username"),
                     soci::use(lower, "lower"), soci::use(user, "user_id"),
                     soci::into(username_id));
                name_st.execute(true);
                if (!name_st.got_data()) {
                    // Either the name is someone's, or this learner has a name already: a
                    // concurrent creation of this learner's profile got there first (the
                    // conflict waited for it to commit, so this new statement sees its row).
                    int own = 0;
                    s << q(db_.dialect(), "name_count"), soci::use(user, "user_id"),
                        soci::into(own);
                    throw CreateProfileOutcome{own ? CreateProfileStatus::profile_exists
                                                   : CreateProfileStatus::username_taken,
                                               {}};
                }

                long long profile_id = 0;
                soci::statement profile_st =
                    (s.prepare << q(db_.dialect(), "insert_profile"), soci::use(user, "user_id"),
                     soci::use(username_id, "username_id"), soci::use(native, "native_id"),
                     soci::use(target, "target_id"), soci::use(zone, zone_ind, "timezone"),
                     soci::into(profile_id));
                profile_st.execute(true);
                if (!profile_st.got_data())
                    throw CreateProfileOutcome{CreateProfileStatus::profile_exists, {}};

                Profile p;
                p.id = profile_id;
                p.user_id = np.user_id;
                p.username_id = username_id;
                p.username = np.username;
                p.language_native_id = np.language_native_id;
                p.language_target_id = np.language_target_id;
                p.timezone = np.timezone;
                return CreateProfileOutcome{CreateProfileStatus::created, p};
            });
        } catch (const CreateProfileOutcome& refused) {
            return refused;  // thrown to roll back the user_names row of a failed creation
        }
    }

    // The version rises (db/queries/profiles.sql).
    bool set_daily_goal(Id user_id, std::int32_t goal) override {
        long long key = user_id;
        int value = goal;
        return db_.write([&](soci::session& s) {
            soci::statement st = (s.prepare << q(db_.dialect(), "set_daily_goal"),
                                  soci::use(value, "goal"), soci::use(key, "user_id"));
            st.execute(true);
            return st.get_affected_rows() > 0;
        });
    }

    bool set_target_language(Id user_id, Id language_id) override {
        long long key = user_id, language = language_id;
        return db_.write([&](soci::session& s) {
            soci::statement st = (s.prepare << q(db_.dialect(), "set_target_language"),
                                  soci::use(language, "language_id"), soci::use(key, "user_id"));
            st.execute(true);
            return st.get_affected_rows() > 0;
        });
    }

    // The learner's time zone; the version rises (db/queries/profiles.sql).
    bool set_timezone(Id user_id, const std::optional<std::string>& zone) override {
        long long key = user_id;
        std::string value = zone.value_or("");
        soci::indicator value_ind = zone ? soci::i_ok : soci::i_null;
        return db_.write([&](soci::session& s) {
            soci::statement st =
                (s.prepare << q(db_.dialect(), "set_timezone"),
                 soci::use(value, value_ind, "timezone"), soci::use(key, "user_id"));
            st.execute(true);
            return st.get_affected_rows() > 0;
        });
    }

  private:
    Database& db_;
};

}  // namespace

std::unique_ptr<LanguageRepository> make_languages(Database& db) {
    return std::make_unique<SqlLanguages>(db);
}
std::unique_ptr<ProfileRepository> make_profiles(Database& db) {
    return std::make_unique<SqlProfiles>(db);
}

}  // namespace ll::sql
