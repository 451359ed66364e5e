#pragma once
// Whether a learner's access token still belongs to a live session (docs/accounts.md
// "Sessions and sign-out"). A token names its refresh family (`sid`); a sign-out revokes the
// family, and from then on the token is refused: at once by the process that handled the
// sign-out (it forgets what it knew), by the other replicas within ACCOUNT_RECHECK_SECONDS,
// because each keeps what it read about a family for at most that long (the same window as an
// account's standing, core/app/account_standing.hpp). So `me` and `progress` pay a map lookup,
// and one read per family and window.
#include <chrono>
#include <cstddef>
#include <string>
#include <string_view>

#include "core/app/recheck_cache.hpp"
#include "core/domain/result.hpp"
#include "core/ports/clock.hpp"
#include "core/ports/refresh_sessions.hpp"
#include "core/ports/security.hpp"

namespace ll {

class SessionStanding {
  public:
    SessionStanding(RefreshSessionRepository& sessions, const Clock& clock,
                    std::chrono::milliseconds max_age, std::size_t capacity = 100'000);

    // False when the token names a family that is gone, revoked, expired or another user's.
    // A token without `sid` (issued before sessions existed) passes. Throws what the repository
    // throws (DatabaseUnavailable).
    bool live(const TokenClaims& claims);
    // The same for the family `family_id` (empty: no family, passes) of the account `user_id`.
    bool live(Id user_id, std::string_view family_id);
    // Drops what this process knows about the family (after revoking it here).
    void forget(std::string_view family_id);

  private:
    struct Live {
        Id user_id = 0;  // 0: no live family
        Timestamp expires_at{};
    };

    RefreshSessionRepository& sessions_;
    const Clock& clock_;
    RecheckCache<std::string, Live> cache_;
};

// A learner's access token whose session was signed out: 401 Invalid or expired token, like an
// expired one (the app refreshes, is refused, and signs in again).
Result<Done> check_learner_session(SessionStanding& standing, const TokenClaims& claims);

}  // namespace ll
