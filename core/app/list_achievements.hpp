#pragma once
#include <vector>

#include "core/ports/progress.hpp"

namespace ll {

// What GET /auth/achievements uses: made from the learner routes' LearnerPorts, or from a use
// case's ports that hold these members too.
struct AchievementPorts {
    AchievementRepository& achievements;
    template <typename From>
    AchievementPorts(const From& from)  // implicit on purpose: callers pass their own ports
        : achievements(from.achievements) {}
};

std::vector<AchievementStatus> list_achievements(const AchievementPorts& ports, Id user_id);

}  // namespace ll
