#pragma once
// A whole storage backend (memory, SQLite or PostgreSQL): one object that hands out every
// repository port. Composition roots and tests pick one; use cases only see the ports.
#include "core/ports/accounts.hpp"
#include "core/ports/content_seed.hpp"
#include "core/ports/feed.hpp"
#include "core/ports/languages.hpp"
#include "core/ports/profiles.hpp"
#include "core/ports/progress.hpp"
#include "core/ports/stats.hpp"

namespace ll {

class StorageBackend {
public:
    virtual ~StorageBackend() = default;
    virtual AccountRepository& accounts() = 0;
    virtual BlocklistRepository& blocklist() = 0;
    virtual LanguageRepository& languages() = 0;
    virtual ProfileRepository& profiles() = 0;
    virtual ProgressStore& progress() = 0;
    virtual AchievementRepository& achievements() = 0;
    virtual StatsQuery& stats() = 0;
    virtual FeedQuery& feed() = 0;
    virtual ContentSeeder& content_seeder() = 0;
    // Database reachable and schema at the latest migration (/readyz).
    virtual bool ready() = 0;
};

}  // namespace ll
