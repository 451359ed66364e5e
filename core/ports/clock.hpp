#pragma once
#include <optional>
#include <string>

#include "core/domain/types.hpp"

namespace ll {

// Time is a port so tests set it (docs/spec/decisions.md 4). local_date() converts an instant into
// the calendar date of APP_TIMEZONE; local_date_in() into that of any zone of the tz database
// (a learner's own zone, docs/accounts.md "Time zone per learner").
class Clock {
  public:
    virtual ~Clock() = default;
    virtual Timestamp now() const = 0;
    virtual Date local_date(Timestamp t) const = 0;
    // nullopt when `zone` is not an IANA zone of the tz database.
    virtual std::optional<Date> local_date_in(Timestamp t, const std::string& zone) const = 0;
    Date today() const { return local_date(now()); }
    bool knows_zone(const std::string& zone) const {
        return local_date_in(Timestamp{}, zone).has_value();
    }
    // The learner's date: in their zone when they set one, else in APP_TIMEZONE.
    Date learner_date(Timestamp t, const std::optional<std::string>& zone) const {
        if (zone) {
            if (const auto date = local_date_in(t, *zone)) return *date;
        }
        return local_date(t);
    }
};

}  // namespace ll
