#pragma once
// The learners' schedule settings (learning_settings, one row per learner who changed them;
// docs/learning.md "Settings"). The rules (bounds, defaults) are core/app/learning/settings.*.
#include <optional>

#include "core/domain/learning_settings.hpp"
#include "core/domain/types.hpp"

namespace ll {

struct StoredLearningSettings {
    LearningSettings settings;
    Timestamp updated_at{};
    std::optional<FittedParameters> fitted;  // nullopt: the defaults schedule
    bool operator==(const StoredLearningSettings&) const = default;
};

// The settings a PUT names; the others keep their stored value.
struct LearningSettingsChange {
    std::optional<double> desired_retention;
    std::optional<std::int32_t> new_per_day;
};

class LearningSettingsRepository {
  public:
    virtual ~LearningSettingsRepository() = default;
    // The learner's stored settings; nullopt while they never changed one (the defaults apply).
    virtual std::optional<StoredLearningSettings> find(Id user_id) = 0;
    // Atomically: the change over the stored settings (over `defaults` when none are stored),
    // stored at `at`; answers what is stored now. Two changes at once lose neither's fields.
    virtual StoredLearningSettings update(Id user_id, const LearningSettingsChange& change,
                                          const LearningSettings& defaults, Timestamp at) = 0;
    // Stores the learner's fitted parameters, over `defaults` when the learner has no settings
    // stored (nothing for an account that is gone); the settings themselves and updated_at
    // stay. nullopt: back to the defaults, which changes a stored row only (creates none). A
    // booking decided on the old parameters decides again.
    virtual void store_parameters(Id user_id, const std::optional<FittedParameters>& fitted,
                                  const LearningSettings& defaults, Timestamp at) = 0;
};

}  // namespace ll
