#pragma once
// Stats aggregation (docs/spec/service.md GET /auth/stats): pure shaping of what the database
// summed.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/domain/stats_snapshot.hpp"

namespace ll {

inline constexpr int kStatsWindowDays = 84;

// One day of the window: the database row's shape, zero-filled where there was none.
using StatsDay = DailyActivityRow;

struct StatsToday {
    Ep ep = 0;
    std::int64_t cards = 0;
    std::int32_t daily_goal_ep = kDefaultDailyGoal;
};

struct StatsTotals {
    std::int64_t pairs_practiced = 0;
    std::int64_t total_seen = 0;
    std::int64_t total_correct = 0;
    double accuracy = 0.0;
};

struct StatsSkill {
    std::string label;  // Vokabular, Lesen, Verständnis
    double value = 0.0;
    std::int64_t seen = 0;
};

struct StatsCategory {
    Id id = 0;
    std::string label;
    Ep points = 0;
    std::int64_t seen = 0;
};

struct Stats {
    std::vector<StatsDay> daily;  // exactly 84 entries, ascending, ending today
    StatsToday today;
    StatsTotals totals;
    std::vector<StatsSkill> skills;         // exactly three, fixed order
    std::vector<StatsCategory> categories;  // points > 0, points descending (then id)
};

// First day of the window that ends `today`.
Date stats_window_start(Date today);
// Vokabular / Lesen / Verständnis, or nullopt (Sonstige, never returned).
std::optional<std::string> skill_label_for(std::string_view answer_type);
Stats aggregate_stats(const StatsSnapshot& snapshot, Date today);

}  // namespace ll
