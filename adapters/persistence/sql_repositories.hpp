#pragma once
// One repository per port on SOCI; each file implements one of these factories.
#include <memory>

#include "adapters/persistence/database.hpp"
#include "core/ports/storage_backend.hpp"

namespace ll::sql {

std::unique_ptr<AccountRepository> make_accounts(Database& db);
std::unique_ptr<BlocklistRepository> make_blocklist(Database& db);
std::unique_ptr<LanguageRepository> make_languages(Database& db);
std::unique_ptr<ProfileRepository> make_profiles(Database& db);
std::unique_ptr<ProgressStore> make_progress(Database& db);
std::unique_ptr<AchievementRepository> make_achievements(Database& db);
std::unique_ptr<StatsQuery> make_stats(Database& db);
std::unique_ptr<FeedQuery> make_feed(Database& db);
std::unique_ptr<ContentSeeder> make_content_seeder(Database& db);
std::unique_ptr<ContentStore> make_content_store(Database& db);
std::unique_ptr<StaffSessionRepository> make_staff_sessions(Database& db);
std::unique_ptr<RefreshSessionRepository> make_refresh_sessions(Database& db);
std::unique_ptr<LearnerDataRepository> make_learner_data(Database& db);
std::unique_ptr<PasswordResetRepository> make_password_resets(Database& db);
std::unique_ptr<LearningSettingsRepository> make_learning_settings(Database& db);
std::unique_ptr<PracticeQuery> make_practice(Database& db);
std::unique_ptr<ReviewLogReader> make_review_log(Database& db);
std::unique_ptr<AnswerKeyQuery> make_answer_keys(Database& db);
std::unique_ptr<CardAnalyticsQuery> make_card_analytics(Database& db);

class Cells;
// A word's id and titles from the next four columns (id, title_de, title_en, title_sv): how
// answer keys and card analytics read a word (learning/answer_keys.cpp).
AnswerWord word_of(Cells& c);
// A learner's stored settings on a session the caller holds (the export's one read).
std::optional<StoredLearningSettings> read_learning_settings(soci::session& s, Dialect dialect,
                                                             Id user_id);
// A learner's card memory and review log into `out`, on a session the caller holds (the
// export's one read).
void read_card_memory(soci::session& s, Dialect dialect, Id user_id, LearnerRecords& out);
// A learner's review log in booking order into `out`: all of it (the export), or the latest
// `max_lines` lines by review instant (the parameter fit).
void read_review_log(soci::session& s, Dialect dialect, Id user_id,
                     std::vector<ReviewLogRecord>& out,
                     std::optional<std::int64_t> max_lines = std::nullopt);
class Cells;
// The memory columns (phase, stability, difficulty, last review, due, step, reps, lapses) of a
// row, left to right.
fsrs::MemoryState memory_from_cells(Cells& c);

}  // namespace ll::sql
