#pragma once
// Bearer-token checks of the JWT routes (docs/spec/service.md Conventions, docs/spec/decisions.md
// 7) in two steps: what the token itself says (signature, expiry, role claim), checked as soon as a
// request's header has arrived and before its body is read; then the account's standing now
// (active, current role), checked where the database may be read (docs/architecture.md
// "Authentication").
#include <optional>
#include <string_view>

#include "core/app/account_standing.hpp"
#include "core/app/learner_ports.hpp"
#include "core/app/session_standing.hpp"
#include "core/domain/entities.hpp"
#include "core/domain/result.hpp"

namespace ll {

// `authorization` is the Authorization header, nullopt when absent. "Bearer " is matched
// case-sensitively with one space: otherwise 401 Unauthorized; a bad token 401 Invalid or
// expired token.
Result<TokenClaims> authenticate(TokenService& tokens, const Clock& clock,
                                 std::optional<std::string_view> authorization);

// The authoring API's access rule (docs/spec/authoring.md "Access"): no or malformed header 401
// Unauthorized; neither a development token nor a valid JWT 401 Invalid or expired token; a
// JWT whose role is not a staff role (editor, admin) 403 Insufficient permissions.
Result<StaffPrincipal> authenticate_staff(TokenService& tokens, const Clock& clock,
                                          const DevTokenVerifier& dev_tokens,
                                          std::optional<std::string_view> authorization);

// A learner's token after its account was deactivated: 401 Invalid or expired token (the app
// then signs in again and is told `Account deactivated`). A token whose account no longer
// exists (deleted: DELETE /auth/me, langlearn-admin delete-user) is refused on every route
// with what docs/spec/service.md answers for an unknown user, 404 `User not found`, once the
// standing is read again; until then each route reads the account itself and answers it as
// one without an account (docs/accounts.md "Deleting an account and exporting its data").
Result<Done> check_learner_standing(AccountStanding& standing, const TokenClaims& claims);

// A staff JWT whose account is gone or deactivated: 401 Invalid or expired token; whose account
// is no longer staff: 403 Insufficient permissions. The principal gets the account's current
// role (a promotion or demotion applies without a new token). Development tokens pass.
Result<StaffPrincipal> check_staff_standing(AccountStanding& standing, StaffPrincipal principal);

// A staff JWT whose refresh family was signed out (POST /auth/logout or logout-all, a password
// change or reset, a demotion or deactivation: core/app/account_sessions.hpp): 401 Invalid or
// expired token, within ACCOUNT_RECHECK_SECONDS as on the learner API. A JWT without `sid`, a
// development token and a studio cookie (its own row is read) pass.
Result<Done> check_staff_token_session(SessionStanding& sessions, const StaffPrincipal& principal);

// Maintenance (categories, the orphan purges, setting up the link tables) is the admin's: an
// `admin` account or a development token (operators' scripts, which act as admin); an `editor`
// 403 Insufficient permissions (docs/authoring-guide.md "Who may do what"). Checked on the role
// the token states as soon as it is known, and again on the account's current role after
// check_staff_standing, so a demoted admin loses these routes within ACCOUNT_RECHECK_SECONDS
// like every other staff route. A principal whose role is not known yet (a session cookie
// before its row was read) passes here and is checked after step two.
Result<Done> require_maintainer(const StaffPrincipal& principal);

}  // namespace ll
