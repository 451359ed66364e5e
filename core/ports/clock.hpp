#pragma once
#include "core/domain/types.hpp"

namespace ll {

// Time is a port so tests set it (docs/spec/decisions.md 4). local_date() converts an instant into
// the calendar date of APP_TIMEZONE.
class Clock {
  public:
    virtual ~Clock() = default;
    virtual Timestamp now() const = 0;
    virtual Date local_date(Timestamp t) const = 0;
    Date today() const { return local_date(now()); }
};

}  // namespace ll
