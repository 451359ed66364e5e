#include "adapters/http/api/access_policy.hpp"

#include "core/app/authenticate.hpp"

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
    return std::optional<Id>(request.claims->user_id);
}

std::optional<Error> StaffTokens::check_token(Request& request) const {
    auto principal =
        authenticate_staff(tokens_, clock_, dev_tokens_, request.header("authorization"));
    if (!principal) return principal.error();
    request.staff = std::move(principal.value());
    return std::nullopt;
}

Result<std::optional<Id>> StaffTokens::check_account(Request& request) const {
    auto principal = check_staff_standing(*standing_, *request.staff);
    if (!principal) return principal.error();
    request.staff = std::move(principal.value());  // with the account's current role
    return request.staff->user_id;
}

}  // namespace ll::http
