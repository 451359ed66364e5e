#include "adapters/persistence/sql_backend.hpp"

#include <filesystem>

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

struct SqlBackend::Impl {
    explicit Impl(const SqlBackendOptions& o) : db(prepare_target(o.database_url), o.pool_size) {
        if (o.auto_migrate) sql::migrate(db);
        accounts = sql::make_accounts(db);
        blocklist = sql::make_blocklist(db);
        languages = sql::make_languages(db);
        profiles = sql::make_profiles(db);
        progress = sql::make_progress(db);
        achievements = sql::make_achievements(db);
        stats = sql::make_stats(db);
        feed = sql::make_feed(db);
        content = sql::make_content_seeder(db);
    }
    sql::Database db;
    std::unique_ptr<AccountRepository> accounts;
    std::unique_ptr<BlocklistRepository> blocklist;
    std::unique_ptr<LanguageRepository> languages;
    std::unique_ptr<ProfileRepository> profiles;
    std::unique_ptr<ProgressStore> progress;
    std::unique_ptr<AchievementRepository> achievements;
    std::unique_ptr<StatsQuery> stats;
    std::unique_ptr<FeedQuery> feed;
    std::unique_ptr<ContentSeeder> content;
};

SqlBackend::SqlBackend(const SqlBackendOptions& options) : impl_(std::make_unique<Impl>(options)) {}
SqlBackend::~SqlBackend() = default;

AccountRepository& SqlBackend::accounts() {
    return *impl_->accounts;
}
BlocklistRepository& SqlBackend::blocklist() {
    return *impl_->blocklist;
}
LanguageRepository& SqlBackend::languages() {
    return *impl_->languages;
}
ProfileRepository& SqlBackend::profiles() {
    return *impl_->profiles;
}
ProgressStore& SqlBackend::progress() {
    return *impl_->progress;
}
AchievementRepository& SqlBackend::achievements() {
    return *impl_->achievements;
}
StatsQuery& SqlBackend::stats() {
    return *impl_->stats;
}
FeedQuery& SqlBackend::feed() {
    return *impl_->feed;
}
ContentSeeder& SqlBackend::content_seeder() {
    return *impl_->content;
}

bool SqlBackend::ready() {
    try {
        return sql::migrations_current(impl_->db);
    } catch (const std::exception&) {
        return false;
    }
}

SqlBackend::PoolStats SqlBackend::pool_stats() const {
    return {impl_->db.size(), impl_->db.in_use()};
}

std::string SqlBackend::dialect() const {
    return sql::dialect_name(impl_->db.dialect());
}

int apply_migrations(const std::string& database_url) {
    sql::Database db(prepare_target(database_url), 1);
    return sql::migrate(db);
}

}  // namespace ll
