#pragma once
// What a signed token cannot know: whether its account is still active and still has the role
// it was issued with. Tokens live for JWT_EXPIRES_IN (7 days by default); an account deactivated
// or demoted meanwhile (`langlearn-admin set-active` / `set-role`) loses access on every replica
// within ACCOUNT_RECHECK_SECONDS (docs/configuration.md), because each process keeps what it
// read about an account for at most that long.
//
// The cache is bounded (a learner-api sees many accounts) and thread-safe: it is split into
// shards by user id so concurrent requests of different learners rarely wait on one lock.
#include <array>
#include <chrono>
#include <cstddef>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>

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
    struct Entry {
        AccountStatus status;
        Timestamp read_at;
    };
    struct Shard {
        std::mutex mutex;
        std::unordered_map<Id, Entry> entries;
    };
    static constexpr std::size_t kShards = 16;

    AccountRepository& accounts_;
    const Clock& clock_;
    std::chrono::milliseconds max_age_;
    std::size_t capacity_per_shard_;
    std::array<Shard, kShards> shards_;
};

}  // namespace ll
