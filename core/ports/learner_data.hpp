#pragma once
// Everything stored about one learner, as a whole: read for the export (GET /auth/me/export)
// and erased for the deletion (DELETE /auth/me, langlearn-admin delete-user);
// docs/accounts.md "Deleting an account and exporting its data".
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/domain/entities.hpp"
#include "core/domain/stats_snapshot.hpp"
#include "core/ports/learning/memory.hpp"
#include "core/ports/learning/settings.hpp"
#include "core/ports/password_resets.hpp"
#include "core/ports/refresh_sessions.hpp"
#include "core/ports/staff_sessions.hpp"

namespace ll {

struct PairProgressRecord {
    Id pair_id = 0;
    std::int64_t seen = 0, correct = 0, wrong = 0;
    Ep earned_points = 0;
    bool operator==(const PairProgressRecord&) const = default;
};

struct UnlockedAchievementRecord {
    std::string achievement_id;
    Timestamp unlocked_at{};
    bool operator==(const UnlockedAchievementRecord&) const = default;
};

// What is kept of an Idempotency-Key: the key and when it was first used (the stored answer
// is a copy of a booking's result, already in the progress and daily rows).
struct IdempotencyKeyRecord {
    std::string key;
    Timestamp created_at{};
    bool operator==(const IdempotencyKeyRecord&) const = default;
};

// The rows of one learner. The account comes with its password hash, the reset requests with
// their digests and the sessions with their ids, as stored; the use cases never pass those on.
// Lists are in a fixed order: progress by pair id, daily rows by date, achievements by unlock
// time then id, keys by creation time then key, sessions and reset requests by creation time
// then id (digest), memory by language then pair, reviews in booking order.
struct LearnerRecords {
    Account account;
    std::optional<Profile> profile;
    std::vector<PairProgressRecord> progress;
    std::vector<DailyActivityRow> daily;
    std::vector<UnlockedAchievementRecord> achievements;
    std::vector<IdempotencyKeyRecord> idempotency_keys;
    std::vector<RefreshFamily> sessions;        // the app's signed-in devices
    std::vector<StaffSession> studio_sessions;  // a staff account's studio sign-ins
    std::vector<PasswordResetToken> password_resets;
    std::optional<StoredLearningSettings> learning_settings;  // none: never changed
    std::vector<CardMemoryRecord> memory;                     // by language, then pair
    std::vector<ReviewLogRecord> reviews;                     // in the order they were booked
};

class LearnerDataRepository {
  public:
    virtual ~LearnerDataRepository() = default;
    // One consistent read of every row of the learner; nullopt when there is no such account.
    virtual std::optional<LearnerRecords> read_all(Id user_id) = 0;
    // Removes the account and every row of it in ONE transaction: profile, username (free
    // again), progress, daily rows, category totals, achievements, idempotency records, refresh
    // and staff sessions, reset requests, schedule settings, card memory and review log. Other
    // learners' rows are untouched. false when there is no such account.
    virtual bool erase(Id user_id) = 0;
};

}  // namespace ll
