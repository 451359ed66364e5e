// The studio's static files as authoring-api serves them (docs/studio.md "How the studio is
// served"): the page revalidated on every load, its assets under a versioned path cached for a
// year, a strict Content-Security-Policy on every answer, nothing else reachable.
#include <regex>

#include "adapters/http/server/server.hpp"
#include "adapters/http/studio/routes.hpp"
#include "tests/http/support/http_client.hpp"

using namespace ll;
using namespace ll::test;

namespace {

struct StudioServer {
    http::Metrics metrics;
    http::Server server;
    static http::Router routes() {
        http::Router router;
        http::add_studio_routes(router, web::studio_files());
        return router;
    }
    StudioServer() : server(http::ServerOptions{}, routes(), metrics) { server.start(); }
};

void check_strict_headers(const Reply& r) {
    CHECK(r.header("content-security-policy") == http::kStudioContentSecurityPolicy);
    CHECK(r.header("content-security-policy").find("script-src 'self'") != std::string::npos);
    CHECK(r.header("content-security-policy").find("unsafe-inline") == std::string::npos);
    CHECK(r.header("x-content-type-options") == "nosniff");
    CHECK(r.header("referrer-policy") == "no-referrer");
}

}  // namespace

TEST_CASE("studio: the page, its versioned assets, their caching", "[studio]") {
    StudioServer s;
    HttpClient client(s.server.port(), RecordTo::none);
    const std::string version(web::studio_files().version);
    REQUIRE(version.size() == 12);

    SECTION("/studio redirects to /studio/") {
        const Reply r = client.get("/studio");
        CHECK(r.status == 308);
        CHECK(r.header("location") == "/studio/");
        check_strict_headers(r);
    }
    SECTION("the page: HTML, revalidated, linking this build's assets only") {
        const Reply page = client.get("/studio/");
        REQUIRE(page.status == 200);
        CHECK(page.header("content-type") == "text/html; charset=utf-8");
        CHECK(page.header("cache-control") == "no-cache");
        check_strict_headers(page);
        CHECK(page.body.find("{{version}}") == std::string::npos);
        // Every script and style the page names is served, from this origin, with its type.
        const std::regex asset(R"re((?:src|href)="(/studio/v/([0-9a-f]+)/([^"]+))")re");
        int assets = 0;
        for (auto it = std::sregex_iterator(page.body.begin(), page.body.end(), asset);
             it != std::sregex_iterator(); ++it, ++assets) {
            INFO((*it)[1].str());
            CHECK((*it)[2].str() == version);
            const Reply file = client.get((*it)[1].str());
            CHECK(file.status == 200);
            CHECK(file.header("cache-control") == "public, max-age=31536000, immutable");
            check_strict_headers(file);
            const std::string name = (*it)[3].str();
            if (name.ends_with(".js"))
                CHECK(file.header("content-type") == "text/javascript; charset=utf-8");
            if (name.ends_with(".css"))
                CHECK(file.header("content-type") == "text/css; charset=utf-8");
        }
        CHECK(assets >= 2);
        // No inline script: every <script> has a src.
        CHECK(!std::regex_search(page.body, std::regex("<script(?![^>]*\\bsrc=)[^>]*>")));

        // HEAD: the same headers, no body.
        const Reply head = client.call("HEAD", "/studio/");
        CHECK(head.status == 200);
        CHECK(head.body.empty());
        CHECK(head.header("content-length") == std::to_string(page.body.size()));
        check_strict_headers(head);

        // Revalidation answers 304 without a body.
        const Reply again =
            client.call("GET", "/studio/", {}, {{"If-None-Match", page.header("etag")}});
        CHECK(again.status == 304);
        CHECK(again.body.empty());
    }
    SECTION("the page and its assets go compressed to a browser that accepts gzip") {
        const Reply page = client.get("/studio/");
        REQUIRE(page.status == 200);
        const Reply zipped = client.call("GET", "/studio/", {}, {{"Accept-Encoding", "gzip, br"}});
        CHECK(zipped.status == 200);
        CHECK(zipped.header("content-encoding") == "gzip");
        CHECK(zipped.header("vary") == "Accept-Encoding");
        CHECK(zipped.content == page.body);
        CHECK(zipped.body.size() < page.body.size());
        check_strict_headers(zipped);
        const std::string script = "/studio/v/" + version + "/studio.js";
        const Reply js = client.get(script);
        const Reply js_zipped = client.call("GET", script, {}, {{"Accept-Encoding", "gzip"}});
        CHECK(js_zipped.header("content-encoding") == "gzip");
        CHECK(js_zipped.content == js.body);
        CHECK(js_zipped.header("content-type") == "text/javascript; charset=utf-8");
    }
    SECTION("an older build's version gets today's file, not cached") {
        const Reply r = client.get("/studio/v/000000000000/studio.js");
        CHECK(r.status == 200);
        CHECK(r.header("cache-control") == "no-cache");
    }
    SECTION("/studio/index.html leads to the page, with the page's headers") {
        const Reply r = client.get("/studio/index.html");
        CHECK(r.status == 308);
        CHECK(r.header("location") == "/studio/");
        check_strict_headers(r);
    }
    SECTION("nothing else is reachable") {
        const Reply missing = client.get("/studio/v/" + version + "/missing.js");
        CHECK(missing.status == 404);
        check_strict_headers(missing);
        CHECK(client.get("/studio/v/" + version + "/..%2F..%2Fetc%2Fpasswd").status == 404);
        CHECK(client.get("/studio/v/" + version + "/index.html").status == 404);
        const Reply other = client.get("/studio/other");
        CHECK(other.status == 404);
        check_strict_headers(other);
        CHECK(client.post("/studio/", "{}").status == 405);
    }
}
