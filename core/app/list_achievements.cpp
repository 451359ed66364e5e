#include "core/app/list_achievements.hpp"

namespace ll {

std::vector<AchievementStatus> list_achievements(const AchievementPorts& ports, Id user_id) {
    return ports.achievements.list_for_user(user_id);
}

}  // namespace ll
