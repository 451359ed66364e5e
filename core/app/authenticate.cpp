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
    if (dev_tokens.matches(*token)) return StaffPrincipal{"admin", std::nullopt, true};
    auto claims = tokens.verify(*token, clock.now());
    if (!claims) return errors::invalid_token();
    if (claims->role == kRoleEndUser) return errors::insufficient_permissions();
    return StaffPrincipal{claims->role, claims->user_id, false};
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

}  // namespace ll
