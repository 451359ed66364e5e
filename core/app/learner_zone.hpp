#pragma once
// A learner's own time zone (docs/accounts.md "A time zone per learner"): what defines their
// "today" for bookings, the streak and the statistics' window.
#include <optional>
#include <string>

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

// A `timezone` field as a request sends it: missing or null is "no zone of one's own" (nullopt
// inside), a string must name a zone of the tz database; anything else is 400.
Result<std::optional<std::string>> read_timezone(const Clock& clock, const LooseValue& field);

struct SetTimezoneOutput {
    std::optional<std::string> timezone;  // null: APP_TIMEZONE
};

// PUT /auth/timezone {"timezone": "Europe/Berlin" | null}: 400 for a name the tz database does
// not know, 409 without a profile.
Result<SetTimezoneOutput> set_timezone(const ZonePorts& ports, Id user_id, const LooseValue& field);

}  // namespace ll
