#pragma once
// A whole storage backend (memory, SQLite or PostgreSQL): one object that hands out every
// repository port. Composition roots and tests pick one; use cases only see the ports.
#include <memory>

#include "core/ports/accounts.hpp"
#include "core/ports/content_seed.hpp"
#include "core/ports/content_store.hpp"
#include "core/ports/feed.hpp"
#include "core/ports/languages.hpp"
#include "core/ports/learner_data.hpp"
#include "core/ports/learning/answer_keys.hpp"
#include "core/ports/learning/card_analytics.hpp"
#include "core/ports/learning/practice.hpp"
#include "core/ports/learning/review_log.hpp"
#include "core/ports/learning/settings.hpp"
#include "core/ports/password_resets.hpp"
#include "core/ports/profiles.hpp"
#include "core/ports/progress.hpp"
#include "core/ports/refresh_sessions.hpp"
#include "core/ports/staff_sessions.hpp"
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
    // The authoring content (pictures ... audios) behind one unit of work.
    virtual ContentStore& content() = 0;
    // The studio's staff sessions (authoring-api).
    virtual StaffSessionRepository& staff_sessions() = 0;
    // The learners' refresh-token families (learner-api).
    virtual RefreshSessionRepository& refresh_sessions() = 0;
    // One learner's rows as a whole (DELETE /auth/me, GET /auth/me/export, delete-user).
    virtual LearnerDataRepository& learner_data() = 0;
    // One-time password reset tokens.
    virtual PasswordResetRepository& password_resets() = 0;
    // The learners' schedule settings.
    virtual LearningSettingsRepository& learning_settings() = 0;
    // What the practice queue reads (GET /auth/practice).
    virtual PracticeQuery& practice() = 0;
    // The review log as the parameter fit reads it (langlearn-admin fit-schedules).
    virtual ReviewLogReader& review_log() = 0;
    // What grading an answer reads about a card (POST /auth/answers).
    virtual AnswerKeyQuery& answer_keys() = 0;
    // What the editors' card analytics read (authoring-api).
    virtual CardAnalyticsQuery& card_analytics() = 0;
    // Database reachable and schema at the latest migration (/readyz).
    virtual bool ready() = 0;
};

// A backend made of one object per port: it owns them and hands them out. Memory, SQLite and
// PostgreSQL backends differ only in how they fill the slots.
class PortOwningBackend : public StorageBackend {
  public:
    AccountRepository& accounts() final { return *accounts_; }
    BlocklistRepository& blocklist() final { return *blocklist_; }
    LanguageRepository& languages() final { return *languages_; }
    ProfileRepository& profiles() final { return *profiles_; }
    ProgressStore& progress() final { return *progress_; }
    AchievementRepository& achievements() final { return *achievements_; }
    StatsQuery& stats() final { return *stats_; }
    FeedQuery& feed() final { return *feed_; }
    ContentSeeder& content_seeder() final { return *content_; }
    ContentStore& content() final { return *content_store_; }
    StaffSessionRepository& staff_sessions() final { return *staff_sessions_; }
    RefreshSessionRepository& refresh_sessions() final { return *refresh_sessions_; }
    LearnerDataRepository& learner_data() final { return *learner_data_; }
    PasswordResetRepository& password_resets() final { return *password_resets_; }
    LearningSettingsRepository& learning_settings() final { return *learning_settings_; }
    PracticeQuery& practice() final { return *practice_; }
    ReviewLogReader& review_log() final { return *review_log_; }
    AnswerKeyQuery& answer_keys() final { return *answer_keys_; }
    CardAnalyticsQuery& card_analytics() final { return *card_analytics_; }

  protected:
    std::unique_ptr<AccountRepository> accounts_;
    std::unique_ptr<BlocklistRepository> blocklist_;
    std::unique_ptr<LanguageRepository> languages_;
    std::unique_ptr<ProfileRepository> profiles_;
    std::unique_ptr<ProgressStore> progress_;
    std::unique_ptr<AchievementRepository> achievements_;
    std::unique_ptr<StatsQuery> stats_;
    std::unique_ptr<FeedQuery> feed_;
    std::unique_ptr<ContentSeeder> content_;
    std::unique_ptr<ContentStore> content_store_;
    std::unique_ptr<StaffSessionRepository> staff_sessions_;
    std::unique_ptr<RefreshSessionRepository> refresh_sessions_;
    std::unique_ptr<LearnerDataRepository> learner_data_;
    std::unique_ptr<PasswordResetRepository> password_resets_;
    std::unique_ptr<LearningSettingsRepository> learning_settings_;
    std::unique_ptr<PracticeQuery> practice_;
    std::unique_ptr<ReviewLogReader> review_log_;
    std::unique_ptr<AnswerKeyQuery> answer_keys_;
    std::unique_ptr<CardAnalyticsQuery> card_analytics_;
};

}  // namespace ll
