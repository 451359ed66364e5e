#include "core/app/learner_zone.hpp"

namespace ll {

std::optional<std::string> learner_zone(const ZonePorts& ports, Id user_id) {
    const auto profile = ports.profiles.find_by_user(user_id);
    return profile ? profile->timezone : std::nullopt;
}

Result<std::optional<std::string>> read_timezone(const Clock& clock, const LooseValue& field) {
    if (field.is_missing() || field.is_null()) return std::optional<std::string>{};
    if (!field.is_string() || !clock.knows_zone(field.string)) return errors::invalid_timezone();
    return std::optional<std::string>{field.string};
}

Result<SetTimezoneOutput> set_timezone(const ZonePorts& ports, Id user_id,
                                       const LooseValue& field) {
    if (field.is_missing()) return errors::invalid_timezone();  // say which zone, or null
    const auto zone = read_timezone(ports.clock, field);
    if (!zone) return zone.error();
    if (!ports.profiles.set_timezone(user_id, zone.value()))
        return errors::no_profile_for_timezone();
    return SetTimezoneOutput{zone.value()};
}

}  // namespace ll
