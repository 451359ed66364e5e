// The learners' schedule settings on SOCI (core/ports/learning/settings.hpp); the SQL is
// db/queries/learning_settings.sql.
#include "adapters/persistence/learning/weights_text.hpp"
#include "adapters/persistence/queries.hpp"
#include "adapters/persistence/row_access.hpp"
#include "adapters/persistence/sql_repositories.hpp"
#include "core/domain/time_format.hpp"

namespace ll::sql {

std::optional<StoredLearningSettings> read_learning_settings(soci::session& s, Dialect dialect,
                                                             Id user_id) {
    const long long user = user_id;
    double retention = 0;
    int new_per_day = 0;
    long long reviews = 0;
    std::string updated, weights, fitted_at;
    soci::indicator weights_ind = soci::i_null, reviews_ind = soci::i_null,
                    fitted_at_ind = soci::i_null;
    // One-shot: one round trip on PostgreSQL (the practice queue reads this on every request).
    s << query(dialect, "learning_settings.find"), soci::into(retention), soci::into(new_per_day),
        soci::into(updated), soci::into(weights, weights_ind), soci::into(reviews, reviews_ind),
        soci::into(fitted_at, fitted_at_ind), soci::use(user, "user_id");
    if (!s.got_data()) return std::nullopt;
    StoredLearningSettings out;
    out.settings = LearningSettings{retention, new_per_day};
    out.updated_at = stored_instant(updated, "learning_settings");
    // All three or none: a damaged value schedules with the defaults (weights_from_text).
    const auto parsed = weights_ind == soci::i_ok ? weights_from_text(weights) : std::nullopt;
    const auto when =
        fitted_at_ind == soci::i_ok ? parse_timestamp(fitted_at) : std::optional<Timestamp>{};
    if (parsed && when && reviews_ind == soci::i_ok && reviews > 0)
        out.fitted = FittedParameters{*parsed, reviews, *when};
    return out;
}

namespace {

class SqlLearningSettings final : public LearningSettingsRepository {
  public:
    explicit SqlLearningSettings(Database& db) : db_(db) {}

    std::optional<StoredLearningSettings> find(Id user_id) override {
        return db_.read(
            [&](soci::session& s) { return read_learning_settings(s, db_.dialect(), user_id); });
    }

    StoredLearningSettings update(Id user_id, const LearningSettingsChange& change,
                                  const LearningSettings& defaults, Timestamp at) override {
        const long long user = user_id;
        const double retention = change.desired_retention.value_or(defaults.desired_retention);
        const int new_per_day = change.new_per_day.value_or(defaults.new_per_day);
        const int retention_given = change.desired_retention ? 1 : 0;
        const int new_per_day_given = change.new_per_day ? 1 : 0;
        const std::string when = format_timestamp(at);
        return db_.write([&](soci::session& s) {
            s << q("update"), soci::use(user, "user_id"), soci::use(retention, "retention"),
                soci::use(new_per_day, "new_per_day"), soci::use(when, "at"),
                soci::use(retention_given, "retention_given"),
                soci::use(new_per_day_given, "new_per_day_given");
            s << q("touch_profile"), soci::use(user, "user_id");
            return *read_learning_settings(s, db_.dialect(), user_id);
        });
    }

    void store_parameters(Id user_id, const std::optional<FittedParameters>& fitted,
                          const LearningSettings& defaults, Timestamp at) override {
        const long long user = user_id;
        if (!fitted) {
            db_.write([&](soci::session& s) {
                soci::statement clear =
                    (s.prepare << q("clear_parameters"), soci::use(user, "user_id"));
                clear.execute(true);
                // Only a row that changed moves the version.
                if (clear.get_affected_rows() > 0)
                    s << q("touch_profile"), soci::use(user, "user_id");
            });
            return;
        }
        const std::string when = format_timestamp(at);
        std::string weights = weights_text(fitted->weights);
        std::string fitted_at = format_timestamp(fitted->fitted_at);
        long long reviews = fitted->reviews;
        db_.write([&](soci::session& s) {
            long long accounts = 0;
            s << q("account_exists"), soci::into(accounts), soci::use(user, "user_id");
            if (accounts == 0) return;  // deleted while its fit ran
            s << q("store_parameters"), soci::use(user, "user_id"),
                soci::use(defaults.desired_retention, "retention"),
                soci::use(defaults.new_per_day, "new_per_day"), soci::use(when, "at"),
                soci::use(weights, "weights"), soci::use(reviews, "reviews"),
                soci::use(fitted_at, "fitted_at");
            s << q("touch_profile"), soci::use(user, "user_id");
        });
    }

  private:
    const std::string& q(std::string_view name) const {
        return query(db_.dialect(), "learning_settings." + std::string(name));
    }

    Database& db_;
};

}  // namespace

std::unique_ptr<LearningSettingsRepository> make_learning_settings(Database& db) {
    return std::make_unique<SqlLearningSettings>(db);
}

}  // namespace ll::sql
