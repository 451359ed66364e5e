#pragma once
// decisions.md 10/11 rate limits on register + login: at most N requests a minute per client
// address, at most M failed logins per e-mail in 15 minutes (0 disables either). Counters live
// in this process: with several replicas each one counts its own share (docs/architecture.md).
#include <chrono>
#include <deque>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "core/domain/types.hpp"

namespace ll::http {

struct RateLimits {
    int auth_rate_per_minute = 600;
    int login_failures_per_email = 10;
    std::vector<std::string> trusted_proxies;  // peers whose X-Forwarded-For is believed
};

// A sliding window of event times per key.
class SlidingWindow {
  public:
    SlidingWindow(int limit, std::chrono::milliseconds window) : limit_(limit), window_(window) {}
    // Seconds until a slot frees when the key is at its limit, else nullopt.
    std::optional<int> blocked(const std::string& key, Timestamp now);
    // blocked(), and when not blocked records the event.
    std::optional<int> take(const std::string& key, Timestamp now);
    void record(const std::string& key, Timestamp now);

  private:
    std::deque<Timestamp>& prune(const std::string& key, Timestamp now);
    std::optional<int> blocked_locked(const std::string& key, Timestamp now);
    void sweep_locked(Timestamp now);  // drops keys whose events all left the window

    int limit_;
    std::chrono::milliseconds window_;
    std::mutex mutex_;
    std::unordered_map<std::string, std::deque<Timestamp>> events_;
    std::size_t writes_since_sweep_ = 0;
};

// The client address for the per-address limit: the peer, or the right-most X-Forwarded-For
// entry that is not itself a trusted proxy when the peer is one.
std::string client_address(const std::string& peer, std::optional<std::string_view> forwarded_for,
                           const std::vector<std::string>& trusted_proxies);

}  // namespace ll::http
