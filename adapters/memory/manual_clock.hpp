#pragma once
// A clock the tests set, with a fixed UTC offset standing in for APP_TIMEZONE; a learner's own
// zone is converted with the real tz database (tests of DST need the real rules).
#include <atomic>

#include "adapters/clock/tz_database.hpp"
#include "core/ports/clock.hpp"

namespace ll {

class ManualClock final : public Clock {
  public:
    explicit ManualClock(Timestamp now, std::chrono::minutes utc_offset = std::chrono::minutes{0})
        : now_(now.time_since_epoch().count()), offset_(utc_offset) {}

    Timestamp now() const override { return Timestamp{std::chrono::milliseconds{now_.load()}}; }
    Date local_date(Timestamp t) const override {
        return std::chrono::floor<std::chrono::days>(t + offset_);
    }
    std::optional<Date> local_date_in(Timestamp t, const std::string& zone) const override {
        return system_tz_database().local_date(t, zone);
    }
    void set(Timestamp t) { now_ = t.time_since_epoch().count(); }
    void advance(std::chrono::milliseconds d) { now_ += d.count(); }

  private:
    std::atomic<std::int64_t> now_;
    std::chrono::minutes offset_;
};

}  // namespace ll
