#pragma once
#include <cstdint>
#include <vector>

#include "core/domain/entities.hpp"

namespace ll {

struct BookingCommand {
    Id user_id = 0;
    Id pair_id = 0;
    bool correct = false;
    Ep points = 0;  // already parsed and clamped
    Timestamp now;  // becomes last_practice_at
    Date today;     // today in APP_TIMEZONE; the streak compares with today and today - 1
};

enum class BookingStatus { booked, pair_not_found, no_profile };

struct BookingOutcome {
    BookingStatus status = BookingStatus::booked;
    Ep previous_total_ep = 0;
    Ep total_ep = 0;
    std::int32_t previous_streak_days = 0;
    std::int32_t streak_days = 0;
    Ep daily_ep = 0;  // today's ep_earned after this card
    std::int32_t daily_goal_ep = 30;
    std::vector<UnlockedAchievement> unlocked;  // newly unlocked by this card only
};

// The unit of work of a booking (decisions.md 8): pair progress, daily activity, profile
// (streak by next_streak(), previous values captured atomically) and achievements
// (achievement_reached(), each reported once per user ever) in ONE transaction. Nothing is
// written when the pair does not exist or the user has no profile. Concurrent bookings of one
// user, from any number of processes, lose no update. A failure of the achievement step
// leaves `unlocked` empty and the booking committed.
class ProgressStore {
  public:
    virtual ~ProgressStore() = default;
    virtual BookingOutcome book(const BookingCommand& command) = 0;
};

class AchievementRepository {
  public:
    virtual ~AchievementRepository() = default;
    // Every definition ordered by sort_order then id, with this user's unlock time.
    virtual std::vector<AchievementStatus> list_for_user(Id user_id) = 0;
};

}  // namespace ll
