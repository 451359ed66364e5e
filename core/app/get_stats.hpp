#pragma once
#include <string>
#include <vector>

#include "core/domain/stats.hpp"
#include "core/ports/clock.hpp"
#include "core/ports/stats.hpp"

namespace ll {

// What GET /auth/stats uses: made from the learner routes' LearnerPorts, or from a use case's
// ports that hold these members too.
struct StatsPorts {
    StatsQuery& stats;
    const Clock& clock;
    template <typename From>
    StatsPorts(const From& from)  // implicit on purpose: callers pass their own ports
        : stats(from.stats), clock(from.clock) {}
};

// 84-day window ending today in the learner's zone (APP_TIMEZONE unless they set one); works
// without a profile (zeros, the default goal, kDefaultDailyGoal).
// `labels`: the language of the skills' labels (German, the seed's, unless another is asked for).
Stats get_stats(const StatsPorts& ports, Id user_id, Lang labels = Lang::de);

}  // namespace ll
