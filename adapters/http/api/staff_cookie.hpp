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

// Whether the client reached this service over TLS. The service itself speaks plain HTTP, so
// only a proxy in TRUSTED_PROXIES can say so, with `X-Forwarded-Proto: https` (its right-most
// value: the one that proxy set).
bool arrived_over_https(const Request& request, const std::vector<std::string>& trusted_proxies);

// "<scheme>://<Host header>", the value a browser sends as Origin for this service's own pages.
std::string own_origin(const Request& request, const std::vector<std::string>& trusted_proxies);

// The Set-Cookie value: `ll_staff=<value>; Path=/; HttpOnly; SameSite=Strict; Max-Age=<s>`
// (+ `; Secure`). Max-Age 0 with an empty value clears the cookie.
std::string staff_cookie(std::string_view value, std::chrono::seconds max_age, bool secure);

}  // namespace ll::http
