#include "adapters/http/api/access_policy.hpp"

#include "adapters/http/api/staff_cookie.hpp"
#include "core/app/authenticate.hpp"
#include "core/app/learner_session_check.hpp"
#include "core/app/staff_session.hpp"

namespace ll::http {

std::optional<Error> LearnerTokens::check_token(Request& request) const {
    auto claims = authenticate(tokens_, clock_, request.header("authorization"));
    if (!claims) return claims.error();
    request.claims = std::move(claims.value());
    return std::nullopt;
}

Result<std::optional<Id>> LearnerTokens::check_account(Request& request) const {
    if (const auto standing = check_learner_standing(*standing_, *request.claims); !standing)
        return standing.error();
    if (sessions_) {  // refuses a signed-out session's token
        if (const auto session = check_learner_session(*sessions_, *standing_, *request.claims);
            !session)
            return session.error();
    }
    return std::optional<Id>(request.claims->user_id);
}

std::optional<Error> LearnerTokens::check_maintainer(const Request&) const {
    return errors::insufficient_permissions();
}

std::optional<Error> StaffTokens::check_token(Request& request) const {
    const auto authorization = request.header("authorization");
    // A bearer header, when sent, decides; the cookie is looked at only without one.
    if (!authorization && sessions_) {
        if (const auto cookie = cookie_value(request, kStaffCookie))
            return check_cookie(request, *cookie);
    }
    auto principal = authenticate_staff(tokens_, clock_, dev_tokens_, authorization);
    if (!principal) return principal.error();
    request.staff = std::move(principal.value());
    return std::nullopt;
}

std::optional<Error> StaffTokens::check_cookie(Request& request, std::string_view cookie) const {
    auto principal = authenticate_staff_cookie(sessions_->signer, clock_, cookie);
    if (!principal) return principal.error();
    const std::string origin = own_origin(request, sessions_->origin);
    const auto csrf = check_csrf(sessions_->signer, *principal->session_id,
                                 CsrfEvidence{request.method, request.header(kCsrfHeader),
                                              request.header("origin"), origin});
    if (!csrf) return csrf.error();
    request.staff = std::move(principal.value());
    return std::nullopt;
}

Result<std::optional<Id>> StaffTokens::check_account(Request& request) const {
    auto principal =
        request.staff->session_id
            ? check_session_standing(sessions_->sessions, *standing_, clock_, *request.staff)
            : check_staff_standing(*standing_, *request.staff);
    if (!principal) return principal.error();
    if (const auto family = check_staff_token_session(*families_, principal.value()); !family)
        return family.error();
    request.staff = std::move(principal.value());  // with the account's current role
    return request.staff->user_id;
}

std::optional<Error> StaffTokens::check_maintainer(const Request& request) const {
    const auto allowed = require_maintainer(*request.staff);
    if (!allowed) return allowed.error();
    return std::nullopt;
}

}  // namespace ll::http
