#include "adapters/http/json/codec.hpp"

#include <cmath>

#include "core/domain/time_format.hpp"

#include <cctype>
#include <charconv>

namespace ll::http {

namespace {

// Rewrites, outside strings, each number token that has an exponent. Boost.JSON writes doubles
// only that way and integers never, so a text without an 'E' (the common case, found by one
// memchr) is returned as it is.
std::string plain_numbers(std::string text) {
    if (text.find('E') == std::string::npos) return text;
    std::string out;
    out.reserve(text.size());
    bool in_string = false;
    for (std::size_t i = 0; i < text.size();) {
        const char c = text[i];
        if (in_string) {
            out += c;
            if (c == '\\' && i + 1 < text.size()) {
                out += text[i + 1];
                i += 2;
                continue;
            }
            if (c == '"') in_string = false;
            ++i;
            continue;
        }
        if (c == '"') {
            in_string = true;
            out += c;
            ++i;
            continue;
        }
        if (c == '-' || (c >= '0' && c <= '9')) {
            std::size_t end = i;
            bool exponent = false;
            while (end < text.size() &&
                   (std::isdigit(static_cast<unsigned char>(text[end])) || text[end] == '-' ||
                    text[end] == '+' || text[end] == '.' || text[end] == 'E' || text[end] == 'e')) {
                exponent = exponent || text[end] == 'E' || text[end] == 'e';
                ++end;
            }
            double number = 0;
            const auto parsed = std::from_chars(text.data() + i, text.data() + end, number);
            char buffer[32];
            const auto printed =
                exponent && parsed.ec == std::errc{} && parsed.ptr == text.data() + end
                    ? std::to_chars(buffer, buffer + sizeof buffer, number)
                    : std::to_chars_result{buffer, std::errc::value_too_large};
            if (printed.ec == std::errc{}) {
                out.append(buffer, printed.ptr);
            } else {
                out.append(text, i, end - i);
            }
            i = end;
            continue;
        }
        out += c;
        ++i;
    }
    return out;
}

}  // namespace

std::string to_text(const json::value& value) {
    return plain_numbers(json::serialize(value));
}

json::value nullable(const std::optional<std::string>& v) {
    return v ? json::value(*v) : json::value(nullptr);
}
json::value nullable(const std::optional<std::int64_t>& v) {
    return v ? json::value(*v) : json::value(nullptr);
}
json::value nullable(const std::optional<int>& v) {
    return v ? json::value(*v) : json::value(nullptr);
}
json::value nullable(const std::optional<double>& v) {
    return v ? json::value(*v) : json::value(nullptr);
}

json::value timestamp(const std::optional<Timestamp>& t) {
    return t ? json::value(format_timestamp(*t)) : json::value(nullptr);
}

namespace {
// Pixel coordinates: whole numbers print as integers (10, not 1E1), fractions as they are.
json::value pixel(double v) {
    if (std::trunc(v) == v && std::fabs(v) < 9.0e15)
        return json::value(static_cast<std::int64_t>(v));
    return json::value(v);
}
}  // namespace

json::array selections_json(const std::vector<Selection>& selections) {
    json::array out;
    for (const auto& s : selections) {
        if (s.type == Selection::Type::bbox) {
            out.push_back(json::object{{"type", "bbox"},
                                       {"x", pixel(s.x)},
                                       {"y", pixel(s.y)},
                                       {"w", pixel(s.w)},
                                       {"h", pixel(s.h)}});
        } else {
            json::array points;
            for (const auto& [x, y] : s.points) points.push_back(json::array{pixel(x), pixel(y)});
            out.push_back(json::object{{"type", "polygon"}, {"points", std::move(points)}});
        }
    }
    return out;
}

}  // namespace ll::http
