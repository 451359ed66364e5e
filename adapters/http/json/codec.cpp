#include "adapters/http/json/codec.hpp"

#include <cmath>

#include "core/domain/time_format.hpp"

#include <cctype>
#include <charconv>

namespace ll::http {

std::optional<json::object> parse_object(const std::string& body) {
    json::error_code ec;
    // Nesting is bounded by Boost.JSON's default max_depth (32), so hostile input cannot
    // exhaust the stack.
    json::value value = json::parse(body, ec);
    if (ec || !value.is_object()) return std::nullopt;
    return std::move(value.as_object());
}

LooseValue to_loose(const json::value& v) {
    switch (v.kind()) {
        case json::kind::null:
            return LooseValue::null();
        case json::kind::bool_:
            return LooseValue::of(v.get_bool());
        case json::kind::int64:
            return LooseValue::of(static_cast<std::int64_t>(v.get_int64()));
        case json::kind::uint64:
            return LooseValue::of(static_cast<double>(v.get_uint64()));
        case json::kind::double_:
            return LooseValue::of(v.get_double());
        case json::kind::string:
            return LooseValue::of(std::string(v.get_string()));
        case json::kind::array: {
            std::vector<LooseValue> items;
            items.reserve(v.get_array().size());
            for (const auto& item : v.get_array()) items.push_back(to_loose(item));
            return LooseValue::array(std::move(items));
        }
        case json::kind::object: {
            std::vector<std::pair<std::string, LooseValue>> members;
            members.reserve(v.get_object().size());
            for (const auto& [key, value] : v.get_object())
                members.emplace_back(std::string(key), to_loose(value));
            return LooseValue::object(std::move(members));
        }
    }
    return LooseValue::missing();
}

LooseValue loose_field(const json::object& object, std::string_view name) {
    const auto* v = object.if_contains(name);
    return v ? to_loose(*v) : LooseValue::missing();
}

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
