#include "core/app/get_stats.hpp"

#include "core/app/learner_zone.hpp"

namespace ll {

Stats get_stats(LearnerPorts& ports, Id user_id) {
    // The window ends on the learner's today (their zone, issue 18).
    const Date today = ports.clock.learner_date(ports.clock.now(), learner_zone(ports, user_id));
    return aggregate_stats(ports.stats.load(user_id, stats_window_start(today), today), today);
}

}  // namespace ll
