#pragma once
// A learner's settings of the schedule (docs/learning.md "Settings"): how likely the learner
// wants to still know a card when it comes back (the memory model's desired retention), and how
// many cards they have never seen the practice queue may start in a day.
#include <cstdint>
#include <optional>

#include "core/domain/memory_model.hpp"
#include "core/domain/types.hpp"

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

// The memory model's parameters fitted to one learner's review log by langlearn-admin
// fit-schedules (docs/learning.md "Fitted parameters"); without them the defaults apply.
struct FittedParameters {
    fsrs::Parameters weights = fsrs::kDefaultParameters;
    std::int64_t reviews = 0;  // review-log lines the fit read
    Timestamp fitted_at{};
    bool operator==(const FittedParameters&) const = default;
};

// The parameters a learner's schedule uses.
inline fsrs::Parameters schedule_parameters(const std::optional<FittedParameters>& fitted) {
    return fitted ? fitted->weights : fsrs::kDefaultParameters;
}

}  // namespace ll
