#pragma once
#include <string>

#include "core/ports/clock.hpp"

namespace ll {

// The real clock. APP_TIMEZONE is applied process-wide through TZ (the C library's zone
// database, Debian's tzdata), once at construction, before any thread starts.
class SystemClock final : public Clock {
  public:
    // Throws std::invalid_argument when the zone is unknown.
    explicit SystemClock(const std::string& iana_zone);
    Timestamp now() const override;
    Date local_date(Timestamp t) const override;
    std::optional<Date> local_date_in(Timestamp t, const std::string& zone) const override;
};

}  // namespace ll
