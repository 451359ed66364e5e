#pragma once
// Local dates in any IANA zone, read from the same tz database APP_TIMEZONE uses (Debian's
// tzdata in /usr/share/zoneinfo): a learner's "today" (docs/accounts.md "Time zone per
// learner"). glibc converts only in the one process-wide TZ, and GCC 12's <chrono> has no
// time zones, so the compiled zone files (TZif, RFC 8536) are read here: their 64-bit
// transitions and offsets. Debian builds them "fat" (transitions written out to 2037); an
// instant after the last transition keeps the last offset.
#include <chrono>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "core/domain/types.hpp"

namespace ll {

// One zone: the UTC offset from each transition on.
struct TzZone {
    std::vector<std::int64_t> transitions;  // seconds since the epoch, ascending
    std::vector<std::int32_t> offsets;      // UTC offset in seconds from transitions[i] on
    std::int32_t initial_offset = 0;        // before the first transition

    std::chrono::seconds offset_at(Timestamp t) const;
};

// Parses a TZif file's bytes; nullopt when they are not one.
std::optional<TzZone> parse_tzif(const std::string& bytes);

// A name the tz database could hold: 1 to 64 characters of letters, digits, "_", "-", "+" and
// "/", no empty, "." or ".." part, not starting with "/". Checked before any file is opened.
bool plausible_zone_name(const std::string& name);

// The zones of one directory, each read once and kept (the database has some 600). Thread-safe.
class TzDatabase {
  public:
    explicit TzDatabase(std::string root = "/usr/share/zoneinfo");
    // nullptr when the name is not a zone of the database.
    std::shared_ptr<const TzZone> find(const std::string& name) const;
    std::optional<Date> local_date(Timestamp t, const std::string& name) const;

  private:
    std::string root_;
    mutable std::mutex mutex_;
    mutable std::map<std::string, std::shared_ptr<const TzZone>> zones_;  // nullptr: not a zone
};

// The process's database (Debian's tzdata).
const TzDatabase& system_tz_database();

}  // namespace ll
