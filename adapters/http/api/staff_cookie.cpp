#include "adapters/http/api/staff_cookie.hpp"

#include <boost/beast/core/string.hpp>

#include "adapters/http/server/rate_limiter.hpp"

namespace ll::http {

std::optional<std::string_view> cookie_value(const Request& request, std::string_view name) {
    for (const auto& [header, value] : request.headers) {
        if (header != "cookie") continue;
        std::string_view rest = value;
        while (!rest.empty()) {
            const auto semicolon = rest.find(';');
            const std::string_view pair = trim_ows(rest.substr(0, semicolon));
            const auto equals = pair.find('=');
            if (equals != std::string_view::npos && trim_ows(pair.substr(0, equals)) == name)
                return trim_ows(pair.substr(equals + 1));
            if (semicolon == std::string_view::npos) break;
            rest.remove_prefix(semicolon + 1);
        }
    }
    return std::nullopt;
}

bool arrived_over_https(const Request& request, const OriginPolicy& policy) {
    if (!policy.public_origin.empty()) return policy.public_origin.rfind("https://", 0) == 0;
    const auto proto = request.header("x-forwarded-proto");
    if (!proto || !is_trusted_proxy(request.client_address, policy.trusted_proxies)) return false;
    const auto comma = proto->rfind(',');
    return boost::beast::iequals(
        trim_ows(comma == std::string_view::npos ? *proto : proto->substr(comma + 1)), "https");
}

std::string own_origin(const Request& request, const OriginPolicy& policy) {
    if (!policy.public_origin.empty()) return policy.public_origin;
    return std::string(arrived_over_https(request, policy) ? "https://" : "http://") +
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
