#pragma once
// docs/spec/decisions.md 10, narrowed as docs/operations.md "Rate limits and lockout" says:
// at most LOGIN_FAILURES_PER_EMAIL failed passwords per (client address, account) in 15
// minutes, then 429 without trying the password. Keyed by both, so a stranger failing from
// their own address locks out only themselves, not the learner. Keys are fixed-size numbers
// made by the core (login_throttle_key), so whatever a client sends, an entry costs the same
// few bytes.
#include <cstdint>
#include <optional>

namespace ll {

struct ThrottleKey {
    std::uint64_t account = 0;  // the account id, or a digest of an e-mail no account has
    std::uint64_t client = 0;   // a digest of the client address
    bool operator==(const ThrottleKey&) const = default;
};

class LoginThrottle {
  public:
    virtual ~LoginThrottle() = default;
    // Seconds until the next attempt is allowed when `key` is at its limit, else nullopt.
    virtual std::optional<int> blocked(const ThrottleKey& key) = 0;
    virtual void record_failure(const ThrottleKey& key) = 0;
    // Forgets the failures of the account from every address (after a password reset: whoever
    // holds the mailbox is back in at once).
    virtual void clear_account(std::uint64_t account) = 0;
};

// Counts nothing (LOGIN_FAILURES_PER_EMAIL=0, and the core's unit tests).
class NoLoginThrottle final : public LoginThrottle {
  public:
    std::optional<int> blocked(const ThrottleKey&) override { return std::nullopt; }
    void record_failure(const ThrottleKey&) override {}
    void clear_account(std::uint64_t) override {}
};

}  // namespace ll
