#pragma once
#include <vector>

#include "core/app/learner_ports.hpp"

namespace ll {

std::vector<AchievementStatus> list_achievements(LearnerPorts& ports, Id user_id);

}  // namespace ll
