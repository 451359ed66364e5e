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
    if (text.size() < 19) return std::nullopt;
    const auto date = parse_date(text.substr(0, 10));
    int h = 0, mi = 0, s = 0;
    if (!date || (text[10] != 'T' && text[10] != ' ') || text[13] != ':' || text[16] != ':' ||
        !read_number(text, 11, 2, h) || !read_number(text, 14, 2, mi) ||
        !read_number(text, 17, 2, s) || h > 23 || mi > 59 || s > 60) {
        return std::nullopt;
    }
    std::size_t pos = 19;
    int millis = 0;
    if (pos < text.size() && text[pos] == '.') {
        ++pos;
        int scale = 100;
        const std::size_t start = pos;
        while (pos < text.size() && text[pos] >= '0' && text[pos] <= '9') {
            millis += (text[pos] - '0') * scale;
            scale /= 10;
            ++pos;
        }
        if (pos == start || pos - start > 9) return std::nullopt;
    }
    const std::string_view zone = text.substr(pos);
    if (!(zone.empty() || zone == "Z" || zone == "+00" || zone == "+00:00" || zone == "+0000")) {
        return std::nullopt;
    }
    return Timestamp{*date} + std::chrono::hours{h} + std::chrono::minutes{mi} +
           std::chrono::seconds{s} + std::chrono::milliseconds{millis};
}

std::optional<Timestamp> parse_rfc3339(std::string_view text) {
    if (text.size() < 20 || text[10] != 'T') return std::nullopt;
    if (text.back() == 'Z') return parse_timestamp(text);
    // "+HH:MM" or "-HH:MM" at the end: the local time minus the offset.
    const std::size_t at = text.size() - 6;
    const char sign = text[at];
    int h = 0, m = 0;
    if ((sign != '+' && sign != '-') || text[at + 3] != ':' || !read_number(text, at + 1, 2, h) ||
        !read_number(text, at + 4, 2, m) || h > 23 || m > 59)
        return std::nullopt;
    const auto local = parse_timestamp(text.substr(0, at));
    if (!local) return std::nullopt;
    const auto offset = std::chrono::hours{h} + std::chrono::minutes{m};
    return sign == '+' ? *local - offset : *local + offset;
}

}  // namespace ll
