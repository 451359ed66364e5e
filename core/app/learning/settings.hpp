#pragma once
// GET and PUT /auth/learning: the learner's schedule settings (docs/learning.md "Settings").
#include "core/domain/loose_value.hpp"
#include "core/domain/result.hpp"
#include "core/ports/clock.hpp"
#include "core/ports/learning/settings.hpp"

namespace ll {

// The learner's settings, the defaults for what they never changed.
LearningSettings learning_settings(LearningSettingsRepository& settings, Id user_id);

// PUT's body: any of desired_retention (a number from 0.70 to 0.97) and new_per_day (an integer
// from 0 to 200); another member, or a value out of its range, is 400 naming the field and
// changes nothing. Answers the settings as stored.
Result<LearningSettings> change_learning_settings(LearningSettingsRepository& settings,
                                                  const Clock& clock, Id user_id,
                                                  const LooseValue& body);

}  // namespace ll
