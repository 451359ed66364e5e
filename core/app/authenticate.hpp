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

// Who calls an authoring route: a development token (acting as admin) or a staff JWT.
struct StaffPrincipal {
    std::string role;             // editor, admin, ... (never end-user)
    std::optional<Id> user_id;    // nullopt for a development token
    bool development_token = false;
};

// The authoring API's access rule (authoring.md "Access"): no or malformed header 401
// Unauthorized; neither a development token nor a valid JWT 401 Invalid or expired token; a
// JWT of role end-user 403 Insufficient permissions. The role in a valid JWT is trusted as
// signed.
Result<StaffPrincipal> authenticate_staff(TokenService& tokens, const Clock& clock,
                                          const DevTokenVerifier& dev_tokens,
                                          std::optional<std::string_view> authorization);

}  // namespace ll
