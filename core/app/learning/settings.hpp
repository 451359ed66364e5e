#pragma once
// GET and PUT /auth/learning: the learner's schedule settings (docs/learning.md "Settings").
#include "core/app/requests/decoder.hpp"
#include "core/domain/loose_value.hpp"
#include "core/domain/result.hpp"
#include "core/ports/clock.hpp"
#include "core/ports/learning/practice.hpp"
#include "core/ports/learning/settings.hpp"
#include "core/ports/profiles.hpp"

namespace ll {

// The learner's settings, the defaults for what they never changed.
LearningSettings learning_settings(LearningSettingsRepository& settings, Id user_id);

// GET /auth/learning: the settings, the parameters the schedule uses, and every language the
// learner has practised, with the one the profile learns now (nullopt without a profile).
struct LearningOverview {
    LearningSettings settings;
    std::optional<FittedParameters> fitted;  // nullopt: the defaults schedule
    std::optional<Id> current_language;
    std::vector<LanguagePractice> languages;
};

// What GET /auth/learning uses: made from the learner routes' ports.
struct LearningOverviewPorts {
    LearningSettingsRepository& learning_settings;
    PracticeQuery& practice;
    ProfileRepository& profiles;
    const Clock& clock;
    template <typename From>
    LearningOverviewPorts(const From& from)  // implicit on purpose: callers pass their own ports
        : learning_settings(from.learning_settings),
          practice(from.practice),
          profiles(from.profiles),
          clock(from.clock) {}
};

LearningOverview learning_overview(const LearningOverviewPorts& ports, Id user_id);

// PUT's body: any of desired_retention (a number from 0.70 to 0.97) and new_per_day (an integer
// from 0 to 200); another member, or a value out of its range, is 400 naming the field.
template <>
Result<LearningSettingsChange> decode<LearningSettingsChange>(const LooseValue& body);
// The change stored (nothing when it names no setting); answers the settings as stored.
Result<LearningSettings> change_learning_settings(LearningSettingsRepository& settings,
                                                  const Clock& clock, Id user_id,
                                                  const LearningSettingsChange& change);

}  // namespace ll
