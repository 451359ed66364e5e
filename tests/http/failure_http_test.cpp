#include "tests/http/support/api.hpp"

#include <cstdlib>

using namespace ll;
using namespace ll::test;

TEST_CASE("unhandled failures: 500 without detail, 503 for an unreachable database",
          "[http][failure]") {
    http::Metrics metrics;
    http::Router router;
    router.add(http::Route{"GET", "/boom", {}, [](http::Request&) -> http::Response {
                               throw std::runtime_error("secret internal detail");
                           }});
    router.add(http::Route{"GET", "/db-down", {}, [](http::Request&) -> http::Response {
                               throw DatabaseUnavailable();
                           }});
    http::ServerOptions options;
    options.access_log = false;
    http::Server server(options, std::move(router), metrics);
    server.start();
    HttpClient client(server.port(), /*record=*/false);
    const Reply boom = client.get("/boom");
    CHECK(boom.status == 500);
    CHECK(boom.error() == "Internal server error");
    CHECK(boom.body.find("secret") == std::string::npos);
    CHECK(boom.header("x-request-id").size() == 16);
    const Reply down = client.get("/db-down");
    CHECK(down.status == 503);
    CHECK(down.error() == "Service unavailable");
    // Counted for the database-unavailable alert (deploy/prometheus/alerts.yml); a 500 is not.
    CHECK(metrics.render().find("langlearn_database_unavailable_total 1\n") != std::string::npos);
    CHECK(client.get("/boom").status == 500);  // the server keeps serving
    server.stop();
}

// Runs alone (ctest RUN_SERIAL): it stops and restarts the shared throw-away PostgreSQL.
TEST_CASE("PostgreSQL down: 503 and /readyz 503, then recovery without a restart",
          "[http][restart]") {
    const char* ctl = std::getenv("LL_TEST_PG_CTL");
    const char* dir = std::getenv("LL_TEST_PG_DIR");
    REQUIRE(ctl);
    REQUIRE(dir);
    Api api;
    const std::string token = api.learner();
    REQUIRE(api.client.get("/auth/me", token).status == 200);
    REQUIRE(std::system((std::string(ctl) + " kill " + dir).c_str()) == 0);
    const Reply down = api.client.get("/auth/me", token);
    CHECK(down.status == 503);
    CHECK(down.error() == "Service unavailable");
    CHECK(api.client.get("/readyz").status == 503);
    CHECK(api.client.get("/livez").status == 200);
    // Both refusals counted: the request's and the failed readiness check.
    CHECK(api.server.metrics.render().find("langlearn_database_unavailable_total 2\n") !=
          std::string::npos);
    REQUIRE(std::system((std::string(ctl) + " start-again " + dir).c_str()) == 0);
    const Reply back = api.client.get("/auth/me", token);
    CHECK(back.status == 200);
    CHECK(back.json.at("username") == "ada");
    CHECK(api.client.get("/readyz").status == 200);
}
