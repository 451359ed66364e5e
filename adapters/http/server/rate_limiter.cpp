#include "adapters/http/server/rate_limiter.hpp"

#include <algorithm>

#include <boost/asio/ip/address_v6.hpp>

#include "adapters/http/server/message.hpp"
#include "core/domain/digest.hpp"

namespace ll::http {
namespace {

bool trusted(std::string_view address, const std::vector<std::string>& proxies) {
    return std::find(proxies.begin(), proxies.end(), address) != proxies.end();
}

// Drops the times that have left the window.
void prune(std::vector<Timestamp>& events, Timestamp now, std::chrono::milliseconds window) {
    const auto alive =
        std::find_if(events.begin(), events.end(), [&](Timestamp t) { return t > now - window; });
    events.erase(events.begin(), alive);
}

}  // namespace

SlidingWindow::SlidingWindow(int limit, std::chrono::milliseconds window)
    : limit_(limit),
      window_(window),
      max_keys_(std::clamp<std::size_t>(kMaxEvents / static_cast<std::size_t>(std::max(1, limit)),
                                        1000, kMaxKeys)) {}

std::optional<int> SlidingWindow::blocked_locked(std::uint64_t key, Timestamp now) {
    if (limit_ <= 0) return std::nullopt;
    const auto it = events_.find(key);
    if (it == events_.end()) return std::nullopt;
    auto& events = it->second;
    prune(events, now, window_);
    if (static_cast<int>(events.size()) < limit_) {
        if (events.empty()) events_.erase(it);  // keeps the map to active keys
        return std::nullopt;
    }
    const auto wait = events.front() + window_ - now;
    return std::max<int>(1, static_cast<int>((wait.count() + 999) / 1000));
}

// A new key in a full table: expired keys go first; when every key is still live (a spray of
// distinct addresses or e-mails), the eighth with the oldest latest event goes. Amortised, each
// new key costs O(1): the O(n) pass runs once per n/8 insertions.
void SlidingWindow::make_room_locked(Timestamp now) {
    std::erase_if(events_, [&](const auto& entry) {
        return entry.second.empty() || entry.second.back() <= now - window_;
    });
    if (events_.size() < max_keys_) return;
    std::vector<std::pair<Timestamp, std::uint64_t>> latest;
    latest.reserve(events_.size());
    for (const auto& [key, events] : events_) latest.emplace_back(events.back(), key);
    const auto cut = latest.begin() + static_cast<std::ptrdiff_t>(latest.size() / 8 + 1);
    std::nth_element(latest.begin(), cut - 1, latest.end());
    for (auto it = latest.begin(); it != cut; ++it) events_.erase(it->second);
}

void SlidingWindow::record_locked(std::uint64_t key, Timestamp now) {
    auto it = events_.find(key);
    if (it == events_.end()) {
        if (events_.size() >= max_keys_) make_room_locked(now);
        it = events_.emplace(key, std::vector<Timestamp>{}).first;
    }
    auto& events = it->second;
    prune(events, now, window_);
    events.push_back(now);
    // Only the last `limit` times decide; older ones need not be kept.
    if (static_cast<int>(events.size()) > limit_)
        events.erase(events.begin(), events.end() - limit_);
}

std::optional<int> SlidingWindow::blocked(std::uint64_t key, Timestamp now) {
    std::lock_guard lock(mutex_);
    return blocked_locked(key, now);
}

std::optional<int> SlidingWindow::take(std::uint64_t key, Timestamp now) {
    std::lock_guard lock(mutex_);
    if (auto wait = blocked_locked(key, now)) return wait;
    if (limit_ > 0) record_locked(key, now);
    return std::nullopt;
}

void SlidingWindow::record(std::uint64_t key, Timestamp now) {
    std::lock_guard lock(mutex_);
    if (limit_ > 0) record_locked(key, now);
}

void SlidingWindow::forget_until(std::uint64_t key, Timestamp until) {
    std::lock_guard lock(mutex_);
    const auto it = events_.find(key);
    if (it == events_.end()) return;
    prune(it->second, until, std::chrono::milliseconds{0});
    if (it->second.empty()) events_.erase(it);
}

std::size_t SlidingWindow::keys() const {
    std::lock_guard lock(mutex_);
    return events_.size();
}

namespace {

// One table key for the pair (the two parts are digests already; the mix keeps pairs apart).
std::uint64_t combined(const ThrottleKey& key) {
    return key.account ^ (key.client * 0x9E3779B97F4A7C15ULL + 0x632BE59BD9B4E019ULL);
}

}  // namespace

void InProcessLoginThrottle::apply_clear(const ThrottleKey& key, Timestamp now) {
    std::optional<Timestamp> cleared;
    {
        std::lock_guard lock(mutex_);
        const auto it = cleared_.find(key.account);
        if (it == cleared_.end()) return;
        if (it->second <= now - kWindow) {
            cleared_.erase(it);  // every failure before it has left the window anyway
            return;
        }
        cleared = it->second;
    }
    window_.forget_until(combined(key), *cleared);
}

std::optional<int> InProcessLoginThrottle::blocked(const ThrottleKey& key) {
    const Timestamp now = clock_.now();
    apply_clear(key, now);
    return window_.blocked(combined(key), now);
}

void InProcessLoginThrottle::record_failure(const ThrottleKey& key) {
    const Timestamp now = clock_.now();
    apply_clear(key, now);
    window_.record(combined(key), now);
}

void InProcessLoginThrottle::clear_account(std::uint64_t account) {
    const Timestamp now = clock_.now();
    std::lock_guard lock(mutex_);
    if (cleared_.size() >= SlidingWindow::kMaxKeys)
        std::erase_if(cleared_, [&](const auto& e) { return e.second <= now - kWindow; });
    // Still full (a reset per account is rare; this takes 100,000 within 15 minutes): the
    // account's failures stay counted until they leave the window, as before the reset.
    if (cleared_.size() < SlidingWindow::kMaxKeys) cleared_[account] = now;
}

std::uint64_t address_key(std::string_view address) {
    return fnv1a64(address);
}

std::string limited_address(const std::string& address) {
    boost::system::error_code ec;
    const auto parsed = boost::asio::ip::make_address_v6(address, ec);
    if (ec || parsed.is_v4_mapped()) return address;
    auto bytes = parsed.to_bytes();
    std::fill(bytes.begin() + 8, bytes.end(), 0);
    return boost::asio::ip::address_v6(bytes).to_string() + "/64";
}

bool is_trusted_proxy(std::string_view peer, const std::vector<std::string>& trusted_proxies) {
    return trusted(peer, trusted_proxies);
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
            trim_ows(comma == std::string_view::npos ? rest : rest.substr(comma + 1));
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
