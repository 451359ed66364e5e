#pragma once
// Everything the learner use cases need from outside, handed in by the composition root.
#include "core/ports/accounts.hpp"
#include "core/ports/clock.hpp"
#include "core/ports/feed.hpp"
#include "core/ports/languages.hpp"
#include "core/ports/learner_data.hpp"
#include "core/ports/profiles.hpp"
#include "core/ports/progress.hpp"
#include "core/ports/security.hpp"
#include "core/ports/stats.hpp"
#include "core/ports/storage_backend.hpp"

namespace ll {

struct LearnerPorts {
    AccountRepository& accounts;
    BlocklistRepository& blocklist;
    LanguageRepository& languages;
    ProfileRepository& profiles;
    ProgressStore& progress;
    AchievementRepository& achievements;
    StatsQuery& stats;
    FeedQuery& feed;
    const Clock& clock;
    PasswordHasher& hasher;
    TokenService& tokens;
    // Issue 18 (delete and export): one learner's rows as a whole.
    LearnerDataRepository& learner_data;
};

inline LearnerPorts make_learner_ports(StorageBackend& storage, const Clock& clock,
                                       PasswordHasher& hasher, TokenService& tokens) {
    return LearnerPorts{storage.accounts(),
                        storage.blocklist(),
                        storage.languages(),
                        storage.profiles(),
                        storage.progress(),
                        storage.achievements(),
                        storage.stats(),
                        storage.feed(),
                        clock,
                        hasher,
                        tokens,
                        storage.learner_data()};
}

}  // namespace ll
