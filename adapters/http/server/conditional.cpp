#include "adapters/http/server/conditional.hpp"

#include <limits>

#include "adapters/http/server/header_lists.hpp"
#include "adapters/http/server/message.hpp"

namespace ll::http {
namespace {

constexpr std::string_view kGzipSuffix = "-gzip";

// A tag compared weakly (RFC 9110 8.8.3.2): W/"x" stands for "x".
std::string_view without_weak(std::string_view tag) {
    return tag.substr(0, 2) == "W/" ? tag.substr(2) : tag;
}

// Digits only, saturating instead of overflowing; nullopt when empty or not digits.
std::optional<std::uint64_t> number(std::string_view s) {
    if (s.empty()) return std::nullopt;
    constexpr auto kMax = std::numeric_limits<std::uint64_t>::max();
    std::uint64_t value = 0;
    for (char c : s) {
        if (c < '0' || c > '9') return std::nullopt;
        const auto digit = static_cast<std::uint64_t>(c - '0');
        value = value > (kMax - digit) / 10 ? kMax : value * 10 + digit;
    }
    return value;
}

bool unit_is_bytes(std::string_view unit) {
    constexpr std::string_view kBytes = "bytes";
    if (unit.size() != kBytes.size()) return false;
    for (std::size_t i = 0; i < unit.size(); ++i) {
        const char lower = unit[i] >= 'A' && unit[i] <= 'Z' ? char(unit[i] - 'A' + 'a') : unit[i];
        if (lower != kBytes[i]) return false;  // range units are case-insensitive
    }
    return true;
}

}  // namespace

std::optional<std::string> header_list(const Request& request, std::string_view lower_name) {
    std::optional<std::string> joined;
    for (const auto& [name, value] : request.headers) {
        if (name != lower_name) continue;
        if (joined) {
            *joined += ',';
            *joined += value;
        } else {
            joined = value;
        }
    }
    return joined;
}

std::string gzip_tag(std::string_view etag) {
    if (etag.size() < 2 || etag.back() != '"') return std::string(etag);
    std::string out(etag.substr(0, etag.size() - 1));
    out += kGzipSuffix;
    out += '"';
    return out;
}

std::string_view without_gzip_suffix(std::string_view opaque) {
    if (opaque.size() > kGzipSuffix.size() && opaque.ends_with(kGzipSuffix))
        opaque.remove_suffix(kGzipSuffix.size());
    return opaque;
}

bool lists_tag(std::string_view header, std::string_view etag) {
    return any_element(header, [&](std::string_view tag) { return without_weak(tag) == etag; });
}

bool if_none_match(std::string_view header, std::string_view etag) {
    const std::string zipped = gzip_tag(etag);
    return any_element(header, [&](std::string_view tag) {
        return tag == "*" || without_weak(tag) == etag || without_weak(tag) == zipped;
    });
}

bool not_modified(const Request& request, std::string_view etag) {
    const auto tags = header_list(request, "if-none-match");
    return tags && if_none_match(*tags, etag);
}

IfMatchList parse_if_match(std::string_view header) {
    IfMatchList out;
    any_element(header, [&](std::string_view tag) {
        if (tag == "*") {
            out.any = true;
        } else if (tag.size() >= 2 && tag.front() == '"' && tag.back() == '"') {
            const std::string_view opaque = tag.substr(1, tag.size() - 2);
            if (opaque.find('"') == std::string_view::npos)
                out.tags.emplace_back(without_gzip_suffix(opaque));
        }
        return false;  // every element
    });
    return out;
}

bool if_range_matches(std::string_view header, std::string_view etag) {
    return trim_ows(header) == etag;
}

RangeRequest parse_range(std::string_view header, std::uint64_t total) {
    const auto eq = header.find('=');
    if (eq == std::string_view::npos || !unit_is_bytes(trim_ows(header.substr(0, eq)))) return {};
    const std::string_view spec = trim_ows(header.substr(eq + 1));
    if (spec.find(',') != std::string_view::npos) return {};  // several ranges: whole file
    const auto dash = spec.find('-');
    if (dash == std::string_view::npos) return {};
    const std::string_view first_text = spec.substr(0, dash), last_text = spec.substr(dash + 1);
    const RangeRequest unsatisfiable{RangeRequest::unsatisfiable, {}};

    if (first_text.empty()) {  // bytes=-n: the last n bytes
        const auto suffix = number(last_text);
        if (!suffix) return {};
        if (*suffix == 0 || total == 0) return unsatisfiable;
        const std::uint64_t length = *suffix < total ? *suffix : total;
        return {RangeRequest::partial, {total - length, total - 1}};
    }
    const auto first = number(first_text);
    if (!first) return {};
    std::uint64_t last = std::numeric_limits<std::uint64_t>::max();
    if (!last_text.empty()) {
        const auto given = number(last_text);
        if (!given || *given < *first) return {};  // last before first: invalid, ignored
        last = *given;
    }
    if (*first >= total) return unsatisfiable;
    return {RangeRequest::partial, {*first, last < total ? last : total - 1}};
}

}  // namespace ll::http
