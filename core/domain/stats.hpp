#pragma once
// Stats aggregation (docs/spec/service.md GET /auth/stats): pure shaping of what the database
// summed.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/domain/locale.hpp"
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

// The three skills of GET /auth/stats, by a neutral key (`key` in the answer) beside the label
// in the asked language (docs/accounts.md "Languages of messages and labels").
enum class Skill { vocabulary, reading, comprehension };

struct StatsSkill {
    std::string_view key;  // vocabulary, reading, comprehension
    std::string label;     // Vokabular, Lesen, Verständnis (the seed's), or in the asked language
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
// The skill an answer type counts toward, or nullopt (Sonstige, never returned).
std::optional<Skill> skill_for(std::string_view answer_type);
std::string_view skill_key(Skill skill);
// Vokabular / Lesen / Verständnis in German (the seed's labels), and in English and Swedish.
std::string_view skill_label(Skill skill, Lang lang);
// `labels`: the language of the skills' labels (German, the seed's, unless another is asked for).
Stats aggregate_stats(const StatsSnapshot& snapshot, Date today, Lang labels = Lang::de);

}  // namespace ll
