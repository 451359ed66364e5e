#include "core/domain/time_format.hpp"

#include <charconv>

#include <fmt/format.h>

namespace ll {
namespace {

bool read_number(std::string_view text, std::size_t pos, std::size_t width, int& out) {
    if (pos + width > text.size()) return false;
    for (std::size_t i = pos; i < pos + width; ++i) {
        if (text[i] < '0' || text[i] > '9') return false;
    }
    std::from_chars(text.data() + pos, text.data() + pos + width, out);
    return true;
}

// "YYYY-MM-DD?HH:MM:SS[.digits]" at the start of `text`, read as UTC: the instant and where the
// rest (the zone) begins. The two parsers below differ only in what they accept around it.
struct DateTimeRead {
    Timestamp at;
    std::size_t end = 0;
};

std::optional<DateTimeRead> read_date_time(std::string_view text, std::string_view separators,
                                           int max_second, std::size_t max_fraction_digits) {
    int h = 0, mi = 0, s = 0;
    if (text.size() < 19 || separators.find(text[10]) == std::string_view::npos ||
        text[13] != ':' || text[16] != ':' || !read_number(text, 11, 2, h) ||
        !read_number(text, 14, 2, mi) || !read_number(text, 17, 2, s) || h > 23 || mi > 59 ||
        s > max_second)
        return std::nullopt;
    const auto date = parse_date(text.substr(0, 10));
    if (!date) return std::nullopt;
    std::size_t pos = 19;
    int millis = 0;
    if (pos < text.size() && text[pos] == '.') {
        const std::size_t start = ++pos;
        for (int scale = 100; pos < text.size() && text[pos] >= '0' && text[pos] <= '9'; ++pos) {
            millis += (text[pos] - '0') * scale;  // digits past the millisecond add nothing
            scale /= 10;
        }
        if (pos == start || pos - start > max_fraction_digits) return std::nullopt;
    }
    return DateTimeRead{Timestamp{*date} + std::chrono::hours{h} + std::chrono::minutes{mi} +
                            std::chrono::seconds{s} + std::chrono::milliseconds{millis},
                        pos};
}

}  // namespace

std::string format_date(Date d) {
    const std::chrono::year_month_day ymd{d};
    return fmt::format("{:04d}-{:02d}-{:02d}", static_cast<int>(ymd.year()),
                       static_cast<unsigned>(ymd.month()), static_cast<unsigned>(ymd.day()));
}

std::optional<Date> parse_date(std::string_view text) {
    int y = 0, m = 0, d = 0;
    if (text.size() < 10 || text[4] != '-' || text[7] != '-' || !read_number(text, 0, 4, y) ||
        !read_number(text, 5, 2, m) || !read_number(text, 8, 2, d)) {
        return std::nullopt;
    }
    const std::chrono::year_month_day ymd{std::chrono::year{y}, std::chrono::month{unsigned(m)},
                                          std::chrono::day{unsigned(d)}};
    if (!ymd.ok() || text.size() != 10) return std::nullopt;
    return Date{ymd};
}

std::string format_timestamp(Timestamp t) {
    const auto day = std::chrono::floor<std::chrono::days>(t);
    const std::chrono::hh_mm_ss time{t - day};
    return fmt::format("{}T{:02d}:{:02d}:{:02d}.{:03d}Z", format_date(day), time.hours().count(),
                       time.minutes().count(), time.seconds().count(), time.subseconds().count());
}

std::optional<Timestamp> parse_timestamp(std::string_view text) {
    const auto read = read_date_time(text, "T ", 60, 9);
    if (!read) return std::nullopt;
    const std::string_view zone = text.substr(read->end);
    if (!(zone.empty() || zone == "Z" || zone == "+00" || zone == "+00:00" || zone == "+0000")) {
        return std::nullopt;
    }
    return read->at;
}

std::optional<Timestamp> parse_rfc3339(std::string_view text) {
    // RFC 3339 section 5.6, read strictly (parse_timestamp also takes what databases print):
    // full-date "T" HH:MM:SS [.digits] (Z | +HH:MM | -HH:MM), T and Z in either case. A leap
    // second (:60) is refused: the clock this service keeps has none.
    const auto read = read_date_time(text, "Tt", 59, std::string_view::npos);
    if (!read) return std::nullopt;
    const std::string_view zone = text.substr(read->end);
    if (zone == "Z" || zone == "z") return read->at;
    int oh = 0, om = 0;
    if (zone.size() != 6 || (zone[0] != '+' && zone[0] != '-') || zone[3] != ':' ||
        !read_number(zone, 1, 2, oh) || !read_number(zone, 4, 2, om) || oh > 23 || om > 59)
        return std::nullopt;
    const auto offset = std::chrono::hours{oh} + std::chrono::minutes{om};
    return zone[0] == '+' ? read->at - offset : read->at + offset;
}

}  // namespace ll
