#pragma once
// Wire formats of dates and instants (docs/spec/decisions.md 3).
#include <optional>
#include <string>
#include <string_view>

#include "core/domain/types.hpp"

namespace ll {

// "2026-11-22"
std::string format_date(Date d);
std::optional<Date> parse_date(std::string_view text);
// "2026-11-22T08:52:16.123Z"
std::string format_timestamp(Timestamp t);
// Accepts the format above and also "YYYY-MM-DD HH:MM:SS[.fff][+00]" as databases print it.
std::optional<Timestamp> parse_timestamp(std::string_view text);
// An RFC 3339 instant as a client sends it (a batch item's answered_at): "2026-11-23T18:05:00Z",
// "...T18:05:00.250+01:00"; the offset (Z or +/-HH:MM) is required, T and Z may be lower case,
// fractions of any length are cut to milliseconds, a leap second (:60) is refused.
std::optional<Timestamp> parse_rfc3339(std::string_view text);

}  // namespace ll
