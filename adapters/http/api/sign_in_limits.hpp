#pragma once
// The limits of the routes that take a password (docs/spec/decisions.md 10): POST /auth/register
// and /auth/login on learner-api, POST /api/session on authoring-api. One place, so the staff
// sign-in is held to exactly the login's rules.
#include <cstddef>
#include <memory>
#include <string>
#include <vector>

#include "adapters/http/api/staff_cookie.hpp"
#include "adapters/http/server/rate_limiter.hpp"
#include "adapters/http/server/router.hpp"
#include "core/ports/clock.hpp"

namespace ll::http {

// The per-address window and the failed-login lockout of one service.
struct SignInLimits {
    SignInLimits(const RateLimits& l, const Clock& clock)
        : origin{l.trusted_proxies, l.public_origin},
          per_address(l.auth_rate_per_minute, std::chrono::minutes{1}),
          failed_logins(l.login_failures_per_email, clock) {}
    OriginPolicy origin;  // the sign-in's Origin check
    SlidingWindow per_address;
    InProcessLoginThrottle failed_logins;
};

// Counts the request against its client address on the I/O thread, before the body is read or
// any hashing is queued; 429 over the limit.
Guard address_limit(std::shared_ptr<SignInLimits> limits, const Clock& clock);

// The address the request came from (the peer, or what a trusted proxy forwarded): the per-address
// limit's key, and with the account the lockout's; IPv6 by its /64 (docs/operations.md "Rate limits
// and lockout").
std::string client_of(const SignInLimits& limits, const Request& request);

// Credentials bodies are two short strings (an e-mail of at most 254 bytes, a password of at
// most 1,024 characters): a few KiB, whatever MAX_BODY_BYTES allows elsewhere.
inline constexpr std::size_t kCredentialsBodyBytes = 8 * 1024;

}  // namespace ll::http
