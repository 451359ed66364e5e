#include "core/app/learner_zone.hpp"

namespace ll {

std::optional<std::string> learner_zone(const ZonePorts& ports, Id user_id) {
    const auto profile = ports.profiles.find_by_user(user_id);
    return profile ? profile->timezone : std::nullopt;
}

Result<std::optional<std::string>> read_timezone(const LooseValue& field) {
    if (field.is_missing() || field.is_null()) return std::optional<std::string>{};
    if (!field.is_string()) return errors::invalid_timezone();
    return std::optional<std::string>{field.string};
}

Result<Done> check_zone_known(const Clock& clock, const std::optional<std::string>& zone) {
    if (zone && !clock.knows_zone(*zone)) return errors::invalid_timezone();
    return Done{};
}

template <>
Result<TimezoneRequest> decode<TimezoneRequest>(const LooseValue& body) {
    const LooseValue& field = body["timezone"];
    if (field.is_missing()) return errors::invalid_timezone();  // say which zone, or null
    auto zone = read_timezone(field);
    if (!zone) return zone.error();
    return TimezoneRequest{std::move(zone.value())};
}

Result<SetTimezoneOutput> set_timezone(const ZonePorts& ports, Id user_id,
                                       const TimezoneRequest& request) {
    if (const auto known = check_zone_known(ports.clock, request.timezone); !known)
        return known.error();
    if (!ports.profiles.set_timezone(user_id, request.timezone))
        return errors::no_profile_for_timezone();
    return SetTimezoneOutput{request.timezone};
}

}  // namespace ll
