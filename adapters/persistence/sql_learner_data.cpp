// One learner's rows as a whole on SOCI: the export's read on one snapshot and the deletion in
// one transaction (docs/accounts.md "Deleting an account and exporting its data"); the SQL is
// db/queries/learner_data.sql.
#include "adapters/persistence/queries.hpp"
#include "adapters/persistence/row_access.hpp"
#include "adapters/persistence/sql_repositories.hpp"

namespace ll::sql {
namespace {

class SqlLearnerData final : public LearnerDataRepository {
  public:
    explicit SqlLearnerData(Database& db) : db_(db) {}

    std::optional<LearnerRecords> read_all(Id user_id) override {
        return db_.snapshot([&](soci::session& s) -> std::optional<LearnerRecords> {
            LearnerRecords out;
            bool found = false;
            each_row(s, "account", user_id, [&](Cells& c) {
                found = true;
                out.account.id = c.integer();
                out.account.email = c.text();
                out.account.password_hash = c.text();
                out.account.role = c.text();
                out.account.is_active = c.boolean();
                out.account.language_native_id = c.opt_integer();
                out.account.created_at = c.opt_timestamp();
            });
            if (!found) return std::nullopt;
            read_profile(s, user_id, out);
            each_row(s, "progress", user_id, [&](Cells& c) {
                PairProgressRecord p;
                p.pair_id = c.integer();
                p.seen = c.integer();
                p.correct = c.integer();
                p.wrong = c.integer();
                p.earned_points = c.integer();
                out.progress.push_back(p);
            });
            each_row(s, "daily", user_id, [&](Cells& c) {
                DailyActivityRow day;
                day.date = parse_date(c.text()).value_or(Date{});
                day.ep = c.integer();
                day.cards = c.integer();
                day.correct = c.integer();
                out.daily.push_back(day);
            });
            each_row(s, "achievements", user_id, [&](Cells& c) {
                UnlockedAchievementRecord a;
                a.achievement_id = c.text();
                a.unlocked_at = c.timestamp();
                out.achievements.push_back(a);
            });
            each_row(s, "idempotency_keys", user_id, [&](Cells& c) {
                IdempotencyKeyRecord k;
                k.key = c.text();
                k.created_at = c.timestamp();
                out.idempotency_keys.push_back(k);
            });
            read_sessions(s, user_id, out);
            out.learning_settings = read_learning_settings(s, db_.dialect(), user_id);
            read_card_memory(s, db_.dialect(), user_id, out);
            return out;
        });
    }

    // The profile and the review log, then the account and with it every row that references
    // it (why: db/queries/learner_data.sql).
    bool erase(Id user_id) override {
        long long key = user_id;
        return db_.write([&](soci::session& s) {
            s << q("delete_profile"), soci::use(key, "user_id");
            s << q("delete_review_log"), soci::use(key, "user_id");
            soci::statement st = (s.prepare << q("delete_account"), soci::use(key, "user_id"));
            st.execute(true);
            return st.get_affected_rows() > 0;
        });
    }

  private:
    const std::string& q(std::string_view name) const {
        return query(db_.dialect(), "learner_data." + std::string(name));
    }

    // Runs statement `name` of the learner (:user_id) and hands each row to `take`.
    template <typename Take>
    void each_row(soci::session& s, std::string_view name, long long user_id, Take&& take) {
        soci::rowset<soci::row> rows = (s.prepare << q(name), soci::use(user_id, "user_id"));
        for (const soci::row& r : rows) {
            Cells c(r);
            take(c);
        }
    }

    // The app's devices, the studio's sign-ins and the reset requests.
    void read_sessions(soci::session& s, long long user_id, LearnerRecords& out) {
        each_row(s, "refresh_families", user_id, [&](Cells& c) {
            RefreshFamily f;
            f.id = c.text();
            f.user_id = user_id;
            f.device = c.text();
            f.created_at = c.timestamp();
            f.last_used_at = c.timestamp();
            f.expires_at = c.timestamp();
            f.revoked_at = c.opt_timestamp();
            out.sessions.push_back(std::move(f));
        });
        each_row(s, "staff_sessions", user_id, [&](Cells& c) {
            StaffSession session;
            session.id = c.text();
            session.user_id = user_id;
            session.created_at = c.timestamp();
            session.expires_at = c.timestamp();
            session.revoked_at = c.opt_timestamp();
            out.studio_sessions.push_back(std::move(session));
        });
        each_row(s, "password_resets", user_id, [&](Cells& c) {
            PasswordResetToken reset;
            reset.digest = c.text();
            reset.user_id = user_id;
            reset.created_at = c.timestamp();
            reset.expires_at = c.timestamp();
            reset.used_at = c.opt_timestamp();
            out.password_resets.push_back(std::move(reset));
        });
    }

    void read_profile(soci::session& s, long long user_id, LearnerRecords& out) {
        each_row(s, "profile", user_id, [&](Cells& c) {
            Profile p;
            p.id = c.integer();
            p.user_id = user_id;
            p.username_id = c.integer();
            p.username = c.text();
            p.language_native_id = c.integer();
            p.language_target_id = c.integer();
            p.total_ep = c.integer();
            p.streak_days = c.small();
            p.daily_goal_ep = c.small();
            p.last_practice_at = c.opt_timestamp();
            p.timezone = c.opt_text();
            out.profile = p;
        });
    }

    Database& db_;
};

}  // namespace

std::unique_ptr<LearnerDataRepository> make_learner_data(Database& db) {
    return std::make_unique<SqlLearnerData>(db);
}

}  // namespace ll::sql
