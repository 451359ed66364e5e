#include "core/app/session_standing.hpp"

#include "core/domain/errors.hpp"

namespace ll {

SessionStanding::SessionStanding(RefreshSessionRepository& sessions, const Clock& clock,
                                 std::chrono::milliseconds max_age, std::size_t capacity)
    : sessions_(sessions), clock_(clock), cache_(clock, max_age, capacity) {}

bool SessionStanding::live(const TokenClaims& claims) {
    return live(claims.user_id, claims.session_id);
}

bool SessionStanding::live(Id user_id, std::string_view family_id) {
    if (family_id.empty()) return true;
    const std::string key(family_id);
    const Live live = cache_.get(key, [&] {
        const auto family = sessions_.find_family(key);
        return family && !family->revoked_at ? Live{family->user_id, family->expires_at} : Live{};
    });
    return live.user_id != 0 && live.user_id == user_id && clock_.now() < live.expires_at;
}

void SessionStanding::forget(std::string_view family_id) {
    cache_.forget(std::string(family_id));
}

Result<Done> check_learner_session(SessionStanding& standing, const TokenClaims& claims) {
    if (!standing.live(claims)) return errors::invalid_token();
    return Done{};
}

}  // namespace ll
