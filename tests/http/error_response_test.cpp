// An error's detail is for the log only (docs/architecture.md "Routes"): never in the answer's
// body, and logged on one line whatever it holds.
#include <catch2/catch.hpp>

#include "adapters/http/server/json_response.hpp"

using namespace ll;

TEST_CASE("error_response: the detail goes to the log line, never to the client", "[http]") {
    const Error e = errors::word_generation_failed("model said: secret-ish\nFAKE LOG LINE");
    const http::Response r = http::error_response(e);
    CHECK(r.status == 502);
    CHECK(r.body == R"({"error":"Word generation failed","code":"word_generation_failed"})");
    CHECK(r.body.find("secret-ish") == std::string::npos);
    REQUIRE(r.log_detail);
    CHECK(*r.log_detail == "Word generation failed: model said: secret-ish\\x0aFAKE LOG LINE");

    const http::Response plain = http::error_response(errors::not_found());
    CHECK_FALSE(plain.log_detail);
}
