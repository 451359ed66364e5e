#pragma once
// docs/spec/decisions.md 10: at most LOGIN_FAILURES_PER_EMAIL failed logins per account in 15
// minutes, then 429 without trying the password. Keys are fixed-size numbers made by the core
// (login_throttle_key), so whatever a client sends, an entry costs the same few bytes.
#include <cstdint>
#include <optional>

namespace ll {

class LoginThrottle {
  public:
    virtual ~LoginThrottle() = default;
    // Seconds until the next attempt is allowed when `key` is at its limit, else nullopt.
    virtual std::optional<int> blocked(std::uint64_t key) = 0;
    virtual void record_failure(std::uint64_t key) = 0;
};

// Counts nothing (LOGIN_FAILURES_PER_EMAIL=0, and the core's unit tests).
class NoLoginThrottle final : public LoginThrottle {
  public:
    std::optional<int> blocked(std::uint64_t) override { return std::nullopt; }
    void record_failure(std::uint64_t) override {}
};

}  // namespace ll
