#include "adapters/http/api/staff_cookie.hpp"

#include "adapters/http/server/rate_limiter.hpp"

namespace ll::http {
namespace {

std::string_view trim(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
    return s;
}

bool equals_ignoring_case(std::string_view a, std::string_view b) {
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i) {
        const auto lower = [](char c) { return c >= 'A' && c <= 'Z' ? char(c - 'A' + 'a') : c; };
        if (lower(a[i]) != lower(b[i])) return false;
    }
    return true;
}

}  // namespace

std::optional<std::string_view> cookie_value(const Request& request, std::string_view name) {
    for (const auto& [header, value] : request.headers) {
        if (header != "cookie") continue;
        std::string_view rest = value;
        while (!rest.empty()) {
            const auto semicolon = rest.find(';');
            const std::string_view pair = trim(rest.substr(0, semicolon));
            const auto equals = pair.find('=');
            if (equals != std::string_view::npos && trim(pair.substr(0, equals)) == name)
                return trim(pair.substr(equals + 1));
            if (semicolon == std::string_view::npos) break;
            rest.remove_prefix(semicolon + 1);
        }
    }
    return std::nullopt;
}

bool arrived_over_https(const Request& request, const std::vector<std::string>& trusted_proxies) {
    const auto proto = request.header("x-forwarded-proto");
    if (!proto || !is_trusted_proxy(request.client_address, trusted_proxies)) return false;
    const auto comma = proto->rfind(',');
    return equals_ignoring_case(
        trim(comma == std::string_view::npos ? *proto : proto->substr(comma + 1)), "https");
}

std::string own_origin(const Request& request, const std::vector<std::string>& trusted_proxies) {
    return std::string(arrived_over_https(request, trusted_proxies) ? "https://" : "http://") +
           std::string(request.header("host").value_or(""));
}

std::string staff_cookie(std::string_view value, std::chrono::seconds max_age, bool secure) {
    std::string out =
        std::string(kStaffCookie) + "=" + std::string(value) +
        "; Path=/; HttpOnly; SameSite=Strict; Max-Age=" + std::to_string(max_age.count());
    if (secure) out += "; Secure";
    return out;
}

}  // namespace ll::http
