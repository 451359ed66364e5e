// docs/spec/decisions.md 10/11: register + login per client address, failed logins per e-mail, 429
// with Retry-After; X-Forwarded-For only from a trusted proxy.
#include "tests/http/support/api.hpp"

using namespace ll;
using namespace ll::test;

namespace {
std::string credentials(const std::string& email, const std::string& password) {
    return R"({"email":")" + email + R"(","password":")" + password + R"("})";
}
}  // namespace

TEST_CASE("per client address: register and login share the budget of a minute",
          "[http][ratelimit]") {
    TestServer server({}, http::RateLimits{3, 0, {}});
    HttpClient c(server.port());
    CHECK(c.post("/auth/register", credentials("a@example.com", "password1")).status == 201);
    CHECK(c.post("/auth/login", credentials("a@example.com", "password1")).status == 200);
    CHECK(c.post("/auth/login", "not json").status == 400);  // counted too
    const Reply limited = c.post("/auth/login", credentials("a@example.com", "password1"));
    CHECK(limited.status == 429);
    CHECK(limited.error() == "Too many requests");
    CHECK(limited.header("retry-after") == "60");
    CHECK(c.post("/auth/register", credentials("b@example.com", "password1")).status == 429);
    CHECK(c.get("/livez").status == 200);  // other routes are not limited
    server.clock.advance(std::chrono::seconds{61});
    CHECK(c.post("/auth/login", credentials("a@example.com", "password1")).status == 200);
}

TEST_CASE("failed logins per e-mail: blocked after the limit, even with the right password",
          "[http][ratelimit]") {
    TestServer server({}, http::RateLimits{0, 2, {}});
    HttpClient c(server.port());
    REQUIRE(c.post("/auth/register", credentials("ada@example.com", "password1")).status == 201);
    CHECK(c.post("/auth/login", credentials("ada@example.com", "wrong-one")).status == 401);
    // The e-mail is normalised before counting: the same address in another spelling.
    CHECK(c.post("/auth/login", credentials("  ADA@example.com ", "wrong-two")).status == 401);
    const Reply blocked = c.post("/auth/login", credentials("ada@example.com", "password1"));
    CHECK(blocked.status == 429);
    CHECK(blocked.error() == "Too many requests");
    CHECK(blocked.header("retry-after") == "900");
    // Another e-mail is not affected.
    CHECK(c.post("/auth/login", credentials("nobody@example.com", "x")).status == 401);
    server.clock.advance(std::chrono::minutes{15});
    CHECK(c.post("/auth/login", credentials("ada@example.com", "password1")).status == 200);
}

TEST_CASE("X-Forwarded-For counts only behind a trusted proxy", "[http][ratelimit]") {
    SECTION("untrusted peer: the header is ignored, every request counts against the peer") {
        TestServer server({}, http::RateLimits{1, 0, {}});
        HttpClient c(server.port());
        CHECK(c.call("POST", "/auth/login", credentials("x@example.com", "p"),
                     {{"X-Forwarded-For", "10.0.0.1"}})
                  .status == 401);
        CHECK(c.call("POST", "/auth/login", credentials("x@example.com", "p"),
                     {{"X-Forwarded-For", "10.0.0.2"}})
                  .status == 429);
    }
    SECTION("trusted peer: each forwarded client has its own budget") {
        TestServer server({}, http::RateLimits{1, 0, {"127.0.0.1"}});
        HttpClient c(server.port());
        CHECK(c.call("POST", "/auth/login", credentials("x@example.com", "p"),
                     {{"X-Forwarded-For", "10.0.0.1"}})
                  .status == 401);
        CHECK(c.call("POST", "/auth/login", credentials("x@example.com", "p"),
                     {{"X-Forwarded-For", "10.0.0.2, 127.0.0.1"}})
                  .status == 401);
        CHECK(c.call("POST", "/auth/login", credentials("x@example.com", "p"),
                     {{"X-Forwarded-For", "10.0.0.1"}})
                  .status == 429);
    }
}
