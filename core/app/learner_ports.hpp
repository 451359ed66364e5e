#pragma once
// Everything the learner routes need from outside, handed in by the composition root. No use
// case takes the whole of it: each names the ports it uses in a struct of its own beside it
// (`StatsPorts` in get_stats.hpp, ...), made from this one where the route calls it, so a use
// case's header says what it touches (docs/architecture.md "Where things go").
#include <chrono>

#include "core/app/account_sessions.hpp"
#include "core/app/learning/client_scoring.hpp"

#include "core/ports/accounts.hpp"
#include "core/ports/clock.hpp"
#include "core/ports/feed.hpp"
#include "core/ports/languages.hpp"
#include "core/ports/learner_data.hpp"
#include "core/ports/password_resets.hpp"
#include "core/ports/profiles.hpp"
#include "core/ports/progress.hpp"
#include "core/ports/refresh_sessions.hpp"
#include "core/ports/security.hpp"
#include "core/ports/staff_sessions.hpp"
#include "core/ports/stats.hpp"
#include "core/ports/storage_backend.hpp"
#include "core/ports/text_folding.hpp"

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
    // Sessions: refresh-token families, their secrets, and how long a family lives after its last
    // use (REFRESH_EXPIRES_IN).
    RefreshSessionRepository& sessions;
    SecretTokens& secrets;
    std::chrono::seconds refresh_lifetime;
    // One learner's rows as a whole (delete and export).
    LearnerDataRepository& learner_data;
    // One-time password reset tokens.
    PasswordResetRepository& password_resets;
    // The studio's sessions of a staff account: a password change or reset and a sign-out
    // everywhere end them too (docs/accounts.md "Staff credentials").
    StaffSessionRepository& staff_sessions;
    // The schedule settings (GET and PUT /auth/learning).
    LearningSettingsRepository& learning_settings;
    // The practice queue's reads (GET /auth/practice).
    PracticeQuery& practice;
    // Graded answers (POST /auth/answers): what a card accepts, and the Unicode folding typed
    // answers are compared in.
    AnswerKeyQuery& answer_keys;
    const TextFolding& folding;
    // What POST /auth/progress does with the points an app sends (CLIENT_SCORING).
    ClientScoring client_scoring = ClientScoring::accept;
};

inline constexpr std::chrono::seconds kDefaultRefreshLifetime{60LL * 24 * 3600};  // 60 days

inline LearnerPorts make_learner_ports(
    StorageBackend& storage, const Clock& clock, PasswordHasher& hasher, TokenService& tokens,
    SecretTokens& secrets, const TextFolding& folding,
    std::chrono::seconds refresh_lifetime = kDefaultRefreshLifetime) {
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
                        storage.refresh_sessions(),
                        secrets,
                        refresh_lifetime,
                        storage.learner_data(),
                        storage.password_resets(),
                        storage.staff_sessions(),
                        storage.learning_settings(),
                        storage.practice(),
                        storage.answer_keys(),
                        folding};
}

}  // namespace ll
