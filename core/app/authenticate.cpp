#include "core/app/authenticate.hpp"

namespace ll {

namespace {

// The token after "Bearer " (one space, case-sensitive); nullopt when the header is not that.
std::optional<std::string_view> bearer(std::optional<std::string_view> authorization) {
    static constexpr std::string_view kPrefix = "Bearer ";
    if (!authorization || authorization->substr(0, kPrefix.size()) != kPrefix) return std::nullopt;
    return authorization->substr(kPrefix.size());
}

}  // namespace

Result<StaffPrincipal> authenticate_staff(TokenService& tokens, const Clock& clock,
                                          const DevTokenVerifier& dev_tokens,
                                          std::optional<std::string_view> authorization) {
    const auto token = bearer(authorization);
    if (!token) return errors::unauthorized();
    if (token->empty()) return errors::invalid_token();
    if (dev_tokens.matches(*token))
        return StaffPrincipal{kRoleAdmin, std::nullopt, true, std::nullopt, {}};
    auto claims = tokens.verify(*token, clock.now());
    if (!claims) return errors::invalid_token();
    if (!is_staff_role(claims->role)) return errors::insufficient_permissions();
    return StaffPrincipal{claims->role, claims->user_id, false, std::nullopt,
                          std::move(claims->session_id)};
}

Result<TokenClaims> authenticate(TokenService& tokens, const Clock& clock,
                                 std::optional<std::string_view> authorization) {
    const auto token = bearer(authorization);
    if (!token) return errors::unauthorized();
    if (token->empty()) return errors::invalid_token();
    auto claims = tokens.verify(*token, clock.now());
    if (!claims) return errors::invalid_token();
    return std::move(*claims);
}

Result<Done> check_learner_standing(AccountStanding& standing, const TokenClaims& claims) {
    const AccountStatus status = standing.of(claims.user_id);
    if (!status.exists) return errors::user_not_found();
    if (!status.active) return errors::invalid_token();
    return Done{};
}

Result<StaffPrincipal> check_staff_standing(AccountStanding& standing, StaffPrincipal principal) {
    if (principal.development_token || !principal.user_id) return principal;
    const AccountStatus status = standing.of(*principal.user_id);
    if (!status.exists || !status.active) return errors::invalid_token();
    if (!is_staff_role(status.role)) return errors::insufficient_permissions();
    principal.role = status.role;
    return principal;
}

Result<Done> check_staff_token_session(SessionStanding& sessions, const StaffPrincipal& principal) {
    if (principal.development_token || !principal.user_id || principal.session_id) return Done{};
    if (!sessions.live(*principal.user_id, principal.token_family)) return errors::invalid_token();
    return Done{};
}

Result<Done> require_maintainer(const StaffPrincipal& principal) {
    if (principal.role.empty() || principal.role == kRoleAdmin) return Done{};
    return errors::insufficient_permissions();
}

}  // namespace ll
