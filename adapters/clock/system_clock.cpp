#include "adapters/clock/system_clock.hpp"

#include "adapters/clock/tz_database.hpp"

#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <stdexcept>

namespace ll {

SystemClock::SystemClock(const std::string& iana_zone) {
    // glibc silently falls back to UTC for unknown zones: check the file ourselves.
    const bool plain_utc = iana_zone == "UTC" || iana_zone == "Etc/UTC";
    if (!plain_utc && (iana_zone.empty() || iana_zone.find("..") != std::string::npos ||
                       !std::filesystem::exists("/usr/share/zoneinfo/" + iana_zone))) {
        throw std::invalid_argument("unknown time zone: " + iana_zone);
    }
    ::setenv("TZ", iana_zone.c_str(), 1);
    ::tzset();
}

Timestamp SystemClock::now() const {
    return std::chrono::time_point_cast<std::chrono::milliseconds>(
        std::chrono::system_clock::now());
}

Date SystemClock::local_date(Timestamp t) const {
    const std::time_t secs =
        std::chrono::system_clock::to_time_t(std::chrono::time_point_cast<std::chrono::seconds>(t));
    std::tm local{};
    ::localtime_r(&secs, &local);
    return Date{std::chrono::year{local.tm_year + 1900} / (local.tm_mon + 1) / local.tm_mday};
}

std::optional<Date> SystemClock::local_date_in(Timestamp t, const std::string& zone) const {
    return system_tz_database().local_date(t, zone);
}

}  // namespace ll
