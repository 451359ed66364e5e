#pragma once
// Bearer-token check of the JWT routes (service.md Conventions, decisions.md 7).
#include <optional>
#include <string_view>

#include "core/app/learner_ports.hpp"
#include "core/domain/result.hpp"

namespace ll {

// `authorization` is the Authorization header, nullopt when absent. "Bearer " is matched
// case-sensitively with one space: otherwise 401 Unauthorized; a bad token 401 Invalid or
// expired token.
Result<TokenClaims> authenticate(TokenService& tokens, const Clock& clock,
                                 std::optional<std::string_view> authorization);

}  // namespace ll
