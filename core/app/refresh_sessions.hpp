#pragma once
// Sessions that last and can be revoked (docs/accounts.md "Sessions and
// sign-out"): a sign-in opens a refresh family per device; POST /auth/refresh exchanges its
// refresh token for a new access token and the family's next refresh token; a token used twice
// revokes its family (someone else holds a copy); sign-out revokes one family or all of them,
// and the access tokens issued for them stop working (core/app/session_standing.hpp).
#include <chrono>
#include <cstddef>
#include <string>
#include <string_view>

#include "core/app/requests/decoder.hpp"
#include "core/app/session_standing.hpp"
#include "core/domain/loose_value.hpp"
#include "core/domain/result.hpp"
#include "core/ports/accounts.hpp"
#include "core/ports/clock.hpp"
#include "core/ports/languages.hpp"
#include "core/ports/refresh_sessions.hpp"
#include "core/ports/security.hpp"
#include "core/ports/staff_sessions.hpp"

namespace ll {

// What a new session (the login and the registration open one) uses: made from the learner routes'
// LearnerPorts, or from a use case's ports that hold these members too.
struct OpenSessionPorts {
    TokenService& tokens;
    SecretTokens& secrets;
    RefreshSessionRepository& sessions;
    const Clock& clock;
    std::chrono::seconds refresh_lifetime;
    template <typename From>
    OpenSessionPorts(const From& from)  // implicit on purpose: callers pass their own ports
        : tokens(from.tokens),
          secrets(from.secrets),
          sessions(from.sessions),
          clock(from.clock),
          refresh_lifetime(from.refresh_lifetime) {}
};

// What POST /auth/refresh, /auth/logout, /auth/logout-all and the purge of old sessions uses: made
// from the learner routes' LearnerPorts, or from a use case's ports that hold these members too.
struct SessionPorts : OpenSessionPorts {
    AccountRepository& accounts;
    LanguageRepository& languages;
    StaffSessionRepository& staff_sessions;
    template <typename From>
    SessionPorts(const From& from)  // implicit on purpose: callers pass their own ports
        : OpenSessionPorts(from),
          accounts(from.accounts),
          languages(from.languages),
          staff_sessions(from.staff_sessions) {}
};

// How long a pair of tokens lives from the answer that carries it (the answers' `expires_in` and
// `refresh_expires_in`, RFC 6749 5.1): JWT_EXPIRES_IN and REFRESH_EXPIRES_IN. A repeated refresh
// within kRefreshRetryGrace gets the first answer's pair and figures again (the same bytes), so
// its tokens may end up to that grace sooner than it says (docs/accounts.md "Sessions and
// sign-out").
struct TokenLifetimes {
    std::chrono::seconds access{};
    std::chrono::seconds refresh{};
};

// What a device keeps after a sign-in or a refresh.
struct SessionTokens {
    std::string token;  // the access token (the spec's claims, JWT_EXPIRES_IN, and `sid`)
    std::string
        refresh_token;       // opaque; valid until REFRESH_EXPIRES_IN after its family's last use
    std::string session_id;  // the family's id (the token's `sid`)
    TokenLifetimes lifetimes;
};

// The most sessions an account keeps: a new sign-in beyond them ends the least recently used,
// so repeated logins (a script, a misbehaving app) cannot grow the tables without bound.
inline constexpr std::size_t kMaxSessionsPerAccount = 20;

// How long after a refresh token's rotation presenting it again still counts as the same client
// retrying (the answer was lost on the way, or a flaky network sent the request twice): it gets
// the same new pair instead of ending the session. Later, it is a reuse and ends the family.
inline constexpr std::chrono::seconds kRefreshRetryGrace{10};

// The longest device label kept (bytes of the User-Agent, cut at a character boundary).
inline constexpr std::size_t kMaxDeviceLabelBytes = 200;
std::string device_label(std::string_view user_agent);

// A new family for a sign-in (register, login) of the account `claims` describes: its first
// refresh token and an access token that names it. Ends the account's least recently used
// sessions beyond kMaxSessionsPerAccount.
SessionTokens open_session(const OpenSessionPorts& ports, TokenClaims claims,
                           std::string_view user_agent);

// The body of POST /auth/refresh and POST /auth/logout: `refresh_token`, a non-empty string
// (what the client holds, verbatim); else 400 refresh_token is required.
struct RefreshTokenRequest {
    std::string refresh_token;
};
template <>
Result<RefreshTokenRequest> decode<RefreshTokenRequest>(const LooseValue& body);

// POST /auth/refresh. 401 Invalid or expired refresh token for a
// token that is unknown, expired, of a revoked family or already used (which also revokes its
// family, unless it is a retry within kRefreshRetryGrace: then the same pair again); 403 Account
// deactivated. The access token carries the account's current claims.
Result<SessionTokens> refresh_session(const SessionPorts& ports, SessionStanding& standing,
                                      const RefreshTokenRequest& request);

// POST /auth/logout: revokes the family of the caller's access token and the family of the
// refresh token sent (the same one, normally). 401 Invalid or
// expired refresh token when it belongs to another account (nothing revoked). A token that is
// unknown (already purged) revokes nothing more: the sign-out still ends the caller's session.
Result<Done> logout(const SessionPorts& ports, SessionStanding& standing, const TokenClaims& caller,
                    const RefreshTokenRequest& request);

// POST /auth/logout-all: revokes every family of the caller's account and ends its studio
// sessions (core/app/account_sessions.hpp), so every refresh token, every studio cookie
// and every access token issued with a `sid` stops working.
Result<Done> logout_all(const SessionPorts& ports, SessionStanding& standing,
                        const TokenClaims& caller);

// The background purge (like the Idempotency-Key records'): expired and revoked families with
// their tokens, and used tokens older than REFRESH_EXPIRES_IN; how many rows went.
std::size_t purge_expired_sessions(const SessionPorts& ports);

}  // namespace ll
