#pragma once
// A LoginThrottle for the core's tests: remembers every failure per key and blocks a key
// (Retry-After 60) after `limit` failures.
#include <map>
#include <optional>

#include "core/ports/login_throttle.hpp"

namespace ll::test {

struct CountingThrottle final : LoginThrottle {
    int limit = 1000;
    std::map<std::uint64_t, int> failures;
    std::optional<int> blocked(std::uint64_t key) override {
        return failures[key] >= limit ? std::optional<int>(60) : std::nullopt;
    }
    void record_failure(std::uint64_t key) override { ++failures[key]; }
};

}  // namespace ll::test
