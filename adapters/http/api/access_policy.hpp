#pragma once
// Who may call the routes of one API, in the two steps of core/app/authenticate.hpp: what the
// token alone says, checked on the I/O thread as soon as the header has arrived (a refused
// request's body is never read: docs/architecture.md "Before the body"); then the account's
// standing now, checked on the worker where the database may be read.
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "adapters/http/api/staff_cookie.hpp"
#include "adapters/http/server/message.hpp"
#include "core/app/account_standing.hpp"
#include "core/app/session_standing.hpp"
#include "core/domain/result.hpp"
#include "core/ports/clock.hpp"
#include "core/ports/security.hpp"
#include "core/ports/staff_sessions.hpp"

namespace ll::http {

class AccessPolicy {
  public:
    virtual ~AccessPolicy() = default;
    // Step one; on success what the token says is kept on the request (Request::claims/staff).
    virtual std::optional<Error> check_token(Request& request) const = 0;
    // Step two, after step one: the caller's user id for the access log (nullopt: a development
    // token), or 401/403 when the account has lost its standing.
    virtual Result<std::optional<Id>> check_account(Request& request) const = 0;
    // Whether step one has run for this request.
    virtual bool token_checked(const Request& request) const = 0;
    // Auth::admin routes, after step one and again after step two: whether the caller may do
    // maintenance (core/app/authenticate.hpp require_maintainer). No learner may.
    virtual std::optional<Error> check_maintainer(const Request& request) const = 0;
};

// The learner API: a learner's JWT (docs/spec/service.md Conventions).
class LearnerTokens final : public AccessPolicy {
  public:
    // `sessions`: whether the token's session was signed out; null: not checked.
    LearnerTokens(TokenService& tokens, const Clock& clock,
                  std::shared_ptr<AccountStanding> standing,
                  std::shared_ptr<SessionStanding> sessions = nullptr)
        : tokens_(tokens),
          clock_(clock),
          standing_(std::move(standing)),
          sessions_(std::move(sessions)) {}
    std::optional<Error> check_token(Request& request) const override;
    Result<std::optional<Id>> check_account(Request& request) const override;
    bool token_checked(const Request& request) const override { return request.claims.has_value(); }
    std::optional<Error> check_maintainer(const Request& request) const override;

  private:
    TokenService& tokens_;
    const Clock& clock_;
    std::shared_ptr<AccountStanding> standing_;
    std::shared_ptr<SessionStanding> sessions_;
};

// What the staff policy needs to accept the studio's session cookie.
struct StaffSessionChecks {
    const SessionSigner& signer;
    StaffSessionRepository& sessions;
    OriginPolicy origin;  // the CSRF check's own origin
};

// The authoring API: a staff JWT or a development token (docs/spec/authoring.md "Access"), or,
// when no Authorization header is sent, the staff session cookie (docs/studio.md "Sign-in and
// sessions"): step one checks its signature and expiry and, on state-changing methods, the CSRF
// token and Origin; step two the session row (a cookie) or the refresh family (a JWT), and the
// account's standing.
class StaffTokens final : public AccessPolicy {
  public:
    // `families`: whether a JWT's refresh family (its `sid`) was signed out, as LearnerTokens
    // checks it.
    StaffTokens(TokenService& tokens, const Clock& clock, const DevTokenVerifier& dev_tokens,
                std::shared_ptr<AccountStanding> standing,
                std::shared_ptr<SessionStanding> families,
                std::shared_ptr<const StaffSessionChecks> sessions)
        : tokens_(tokens),
          clock_(clock),
          dev_tokens_(dev_tokens),
          standing_(std::move(standing)),
          families_(std::move(families)),
          sessions_(std::move(sessions)) {}
    std::optional<Error> check_token(Request& request) const override;
    Result<std::optional<Id>> check_account(Request& request) const override;
    bool token_checked(const Request& request) const override { return request.staff.has_value(); }
    std::optional<Error> check_maintainer(const Request& request) const override;

  private:
    std::optional<Error> check_cookie(Request& request, std::string_view cookie) const;

    TokenService& tokens_;
    const Clock& clock_;
    const DevTokenVerifier& dev_tokens_;
    std::shared_ptr<AccountStanding> standing_;
    std::shared_ptr<SessionStanding> families_;
    std::shared_ptr<const StaffSessionChecks> sessions_;
};

}  // namespace ll::http
