#pragma once
// A LoginThrottle for the core's tests: remembers every failure per (account, client) key and
// blocks a key (Retry-After 60) after `limit` failures.
#include <map>
#include <optional>
#include <utility>

#include "core/ports/login_throttle.hpp"

namespace ll::test {

struct CountingThrottle final : LoginThrottle {
    int limit = 1000;
    std::map<std::pair<std::uint64_t, std::uint64_t>, int> failures;  // (account, client)
    std::optional<int> blocked(const ThrottleKey& key) override {
        return failures[{key.account, key.client}] >= limit ? std::optional<int>(60) : std::nullopt;
    }
    void record_failure(const ThrottleKey& key) override { ++failures[{key.account, key.client}]; }
    int total() const {
        int sum = 0;
        for (const auto& [key, count] : failures) sum += count;
        return sum;
    }
    void clear_account(std::uint64_t account) override {
        std::erase_if(failures, [&](const auto& e) { return e.first.first == account; });
    }
};

}  // namespace ll::test
