#pragma once
// What the learner routes check about a token's session (docs/accounts.md "Sessions and sign-out"),
// after its account's standing (core/app/authenticate.hpp check_learner_standing).
#include "core/app/account_standing.hpp"
#include "core/app/session_standing.hpp"

namespace ll {

// A token whose session was signed out: 401 Invalid or expired token. A token whose account no
// longer exists passes, like check_learner_standing lets it: its sessions went with the account,
// and the routes answer it as docs/spec/service.md says (GET /auth/me: 404 User not found).
Result<Done> check_learner_session(SessionStanding& sessions, AccountStanding& accounts,
                                   const TokenClaims& claims);

}  // namespace ll
