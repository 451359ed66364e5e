#pragma once
// The authoring API's route table (docs/spec/authoring.md "Routes", docs/spec/service.md's staff
// routes): every handler checks the staff token, decodes the request, calls one use case, encodes
// the answer.
#include <chrono>

#include "adapters/http/server/metrics.hpp"
#include "adapters/http/server/rate_limiter.hpp"
#include "adapters/http/server/router.hpp"
#include "core/app/authoring/authoring_ports.hpp"
#include "core/app/authoring/card_analytics.hpp"
#include "core/app/authoring/preview.hpp"
#include "core/ports/accounts.hpp"
#include "core/ports/refresh_sessions.hpp"
#include "core/ports/security.hpp"
#include "core/ports/staff_sessions.hpp"

namespace ll::http {

struct AuthoringAccess {
    TokenService& tokens;
    const DevTokenVerifier& dev_tokens;
    // Staff tokens are checked against their account (still active, still staff) at least every
    // `account_recheck` (ACCOUNT_RECHECK_SECONDS).
    AccountRepository& accounts;
    // ... and a JWT against its refresh family (`sid`), signed out on the learner API (POST
    // /auth/logout-all, a password change or reset) or by a demotion: refused here within the
    // same window (docs/accounts.md "Staff credentials").
    RefreshSessionRepository& refresh_sessions;
    // The studio's sign-in (POST /api/session) and session cookie (docs/studio.md "Sign-in and
    // sessions"), held to the login's limits (`limits`: AUTH_RATE_PER_MINUTE,
    // LOGIN_FAILURES_PER_EMAIL, TRUSTED_PROXIES, which also decide the cookie's Secure).
    PasswordHasher& hasher;
    StaffSessionRepository& sessions;
    SessionSigner& signer;
    RateLimits limits;
    // MAX_BODY_BYTES: the limit of JSON bodies on routes whose own limit is larger (the picture
    // route takes a 10 MiB image or a JSON body).
    std::size_t max_json_bytes = 1024 * 1024;
    std::chrono::milliseconds account_recheck = std::chrono::seconds(30);
};

void add_authoring_routes(Router& router, AuthoringPorts ports, AuthoringAccess access,
                          Metrics& metrics, CardAnalyticsPorts analytics, PreviewPorts preview);

}  // namespace ll::http
