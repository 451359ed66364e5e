#pragma once
// Staff sessions (docs/studio.md "Sign-in and sessions"): the studio signs an editor in with the
// login's own checks and keeps them signed in by a cookie. Like a bearer token, a cookie is
// checked in two steps (core/app/authenticate.hpp): what it says (signature, expiry, and the
// CSRF defence of state-changing requests) as soon as the header has arrived, then the session
// row (not ended) and the account's standing (active, still staff) on the worker.
#include <chrono>
#include <optional>
#include <string>
#include <string_view>

#include "core/app/account_standing.hpp"
#include "core/app/login.hpp"
#include "core/domain/entities.hpp"
#include "core/domain/result.hpp"
#include "core/ports/accounts.hpp"
#include "core/ports/clock.hpp"
#include "core/ports/login_throttle.hpp"
#include "core/ports/security.hpp"
#include "core/ports/staff_sessions.hpp"

namespace ll {

// A session lasts this long from sign-in, whatever happens meanwhile (no sliding renewal).
inline constexpr std::chrono::seconds kStaffSessionLifetime = std::chrono::hours{12};

struct StaffSessionPorts {
    AccountRepository& accounts;
    PasswordHasher& hasher;
    StaffSessionRepository& sessions;
    SessionSigner& signer;
    const Clock& clock;
};

// What the studio is told about its session (POST and GET /api/session).
struct StaffSessionView {
    Id user_id = 0;
    std::string email;
    std::string role;
    std::string csrf_token;
    Timestamp expires_at{};
};

struct StaffSignIn {
    StaffSessionView view;
    std::string cookie;  // the cookie's value
};

// POST /api/session: the login's checks and answers (check_login: 400, 401, 403 Account
// deactivated, 429, with its lockout), then 403 Insufficient permissions for an account that is
// not staff (no session is made). Sessions expired by now are removed on the way.
Result<StaffSignIn> sign_in_staff(StaffSessionPorts& ports, LoginThrottle& throttle,
                                  const LoginInput& input);

// Step one of a request carrying the session cookie: 401 Invalid or expired token unless the
// cookie is well-formed, correctly signed and unexpired. The principal names the session only.
Result<StaffPrincipal> authenticate_staff_cookie(const SessionSigner& signer, const Clock& clock,
                                                 std::string_view cookie);

// What a cookie request shows of where it comes from.
struct CsrfEvidence {
    std::string_view method;
    std::optional<std::string_view> token;   // X-CSRF-Token
    std::optional<std::string_view> origin;  // Origin
    std::string_view own_origin;             // this service as the request reached it
};

// Whether a request may act for the session: GET, HEAD and OPTIONS always; any other method only
// with the session's CSRF token and, when an Origin is sent, from this service's own origin;
// otherwise 403 Missing or invalid CSRF token.
Result<Done> check_csrf(const SessionSigner& signer, std::string_view session_id,
                        const CsrfEvidence& request);

// A foreign Origin on the sign-in itself (a page elsewhere signing the browser into an account
// of its choosing): 403 Missing or invalid CSRF token. No Origin (scripts) passes.
Result<Done> check_sign_in_origin(std::optional<std::string_view> origin,
                                  std::string_view own_origin);

// Step two, on the worker: the session must exist, not be ended and not be expired (401 Invalid
// or expired token); then its account's standing as for a staff JWT (check_staff_standing). The
// principal gets the session's user and the account's current role.
Result<StaffPrincipal> check_session_standing(StaffSessionRepository& sessions,
                                              AccountStanding& standing, const Clock& clock,
                                              StaffPrincipal principal);

// GET /api/session for a principal that has passed both steps; a caller without a session (a
// bearer token) 401 Unauthorized.
Result<StaffSessionView> current_staff_session(StaffSessionPorts& ports,
                                               const StaffPrincipal& principal);

// DELETE /api/session: ends the session at once (every replica reads the row on every request);
// a caller without a session 401 Unauthorized.
Result<Done> sign_out_staff(StaffSessionPorts& ports, const StaffPrincipal& principal);

}  // namespace ll
