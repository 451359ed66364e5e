// The one-io_context-per-thread variant of the server (a benchmarking switch) serves the same
// answers as the default: connections spread over both contexts, keep-alive, and bookings that
// leave the worker pool and come back to the right connection.
#include <atomic>
#include <thread>

#include "tests/http/support/api.hpp"

using namespace ll;
using namespace ll::test;

TEST_CASE("one io_context per thread: concurrent keep-alive clients and exact bookings",
          "[http][iomodel]") {
    http::ServerOptions options;
    options.io_context_per_thread = true;
    TestServer server(options);  // two I/O threads, so two contexts
    HttpClient setup(server.port());
    const Reply registered =
        setup.post("/auth/register", R"({"email":"io@example.com","password":"password1"})");
    REQUIRE(registered.status == 201);
    const std::string token(registered.json.at("token").as_string());
    REQUIRE(
        setup
            .post("/auth/profile", R"({"username":"io_user","nativeLang":1,"targetLang":3})", token)
            .status == 201);
    const Id pair = server.storage().content_seeder().add_pair(SeedPair{"word", "published", {}});

    std::atomic<int> ok{0};
    std::vector<std::thread> threads;
    for (int t = 0; t < 6; ++t) {
        threads.emplace_back([&] {
            HttpClient client(server.port());  // one connection, several requests on it
            for (int i = 0; i < 5; ++i) {
                const Reply r = client.post(
                    "/auth/progress",
                    R"({"pair_id":)" + std::to_string(pair) + R"(,"correct":true,"points":2})",
                    token);
                if (r.status == 200) ++ok;
            }
        });
    }
    for (auto& t : threads) t.join();
    CHECK(ok == 30);
    CHECK(setup.get("/auth/me", token).json.at("total_ep") == 60);
    CHECK(setup.get("/auth/stats", token).json.at("today").at("cards") == 30);
}

TEST_CASE("one io_context per thread: graceful stop with idle connections open",
          "[http][iomodel]") {
    http::ServerOptions options;
    options.io_context_per_thread = true;
    options.shutdown_grace = std::chrono::seconds{5};
    TestServer server(options);
    HttpClient a(server.port());
    HttpClient b(server.port());
    CHECK(a.get("/livez").status == 200);
    CHECK(b.get("/livez").status == 200);
    const auto started = std::chrono::steady_clock::now();
    server.server->stop();  // idle keep-alive connections on both contexts are closed at once
    CHECK(std::chrono::steady_clock::now() - started < std::chrono::seconds{3});
}
