// Level curve (docs/spec/decisions.md 5): level L is reached at 10 * L * (L + 1) EP.
#include <cmath>

#include "core/domain/rules.hpp"

namespace ll {

Ep level_threshold(std::int64_t level) {
    return 10 * level * (level + 1);
}

std::int64_t level_for(Ep total_ep) {
    if (total_ep < level_threshold(1)) return 0;
    // Solve 10 L (L + 1) <= ep for the largest L, then correct the floating-point estimate.
    auto level = static_cast<std::int64_t>(
        (std::sqrt(1.0 + 0.4 * static_cast<double>(total_ep)) - 1.0) / 2.0);
    while (level > 0 && level_threshold(level) > total_ep) --level;
    while (level_threshold(level + 1) <= total_ep) ++level;
    return level;
}

LevelInfo level_info(Ep total_ep) {
    const std::int64_t level = level_for(total_ep);
    return LevelInfo{level, total_ep - level_threshold(level),
                     level_threshold(level + 1) - total_ep};
}

}  // namespace ll
