#pragma once
// What a signed token cannot know: whether its account is still active and still has the role
// it was issued with. Tokens live for JWT_EXPIRES_IN (7 days by default); an account deactivated
// or demoted meanwhile (`langlearn-admin set-active` / `set-role`) loses access on every replica
// within ACCOUNT_RECHECK_SECONDS (docs/configuration.md), because each process keeps what it
// read about an account for at most that long.
//
// The cache is bounded (a learner-api sees many accounts) and thread-safe (RecheckCache).
#include <chrono>
#include <cstddef>
#include <string>

#include "core/app/recheck_cache.hpp"
#include "core/domain/entities.hpp"
#include "core/ports/accounts.hpp"
#include "core/ports/clock.hpp"

namespace ll {

struct AccountStatus {
    bool exists = false;  // false: no account has this id (any more)
    bool active = false;
    std::string role;
};

class AccountStanding {
  public:
    AccountStanding(AccountRepository& accounts, const Clock& clock,
                    std::chrono::milliseconds max_age, std::size_t capacity = 100'000);

    // The account as read at most max_age ago; reads the database otherwise (and then throws
    // what the repository throws, e.g. DatabaseUnavailable).
    AccountStatus of(Id user_id);

  private:
    AccountRepository& accounts_;
    RecheckCache<Id, AccountStatus> cache_;
};

}  // namespace ll
