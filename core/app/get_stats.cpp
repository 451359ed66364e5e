#include "core/app/get_stats.hpp"

namespace ll {

Stats get_stats(LearnerPorts& ports, Id user_id) {
    const Date today = ports.clock.today();
    return aggregate_stats(ports.stats.load(user_id, stats_window_start(today), today), today);
}

}  // namespace ll
