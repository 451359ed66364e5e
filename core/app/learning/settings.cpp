#include "core/app/learning/settings.hpp"

#include <string_view>

#include "core/domain/errors.hpp"
#include "core/domain/fields.hpp"

namespace ll {
namespace {

constexpr std::string_view kRetention = "desired_retention";
constexpr std::string_view kNewPerDay = "new_per_day";

// A JSON number (integer or not) in [lo, hi]; null, a string, anything else is the field's 400.
Result<double> number_in(const LooseValue& v, std::string_view name, double lo, double hi) {
    double n = 0;
    if (v.kind == LooseValue::Kind::integer) {
        n = static_cast<double>(v.integer);
    } else if (v.kind == LooseValue::Kind::number) {
        n = v.number;
    } else {
        return errors::field(name, errors::problem::not_number_in(lo, hi));
    }
    if (!(n >= lo && n <= hi)) return errors::field(name, errors::problem::not_number_in(lo, hi));
    return n;
}

}  // namespace

template <>
Result<LearningSettingsChange> decode<LearningSettingsChange>(const LooseValue& body) {
    LearningSettingsChange change;
    for (const auto& [name, value] : body.members) {
        if (name == kRetention) {
            auto r = number_in(value, kRetention, kMinDesiredRetention, kMaxDesiredRetention);
            if (!r) return r.error();
            change.desired_retention = r.value();
        } else if (name == kNewPerDay) {
            const auto n = fields::integer(value, kNewPerDay, 0, kMaxNewPerDay);
            if (!n) return n.error();
            if (!n.value())  // null: a PUT says what it wants, there is no "unset"
                return errors::field(kNewPerDay, errors::problem::not_integer_in(0, kMaxNewPerDay));
            change.new_per_day = static_cast<std::int32_t>(*n.value());
        } else {
            return errors::field(
                name, errors::problem::not_a_member("desired_retention and new_per_day"));
        }
    }
    return change;
}

LearningSettings learning_settings(LearningSettingsRepository& settings, Id user_id) {
    const auto stored = settings.find(user_id);
    return stored ? stored->settings : LearningSettings{};
}

Result<LearningSettings> change_learning_settings(LearningSettingsRepository& settings,
                                                  const Clock& clock, Id user_id,
                                                  const LearningSettingsChange& change) {
    if (!change.desired_retention && !change.new_per_day)
        return learning_settings(settings, user_id);  // nothing to store
    return settings.update(user_id, change, LearningSettings{}, clock.now()).settings;
}

LearningOverview learning_overview(const LearningOverviewPorts& ports, Id user_id) {
    LearningOverview out;
    if (const auto stored = ports.learning_settings.find(user_id)) {
        out.settings = stored->settings;
        out.fitted = stored->fitted;
    }
    if (const auto profile = ports.profiles.find_by_user(user_id))
        out.current_language = profile->language_target_id;
    out.languages = ports.practice.languages(user_id, ports.clock.now());
    return out;
}

}  // namespace ll
