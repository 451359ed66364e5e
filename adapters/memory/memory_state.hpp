#pragma once
// The tables of the in-memory backend and the mutex that makes each port call atomic.
#include <map>
#include <mutex>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "adapters/memory/memory_backend.hpp"
#include "adapters/memory/content/memory_content_tables.hpp"
#include "core/domain/rules.hpp"

namespace ll {

struct PairProgressRow {
    std::int64_t seen = 0, correct = 0, wrong = 0;
    Ep earned = 0;
};

struct ProfileRow {
    Profile profile;
    std::optional<Date> last_practice_date;  // local date of last_practice_at
    // See BookingProfile (core/domain/booking.hpp).
    std::int64_t version = 0;
    std::int64_t next_ep_threshold = 0;
    std::int64_t next_streak_threshold = 0;
};

struct MemoryBackend::State {
    std::mutex mutex;
    Id next_id = 1;
    std::map<Id, Account> accounts;
    std::set<std::string> blocked;
    std::map<Id, std::pair<Language, bool>> languages;  // bool: published
    std::map<Id, ProfileRow> profiles;                  // by user id
    std::map<std::string, Id> usernames;                // lower-case -> username id
    ContentTables content;  // pictures ... audios: the one source of pairs and categories
    std::map<std::pair<Id, Id>, PairProgressRow> progress;  // (user, pair)
    std::map<std::pair<Id, Date>, DailyActivityRow> daily;  // (user, date)
    std::vector<AchievementDefinition> achievement_definitions;
    std::map<std::pair<Id, std::string>, Timestamp> unlocked;  // (user, achievement)
    struct StoredKey {
        std::string fingerprint;
        Timestamp stored_at;
        BookingOutcome outcome;
    };
    std::map<std::pair<Id, std::string>, StoredKey> idempotency;      // (user, Idempotency-Key)
    std::map<std::string, StaffSession, std::less<>> staff_sessions;  // by session id
    // Learners' sessions: refresh families by id, refresh tokens by digest.
    std::map<std::string, RefreshFamily, std::less<>> refresh_families;
    std::map<std::string, RefreshTokenRecord, std::less<>> refresh_tokens;
    // Password reset tokens by digest.
    std::map<std::string, PasswordResetToken, std::less<>> password_resets;
    std::map<Id, StoredLearningSettings> learning_settings;  // by user id
    // The cards' memory by (user, language, pair), and the review log in booking order.
    std::map<std::tuple<Id, Id, Id>, fsrs::MemoryState> card_memory;
    struct ReviewLine {
        std::int64_t id = 0;  // in booking order, as the SQL log's identity
        Id user_id = 0;
        Id pair_id = 0;
        ReviewRecord record;
    };
    std::vector<ReviewLine> review_log;
    std::int64_t next_review_line = 1;

    Id new_id() { return next_id++; }
};

// The feed's entry of `pair` in `lang`, or nullopt when the feed's rule leaves it out
// (memory_feed.cpp; the practice queue uses it too).
std::optional<FeedItem> memory_feed_entry(const ContentTables& t, const Pair& pair,
                                          std::string_view lang);

// Port implementations, each a thin view on the shared state.
std::unique_ptr<AccountRepository> make_memory_accounts(MemoryBackend::State& s);
std::unique_ptr<BlocklistRepository> make_memory_blocklist(MemoryBackend::State& s);
std::unique_ptr<LanguageRepository> make_memory_languages(MemoryBackend::State& s);
std::unique_ptr<ProfileRepository> make_memory_profiles(MemoryBackend::State& s);
std::unique_ptr<ProgressStore> make_memory_progress(MemoryBackend::State& s);
std::unique_ptr<AchievementRepository> make_memory_achievements(MemoryBackend::State& s);
std::unique_ptr<StatsQuery> make_memory_stats(MemoryBackend::State& s);
std::unique_ptr<FeedQuery> make_memory_feed(MemoryBackend::State& s);
std::unique_ptr<ContentSeeder> make_memory_content_seeder(MemoryBackend::State& s);
std::unique_ptr<ContentStore> make_memory_content_store(MemoryBackend::State& s);
std::unique_ptr<StaffSessionRepository> make_memory_staff_sessions(MemoryBackend::State& s);
std::unique_ptr<RefreshSessionRepository> make_memory_refresh_sessions(MemoryBackend::State& s);
std::unique_ptr<LearnerDataRepository> make_memory_learner_data(MemoryBackend::State& s);
std::unique_ptr<PasswordResetRepository> make_memory_password_resets(MemoryBackend::State& s);
std::unique_ptr<LearningSettingsRepository> make_memory_learning_settings(MemoryBackend::State& s);
std::unique_ptr<PracticeQuery> make_memory_practice(MemoryBackend::State& s);
std::unique_ptr<ReviewLogReader> make_memory_review_log(MemoryBackend::State& s);
std::unique_ptr<AnswerKeyQuery> make_memory_answer_keys(MemoryBackend::State& s);
std::unique_ptr<CardAnalyticsQuery> make_memory_card_analytics(MemoryBackend::State& s);

}  // namespace ll
