// apps/common/background_tasks: housekeeping threads beside the server.
#include <catch2/catch.hpp>

#include <atomic>
#include <chrono>
#include <stdexcept>
#include <thread>

#include "apps/common/background_tasks.hpp"
#include "core/domain/errors.hpp"

using namespace std::chrono_literals;

namespace {
// Waits (bounded) until the counter reaches n; false when it does not.
bool reaches(const std::atomic<int>& counter, int n) {
    for (int i = 0; i < 500 && counter < n; ++i) std::this_thread::sleep_for(10ms);
    return counter >= n;
}
}  // namespace

TEST_CASE("background tasks run every interval until stopped", "[service][background]") {
    std::atomic<int> runs{0};
    ll::app::BackgroundTasks tasks;
    tasks.every("count", 0ms, 20ms, [&] { ++runs; });
    REQUIRE(reaches(runs, 3));
    const auto stop_started = std::chrono::steady_clock::now();
    tasks.stop();
    const int after_stop = runs;
    std::this_thread::sleep_for(60ms);
    CHECK(runs == after_stop);  // nothing runs after stop()
    // stop() wakes the waiting thread instead of sleeping out the interval.
    CHECK(std::chrono::steady_clock::now() - stop_started < 1s);
}

TEST_CASE("background tasks survive failures and wait for the first delay",
          "[service][background]") {
    std::atomic<int> runs{0};
    ll::app::BackgroundTasks tasks;
    tasks.every("fails", 0ms, 10ms, [&] {
        ++runs;
        if (runs % 2) throw ll::DatabaseUnavailable{};
        throw std::runtime_error("boom");
    });
    std::atomic<int> delayed{0};
    tasks.every("late", 1h, 10ms, [&] { ++delayed; });
    REQUIRE(reaches(runs, 4));  // both kinds of failure were caught, the task went on
    tasks.stop();               // returns although "late" is still in its first delay
    CHECK(delayed == 0);
}
