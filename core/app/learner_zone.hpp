#pragma once
// A learner's own time zone (docs/accounts.md "A time zone per learner"): what defines their
// "today" for bookings, the streak and the statistics' window.
#include <optional>
#include <string>

#include "core/app/requests/decoder.hpp"
#include "core/domain/loose_value.hpp"
#include "core/domain/result.hpp"
#include "core/ports/clock.hpp"
#include "core/ports/profiles.hpp"

namespace ll {

// What the learner's zone and PUT /auth/timezone uses: made from the learner routes' LearnerPorts,
// or from a use case's ports that hold these members too.
struct ZonePorts {
    ProfileRepository& profiles;
    const Clock& clock;
    template <typename From>
    ZonePorts(const From& from)  // implicit on purpose: callers pass their own ports
        : profiles(from.profiles), clock(from.clock) {}
};

// The profile's zone; nullopt (APP_TIMEZONE) without one or without a profile.
std::optional<std::string> learner_zone(const ZonePorts& ports, Id user_id);

struct SetTimezoneOutput {
    std::optional<std::string> timezone;  // null: APP_TIMEZONE
};

// A `timezone` field's shape: missing or null is "no zone of one's own" (nullopt), a string is
// the zone's name; anything else is 400 invalid_timezone.
Result<std::optional<std::string>> read_timezone(const LooseValue& field);
// A zone's name the tz database knows (nullopt, no zone, always passes); else 400
// invalid_timezone.
Result<Done> check_zone_known(const Clock& clock, const std::optional<std::string>& zone);

// PUT /auth/timezone's body {"timezone": "Europe/Berlin" | null}: a missing field or one that is
// neither a string nor null is 400 (say which zone, or null).
struct TimezoneRequest {
    std::optional<std::string> timezone;  // nullopt: null, APP_TIMEZONE
};
template <>
Result<TimezoneRequest> decode<TimezoneRequest>(const LooseValue& body);

// PUT /auth/timezone: 400 for a name the tz database does not know, 409 without a profile.
Result<SetTimezoneOutput> set_timezone(const ZonePorts& ports, Id user_id,
                                       const TimezoneRequest& request);

}  // namespace ll
