#include "core/app/get_stats.hpp"

namespace ll {

namespace {
// Two zones' local dates of one instant are at most two days apart (UTC-12 to UTC+14).
constexpr std::chrono::days kZoneSpread{2};
}  // namespace

Stats get_stats(const StatsPorts& ports, Id user_id, Lang labels) {
    // The window ends on the learner's today (in their zone). The zone comes with the figures, in
    // the same read: the read covers the window of any zone around APP_TIMEZONE's today, and
    // aggregate_stats keeps the learner's own 84 days.
    const Timestamp now = ports.clock.now();
    const Date app_today = ports.clock.learner_date(now, std::nullopt);
    const StatsSnapshot snapshot = ports.stats.load(
        user_id, stats_window_start(app_today) - kZoneSpread, app_today + kZoneSpread);
    return aggregate_stats(snapshot, ports.clock.learner_date(now, snapshot.timezone), labels);
}

}  // namespace ll
