#include "adapters/persistence/sql_backend.hpp"

#include <filesystem>

#include "adapters/persistence/cached_languages.hpp"
#include "adapters/persistence/learning/cached_answer_keys.hpp"
#include "adapters/persistence/migrations.hpp"
#include "adapters/persistence/sql_repositories.hpp"

namespace ll {

namespace {
sql::DatabaseTarget prepare_target(const std::string& url) {
    sql::DatabaseTarget target = sql::parse_database_url(url);
    if (target.dialect == sql::Dialect::sqlite) {
        // A fresh checkout has no var/: create the folder the file lives in.
        const auto parent = std::filesystem::path(target.sqlite_path).parent_path();
        if (!parent.empty()) std::filesystem::create_directories(parent);
    }
    return target;
}
}  // namespace

// The database outlives nothing that uses it: the repositories (in the base class) only hold a
// reference and touch it only while serving a call.
struct SqlBackend::Impl {
    explicit Impl(const SqlBackendOptions& o) : db(prepare_target(o.database_url), o.pool_size) {
        if (o.auto_migrate) sql::migrate(db);
    }
    sql::Database db;
};

SqlBackend::SqlBackend(const SqlBackendOptions& options) : impl_(std::make_unique<Impl>(options)) {
    sql::Database& db = impl_->db;
    accounts_ = sql::make_accounts(db);
    blocklist_ = sql::make_blocklist(db);
    languages_ = std::make_unique<sql::CachedLanguages>(sql::make_languages(db));
    profiles_ = sql::make_profiles(db);
    progress_ = sql::make_progress(db);
    achievements_ = sql::make_achievements(db);
    stats_ = sql::make_stats(db);
    feed_ = sql::make_feed(db);
    content_ = sql::make_content_seeder(db);
    content_store_ = sql::make_content_store(db);
    staff_sessions_ = sql::make_staff_sessions(db);
    refresh_sessions_ = sql::make_refresh_sessions(db);
    learner_data_ = sql::make_learner_data(db);
    password_resets_ = sql::make_password_resets(db);
    learning_settings_ = sql::make_learning_settings(db);
    practice_ = sql::make_practice(db);
    review_log_ = sql::make_review_log(db);
    answer_keys_ = std::make_unique<sql::CachedAnswerKeys>(sql::make_answer_keys(db));
    card_analytics_ = sql::make_card_analytics(db);
}

SqlBackend::~SqlBackend() = default;

bool SqlBackend::ready() {
    try {
        return sql::migrations_current(impl_->db);
    } catch (const std::exception&) {
        return false;
    }
}

SqlBackend::PoolStats SqlBackend::pool_stats() const {
    return {impl_->db.size(), impl_->db.in_use(), impl_->db.waiting()};
}

std::string SqlBackend::dialect() const {
    return sql::dialect_name(impl_->db.dialect());
}

int apply_migrations(const std::string& database_url) {
    sql::Database db(prepare_target(database_url), 1);
    return sql::migrate(db);
}

}  // namespace ll
