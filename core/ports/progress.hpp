#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/domain/entities.hpp"

namespace ll {

// A retried booking (decisions.md 11, Idempotency-Key): the first booking under (user, key)
// keeps its outcome; the same request again gets that outcome, another request is refused.
struct IdempotencyKey {
    std::string key;             // 1 to 100 printable characters
    std::string fingerprint;     // the request as the core read it; same fingerprint = same request
    Timestamp expired_before{};  // a key stored before this instant counts as absent (24 h)
};

struct BookingCommand {
    Id user_id = 0;
    Id pair_id = 0;
    bool correct = false;
    Ep points = 0;  // already parsed and clamped
    Timestamp now;  // becomes last_practice_at
    Date today;     // today in APP_TIMEZONE; the streak compares with today and today - 1
    std::optional<IdempotencyKey> idempotency = std::nullopt;
};

// key_reused: the key was used by this user for another request (nothing written).
enum class BookingStatus { booked, pair_not_found, no_profile, key_reused };

struct BookingOutcome {
    BookingStatus status = BookingStatus::booked;
    Ep previous_total_ep = 0;
    Ep total_ep = 0;
    std::int32_t previous_streak_days = 0;
    std::int32_t streak_days = 0;
    Ep daily_ep = 0;  // today's ep_earned after this card
    std::int32_t daily_goal_ep = 30;
    std::vector<UnlockedAchievement> unlocked;  // newly unlocked by this card only
    // The stored outcome of the first booking with this idempotency key, given again.
    bool replayed = false;
};

// The unit of work of a booking (decisions.md 8): pair progress, daily activity, profile
// (streak by next_streak(), previous values captured atomically) and achievements
// (achievement_reached(), each reported once per user ever) in ONE transaction. Nothing is
// written when the pair does not exist or the user has no profile. Concurrent bookings of one
// user, from any number of processes, lose no update. A failure of the achievement step
// leaves `unlocked` empty and the booking committed.
//
// With an idempotency key: the first booking under (user, key) stores its outcome, whatever its
// status, in the same transaction (so it holds across processes and crashes). A later booking
// with the same key and fingerprint writes nothing and answers that outcome with `replayed`; with
// another fingerprint it answers `key_reused` and writes nothing. Concurrent bookings with one
// key book once: the others wait for the first and replay it. A key stored before
// `expired_before` counts as absent and is replaced.
class ProgressStore {
  public:
    virtual ~ProgressStore() = default;
    virtual BookingOutcome book(const BookingCommand& command) = 0;
    // Deletes idempotency keys stored before `cutoff` (run in the background); answers how many.
    virtual std::int64_t purge_idempotency_keys(Timestamp cutoff) = 0;
};

class AchievementRepository {
  public:
    virtual ~AchievementRepository() = default;
    // Every definition ordered by sort_order then id, with this user's unlock time.
    virtual std::vector<AchievementStatus> list_for_user(Id user_id) = 0;
};

}  // namespace ll
