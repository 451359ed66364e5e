#pragma once
#include <string>
#include <vector>

#include "core/app/learner_ports.hpp"
#include "core/domain/stats.hpp"

namespace ll {

// 84-day window ending today in the learner's zone (APP_TIMEZONE unless they set one); works
// without a profile (zeros, the default goal, kDefaultDailyGoal).
Stats get_stats(LearnerPorts& ports, Id user_id);

}  // namespace ll
