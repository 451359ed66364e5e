#include "core/app/account_standing.hpp"

namespace ll {

AccountStanding::AccountStanding(AccountRepository& accounts, const Clock& clock,
                                 std::chrono::milliseconds max_age, std::size_t capacity)
    : accounts_(accounts), cache_(clock, max_age, capacity) {}

AccountStatus AccountStanding::of(Id user_id) {
    return cache_.get(user_id, [&] {
        AccountStatus status;
        if (const auto account = accounts_.find_by_id(user_id))
            status = AccountStatus{true, account->is_active, account->role};
        return status;
    });
}

}  // namespace ll
