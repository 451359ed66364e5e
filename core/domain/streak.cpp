// Streak and daily-goal rules (docs/spec/service.md POST /auth/progress).
#include "core/domain/rules.hpp"

namespace ll {

std::int32_t next_streak(std::int32_t previous_streak, std::optional<Date> last_practice,
                         Date today) {
    if (!last_practice) return 1;
    if (*last_practice == today) return previous_streak;
    if (*last_practice == today - std::chrono::days{1}) return previous_streak + 1;
    return 1;
}

bool goal_just_reached(Ep daily_ep, Ep daily_goal_ep, Ep points) {
    return daily_ep >= daily_goal_ep && (daily_ep - points) < daily_goal_ep;
}

}  // namespace ll
