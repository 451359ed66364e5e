#include "adapters/http/json/codec.hpp"

#include <cmath>

#include "core/domain/time_format.hpp"

#include <charconv>

namespace ll::http {

namespace {

// Rewrites, outside strings, each number token that has an exponent. Boost.JSON writes doubles
// only that way (1.5E0) and integers never, so a text without an 'E' (the common case, found by
// one memchr) is returned as it is. Outside strings an 'E' is part of a number (no literal has
// one); the text between two rewritten numbers is copied as one span.
std::string plain_numbers(std::string text) {
    if (text.find('E') == std::string::npos) return text;
    const auto in_number = [](char c) {
        return (c >= '0' && c <= '9') || c == '.' || c == '-' || c == '+';
    };
    // The first of `a` or `b` from `from` on (std::string::find_first_of calls memchr per
    // character, which costs more than the loop).
    const auto next = [&text](std::size_t from, char a, char b) {
        for (; from < text.size(); ++from)
            if (text[from] == a || text[from] == b) return from;
        return std::string::npos;
    };
    std::string out;
    out.reserve(text.size());
    std::size_t copied = 0;  // text[0, copied) is in `out`
    for (std::size_t at = next(0, '"', 'E'); at != std::string::npos; at = next(at, '"', 'E')) {
        if (text[at] == '"') {  // a string: skipped up to its closing quote, escapes and all
            at = next(at + 1, '"', '\\');
            while (at != std::string::npos && text[at] == '\\') at = next(at + 2, '"', '\\');
            if (at == std::string::npos) break;
            ++at;
            continue;
        }
        std::size_t begin = at, end = at + 1;
        while (begin > copied && in_number(text[begin - 1])) --begin;
        while (end < text.size() && in_number(text[end])) ++end;
        double number = 0;
        const auto parsed = std::from_chars(text.data() + begin, text.data() + end, number);
        char buffer[32];
        const auto printed = parsed.ec == std::errc{} && parsed.ptr == text.data() + end
                                 ? std::to_chars(buffer, buffer + sizeof buffer, number)
                                 : std::to_chars_result{buffer, std::errc::value_too_large};
        if (printed.ec == std::errc{}) {
            out.append(text, copied, begin - copied);
            out.append(buffer, printed.ptr);
            copied = end;
        }
        at = end;
    }
    out.append(text, copied, std::string::npos);
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

json::value loose_json(const LooseValue& value) {
    switch (value.kind) {
        case LooseValue::Kind::missing:
        case LooseValue::Kind::null:
            return nullptr;
        case LooseValue::Kind::boolean:
            return value.boolean;
        case LooseValue::Kind::integer:
            return value.integer;
        case LooseValue::Kind::number:
            return value.number;
        case LooseValue::Kind::string:
            return json::string(value.string);
        case LooseValue::Kind::array: {
            json::array out;
            for (const auto& item : value.items) out.push_back(loose_json(item));
            return out;
        }
        case LooseValue::Kind::object: {
            json::object out;
            for (const auto& [name, member] : value.members) out[name] = loose_json(member);
            return out;
        }
    }
    return nullptr;
}

}  // namespace ll::http
