// The router alone: literal segments, :captures, 404 vs 405 with Allow, HEAD on GET routes.
#include <catch2/catch.hpp>

#include "adapters/http/server/router.hpp"

using namespace ll::http;

namespace {
Router table() {
    Router r;
    for (const auto& [method, pattern] :
         std::vector<std::pair<std::string, std::string>>{{"GET", "/"},
                                                          {"GET", "/auth/me"},
                                                          {"POST", "/auth/me"},
                                                          {"DELETE", "/api/pairs/:id"},
                                                          {"GET", "/api/pairs/:id/words/:word"}}) {
        r.add(Route{method, pattern, "", [](Request&) { return Response{}; }});
    }
    return r;
}
Request request(std::string method, std::string path) {
    Request q;
    q.method = std::move(method);
    q.path = std::move(path);
    return q;
}
}  // namespace

TEST_CASE("router: literal paths, captures and their boundaries", "[router]") {
    const Router r = table();
    auto q = request("GET", "/auth/me");
    REQUIRE(r.match(q).route != nullptr);
    CHECK(r.match(q).route->method == "GET");
    q = request("GET", "/");
    REQUIRE(r.match(q).route != nullptr);
    CHECK(r.match(q).route->pattern == "/");

    q = request("GET", "/api/pairs/42/words/7");
    const RouteMatch m = r.match(q);
    REQUIRE(m.route != nullptr);
    CHECK(q.params == std::map<std::string, std::string>{{"id", "42"}, {"word", "7"}});

    for (const char* path :
         {"/auth/me/", "/auth", "/auth/mex", "//auth/me", "auth/me", "", "/api/pairs//words/7",
          "/api/pairs/1/words", "/api/pairs/1/words/2/3"}) {
        auto miss = request("GET", path);
        INFO(path);
        CHECK(r.match(miss).route == nullptr);
        CHECK(miss.params.empty());
    }
    auto empty_capture = request("DELETE", "/api/pairs/");
    CHECK(r.match(empty_capture).route == nullptr);
}

TEST_CASE("router: 405 with Allow, HEAD answered by GET", "[router]") {
    const Router r = table();
    auto put = request("PUT", "/auth/me");
    const RouteMatch m = r.match(put);
    CHECK(m.route == nullptr);
    CHECK(m.allow == "GET, HEAD, POST");
    auto head = request("HEAD", "/api/pairs/5/words/6");
    REQUIRE(r.match(head).route != nullptr);
    CHECK(r.match(head).route->method == "GET");
    CHECK(head.params.at("id") == "5");
    auto unknown = request("GET", "/nowhere");
    CHECK(r.match(unknown).allow.empty());
    auto post = request("POST", "/auth/me");
    CHECK(r.match(post).route->max_body_bytes == 0);
}
