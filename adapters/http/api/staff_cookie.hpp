#pragma once
// The staff session cookie as HTTP carries it (docs/studio.md "Sign-in and sessions"): reading
// it from Cookie, writing Set-Cookie, and what the request says of its own origin (for the
// Secure attribute and the CSRF check's Origin comparison).
#include <chrono>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "adapters/http/server/message.hpp"

namespace ll::http {

inline constexpr std::string_view kStaffCookie = "ll_staff";
inline constexpr std::string_view kCsrfHeader = "x-csrf-token";

// The value of cookie `name` in the request's Cookie header(s) (the first when sent twice),
// nullopt when absent.
std::optional<std::string_view> cookie_value(const Request& request, std::string_view name);

// Where browsers reach this service: PUBLIC_ORIGIN when configured, else each request's own
// scheme and Host (the scheme from a trusted proxy's X-Forwarded-Proto).
struct OriginPolicy {
    std::vector<std::string> trusted_proxies;
    std::string public_origin;  // empty: from the request
};

// Whether the client reached this service over TLS: PUBLIC_ORIGIN says https, or (without it)
// a proxy in TRUSTED_PROXIES says so with `X-Forwarded-Proto: https` (its right-most value: the
// one that proxy set); the service itself speaks plain HTTP.
bool arrived_over_https(const Request& request, const OriginPolicy& policy);

// The value a browser sends as Origin for this service's own pages: PUBLIC_ORIGIN, else
// "<scheme>://<Host header>".
std::string own_origin(const Request& request, const OriginPolicy& policy);

// The Set-Cookie value: `ll_staff=<value>; Path=/; HttpOnly; SameSite=Strict; Max-Age=<s>`
// (+ `; Secure`). Max-Age 0 with an empty value clears the cookie.
std::string staff_cookie(std::string_view value, std::chrono::seconds max_age, bool secure);

}  // namespace ll::http
