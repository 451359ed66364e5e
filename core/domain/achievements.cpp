#include "core/domain/entities.hpp"

namespace ll {

bool achievement_reached(const AchievementDefinition& def, Ep total_ep, std::int32_t streak_days) {
    if (def.kind == "ep") return total_ep >= def.threshold;
    if (def.kind == "streak") return streak_days >= def.threshold;
    return false;  // a kind this version does not know never unlocks
}

}  // namespace ll
