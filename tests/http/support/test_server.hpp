#pragma once
// A learner-api in the test process: the real server, routes, argon2id and JWT, on the backend
// LL_TEST_BACKEND names, listening on a free loopback port, with a clock the test sets.
#include <memory>

#include "adapters/http/metrics.hpp"
#include "adapters/http/rate_limiter.hpp"
#include "adapters/http/server.hpp"
#include "adapters/memory/manual_clock.hpp"
#include "adapters/security/argon2id_password_hasher.hpp"
#include "adapters/security/jwt_token_service.hpp"
#include "tests/support/test_backends.hpp"

namespace ll::test {

inline constexpr const char* kTestSecret = "http-test-secret-0123456789abcdefghij";

struct TestServer {
    explicit TestServer(http::ServerOptions options = {}, http::RateLimits limits = {});
    ~TestServer();

    std::unique_ptr<TestDatabase> db;
    ManualClock clock;
    Argon2idPasswordHasher hasher;
    JwtTokenService tokens{kTestSecret, 7 * 24 * 3600};
    http::Metrics metrics;
    std::unique_ptr<http::Server> server;
    std::string media_dir;

    std::uint16_t port() const { return server->port(); }
    StorageBackend& storage() { return db->backend(); }
};

}  // namespace ll::test
