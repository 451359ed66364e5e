// The studio's staff sessions (docs/studio.md "Sign-in and sessions"): POST/GET/DELETE
// /api/session, the ll_staff cookie on the other /api routes, its CSRF defence, lifetime,
// revocation and the account's standing, on a real server over real sockets.
#include <catch2/catch.hpp>

#include <regex>
#include <sstream>

#include <spdlog/sinks/ostream_sink.h>
#include <spdlog/spdlog.h>
#include <boost/json.hpp>

#include "core/domain/time_format.hpp"
#include "tests/http/authoring/support/raw_http.hpp"
#include "tests/http/authoring/support/sql_probe.hpp"
#include "tests/http/authoring/support/staff_api.hpp"

using namespace ll;
using namespace ll::test;

namespace {

namespace json = boost::json;

constexpr const char* kPassword = "correct horse battery";
constexpr const char* kOwnOrigin = "http://127.0.0.1";  // the test client's Host

// A staff (or end-user) account with a real argon2id hash of kPassword.
Id account(StaffApi& api, const std::string& email, const std::string& role) {
    return api.storage().accounts().create(NewAccount{email, api.hasher.hash(kPassword), role})->id;
}

std::string credentials(const std::string& email, const std::string& password) {
    return json::serialize(json::object{{"email", email}, {"password", password}});
}

Reply sign_in(StaffApi& api, const std::string& email, const std::string& password = kPassword,
              std::map<std::string, std::string> headers = {}) {
    return api.client->call("POST", "/api/session", credentials(email, password), headers);
}

// "ll_staff=<value>" of a sign-in's Set-Cookie, for the Cookie header of later requests.
std::string cookie_of(const Reply& r) {
    const std::string set = r.header("set-cookie");
    const auto semicolon = set.find(';');
    REQUIRE(set.rfind("ll_staff=", 0) == 0);
    return set.substr(0, semicolon);
}

struct Session {
    std::string cookie;  // "ll_staff=..."
    std::string csrf;
    Id user_id = 0;
};

Session signed_in(StaffApi& api, const std::string& email) {
    const Reply r = sign_in(api, email);
    INFO(text(r));
    REQUIRE(r.status == 200);
    return Session{cookie_of(r), std::string(r.json.at("csrf_token").as_string()),
                   r.json.at("user").at("id").as_int64()};
}

// A request with the cookie (and no Authorization); `csrf`/`origin` sent when not empty.
Reply with_cookie(StaffApi& api, const std::string& method, const std::string& target,
                  const std::string& cookie, const std::string& body = {},
                  const std::string& csrf = {}, const std::string& origin = {}) {
    std::map<std::string, std::string> headers{{"Cookie", cookie}};
    if (!csrf.empty()) headers["X-CSRF-Token"] = csrf;
    if (!origin.empty()) headers["Origin"] = origin;
    return api.client->call(method, target, body, headers);
}

std::int64_t categories_named(StaffApi& api, const std::string& title) {
    return sql_integer(*api.db, "SELECT COUNT(*) FROM categories WHERE titel_de = '" + title + "'");
}

std::int64_t session_rows(StaffApi& api) {
    return sql_integer(*api.db, "SELECT COUNT(*) FROM staff_sessions");
}

}  // namespace

TEST_CASE("session: sign-in answers the user, a CSRF token and the cookie",
          "[authoring][session]") {
    StaffApi api;
    const Id id = account(api, "editor@example.com", "editor");
    const Reply r = sign_in(api, "  Editor@Example.com ");
    INFO(text(r));
    REQUIRE(r.status == 200);
    CHECK(r.json.at("user").at("id").as_int64() == id);
    CHECK(r.json.at("user").at("email").as_string() == "editor@example.com");
    CHECK(r.json.at("user").at("role").as_string() == "editor");
    const std::string csrf(r.json.at("csrf_token").as_string());
    CHECK(csrf.size() >= 32);
    // Twelve hours from now, in ISO 8601 UTC.
    const std::string expires(r.json.at("expires_at").as_string());
    CHECK(std::regex_match(expires, std::regex(R"(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z)")));
    const auto at = parse_timestamp(expires);
    REQUIRE(at);
    CHECK(*at - api.clock.now() <= std::chrono::hours(12));
    CHECK(*at - api.clock.now() > std::chrono::hours(12) - std::chrono::seconds(2));

    const std::string set = r.header("set-cookie");
    INFO(set);
    CHECK(std::regex_match(set, std::regex(R"(ll_staff=[A-Za-z0-9_-]{20,}; Path=/; HttpOnly; )"
                                           R"(SameSite=Strict; Max-Age=43200)")));
    CHECK(set.find("Secure") == std::string::npos);  // plain HTTP from an untrusted peer
    // Neither the cookie nor the token is a JWT or the other.
    CHECK(cookie_of(r).find(csrf) == std::string::npos);
    CHECK(session_rows(api) == 1);
    // What is stored is no secret: the CSRF token and the cookie's value are not in the row.
    CHECK(sql_integer(*api.db, "SELECT COUNT(*) FROM staff_sessions WHERE id = '" + csrf + "'") ==
          0);
}

TEST_CASE("session: wrong credentials answer as /auth/login does, with its lockout",
          "[authoring][session]") {
    StaffApi api;
    account(api, "editor@example.com", "editor");
    account(api, "learner@example.com", "end-user");  // the /auth/login side of the comparison
    HttpClient learner(api.learner().port());
    const auto login = [&](const std::string& email, const std::string& password) {
        return learner.post("/auth/login", credentials(email, password));
    };

    SECTION("the same status and message as /auth/login") {
        for (const std::string& body :
             {credentials("editor@example.com", "wrong password"),
              credentials("nobody@example.com", kPassword), std::string(R"({"email":"x"})"),
              std::string(R"({"email":"editor@example.com","password":""})"),
              std::string("not json"), std::string("[]")}) {
            const Reply staff = api.client->call("POST", "/api/session", body, {});
            const Reply learner_login = learner.post("/auth/login", body);
            INFO(body << ": " << text(staff) << " vs " << text(learner_login));
            CHECK(staff.status == learner_login.status);
            CHECK(staff.error() == learner_login.error());
            CHECK(staff.header("set-cookie").empty());
        }
        CHECK(sign_in(api, "editor@example.com", "wrong").error() == "Invalid credentials");
        CHECK(session_rows(api) == 0);
    }
    SECTION("after as many failures as /auth/login allows: 429, even with the right password") {
        std::vector<int> staff, learner_side;
        for (int i = 0; i < 11; ++i) {
            staff.push_back(sign_in(api, "editor@example.com", "wrong").status);
            learner_side.push_back(login("learner@example.com", "wrong").status);
        }
        CHECK(staff == learner_side);
        CHECK(staff.front() == 401);
        const Reply locked = sign_in(api, "editor@example.com");
        INFO(text(locked));
        CHECK(locked.status == 429);
        CHECK(locked.error() == "Too many requests");
        CHECK_FALSE(locked.header("retry-after").empty());
        CHECK(locked.status == login("learner@example.com", kPassword).status);
        CHECK(session_rows(api) == 0);
        // The window passes: the right password signs in again.
        api.clock.advance(std::chrono::minutes(16));
        CHECK(sign_in(api, "editor@example.com").status == 200);
    }
    SECTION("a deactivated account: 403 Account deactivated, as /auth/login") {
        api.storage().accounts().set_active("editor@example.com", false);
        const Reply r = sign_in(api, "editor@example.com");
        CHECK(r.status == 403);
        CHECK(r.error() == "Account deactivated");
        CHECK(r.header("set-cookie").empty());
    }
}

// docs/studio.md "Sign-in and sessions": only a JSON body signs in. A page on another site
// can post a form (urlencoded, multipart or text/plain, whose body may well be JSON) without
// asking the server first; a request with application/json it cannot send without a preflight.
TEST_CASE("session: a sign-in that is not application/json is 415 and makes no session",
          "[authoring][session]") {
    StaffApi api;
    account(api, "editor@example.com", "editor");
    const std::string body = credentials("editor@example.com", kPassword);
    for (const std::string type :
         {"text/plain", "text/plain; charset=utf-8", "application/x-www-form-urlencoded",
          "multipart/form-data; boundary=x", "application/jsonx", "application/json-patch+json",
          "text/json", "application/javascript", "json", "application/", "application/json,",
          "application/json x", ""}) {
        const Reply r = api.client->call("POST", "/api/session", body, {{"Content-Type", type}});
        INFO("Content-Type: '" << type << "': " << text(r));
        CHECK(r.status == 415);
        CHECK(r.error() == "Content-Type must be application/json");
        CHECK(r.header("set-cookie").empty());
    }
    // No Content-Type at all.
    const RawReply none =
        raw_exchange(api.port(),
                     "POST /api/session HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: " +
                         std::to_string(body.size()) + "\r\nConnection: close\r\n\r\n",
                     body);
    CHECK(none.status == 415);
    CHECK(session_rows(api) == 0);
    // JSON with parameters and in any case signs in, as before.
    for (const std::string type : {"application/json", "application/json; charset=utf-8",
                                   "Application/JSON;charset=UTF-8", "application/json ; q=1"}) {
        const Reply r = api.client->call("POST", "/api/session", body, {{"Content-Type", type}});
        INFO("Content-Type: '" << type << "': " << text(r));
        CHECK(r.status == 200);
        CHECK_FALSE(r.header("set-cookie").empty());
    }
    CHECK(session_rows(api) == 4);
}

TEST_CASE("session: an end-user's right password is 403 and makes no session",
          "[authoring][session]") {
    StaffApi api;
    account(api, "learner@example.com", "end-user");
    const Reply r = sign_in(api, "learner@example.com");
    INFO(text(r));
    CHECK(r.status == 403);
    CHECK(r.error() == "Insufficient permissions");
    CHECK(r.header("set-cookie").empty());
    CHECK(session_rows(api) == 0);
}

TEST_CASE("session: the per-address limit of /auth/login applies", "[authoring][session]") {
    StaffApiOptions options;
    options.limits.auth_rate_per_minute = 3;
    StaffApi api(options);
    account(api, "editor@example.com", "editor");
    for (int i = 0; i < 3; ++i) CHECK(sign_in(api, "editor@example.com", "wrong").status == 401);
    const Reply r = sign_in(api, "editor@example.com");
    CHECK(r.status == 429);
    CHECK(r.error() == "Too many requests");
    CHECK(r.header("set-cookie").empty());
}

TEST_CASE("session: who am I, and the cookie on the other /api routes", "[authoring][session]") {
    StaffApi api;
    account(api, "admin@example.com", "admin");
    const Session s = signed_in(api, "admin@example.com");

    const Reply me = with_cookie(api, "GET", "/api/session", s.cookie);
    INFO(text(me));
    REQUIRE(me.status == 200);
    CHECK(me.json.at("user").at("email").as_string() == "admin@example.com");
    CHECK(me.json.at("user").at("role").as_string() == "admin");
    CHECK(me.json.at("user").at("id").as_int64() == s.user_id);
    CHECK(me.json.at("csrf_token").as_string() == s.csrf);
    CHECK(me.header("set-cookie").empty());

    const Reply list = with_cookie(api, "GET", "/api/categories", s.cookie);
    CHECK(list.status == 200);
    CHECK(list.json.is_array());
    // What the session opened is kept by no cache, not even the browser's.
    CHECK(list.header("cache-control") == "no-store");

    SECTION("without a session: 401 with the API's messages") {
        CHECK(api.get("/api/session", std::string()).error() == "Unauthorized");
        CHECK(api.get("/api/session", std::string()).status == 401);
        // A bearer token is no session.
        CHECK(api.get("/api/session").status == 401);
        const Reply junk = with_cookie(api, "GET", "/api/session", "ll_staff=junk");
        CHECK(junk.status == 401);
        CHECK(junk.error() == "Invalid or expired token");
    }
    SECTION("a bearer header, when sent, decides") {
        const Reply r =
            api.client->call("GET", "/api/categories", {},
                             {{"Cookie", s.cookie}, {"Authorization", "Bearer not-a-token"}});
        CHECK(r.status == 401);
        CHECK(r.error() == "Invalid or expired token");
        // And needs no CSRF token.
        const Reply post = api.client->call(
            "POST", "/api/categories", R"({"titel_de":"Mit Bearer"})",
            {{"Cookie", s.cookie}, {"Authorization", std::string("Bearer ") + kDevToken}});
        CHECK(post.status == 201);
    }
}

// With an admin's session: POST /api/categories is admin-only (the editor's refusal is in
// "session: maintenance routes follow the account's current role").
TEST_CASE("session: state-changing requests need the CSRF token and this origin",
          "[authoring][session]") {
    StaffApi api;
    account(api, "admin@example.com", "admin");
    const Session s = signed_in(api, "admin@example.com");
    const std::string body = R"({"titel_de":"Werkzeug"})";

    struct Refused {
        const char* name;
        std::string csrf;
        std::string origin;
        std::string host = "127.0.0.1";  // the test client's
    };
    std::string tampered = s.csrf;
    tampered.back() = tampered.back() == 'A' ? 'B' : 'A';
    for (const Refused& r : {
             Refused{"no token", "", ""},
             Refused{"a wrong token", tampered, ""},
             Refused{"another session's token", signed_in(api, "admin@example.com").csrf, ""},
             Refused{"the right token from a foreign origin", s.csrf, "http://evil.example"},
             Refused{"the right token from another port", s.csrf, "http://127.0.0.1:9",
                     "127.0.0.1:" + std::to_string(api.port())},
             Refused{"the right token from origin null", s.csrf, "null"},
         }) {
        std::map<std::string, std::string> headers{{"Cookie", s.cookie}, {"Host", r.host}};
        if (!r.csrf.empty()) headers["X-CSRF-Token"] = r.csrf;
        if (!r.origin.empty()) headers["Origin"] = r.origin;
        const Reply reply = api.client->call("POST", "/api/categories", body, headers);
        INFO(r.name << ": " << text(reply));
        CHECK(reply.status == 403);
        CHECK(reply.error() == "Missing or invalid CSRF token");
    }
    CHECK(categories_named(api, "Werkzeug") == 0);
    // PATCH and DELETE as well.
    const Id word = api.word("Hammer");
    CHECK(with_cookie(api, "PATCH", "/api/cms/db-words/" + std::to_string(word), s.cookie,
                      R"({"title_en":"hammer"})")
              .status == 403);
    CHECK(with_cookie(api, "DELETE", "/api/word/" + std::to_string(word), s.cookie).status == 403);
    CHECK(api.get("/api/cms/db-words/" + std::to_string(word)).status == 200);
    CHECK(with_cookie(api, "DELETE", "/api/session", s.cookie).status == 403);
    CHECK(with_cookie(api, "GET", "/api/session", s.cookie).status == 200);

    SECTION("the right token succeeds, with or without this origin") {
        const Reply r = with_cookie(api, "POST", "/api/categories", s.cookie, body, s.csrf);
        INFO(text(r));
        CHECK(r.status == 201);
        CHECK(categories_named(api, "Werkzeug") == 1);
        const Reply same_origin = with_cookie(api, "POST", "/api/categories", s.cookie,
                                              R"({"titel_de":"Garten"})", s.csrf, kOwnOrigin);
        CHECK(same_origin.status == 201);
        CHECK(categories_named(api, "Garten") == 1);
        // The browser's Host carries the port, and so does its Origin.
        const std::string host = "127.0.0.1:" + std::to_string(api.port());
        const Reply with_port =
            api.client->call("POST", "/api/categories", R"({"titel_de":"Keller"})",
                             {{"Cookie", s.cookie},
                              {"X-CSRF-Token", s.csrf},
                              {"Host", host},
                              {"Origin", "http://" + host}});
        CHECK(with_port.status == 201);
        // A proxy that passes the Host without its port (nginx's $host): the port is not
        // compared.
        const Reply via_proxy = api.client->call(
            "POST", "/api/categories", R"({"titel_de":"Dach"})",
            {{"Cookie", s.cookie}, {"X-CSRF-Token", s.csrf}, {"Origin", "http://127.0.0.1:8443"}});
        CHECK(via_proxy.status == 201);
    }
    SECTION("a sign-in posted from a foreign origin is refused") {
        const Reply r =
            sign_in(api, "admin@example.com", kPassword, {{"Origin", "http://evil.example"}});
        CHECK(r.status == 403);
        CHECK(r.error() == "Missing or invalid CSRF token");
        CHECK(r.header("set-cookie").empty());
        CHECK(sign_in(api, "admin@example.com", kPassword, {{"Origin", kOwnOrigin}}).status == 200);
    }
}

TEST_CASE("session: sign-out ends the session at once", "[authoring][session]") {
    StaffApi api;
    account(api, "editor@example.com", "editor");
    const Session s = signed_in(api, "editor@example.com");
    const Session other = signed_in(api, "editor@example.com");

    const Reply out = with_cookie(api, "DELETE", "/api/session", s.cookie, {}, s.csrf, kOwnOrigin);
    INFO(text(out));
    REQUIRE(out.status == 204);
    CHECK(out.header("set-cookie") == "ll_staff=; Path=/; HttpOnly; SameSite=Strict; Max-Age=0");
    CHECK(sql_integer(*api.db,
                      "SELECT COUNT(*) FROM staff_sessions WHERE revoked_at IS NOT NULL") == 1);

    const Reply after = with_cookie(api, "GET", "/api/categories", s.cookie);
    CHECK(after.status == 401);
    CHECK(after.error() == "Invalid or expired token");
    CHECK(with_cookie(api, "GET", "/api/session", s.cookie).status == 401);
    CHECK(with_cookie(api, "POST", "/api/categories", s.cookie, R"({"titel_de":"Danach"})", s.csrf)
              .status == 401);
    CHECK(categories_named(api, "Danach") == 0);
    // Another replica (a second server on the same database) refuses it too.
    StaffApi replica({}, api.db);
    CHECK(with_cookie(replica, "GET", "/api/categories", s.cookie).status == 401);
    // The other session of the same account goes on.
    CHECK(with_cookie(api, "GET", "/api/categories", other.cookie).status == 200);
    CHECK(with_cookie(replica, "GET", "/api/categories", other.cookie).status == 200);
}

TEST_CASE("session: forged, tampered and expired cookies are 401", "[authoring][session]") {
    StaffApi api;
    account(api, "editor@example.com", "editor");
    const Session s = signed_in(api, "editor@example.com");
    const std::string value = s.cookie.substr(std::string("ll_staff=").size());

    std::string tampered = value;
    tampered[5] = tampered[5] == 'A' ? 'B' : 'A';
    HmacSessionSigner foreign{"another-secret-0123456789abcdefghijklmn"};
    const std::string forged = foreign.cookie(
        SessionCookie{foreign.new_session_id(), api.clock.now() + std::chrono::hours(1)});
    for (const std::string& bad :
         {std::string("ll_staff=junk"), std::string("ll_staff="), "ll_staff=" + tampered,
          "ll_staff=" + value + "A", "ll_staff=" + value.substr(1), "ll_staff=" + forged,
          "ll_staff=" + std::string(kDevToken)}) {
        const Reply r = with_cookie(api, "GET", "/api/categories", bad);
        INFO(bad << ": " << text(r));
        CHECK(r.status == 401);
        CHECK(r.error() == "Invalid or expired token");
    }
    // A cookie of another name is no cookie at all.
    CHECK(with_cookie(api, "GET", "/api/categories", "other=" + value).error() == "Unauthorized");
    // Other cookies beside it do not matter.
    CHECK(with_cookie(api, "GET", "/api/categories", "theme=dark; " + s.cookie + "; lang=de")
              .status == 200);

    SECTION("twelve hours after sign-in the cookie is refused") {
        api.clock.advance(std::chrono::hours(12) - std::chrono::minutes(1));
        CHECK(with_cookie(api, "GET", "/api/categories", s.cookie).status == 200);
        api.clock.advance(std::chrono::minutes(1));
        const Reply r = with_cookie(api, "GET", "/api/categories", s.cookie);
        CHECK(r.status == 401);
        CHECK(r.error() == "Invalid or expired token");
        // The next sign-in removes the expired row.
        CHECK(session_rows(api) == 1);
        signed_in(api, "editor@example.com");
        CHECK(session_rows(api) == 1);
    }
    SECTION("a junk cookie is refused before the body is read") {
        const std::string head =
            "POST /api/pictures HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: ll_staff=junk\r\n"
            "Content-Type: image/png\r\nContent-Length: 10000000\r\n";
        bool continued = true;
        const RawReply r = raw_expect_continue(api.port(), head + "Expect: 100-continue\r\n\r\n",
                                               std::string(10000000, 'x'), continued);
        CHECK_FALSE(continued);
        CHECK(r.status == 401);
        CHECK(r.body.find("Invalid or expired token") != std::string::npos);
        // Without Expect: the answer comes while the body is still owed.
        const RawReply unsent = raw_exchange(api.port(), head + "\r\n", "");
        CHECK_FALSE(unsent.timed_out);
        CHECK(unsent.status == 401);
        // A valid cookie without the CSRF token: 403, also before the body.
        const RawReply no_csrf =
            raw_exchange(api.port(),
                         "POST /api/pictures HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: " + s.cookie +
                             "\r\nContent-Type: image/png\r\nContent-Length: 10000000\r\n\r\n",
                         "");
        CHECK_FALSE(no_csrf.timed_out);
        CHECK(no_csrf.status == 403);
        CHECK(no_csrf.body.find("Missing or invalid CSRF token") != std::string::npos);
    }
}

TEST_CASE("session: Secure behind a trusted proxy that says https, not otherwise",
          "[authoring][session]") {
    const auto set_cookie = [](StaffApi& api, std::map<std::string, std::string> headers) {
        const Reply r = sign_in(api, "admin@example.com", kPassword, headers);
        INFO(text(r));
        REQUIRE(r.status == 200);
        return r.header("set-cookie");
    };
    SECTION("the peer is a trusted proxy") {
        StaffApiOptions options;
        options.limits.trusted_proxies = {"127.0.0.1"};
        StaffApi api(options);
        account(api, "admin@example.com", "admin");
        const std::string secure = set_cookie(api, {{"X-Forwarded-Proto", "https"}});
        CHECK(secure.size() > 7);
        CHECK(secure.substr(secure.size() - 8) == "; Secure");
        CHECK(set_cookie(api, {{"X-Forwarded-Proto", "http"}}).find("Secure") == std::string::npos);
        CHECK(set_cookie(api, {}).find("Secure") == std::string::npos);
        // Behind the proxy the page's origin is https://<host>: the CSRF check agrees.
        const Reply r = sign_in(api, "admin@example.com", kPassword,
                                {{"X-Forwarded-Proto", "https"}, {"Origin", "https://127.0.0.1"}});
        REQUIRE(r.status == 200);
        const Reply post =
            api.client->call("POST", "/api/categories", R"({"titel_de":"Hinter dem Proxy"})",
                             {{"Cookie", cookie_of(r)},
                              {"X-CSRF-Token", std::string(r.json.at("csrf_token").as_string())},
                              {"Origin", "https://127.0.0.1"},
                              {"X-Forwarded-Proto", "https"}});
        CHECK(post.status == 201);
        const Reply out =
            api.client->call("DELETE", "/api/session", {},
                             {{"Cookie", cookie_of(r)},
                              {"X-CSRF-Token", std::string(r.json.at("csrf_token").as_string())},
                              {"X-Forwarded-Proto", "https"}});
        CHECK(out.status == 204);
        CHECK(out.header("set-cookie") ==
              "ll_staff=; Path=/; HttpOnly; SameSite=Strict; Max-Age=0; Secure");
    }
    SECTION("an untrusted peer's X-Forwarded-Proto is ignored") {
        StaffApi api;
        account(api, "admin@example.com", "admin");
        CHECK(set_cookie(api, {{"X-Forwarded-Proto", "https"}}).find("Secure") ==
              std::string::npos);
    }
}

TEST_CASE("session: PUBLIC_ORIGIN is the studio's origin: the Origin checks and Secure follow it",
          "[authoring][session]") {
    // Behind an edge whose addresses change (an ingress controller's pods), TRUSTED_PROXIES
    // cannot name it: PUBLIC_ORIGIN says where browsers reach the studio.
    StaffApiOptions options;
    options.limits.public_origin = "https://studio.example.com";
    StaffApi api(options);
    account(api, "admin@example.com", "admin");
    // The edge's own origin signs in; the service's plain-HTTP address is not the studio's.
    CHECK(sign_in(api, "admin@example.com", kPassword, {{"Origin", "http://127.0.0.1"}}).status ==
          403);
    const Reply r =
        sign_in(api, "admin@example.com", kPassword, {{"Origin", "https://studio.example.com"}});
    INFO(text(r));
    REQUIRE(r.status == 200);
    const std::string cookie = r.header("set-cookie");
    CHECK(cookie.substr(cookie.size() - 8) == "; Secure");  // without any X-Forwarded-Proto
    const auto post = [&](const std::string& origin) {
        return api.client->call("POST", "/api/categories", R"({"titel_de":"Am Rand"})",
                                {{"Cookie", cookie_of(r)},
                                 {"X-CSRF-Token", std::string(r.json.at("csrf_token").as_string())},
                                 {"Origin", origin}});
    };
    CHECK(post("http://127.0.0.1:" + std::to_string(api.port())).status == 403);
    CHECK(post("https://studio.example.com").status == 201);
}

TEST_CASE("session: a deactivated or demoted account loses its session within the recheck",
          "[authoring][session]") {
    StaffApi api;
    account(api, "editor@example.com", "editor");
    account(api, "other@example.com", "editor");
    const Session s = signed_in(api, "editor@example.com");
    const Session other = signed_in(api, "other@example.com");
    REQUIRE(with_cookie(api, "GET", "/api/categories", s.cookie).status == 200);
    REQUIRE(with_cookie(api, "GET", "/api/categories", other.cookie).status == 200);

    api.storage().accounts().set_active("editor@example.com", false);
    api.storage().accounts().set_role("other@example.com", "end-user");
    // The standing read a moment ago is kept for at most ACCOUNT_RECHECK_SECONDS (30 s here).
    api.clock.advance(std::chrono::seconds(31));
    const Reply deactivated = with_cookie(api, "GET", "/api/categories", s.cookie);
    CHECK(deactivated.status == 401);
    CHECK(deactivated.error() == "Invalid or expired token");
    const Reply demoted = with_cookie(api, "GET", "/api/categories", other.cookie);
    CHECK(demoted.status == 403);
    CHECK(demoted.error() == "Insufficient permissions");

    SECTION("a promotion applies to the session too") {
        api.storage().accounts().set_role("other@example.com", "admin");
        api.clock.advance(std::chrono::seconds(31));
        const Reply me = with_cookie(api, "GET", "/api/session", other.cookie);
        REQUIRE(me.status == 200);
        CHECK(me.json.at("user").at("role").as_string() == "admin");
    }
}

TEST_CASE("session: maintenance routes follow the account's current role",
          "[authoring][session][admin]") {
    StaffApi api;
    account(api, "editor@example.com", "editor");
    account(api, "admin@example.com", "admin");
    const Session editor = signed_in(api, "editor@example.com");
    const Session admin = signed_in(api, "admin@example.com");
    const auto create = [&](const Session& s, const std::string& title) {
        return with_cookie(api, "POST", "/api/categories", s.cookie,
                           R"({"titel_de":")" + title + R"("})", s.csrf, kOwnOrigin);
    };

    // An editor's session with the right CSRF token: refused, nothing created.
    const Reply refused = create(editor, "Vom Redakteur");
    INFO(text(refused));
    CHECK(refused.status == 403);
    CHECK(refused.error() == "Insufficient permissions");
    CHECK(categories_named(api, "Vom Redakteur") == 0);
    // Every staff role still lists them.
    CHECK(with_cookie(api, "GET", "/api/categories", editor.cookie).status == 200);
    CHECK(create(admin, "Von der Admin").status == 201);
    CHECK(categories_named(api, "Von der Admin") == 1);

    // Demoted and promoted within ACCOUNT_RECHECK_SECONDS (30 s here), with the same sessions.
    api.storage().accounts().set_role("admin@example.com", "editor");
    api.storage().accounts().set_role("editor@example.com", "admin");
    api.clock.advance(std::chrono::seconds(31));
    const Reply demoted = create(admin, "Nach der Herabstufung");
    CHECK(demoted.status == 403);
    CHECK(demoted.error() == "Insufficient permissions");
    CHECK(categories_named(api, "Nach der Herabstufung") == 0);
    CHECK(with_cookie(api, "GET", "/api/categories", admin.cookie).status == 200);
    CHECK(create(editor, "Nach der Befoerderung").status == 201);
}

TEST_CASE("session: the access log names the user and never the cookie or the token",
          "[authoring][session]") {
    StaffApiOptions options;
    options.access_log = true;
    StaffApi api(options);
    const Id id = account(api, "editor@example.com", "editor");
    // The first logged request makes the access logger; then its lines are captured too.
    REQUIRE(api.get("/api/categories").status == 200);
    const auto logger = spdlog::get("access");
    REQUIRE(logger);
    std::ostringstream lines;
    const auto sink = std::make_shared<spdlog::sinks::ostream_sink_mt>(lines);
    // Only into `lines` meanwhile (the test's output stays readable).
    const auto stdout_sinks = logger->sinks();
    logger->sinks() = {sink};

    const Reply in = sign_in(api, "editor@example.com");
    REQUIRE(in.status == 200);
    const Session s{cookie_of(in), std::string(in.json.at("csrf_token").as_string()), id};
    CHECK(with_cookie(api, "GET", "/api/categories", s.cookie).status == 200);
    CHECK(with_cookie(api, "POST", "/api/cms/db-words", s.cookie, R"({"title_de":"Log","level":1})",
                      s.csrf)
              .status == 201);
    CHECK(
        with_cookie(api, "POST", "/api/cms/db-words", s.cookie, R"({"title_de":"Nein"})").status ==
        403);
    // A maintenance route an editor may not use: refused after the session was read, so the
    // line names the user.
    CHECK(with_cookie(api, "POST", "/api/categories", s.cookie, R"({"titel_de":"Nein"})", s.csrf)
              .status == 403);
    CHECK(with_cookie(api, "DELETE", "/api/session", s.cookie, {}, s.csrf).status == 204);
    logger->flush();
    logger->sinks() = stdout_sinks;

    const std::string log = lines.str();
    INFO(log);
    const std::string value = s.cookie.substr(std::string("ll_staff=").size());
    CHECK(log.find(value) == std::string::npos);
    CHECK(log.find(s.csrf) == std::string::npos);
    CHECK(log.find(kPassword) == std::string::npos);
    // Sign-in, the GET, the POST, the maintenance refusal and the sign-out name the user.
    const std::string user = "\"user_id\":" + std::to_string(id);
    std::size_t named = 0;
    for (auto at = log.find(user); at != std::string::npos; at = log.find(user, at + 1)) ++named;
    CHECK(named == 5);
}
