#include "core/app/account_standing.hpp"

#include <algorithm>

namespace ll {

AccountStanding::AccountStanding(AccountRepository& accounts, const Clock& clock,
                                 std::chrono::milliseconds max_age, std::size_t capacity)
    : accounts_(accounts),
      clock_(clock),
      max_age_(max_age),
      capacity_per_shard_(std::max<std::size_t>(1, capacity / kShards)) {}

AccountStatus AccountStanding::of(Id user_id) {
    Shard& shard = shards_[static_cast<std::size_t>(user_id) % kShards];
    const Timestamp now = clock_.now();
    {
        std::lock_guard lock(shard.mutex);
        const auto it = shard.entries.find(user_id);
        if (it != shard.entries.end() && now - it->second.read_at < max_age_)
            return it->second.status;
    }
    // Read outside the lock: a slow database must not hold up the other accounts of the shard.
    AccountStatus status;
    if (const auto account = accounts_.find_by_id(user_id))
        status = AccountStatus{true, account->is_active, account->role};
    std::lock_guard lock(shard.mutex);
    if (shard.entries.size() >= capacity_per_shard_ && !shard.entries.count(user_id)) {
        std::erase_if(shard.entries,
                      [&](const auto& e) { return now - e.second.read_at >= max_age_; });
        // Still full of fresh entries: start over rather than grow (each is re-read once).
        if (shard.entries.size() >= capacity_per_shard_) shard.entries.clear();
    }
    shard.entries.insert_or_assign(user_id, Entry{status, now});
    return status;
}

}  // namespace ll
