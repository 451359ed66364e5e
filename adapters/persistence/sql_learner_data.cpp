// One learner's rows as a whole on SOCI: the export's read on one snapshot and the deletion in
// one transaction (docs/accounts.md "Deleting an account and exporting its data").
#include "adapters/persistence/dialect_sql.hpp"
#include "adapters/persistence/row_access.hpp"
#include "adapters/persistence/sql_repositories.hpp"

namespace ll::sql {
namespace {

// Runs a one-parameter query of the learner and hands each row to `take`.
template <typename Take>
void each_row(soci::session& s, const std::string& query, long long user_id, Take&& take) {
    soci::rowset<soci::row> rows = (s.prepare << query, soci::use(user_id));
    for (const soci::row& r : rows) {
        Cells c(r);
        take(c);
    }
}

class SqlLearnerData final : public LearnerDataRepository {
  public:
    explicit SqlLearnerData(Database& db) : db_(db), d_{db.dialect()} {}

    std::optional<LearnerRecords> read_all(Id user_id) override {
        return db_.snapshot([&](soci::session& s) -> std::optional<LearnerRecords> {
            LearnerRecords out;
            bool found = false;
            each_row(s,
                     "SELECT id, email, password_hash, role, CASE WHEN is_active THEN 1 ELSE 0 "
                     "END, language_native_id, " +
                         d_.ts_out("created_at") + " FROM users WHERE id = :u",
                     user_id, [&](Cells& c) {
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
            each_row(s,
                     "SELECT pair_id, seen_count, correct_count, wrong_count, earned_points FROM "
                     "user_pair_progress WHERE user_id = :u ORDER BY pair_id",
                     user_id, [&](Cells& c) {
                         PairProgressRecord p;
                         p.pair_id = c.integer();
                         p.seen = c.integer();
                         p.correct = c.integer();
                         p.wrong = c.integer();
                         p.earned_points = c.integer();
                         out.progress.push_back(p);
                     });
            each_row(s,
                     "SELECT " + d_.date_out("activity_date") +
                         ", ep_earned, cards_done, correct_count FROM user_daily_activity "
                         "WHERE user_id = :u ORDER BY activity_date",
                     user_id, [&](Cells& c) {
                         DailyActivityRow day;
                         day.date = parse_date(c.text()).value_or(Date{});
                         day.ep = c.integer();
                         day.cards = c.integer();
                         day.correct = c.integer();
                         out.daily.push_back(day);
                     });
            each_row(s,
                     "SELECT achievement_id, " + d_.ts_out("unlocked_at") +
                         " FROM user_achievements WHERE user_id = :u "
                         "ORDER BY unlocked_at, achievement_id",
                     user_id, [&](Cells& c) {
                         UnlockedAchievementRecord a;
                         a.achievement_id = c.text();
                         a.unlocked_at = c.timestamp();
                         out.achievements.push_back(a);
                     });
            each_row(s,
                     "SELECT key, " + d_.ts_out("created_at") +
                         " FROM idempotency_keys WHERE user_id = :u ORDER BY created_at, key",
                     user_id, [&](Cells& c) {
                         IdempotencyKeyRecord k;
                         k.key = c.text();
                         k.created_at = c.timestamp();
                         out.idempotency_keys.push_back(k);
                     });
            read_sessions(s, user_id, out);
            out.learning_settings = read_learning_settings(s, db_.dialect(), user_id);
            return out;
        });
    }

    // The account's row goes, and with it every row that references it: each learner table
    // references users ON DELETE CASCADE, user_names too since migration 0011 (SQLite sessions
    // run with foreign_keys = ON, database.cpp). The profile goes first, explicitly, because it
    // references its user_names row without a cascade.
    bool erase(Id user_id) override {
        long long key = user_id;
        return db_.write([&](soci::session& s) {
            s << "DELETE FROM users_public WHERE user_id = :u", soci::use(key);
            soci::statement st = (s.prepare << "DELETE FROM users WHERE id = :u", soci::use(key));
            st.execute(true);
            return st.get_affected_rows() > 0;
        });
    }

  private:
    // The app's devices, the studio's sign-ins and the reset requests.
    void read_sessions(soci::session& s, long long user_id, LearnerRecords& out) {
        each_row(s,
                 "SELECT id, device, " + d_.ts_out("created_at") + ", " +
                     d_.ts_out("last_used_at") + ", " + d_.ts_out("expires_at") + ", " +
                     d_.ts_out("revoked_at") +
                     " FROM refresh_families WHERE user_id = :u ORDER BY created_at, id",
                 user_id, [&](Cells& c) {
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
        each_row(s,
                 "SELECT id, " + d_.ts_out("created_at") + ", " + d_.ts_out("expires_at") + ", " +
                     d_.ts_out("revoked_at") +
                     " FROM staff_sessions WHERE user_id = :u ORDER BY created_at, id",
                 user_id, [&](Cells& c) {
                     StaffSession session;
                     session.id = c.text();
                     session.user_id = user_id;
                     session.created_at = c.timestamp();
                     session.expires_at = c.timestamp();
                     session.revoked_at = c.opt_timestamp();
                     out.studio_sessions.push_back(std::move(session));
                 });
        each_row(s,
                 "SELECT digest, " + d_.ts_out("created_at") + ", " + d_.ts_out("expires_at") +
                     ", " + d_.ts_out("used_at") +
                     " FROM password_reset_tokens WHERE user_id = :u ORDER BY created_at, digest",
                 user_id, [&](Cells& c) {
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
        each_row(s,
                 "SELECT p.id, p.username_id, n.username, p.language_native_id, "
                 "p.language_target_id, p.total_ep, p.streak_days, p.daily_goal_ep, " +
                     d_.ts_out("p.last_practice_at") +
                     ", p.timezone FROM users_public p JOIN user_names n ON n.id = p.username_id "
                     "WHERE p.user_id = :u",
                 user_id, [&](Cells& c) {
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
    DialectSql d_;
};

}  // namespace

std::unique_ptr<LearnerDataRepository> make_learner_data(Database& db) {
    return std::make_unique<SqlLearnerData>(db);
}

}  // namespace ll::sql
