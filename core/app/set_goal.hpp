#pragma once
#include "core/app/requests/decoder.hpp"
#include "core/domain/loose_value.hpp"
#include "core/domain/result.hpp"
#include "core/ports/profiles.hpp"

namespace ll {

// What PUT /auth/goal uses: made from the learner routes' LearnerPorts, or from a use case's
// ports that hold these members too.
struct GoalPorts {
    ProfileRepository& profiles;
    template <typename From>
    GoalPorts(const From& from)  // implicit on purpose: callers pass their own ports
        : profiles(from.profiles) {}
};

struct SetGoalOutput {
    std::int32_t daily_goal_ep = kDefaultDailyGoal;
};

// PUT /auth/goal's body: daily_goal_ep read as leniently as docs/spec/service.md says (parse_goal:
// a missing or unusable value is the smallest goal, a large one the largest); refuses nothing.
struct GoalRequest {
    std::int32_t daily_goal_ep = kDefaultDailyGoal;
};
template <>
Result<GoalRequest> decode<GoalRequest>(const LooseValue& body);

Result<SetGoalOutput> set_goal(const GoalPorts& ports, Id user_id, const GoalRequest& request);

}  // namespace ll
