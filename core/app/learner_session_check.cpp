#include "core/app/learner_session_check.hpp"

namespace ll {

Result<Done> check_learner_session(SessionStanding& sessions, AccountStanding& accounts,
                                   const TokenClaims& claims) {
    if (!accounts.of(claims.user_id).exists) return Done{};  // cached: no second read
    return check_learner_session(sessions, claims);
}

}  // namespace ll
