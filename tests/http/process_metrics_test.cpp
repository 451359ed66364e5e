// The process gauges (adapters/http/server/process_metrics.hpp): resident memory read from
// /proc, cgroup memory limits parsed in both cgroup versions.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "adapters/http/server/process_metrics.hpp"

using namespace ll::http;

TEST_CASE("resident memory: grows by what the process touches", "[metrics][process]") {
    const auto before = resident_memory_bytes();
    REQUIRE(before);
    CHECK(*before > double(1 << 20));
    std::vector<char> touched(16 << 20, 'x');  // 16 MiB written: resident from now on
    const auto after = resident_memory_bytes();
    REQUIRE(after);
    CHECK(*after - *before >= double(15 << 20));
    CHECK(*after - *before <= double(64 << 20));
    CHECK(touched.back() == 'x');

    Metrics metrics;
    add_process_metrics(metrics);
    const std::string text = metrics.render();
    CHECK(text.find("# TYPE process_resident_memory_bytes gauge\nprocess_resident_memory_bytes ") !=
          std::string::npos);
    // The limit is there exactly when this process's cgroup has one.
    CHECK((text.find("\nlanglearn_memory_limit_bytes ") != std::string::npos) ==
          memory_limit_bytes().has_value());
}

TEST_CASE("cgroup memory limits: v2 and v1 files, and no limit", "[metrics][process]") {
    CHECK(parse_memory_limit("268435456\n") == 268435456.0);   // v2 memory.max, 256Mi
    CHECK(parse_memory_limit("536870912") == 536870912.0);     // v1 limit_in_bytes, 512Mi
    CHECK_FALSE(parse_memory_limit("max\n"));                  // v2: none
    CHECK_FALSE(parse_memory_limit("9223372036854771712\n"));  // v1: none
    CHECK_FALSE(parse_memory_limit(""));
    CHECK_FALSE(parse_memory_limit("12abc"));
    CHECK_FALSE(parse_memory_limit("0"));
}
