#include "tests/http/support/api.hpp"

#include <filesystem>
#include <thread>

#include "adapters/security/base64url.hpp"
#include "core/domain/time_format.hpp"

using namespace ll;
using namespace ll::test;

TEST_CASE("token checks on JWT routes", "[http][auth]") {
    Api api;
    auto& c = api.client;
    const std::string token = api.learner();
    const auto me = [&](std::map<std::string, std::string> headers) {
        return c.call("GET", "/auth/me", {}, headers);
    };
    CHECK(me({}).error() == "Unauthorized");
    CHECK(me({}).status == 401);
    CHECK(me({{"Authorization", "Basic YWRhOnB3"}}).error() == "Unauthorized");
    CHECK(me({{"Authorization", "bearer " + token}}).error() == "Unauthorized");
    CHECK(me({{"Authorization", "Bearer garbage"}}).error() == "Invalid or expired token");
    CHECK(me({{"Authorization", "Bearer " + token + "x"}}).error() == "Invalid or expired token");
    const std::string none =
        base64url::encode(R"({"alg":"none","typ":"JWT"})") + "." +
        token.substr(token.find('.') + 1, token.rfind('.') - token.find('.') - 1) + ".";
    CHECK(me({{"Authorization", "Bearer " + none}}).error() == "Invalid or expired token");
    JwtTokenService other("another-secret-0123456789abcdefghijklmn", 3600);
    const auto claims = api.server.tokens.verify(token, api.server.clock.now());
    CHECK(
        me({{"Authorization", "Bearer " + other.issue(*claims, api.server.clock.now())}}).error() ==
        "Invalid or expired token");
    JwtTokenService short_lived(kTestSecret, 60);
    const std::string expiring = short_lived.issue(*claims, api.server.clock.now());
    CHECK(me({{"Authorization", "Bearer " + expiring}}).status == 200);
    api.server.clock.advance(std::chrono::minutes{2});
    CHECK(me({{"Authorization", "Bearer " + expiring}}).error() == "Invalid or expired token");
}

TEST_CASE("docs/spec/decisions.md 3: bodies, types, routes, methods, request ids",
          "[http][robustness]") {
    Api api;
    auto& c = api.client;
    const std::string token = api.learner();
    CHECK(c.post("/auth/login", "{not json").error() == "Invalid JSON body");
    CHECK(c.post("/auth/login", "[1,2]").error() == "Invalid JSON body");
    CHECK(c.post("/auth/login", "\"text\"").status == 400);
    CHECK(c.post("/auth/login", "").error() == "Invalid JSON body");
    CHECK(c.post("/auth/progress", "[]", token).error() == "Invalid JSON body");
    CHECK(c.post("/auth/login", R"({"email":["a@b.cd"],"password":{"x":1}})").error() ==
          "email and password are required");
    CHECK(c.post("/auth/register", std::string(200, '[') + std::string(200, ']')).error() ==
          "Invalid JSON body");

    const Reply big = c.post("/auth/register", R"({"email":"a@b.cd","password":")" +
                                                   std::string(1024 * 1024 + 10, 'x') + R"("})");
    CHECK(big.status == 413);
    CHECK(big.error() == "Payload too large");

    const Reply unknown = c.get("/auth/nothing-here");
    CHECK(unknown.status == 404);
    CHECK(unknown.error() == "Not found");
    const Reply wrong = c.call("PUT", "/auth/me");  // routing before authentication
    CHECK(wrong.status == 405);
    CHECK(wrong.error() == "Method not allowed");
    CHECK(wrong.header("allow") == "DELETE, GET, HEAD");
    CHECK(c.call("GET", "/auth/login").header("allow") == "POST");

    const Reply echoed = c.call("GET", "/auth/languages", {}, {{"X-Request-Id", "client-id-123"}});
    CHECK(echoed.header("x-request-id") == "client-id-123");
    const Reply generated =
        c.call("GET", "/auth/languages", {}, {{"X-Request-Id", "bad id with spaces"}});
    CHECK(generated.header("x-request-id").size() == 16);
    CHECK(c.get("/livez").header("x-request-id").size() == 16);
}

TEST_CASE("keep-alive: many requests on one connection", "[http][keepalive]") {
    Api api;
    std::string all;
    for (int i = 0; i < 3; ++i) {
        all += "GET /livez HTTP/1.1\r\nHost: x\r\n\r\n";
    }
    all += "GET /livez HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n";
    const std::string answer = api.client.raw(all);  // pipelined; the server answers all four
    std::size_t count = 0;
    for (std::size_t pos = 0; (pos = answer.find("HTTP/1.1 200", pos)) != std::string::npos; ++pos)
        ++count;
    CHECK(count == 4);
}

TEST_CASE("garbage and oversized headers get an answer and a closed connection",
          "[http][robustness]") {
    Api api;
    CHECK(api.client.raw("NOT HTTP AT ALL\r\n\r\n").find("400 Bad Request") != std::string::npos);
    const std::string huge =
        "GET /livez HTTP/1.1\r\nHost: x\r\nX-Big: " + std::string(9000, 'a') + "\r\n\r\n";
    CHECK(api.client.raw(huge).find(" 431 ") != std::string::npos);
    CHECK(api.client.get("/livez").status == 200);  // the server is still there
}

TEST_CASE("a slow client is cut off after the read timeout; others are served",
          "[http][slowloris]") {
    http::ServerOptions options;
    options.read_timeout = std::chrono::seconds{1};
    TestServer server(options);
    HttpClient client(server.port());
    const auto started = std::chrono::steady_clock::now();
    // Half a request line, never finished: the server closes without waiting longer.
    std::thread slow([&] { client.raw("GET /livez HTTP/1.1\r\nHost"); });
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    HttpClient other(server.port());
    CHECK(other.get("/livez").status == 200);
    slow.join();
    CHECK(std::chrono::steady_clock::now() - started < std::chrono::seconds{5});
}

TEST_CASE("health, readiness, metrics, media", "[http][ops]") {
    Api api;
    auto& c = api.client;
    CHECK(c.get("/livez").json.at("status") == "ok");
    CHECK(c.get("/healthz").status == 200);
    CHECK(c.get("/readyz").json.at("status") == "ready");
    const std::string token = api.learner();
    const Reply metrics = c.get("/metrics");
    CHECK(metrics.header("content-type").rfind("text/plain", 0) == 0);
    CHECK(metrics.body.find("langlearn_registrations_total 1") != std::string::npos);
    CHECK(metrics.body.find("langlearn_http_requests_total{route=\"/auth/"
                            "profile\",method=\"POST\",status=\"201\"} 1") != std::string::npos);
    // Counters the alerts use are there at 0 before their first event; each pool's queue
    // beside its bound (ServerOptions' defaults), one HELP and TYPE line per name.
    for (const char* zero : {"langlearn_bookings_total 0", "langlearn_database_unavailable_total 0",
                             "langlearn_http_queue_full_total{pool=\"hashing\"} 0",
                             "langlearn_http_queued{pool=\"hashing\"} 0",
                             "langlearn_http_queue_limit{pool=\"hashing\"} 64",
                             "langlearn_http_queue_limit{pool=\"worker\"} 1024",
                             "langlearn_http_queue_full_total{pool=\"decoding\"} 0",
                             "langlearn_http_queue_limit{pool=\"decoding\"} 8"}) {
        CHECK(metrics.body.find(std::string(zero) + "\n") != std::string::npos);
    }
    CHECK(metrics.body.find("# TYPE langlearn_http_queued gauge") ==
          metrics.body.rfind("# TYPE langlearn_http_queued gauge"));
    const std::string card =
        R"({"pair_id":)" + std::to_string(api.pair()) + R"(,"correct":true,"points":10})";
    CHECK(c.post("/auth/progress", card, token).status == 200);
    CHECK(c.get("/metrics").body.find("langlearn_bookings_total 1\n") != std::string::npos);

    // More in media_http_test.cpp.
    const std::string name = api.server.media.put("\x89PNG\r\n\x1a\n", "png");
    const Reply image = c.get("/media/" + name);
    CHECK(image.status == 200);
    CHECK(image.header("content-type") == "image/png");
    CHECK(image.body.size() == 8);
    CHECK(c.call("GET", "/media/" + name, {}, {{"If-None-Match", image.header("etag")}}).status ==
          304);
    CHECK(c.get("/media/missing.png").status == 404);
    CHECK(c.get("/media/..%2Fsecret").status == 404);
}

TEST_CASE("graceful stop: an in-flight request finishes", "[http][shutdown]") {
    auto server = std::make_unique<TestServer>();
    HttpClient client(server->port());
    // Registration spends an argon2id hash on the hashing pool: stop while it runs.
    std::thread request([&] {
        const Reply r =
            client.post("/auth/register", R"({"email":"late@example.com","password":"password1"})");
        CHECK(r.status == 201);
    });
    // Stop only once the request is on the hashing pool (counted in flight).
    for (int i = 0; i < 500 && server->metrics.render().find("langlearn_http_in_flight 1") ==
                                   std::string::npos;
         ++i) {
        std::this_thread::sleep_for(std::chrono::milliseconds(2));
    }
    server->server->stop();
    request.join();
    CHECK(server->storage().accounts().find_by_email("late@example.com"));
}
