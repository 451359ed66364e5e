#include "core/app/session_standing.hpp"

#include <algorithm>
#include <functional>

#include "core/domain/errors.hpp"

namespace ll {

SessionStanding::SessionStanding(RefreshSessionRepository& sessions, const Clock& clock,
                                 std::chrono::milliseconds max_age, std::size_t capacity)
    : sessions_(sessions),
      clock_(clock),
      max_age_(max_age),
      capacity_per_shard_(std::max<std::size_t>(1, capacity / kShards)) {}

SessionStanding::Shard& SessionStanding::shard_of(std::string_view family_id) {
    return shards_[std::hash<std::string_view>{}(family_id) % kShards];
}

bool SessionStanding::live(const TokenClaims& claims) {
    if (claims.session_id.empty()) return true;
    Shard& shard = shard_of(claims.session_id);
    const Timestamp now = clock_.now();
    const auto judge = [&](const Entry& e) {
        return e.user_id != 0 && e.user_id == claims.user_id && now < e.expires_at;
    };
    {
        std::lock_guard lock(shard.mutex);
        const auto it = shard.entries.find(claims.session_id);
        if (it != shard.entries.end() && now - it->second.read_at < max_age_)
            return judge(it->second);
    }
    // Read outside the lock: a slow database must not hold up the other sessions of the shard.
    Entry entry{0, {}, now};
    if (const auto family = sessions_.find_family(claims.session_id); family && !family->revoked_at)
        entry = Entry{family->user_id, family->expires_at, now};
    std::lock_guard lock(shard.mutex);
    if (shard.entries.size() >= capacity_per_shard_ && !shard.entries.count(claims.session_id)) {
        std::erase_if(shard.entries,
                      [&](const auto& e) { return now - e.second.read_at >= max_age_; });
        // Still full of fresh entries: start over rather than grow (each is re-read once).
        if (shard.entries.size() >= capacity_per_shard_) shard.entries.clear();
    }
    shard.entries.insert_or_assign(claims.session_id, entry);
    return judge(entry);
}

Result<Done> check_learner_session(SessionStanding& standing, const TokenClaims& claims) {
    if (!standing.live(claims)) return errors::invalid_token();
    return Done{};
}

void SessionStanding::forget(std::string_view family_id) {
    Shard& shard = shard_of(family_id);
    std::lock_guard lock(shard.mutex);
    shard.entries.erase(std::string(family_id));
}

}  // namespace ll
