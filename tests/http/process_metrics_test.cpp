// The process gauges (adapters/http/server/process_metrics.hpp): resident memory read from
// /proc, cgroup memory limits parsed in both cgroup versions.
#include <catch2/catch.hpp>

#include <chrono>
#include <ctime>
#include <set>
#include <sstream>
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

TEST_CASE("process CPU and start time: from /proc, as the client libraries name them",
          "[metrics][process]") {
    const auto before = cpu_seconds();
    REQUIRE(before);
    // Burn 0.3 s of this process's CPU, counted as CPU time (std::clock), not as time on the
    // wall: on a busy machine 0.3 s of wall time may give the process far less.
    const std::clock_t start = std::clock();
    volatile unsigned long spin = 0;
    while (std::clock() - start < CLOCKS_PER_SEC * 3 / 10) spin = spin + 1;
    const auto after = cpu_seconds();
    REQUIRE(after);
    CHECK(*after - *before >= 0.2);

    const auto started = start_time_seconds();
    REQUIRE(started);
    const double now =
        std::chrono::duration<double>(std::chrono::system_clock::now().time_since_epoch()).count();
    CHECK(*started <= now + 1);    // clock ticks round down
    CHECK(*started > now - 3600);  // this test process started within the hour

    Metrics metrics;
    add_process_metrics(metrics);
    const std::string text = metrics.render();
    CHECK(text.find("# TYPE process_cpu_seconds_total counter\nprocess_cpu_seconds_total ") !=
          std::string::npos);
    CHECK(text.find("# TYPE process_start_time_seconds gauge\nprocess_start_time_seconds ") !=
          std::string::npos);
}

TEST_CASE("metrics text: every family has HELP and TYPE once; info labels escaped", "[metrics]") {
    Metrics metrics;
    add_process_metrics(metrics);
    metrics.observe_request("/feed", "GET", 200, 0.01);
    metrics.declare("langlearn_bookings_total");
    metrics.increment("langlearn_logins_total", "outcome", "success");
    metrics.add_info("langlearn_build_info", "The running build.",
                     {{"version", "0.1.0"}, {"revision", "a\"b\\c\nd"}});
    const std::string text = metrics.render();
    CHECK(text.find("langlearn_build_info{version=\"0.1.0\",revision=\"a\\\"b\\\\c\\nd\"} 1\n") !=
          std::string::npos);
    std::istringstream lines(text);
    std::set<std::string> helped, typed;
    for (std::string line; std::getline(lines, line);) {
        std::istringstream words(line);
        std::string hash, kind, name;
        if (!(words >> hash >> kind >> name) || hash != "#") continue;
        if (kind == "HELP") CHECK(helped.insert(name).second);
        if (kind == "TYPE") {
            CHECK(typed.insert(name).second);
            CHECK(helped.count(name) == 1);  // HELP comes first
        }
    }
    CHECK(typed.count("langlearn_bookings_total") == 1);
    CHECK(typed.count("langlearn_build_info") == 1);
    CHECK(helped == typed);
    CHECK(text.find("A langlearn counter.") == std::string::npos);  // each counter described
}
