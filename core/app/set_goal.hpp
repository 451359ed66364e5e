#pragma once
#include "core/app/learner_ports.hpp"
#include "core/domain/loose_value.hpp"
#include "core/domain/result.hpp"

namespace ll {

struct SetGoalOutput {
    std::int32_t daily_goal_ep = kDefaultDailyGoal;
};

Result<SetGoalOutput> set_goal(LearnerPorts& ports, Id user_id, const LooseValue& daily_goal_ep);

}  // namespace ll
