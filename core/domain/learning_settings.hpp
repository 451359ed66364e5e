#pragma once
// A learner's settings of the schedule (docs/learning.md "Settings"): how likely the learner
// wants to still know a card when it comes back (the memory model's desired retention), and how
// many cards they have never seen the practice queue may start in a day.
#include <cstdint>

namespace ll {

struct LearningSettings {
    double desired_retention = 0.90;
    std::int32_t new_per_day = 20;
    bool operator==(const LearningSettings&) const = default;
};

// Below 0.70 reviews come so late that most are forgotten; above 0.97 the reviews a day grow
// steeply for little more recall (docs/learning.md "Settings").
inline constexpr double kMinDesiredRetention = 0.70;
inline constexpr double kMaxDesiredRetention = 0.97;
inline constexpr std::int32_t kMaxNewPerDay = 200;

}  // namespace ll
