#pragma once
// Everything stored about one learner, as a whole: read for the export (GET /auth/me/export)
// and erased for the deletion (DELETE /auth/me, langlearn-admin delete-user). Issue 18 point 1;
// docs/accounts.md "Deleting an account and exporting its data".
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/domain/entities.hpp"
#include "core/domain/stats_snapshot.hpp"

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

// The rows of one learner. The account comes with its password hash, as stored; the use cases
// never pass it on. Lists are in a fixed order: progress by pair id, daily rows by date,
// achievements by unlock time then id, keys by creation time then key.
struct LearnerRecords {
    Account account;
    std::optional<Timestamp> account_created_at;  // nullopt where the store keeps none (memory)
    std::optional<Profile> profile;
    std::vector<PairProgressRecord> progress;
    std::vector<DailyActivityRow> daily;
    std::vector<UnlockedAchievementRecord> achievements;
    std::vector<IdempotencyKeyRecord> idempotency_keys;
};

class LearnerDataRepository {
  public:
    virtual ~LearnerDataRepository() = default;
    // One consistent read of every row of the learner; nullopt when there is no such account.
    virtual std::optional<LearnerRecords> read_all(Id user_id) = 0;
    // Removes the account and every row of it in ONE transaction: profile, username (free
    // again), progress, daily rows, category totals, achievements, idempotency records, staff
    // sessions. Other learners' rows are untouched. false when there is no such account.
    virtual bool erase(Id user_id) = 0;
};

}  // namespace ll
