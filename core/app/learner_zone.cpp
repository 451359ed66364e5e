#include "core/app/learner_zone.hpp"

namespace ll {

std::optional<std::string> learner_zone(const ZonePorts& ports, Id user_id) {
    const auto profile = ports.profiles.find_by_user(user_id);
    return profile ? profile->timezone : std::nullopt;
}

template <>
Result<TimezoneRequest> decode<TimezoneRequest>(const LooseValue& body) {
    const LooseValue& field = body["timezone"];
    if (field.is_null()) return TimezoneRequest{};
    if (!field.is_string()) return errors::invalid_timezone();  // missing too: say which, or null
    return TimezoneRequest{field.string};
}

Result<SetTimezoneOutput> set_timezone(const ZonePorts& ports, Id user_id,
                                       const TimezoneRequest& request) {
    if (request.timezone && !ports.clock.knows_zone(*request.timezone))
        return errors::invalid_timezone();
    if (!ports.profiles.set_timezone(user_id, request.timezone))
        return errors::no_profile_for_timezone();
    return SetTimezoneOutput{request.timezone};
}

}  // namespace ll
