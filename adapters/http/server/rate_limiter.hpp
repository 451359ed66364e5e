#pragma once
// docs/spec/decisions.md 10/11 rate limits on register + login: at most N requests a minute per
// client address, at most M failed logins per account in 15 minutes (0 disables either). Counters
// live in this process: with several replicas each one counts its own share (docs/operations.md
// "Rate limits and lockout").
//
// Whatever clients send, the tables stay small: keys are 64-bit numbers (a digest of the
// address, the core's login_throttle_key), each key keeps at most `limit` times, and a table
// holds at most kMaxEvents / limit keys, at most kMaxKeys (when full, expired keys go first,
// then the least recently used): at most some 16 MiB per table.
#include <chrono>
#include <cstdint>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "core/ports/clock.hpp"
#include "core/ports/login_throttle.hpp"

namespace ll::http {

struct RateLimits {
    int auth_rate_per_minute = 600;
    int login_failures_per_email = 10;
    std::vector<std::string> trusted_proxies;  // peers whose X-Forwarded-For is believed
    // PUBLIC_ORIGIN (authoring-api): the studio's origin as browsers see it, e.g.
    // https://studio.example.com; empty: read from each request (docs/studio.md "Sign-in and
    // sessions").
    std::string public_origin{};
};

// A sliding window of event times per key.
class SlidingWindow {
  public:
    static constexpr std::size_t kMaxKeys = 100'000;
    static constexpr std::size_t kMaxEvents = 2'000'000;
    SlidingWindow(int limit, std::chrono::milliseconds window);
    // Seconds until a slot frees when the key is at its limit, else nullopt.
    std::optional<int> blocked(std::uint64_t key, Timestamp now);
    // blocked(), and when not blocked records the event.
    std::optional<int> take(std::uint64_t key, Timestamp now);
    void record(std::uint64_t key, Timestamp now);
    // Forgets the key's events up to and including `until`.
    void forget_until(std::uint64_t key, Timestamp until);
    std::size_t keys() const;

  private:
    std::optional<int> blocked_locked(std::uint64_t key, Timestamp now);
    void record_locked(std::uint64_t key, Timestamp now);
    void make_room_locked(Timestamp now);

    int limit_;
    std::chrono::milliseconds window_;
    std::size_t max_keys_;
    mutable std::mutex mutex_;
    // Oldest first. A vector, not a deque: a deque costs some 600 bytes for its first element.
    std::unordered_map<std::uint64_t, std::vector<Timestamp>> events_;
};

// The core's LoginThrottle on a SlidingWindow of 15 minutes, keyed by (client address,
// account) combined into one 64-bit number. A password reset clears an account on every
// address: the times it was cleared are kept (one entry per account, for the window's length,
// at most SlidingWindow::kMaxKeys), and failures before that time no longer count.
class InProcessLoginThrottle final : public LoginThrottle {
  public:
    InProcessLoginThrottle(int failures_allowed, const Clock& clock)
        : window_(failures_allowed, kWindow), clock_(clock) {}
    std::optional<int> blocked(const ThrottleKey& key) override;
    void record_failure(const ThrottleKey& key) override;
    void clear_account(std::uint64_t account) override;

  private:
    static constexpr std::chrono::minutes kWindow{15};
    // Drops the key's failures from before the account was last cleared.
    void apply_clear(const ThrottleKey& key, Timestamp now);

    SlidingWindow window_;
    const Clock& clock_;
    std::mutex mutex_;
    std::unordered_map<std::uint64_t, Timestamp> cleared_;
};

// The client address for the per-address limit: the peer, or the right-most X-Forwarded-For
// entry that is not itself a trusted proxy when the peer is one.
std::string client_address(const std::string& peer, std::optional<std::string_view> forwarded_for,
                           const std::vector<std::string>& trusted_proxies);

// Whether the peer is one of TRUSTED_PROXIES (whose X-Forwarded-* headers are believed).
bool is_trusted_proxy(std::string_view peer, const std::vector<std::string>& trusted_proxies);

// A fixed-size key for an address: a forwarded address may be anything.
std::uint64_t address_key(std::string_view address);

// The address as the sign-in limits count it: an IPv6 address by its /64 network (one host
// is usually given a whole /64, so counting single addresses would let it rotate through
// 2^64 of them), "2001:db8:1:2::/64"; IPv4 and anything that is no address as it is.
std::string limited_address(const std::string& address);

}  // namespace ll::http
