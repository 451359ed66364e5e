#include "core/app/set_goal.hpp"

#include "core/domain/rules.hpp"

namespace ll {

Result<SetGoalOutput> set_goal(const GoalPorts& ports, Id user_id,
                               const LooseValue& daily_goal_ep) {
    const std::int32_t goal = parse_goal(daily_goal_ep);
    if (!ports.profiles.set_daily_goal(user_id, goal)) return errors::no_profile_for_goal();
    return SetGoalOutput{goal};
}

}  // namespace ll
