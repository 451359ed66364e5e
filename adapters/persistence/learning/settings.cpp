// The learners' schedule settings on SOCI (core/ports/learning/settings.hpp); the SQL is
// db/queries/learning_settings.sql.
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
    std::string updated;
    s << query(dialect, "learning_settings.find"), soci::into(retention), soci::into(new_per_day),
        soci::into(updated), soci::use(user, "user_id");
    if (!s.got_data()) return std::nullopt;
    return StoredLearningSettings{LearningSettings{retention, new_per_day},
                                  stored_instant(updated, "learning_settings")};
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
