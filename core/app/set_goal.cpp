#include "core/app/set_goal.hpp"

#include "core/domain/rules.hpp"

namespace ll {

template <>
Result<GoalRequest> decode<GoalRequest>(const LooseValue& body) {
    return GoalRequest{parse_goal(body["daily_goal_ep"])};
}

Result<SetGoalOutput> set_goal(const GoalPorts& ports, Id user_id, const GoalRequest& request) {
    if (!ports.profiles.set_daily_goal(user_id, request.daily_goal_ep))
        return errors::no_profile_for_goal();
    return SetGoalOutput{request.daily_goal_ep};
}

}  // namespace ll
