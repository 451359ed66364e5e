// The spec's lenient request parsing (docs/spec/decisions.md 3, 8, 10).
#include <algorithm>
#include <charconv>
#include <cmath>
#include <limits>

#include "core/domain/rules.hpp"
#include "core/domain/utf8.hpp"

namespace ll {
namespace {

constexpr std::int64_t kMax = std::numeric_limits<std::int64_t>::max();
constexpr std::int64_t kMin = std::numeric_limits<std::int64_t>::min();

// parseInt(text, 10): white space, optional sign, digits up to the first non-digit.
std::optional<std::int64_t> parse_int_text(std::string_view s) {
    std::size_t i = 0;
    while (i < s.size()) {
        const auto [cp, len] = utf8::decode(s, i);
        if (!utf8::is_js_whitespace(cp)) break;
        i += len;
    }
    bool negative = false;
    if (i < s.size() && (s[i] == '+' || s[i] == '-')) negative = s[i++] == '-';
    const std::size_t digits_start = i;
    std::int64_t value = 0;
    bool saturated = false;
    for (; i < s.size() && s[i] >= '0' && s[i] <= '9'; ++i) {
        const int digit = s[i] - '0';
        if (!saturated && value > (kMax - digit) / 10) saturated = true;
        if (!saturated) value = value * 10 + digit;
    }
    if (i == digits_start) return std::nullopt;
    if (saturated) return negative ? kMin : kMax;
    return negative ? -value : value;
}

// parseInt(String(x)) for a double: String() is decimal for 1e-6 <= |x| < 1e21, else
// exponent form whose mantissa's leading digit is what parseInt reads.
std::optional<std::int64_t> parse_int_double(double x) {
    if (std::isnan(x) || std::isinf(x)) return std::nullopt;
    const double magnitude = std::fabs(x);
    if (magnitude == 0.0) return 0;
    if (magnitude >= 1e21 || magnitude < 1e-6) {
        char buffer[64];
        const auto result =
            std::to_chars(buffer, buffer + sizeof buffer, magnitude, std::chars_format::scientific);
        (void)result;
        const std::int64_t digit = buffer[0] - '0';
        return x < 0 ? -digit : digit;
    }
    const double truncated = std::trunc(x);
    if (truncated >= 9.2e18) return kMax;
    if (truncated <= -9.2e18) return kMin;
    return static_cast<std::int64_t>(truncated);
}

}  // namespace

std::optional<std::int64_t> js_parse_int(const LooseValue& v) {
    using K = LooseValue::Kind;
    switch (v.kind) {
        case K::integer:
            return v.integer;
        case K::number:
            return parse_int_double(v.number);
        case K::string:
            return parse_int_text(v.string);
        case K::array:
            // String([a, ...]) starts with String(a); [] and [null] start with "" or ",".
            if (v.items.empty() || v.items[0].kind == K::null) return std::nullopt;
            return js_parse_int(v.items[0]);
        default:
            return std::nullopt;  // missing, null, booleans, objects
    }
}

Ep parse_points(const LooseValue& v) {
    return std::clamp<Ep>(js_parse_int(v).value_or(0), 0, kMaxPointsPerCard);
}

std::int32_t parse_goal(const LooseValue& v) {
    return static_cast<std::int32_t>(std::clamp<std::int64_t>(js_parse_int(v).value_or(0), 5, 500));
}

bool parse_correct(const LooseValue& v) {
    return (v.kind == LooseValue::Kind::boolean && v.boolean) ||
           (v.kind == LooseValue::Kind::string && v.string == "true");
}

PairIdParse parse_pair_id(const LooseValue& v) {
    using K = LooseValue::Kind;
    const PairIdParse not_positive{std::nullopt, PairIdProblem::not_positive};
    switch (v.kind) {
        case K::missing:
        case K::null:
            return {std::nullopt, PairIdProblem::missing};
        case K::integer:
            return v.integer > 0 ? PairIdParse{v.integer, {}} : not_positive;
        case K::number:
            // 5.0 is the integer 5 in JSON's number model; 2^53 keeps it exact.
            if (v.number >= 1 && v.number <= 9007199254740992.0 &&
                std::trunc(v.number) == v.number) {
                return {static_cast<Id>(v.number), {}};
            }
            return not_positive;
        case K::string: {
            if (v.string.empty()) return {std::nullopt, PairIdProblem::missing};
            Id id = 0;
            const char* end = v.string.data() + v.string.size();
            const bool digits_only = std::all_of(v.string.begin(), v.string.end(),
                                                 [](char c) { return c >= '0' && c <= '9'; });
            const auto [ptr, ec] = std::from_chars(v.string.data(), end, id);
            if (!digits_only || ec != std::errc{} || ptr != end || id <= 0) return not_positive;
            return {id, {}};
        }
        default:
            return not_positive;
    }
}

std::optional<std::int64_t> decimal_in(std::string_view text, std::int64_t lo, std::int64_t hi) {
    if (text.empty() || text.front() < '0' || text.front() > '9') return std::nullopt;
    std::int64_t value = 0;
    const char* end = text.data() + text.size();
    const auto [ptr, ec] = std::from_chars(text.data(), end, value);
    if (ec != std::errc() || ptr != end || value < lo || value > hi) return std::nullopt;
    return value;
}

}  // namespace ll
