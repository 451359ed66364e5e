// The service's own messages as JSON lines (adapters/http/server/json_log_formatter.hpp): one
// parseable line per message whatever it holds.
#include <catch2/catch.hpp>

#include <sstream>
#include <string>

#include <spdlog/sinks/ostream_sink.h>
#include <spdlog/spdlog.h>
#include <boost/json.hpp>

#include "adapters/http/server/json_log_formatter.hpp"

using namespace ll::http;

TEST_CASE("json log lines: time, level, logger and the message, escaped, one line each",
          "[logging]") {
    std::ostringstream out;
    auto sink = std::make_shared<spdlog::sinks::ostream_sink_mt>(out);
    spdlog::logger logger("langlearn", sink);
    logger.set_formatter(std::make_unique<JsonLogFormatter>());
    logger.warn("request {}: \"quoted\" and\nsecond line\t\\ {}", "a1b2", "Grüße");
    logger.error("plain");

    std::istringstream lines(out.str());
    std::string first, second, rest;
    REQUIRE(std::getline(lines, first));
    REQUIRE(std::getline(lines, second));
    CHECK_FALSE(std::getline(lines, rest));  // exactly two lines: the newline was escaped
    const auto a = boost::json::parse(first).as_object();
    CHECK(a.at("level") == "warning");
    CHECK(a.at("logger") == "langlearn");
    CHECK(a.at("message") == "request a1b2: \"quoted\" and\nsecond line\t\\ Grüße");
    const std::string time(a.at("time").as_string());
    CHECK(time.size() == 24);  // 2026-12-06T03:12:45.123Z
    CHECK(time.back() == 'Z');
    CHECK(a.size() == 4);
    const auto b = boost::json::parse(second).as_object();
    CHECK(b.at("level") == "error");
    CHECK(b.at("message") == "plain");
}
