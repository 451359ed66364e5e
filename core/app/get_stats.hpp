#pragma once
#include <string>
#include <vector>

#include "core/app/learner_ports.hpp"
#include "core/domain/stats.hpp"

namespace ll {

// 84-day window ending today in APP_TIMEZONE; works without a profile (zeros, goal 30).
Stats get_stats(LearnerPorts& ports, Id user_id);

}  // namespace ll
