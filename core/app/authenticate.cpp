#include "core/app/authenticate.hpp"

namespace ll {

Result<TokenClaims> authenticate(TokenService& tokens, const Clock& clock,
                                 std::optional<std::string_view> authorization) {
    static constexpr std::string_view kPrefix = "Bearer ";
    if (!authorization || authorization->substr(0, kPrefix.size()) != kPrefix) {
        return errors::unauthorized();
    }
    const std::string_view token = authorization->substr(kPrefix.size());
    if (token.empty()) return errors::invalid_token();
    auto claims = tokens.verify(token, clock.now());
    if (!claims) return errors::invalid_token();
    return std::move(*claims);
}

}  // namespace ll
