// What trips a client (docs/accounts.md "For app developers"): CORS for browser
// apps, revalidation of the statistics and the feed (ETag, 304), a clear 400 for a feed language
// no one has, the register answer's native_lang. The feed's ETag over real content is tested
// with the authoring API (tests/http/authoring/feed_http_test.cpp).
#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "tests/http/support/api.hpp"

using namespace ll;
using namespace ll::test;

namespace {

constexpr const char* kOrigin = "https://app.example";
// The statistics and GET /auth/me depend on the request's Accept-Encoding and Accept-Language.
const std::set<std::string> kVaryLanguageEncoding = {"Accept-Encoding", "Accept-Language"};

// Every element of a comma-separated header value, trimmed.
std::set<std::string> listed(const std::string& value) {
    std::set<std::string> out;
    std::size_t start = 0;
    while (start <= value.size()) {
        std::size_t comma = value.find(',', start);
        if (comma == std::string::npos) comma = value.size();
        std::string element = value.substr(start, comma - start);
        element.erase(0, element.find_first_not_of(' '));
        element.erase(element.find_last_not_of(' ') + 1);
        if (!element.empty()) out.insert(element);
        start = comma + 1;
    }
    return out;
}

bool contains(const std::set<std::string>& set, const std::set<std::string>& wanted) {
    for (const auto& w : wanted)
        if (!set.count(w)) return false;
    return true;
}

Reply get_if_none_match(HttpClient& c, const std::string& target, const std::string& token,
                        const std::string& tags) {
    if (token.empty()) return c.call("GET", target, "", {{"If-None-Match", tags}});
    return c.call("GET", target, "",
                  {{"Authorization", "Bearer " + token}, {"If-None-Match", tags}});
}

// GET `target` answers 200 with a strong ETag and `cache_control`, the same tag again, and
// 304 without a body to If-None-Match with the tag, its W/ form, a list holding it and `*`;
// another tag gets the whole answer. Returns the tag.
std::string revalidates(HttpClient& c, const std::string& target, const std::string& token,
                        const std::string& cache_control = "private, no-cache") {
    const Reply first = c.get(target, token);
    REQUIRE(first.status == 200);
    const std::string etag = first.header("etag");
    REQUIRE(etag.size() == 18);  // "<16 hex digits>", strong
    CHECK(etag.front() == '"');
    CHECK(first.header("cache-control") == cache_control);
    CHECK(c.get(target, token).header("etag") == etag);
    for (const std::string& tags : {etag, "W/" + etag, "\"other\", " + etag, std::string("*")}) {
        INFO(target << " If-None-Match: " << tags);
        const Reply again = get_if_none_match(c, target, token, tags);
        CHECK(again.status == 304);
        CHECK(again.body.empty());
        CHECK(again.header("etag") == etag);
        CHECK(again.header("cache-control") == cache_control);
    }
    const Reply other = get_if_none_match(c, target, token, "\"0000000000000000\"");
    CHECK(other.status == 200);
    CHECK(other.body == first.body);
    return etag;
}

}  // namespace

TEST_CASE(
    "client: a browser app may send revalidation, language and key headers and read ETag, "
    "Retry-After and X-Request-Id",
    "[http][client][cors]") {
    http::ServerOptions options;
    options.cors_origins = {kOrigin};
    TestServer server(options);
    HttpClient browser(server.port(), RecordTo::none);  // OPTIONS is no documented operation
    for (const auto& [method, path] : std::vector<std::pair<std::string, std::string>>{
             {"GET", "/feed"}, {"GET", "/auth/stats"}, {"POST", "/auth/progress"}}) {
        INFO(method << " " << path);
        const Reply preflight =
            browser.call("OPTIONS", path, "",
                         {{"Origin", kOrigin},
                          {"Access-Control-Request-Method", method},
                          {"Access-Control-Request-Headers",
                           "authorization, if-none-match, accept-language, idempotency-key"}});
        CHECK(preflight.status == 204);
        CHECK(preflight.header("access-control-allow-origin") == kOrigin);
        CHECK(preflight.header("access-control-allow-methods") == method);
        CHECK(contains(listed(preflight.header("access-control-allow-headers")),
                       {"Authorization", "Content-Type", "If-None-Match", "Accept-Language",
                        "Idempotency-Key", "If-Match", "X-Request-Id"}));
    }

    HttpClient app(server.port());
    const Reply languages = app.call("GET", "/auth/languages", "", {{"Origin", kOrigin}});
    CHECK(languages.status == 200);
    CHECK(languages.header("access-control-allow-origin") == kOrigin);
    CHECK(listed(languages.header("access-control-expose-headers")) ==
          std::set<std::string>{"Content-Disposition", "ETag", "Retry-After", "X-Request-Id"});
    // An error answer too: a script reads Retry-After and the request id from refusals.
    const Reply refused = app.call("GET", "/auth/stats", "", {{"Origin", kOrigin}});
    CHECK(refused.status == 401);
    CHECK(listed(refused.header("access-control-expose-headers")) ==
          std::set<std::string>{"Content-Disposition", "ETag", "Retry-After", "X-Request-Id"});
    // Another origin gets no CORS header at all.
    const Reply stranger =
        app.call("GET", "/auth/languages", "", {{"Origin", "https://evil.example"}});
    CHECK(stranger.header("access-control-allow-origin").empty());
    CHECK(stranger.header("access-control-expose-headers").empty());
}

TEST_CASE("client: GET /auth/stats carries an ETag and answers 304 while nothing changed",
          "[http][client][revalidation]") {
    Api api;
    auto& c = api.client;
    const std::string token = api.learner();
    const std::string etag = revalidates(c, "/auth/stats", token);

    // A booking changes the statistics: the old tag no longer matches, the new answer has a new
    // one.
    const Id pair = api.pair();
    REQUIRE(c.post("/auth/progress",
                   R"({"pair_id":)" + std::to_string(pair) + R"(,"correct":true,"points":10})",
                   token)
                .status == 200);
    const Reply changed = get_if_none_match(c, "/auth/stats", token, etag);
    REQUIRE(changed.status == 200);
    CHECK(changed.json.at("today").at("ep") == 10);
    CHECK(changed.header("etag") != etag);
    CHECK(get_if_none_match(c, "/auth/stats", token, changed.header("etag")).status == 304);

    // Another learner's tag is the tag of another answer.
    const std::string bob = api.learner("bob@example.com", "bob");
    CHECK(get_if_none_match(c, "/auth/stats", bob, changed.header("etag")).status == 200);
    // A refusal carries no tag.
    const Reply refused = c.get("/auth/stats");
    CHECK(refused.status == 401);
    CHECK(refused.header("etag").empty());
}

TEST_CASE("client: GET /feed carries an ETag, 304, and a lang no published language has is 400",
          "[http][client][feed]") {
    Api api;
    const std::string token = api.learner();
    // With a lang and without (the profile's target language). An empty page is one body, so
    // one tag, whatever the language; the tag over real cards: tests/http/authoring/.
    revalidates(api.client, "/feed?lang=de", token);
    revalidates(api.client, "/feed", token);
    auto& c = api.client;

    for (const std::string bad : {"xx", "DE", "fr", "de%20"}) {
        INFO(bad);
        const Reply r = c.get("/feed?lang=" + bad, token);
        CHECK(r.status == 400);
        CHECK(r.error() == "lang must be one of de, en, sv");
        CHECK(r.header("etag").empty());
    }
    // An empty lang is no lang: the profile's target language (sv).
    const Reply empty = c.get("/feed?lang=", token);
    CHECK(empty.status == 200);
    CHECK(empty.json.at("items").as_array().empty());
    // limit and after the route does not take (docs/deviations.md "Query values").
    for (const auto& [query, message] : std::vector<std::pair<std::string, std::string>>{
             {"limit=abc", "limit must be an integer"},
             {"limit=5x", "limit must be an integer"},
             {"limit=%205", "limit must be an integer"},
             {"after=-5", "after must be a pair id (an integer >= 0)"},
             {"lang=de&after=abc", "after must be a pair id (an integer >= 0)"}}) {
        INFO(query);
        const Reply r = c.get("/feed?" + query, token);
        CHECK(r.status == 400);
        CHECK(r.error() == message);
    }
    for (const std::string fine :
         {"limit=0", "limit=-3", "limit=1000", "limit=&after=", "after=0"}) {
        INFO(fine);
        CHECK(c.get("/feed?" + fine, token).status == 200);
    }
    // The token comes first: without one, 401 whatever the lang.
    CHECK(c.get("/feed?lang=xx").status == 401);
    CHECK(c.get("/feed?limit=abc").status == 401);
}

TEST_CASE("client: GET /auth/languages revalidates as the other answers do, for everyone alike",
          "[http][client][languages]") {
    Api api;
    // The tag is the body's digest, as /feed's: a W/ form or a list of tags still matches (the
    // route once compared the header's text with the tag, so only the exact tag gave a 304).
    const std::string etag = revalidates(api.client, "/auth/languages", "", "no-cache");
    CHECK(revalidates(api.client, "/auth/languages", api.learner(), "no-cache") == etag);
}

TEST_CASE("client: the register answer carries native_lang as login does",
          "[http][client][register]") {
    Api api;
    auto& c = api.client;
    const Reply created =
        c.post("/auth/register", R"({"email":"ada@example.com","password":"password1"})");
    REQUIRE(created.status == 201);
    const auto& user = created.json.at("user").as_object();
    CHECK(user.size() == 4);
    CHECK(user.at("native_lang") == "de");
    const Reply login =
        c.post("/auth/login", R"({"email":"ada@example.com","password":"password1"})");
    REQUIRE(login.status == 200);
    // One shape of `user` for both answers.
    CHECK(login.json.at("user") == created.json.at("user"));
}

// docs/accounts.md "Compressed answers".
TEST_CASE(
    "client: an answer of 1 KiB or more is gzip-compressed for a client that accepts it, "
    "with a tag of its own that revalidates either way",
    "[http][client][gzip]") {
    Api api;
    auto& c = api.client;
    const std::string token = api.learner();
    const auto get = [&](const std::string& target, std::map<std::string, std::string> headers) {
        headers["Authorization"] = "Bearer " + token;
        return c.call("GET", target, "", headers);
    };

    const Reply plain = c.get("/auth/stats", token);
    REQUIRE(plain.status == 200);
    REQUIRE(plain.body.size() >= 1024);
    CHECK(plain.header("content-encoding").empty());
    CHECK(listed(plain.header("vary")) == kVaryLanguageEncoding);
    const std::string etag = plain.header("etag");
    const std::string zipped_tag = etag.substr(0, etag.size() - 1) + "-gzip\"";

    const Reply zipped = get("/auth/stats", {{"Accept-Encoding", "gzip, deflate, br"}});
    REQUIRE(zipped.status == 200);
    CHECK(zipped.header("content-encoding") == "gzip");
    CHECK(listed(zipped.header("vary")) == kVaryLanguageEncoding);
    CHECK(zipped.header("content-type") == "application/json; charset=utf-8");
    CHECK(zipped.header("etag") == zipped_tag);
    CHECK(zipped.content == plain.body);
    CHECK(zipped.body.size() * 2 < plain.body.size());
    CHECK(zipped.header("content-length") == std::to_string(zipped.body.size()));

    // Accept-Encoding as RFC 9110 12.5.3 reads it: names in any case, weights, `*`.
    for (const auto& [accept, compressed] :
         std::vector<std::pair<std::string, bool>>{{"GZIP", true},
                                                   {"x-gzip", true},
                                                   {"br;q=1, gzip;q=0.5", true},
                                                   {"*", true},
                                                   {"gzip;q=0.001", true},
                                                   {"gzip;q=0", false},
                                                   {"gzip; q=0.000", false},
                                                   {"*;q=0", false},
                                                   {"gzip;q=0, *", false},
                                                   {"identity", false},
                                                   {"deflate, br", false},
                                                   {"gzip;q=abc", false},
                                                   {"", false}}) {
        INFO("Accept-Encoding: " << accept);
        const Reply r = get("/auth/stats", {{"Accept-Encoding", accept}});
        CHECK(r.status == 200);
        CHECK(r.header("content-encoding") == (compressed ? "gzip" : ""));
        CHECK(r.header("etag") == (compressed ? zipped_tag : etag));
        CHECK(r.content == plain.body);
    }

    // HEAD: the headers of the GET, the compressed length included.
    const Reply head = c.call("HEAD", "/auth/stats", "",
                              {{"Authorization", "Bearer " + token}, {"Accept-Encoding", "gzip"}});
    CHECK(head.status == 200);
    CHECK(head.header("content-encoding") == "gzip");
    CHECK(head.header("content-length") == std::to_string(zipped.body.size()));

    // Either tag revalidates the answer; the 304 carries the tag of the encoding the client
    // holds and would get.
    struct Case {
        std::string accept, if_none_match, answered_tag;
    };
    for (const Case& k : std::vector<Case>{{"gzip", zipped_tag, zipped_tag},
                                           {"gzip", "W/" + zipped_tag, zipped_tag},
                                           {"gzip", etag, etag},
                                           {"identity", etag, etag},
                                           {"identity", zipped_tag, etag},
                                           {"gzip", "\"other\", " + zipped_tag, zipped_tag}}) {
        INFO("Accept-Encoding: " << k.accept << ", If-None-Match: " << k.if_none_match);
        const Reply r =
            get("/auth/stats", {{"Accept-Encoding", k.accept}, {"If-None-Match", k.if_none_match}});
        CHECK(r.status == 304);
        CHECK(r.body.empty());
        CHECK(r.header("etag") == k.answered_tag);
        CHECK(listed(r.header("vary")) == kVaryLanguageEncoding);
        CHECK(r.header("content-type").empty());
        CHECK(r.header("content-encoding").empty());
    }
    // Another answer's tag with -gzip does not match.
    CHECK(get("/auth/stats",
              {{"Accept-Encoding", "gzip"}, {"If-None-Match", "\"0000000000000000-gzip\""}})
              .status == 200);

    // Under 1 KiB: as it is, whatever the client accepts (a gzip header costs more than it saves).
    const Reply me = get("/auth/me", {{"Accept-Encoding", "gzip"}});
    CHECK(me.status == 200);
    CHECK(me.body.size() < 1024);
    CHECK(me.header("content-encoding").empty());
    CHECK(listed(me.header("vary")) == kVaryLanguageEncoding);
    const Reply refused = c.call("GET", "/auth/stats", "", {{"Accept-Encoding", "gzip"}});
    CHECK(refused.status == 401);
    CHECK(refused.header("content-encoding").empty());
    CHECK(refused.error() == "Unauthorized");
}

TEST_CASE("client: a browser app sees Vary name both the origin and the encoding",
          "[http][client][gzip][cors]") {
    http::ServerOptions options;
    options.cors_origins = {kOrigin};
    TestServer server(options);
    HttpClient app(server.port());
    const Reply languages =
        app.call("GET", "/auth/languages", "", {{"Origin", kOrigin}, {"Accept-Encoding", "gzip"}});
    CHECK(languages.status == 200);
    CHECK(listed(languages.header("vary")) == std::set<std::string>{"Accept-Encoding", "Origin"});
}
