#include "adapters/http/rate_limiter.hpp"

#include <algorithm>

namespace ll::http {
namespace {

std::string_view trim(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
    return s;
}

bool trusted(std::string_view address, const std::vector<std::string>& proxies) {
    return std::find(proxies.begin(), proxies.end(), address) != proxies.end();
}

}  // namespace

std::deque<Timestamp>& SlidingWindow::prune(const std::string& key, Timestamp now) {
    auto& events = events_[key];
    while (!events.empty() && events.front() <= now - window_) events.pop_front();
    return events;
}

std::optional<int> SlidingWindow::blocked_locked(const std::string& key, Timestamp now) {
    if (limit_ <= 0) return std::nullopt;
    auto& events = prune(key, now);
    if (static_cast<int>(events.size()) < limit_) {
        if (events.empty()) events_.erase(key);  // keeps the map to active keys
        return std::nullopt;
    }
    const auto wait = events.front() + window_ - now;
    return std::max<int>(1, static_cast<int>((wait.count() + 999) / 1000));
}

// Keys seen once (a sprayed e-mail, a passing address) would otherwise stay forever.
void SlidingWindow::sweep_locked(Timestamp now) {
    if (++writes_since_sweep_ < 4096) return;
    writes_since_sweep_ = 0;
    std::erase_if(events_, [&](const auto& entry) {
        return entry.second.empty() || entry.second.back() <= now - window_;
    });
}

std::optional<int> SlidingWindow::blocked(const std::string& key, Timestamp now) {
    std::lock_guard lock(mutex_);
    return blocked_locked(key, now);
}

std::optional<int> SlidingWindow::take(const std::string& key, Timestamp now) {
    std::lock_guard lock(mutex_);
    if (auto wait = blocked_locked(key, now)) return wait;
    if (limit_ > 0) {
        events_[key].push_back(now);
        sweep_locked(now);
    }
    return std::nullopt;
}

void SlidingWindow::record(const std::string& key, Timestamp now) {
    std::lock_guard lock(mutex_);
    if (limit_ <= 0) return;
    prune(key, now).push_back(now);
    sweep_locked(now);
}

std::string client_address(const std::string& peer, std::optional<std::string_view> forwarded_for,
                           const std::vector<std::string>& trusted_proxies) {
    if (!forwarded_for || !trusted(peer, trusted_proxies)) return peer;
    std::string_view rest = *forwarded_for;
    std::string candidate = peer;
    // Walk from the right: every hop a trusted proxy added is skipped.
    while (!rest.empty()) {
        const auto comma = rest.rfind(',');
        const std::string_view hop =
            trim(comma == std::string_view::npos ? rest : rest.substr(comma + 1));
        if (!hop.empty()) {
            candidate = std::string(hop);
            if (!trusted(hop, trusted_proxies)) break;
        }
        if (comma == std::string_view::npos) break;
        rest = rest.substr(0, comma);
    }
    return candidate;
}

}  // namespace ll::http
