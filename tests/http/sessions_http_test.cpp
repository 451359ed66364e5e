// Sessions that last and can be revoked (docs/accounts.md "Sessions and sign-out") over real
// sockets, on SQLite and PostgreSQL: refresh rotates, a retry within the grace gets the same
// pair, reuse revokes the family, logout ends both tokens of a device, logout-all the others.
#include <thread>

#include "tests/http/support/api.hpp"

using namespace ll;
using namespace ll::test;

namespace {

struct Device {
    std::string token, refresh_token;
};

std::string text(const Reply& r, const char* field) {
    return std::string(r.json.at(field).as_string());
}

Device sign_in(Api& api, const std::string& user_agent) {
    const Reply r = api.client.call("POST", "/auth/login",
                                    R"({"email":"ada@example.com","password":"password1"})",
                                    {{"User-Agent", user_agent}});
    REQUIRE(r.status == 200);
    return {text(r, "token"), text(r, "refresh_token")};
}

Reply refresh(Api& api, const std::string& refresh_token) {
    return api.client.post("/auth/refresh", R"({"refresh_token":")" + refresh_token + R"("})");
}

}  // namespace

TEST_CASE("sign-in answers keep the spec's fields and add a refresh token", "[http][sessions]") {
    Api api;
    const Reply created =
        api.client.post("/auth/register", R"({"email":"ada@example.com","password":"password1"})");
    REQUIRE(created.status == 201);
    const auto& body = created.json.as_object();
    CHECK(body.at("user").as_object().size() == 4);  // with native_lang, as login's
    CHECK(body.at("user").at("native_lang") == "de");
    CHECK(body.at("needsProfile") == true);
    CHECK(body.at("token").is_string());
    CHECK(body.at("refresh_token").as_string().size() == 43);  // 32 bytes, base64url
    // How long each token lives from this answer (RFC 6749 5.1): JWT_EXPIRES_IN (the test
    // server's 7 days) and REFRESH_EXPIRES_IN (its default, 60 days).
    CHECK(body.at("expires_in") == 7 * 24 * 3600);
    CHECK(body.at("refresh_expires_in") == 60 * 24 * 3600);
    CHECK(body.size() == 6);

    const Reply login =
        api.client.post("/auth/login", R"({"email":"ada@example.com","password":"password1"})");
    REQUIRE(login.status == 200);
    CHECK(login.json.at("user").as_object().size() == 4);
    CHECK(login.json.at("user").at("native_lang") == "de");
    CHECK(login.json.at("refresh_token").as_string().size() == 43);
    CHECK(login.json.at("expires_in") == 7 * 24 * 3600);
    CHECK(login.json.at("refresh_expires_in") == 60 * 24 * 3600);
    CHECK(login.json.as_object().size() == 6);
    // The access token keeps the spec's claims and names its session.
    const auto claims = api.server.tokens.verify(text(login, "token"), api.server.clock.now());
    REQUIRE(claims);
    CHECK(claims->email == "ada@example.com");
    CHECK(claims->role == "end-user");
    const auto family = api.server.storage().refresh_sessions().find_family(claims->session_id);
    REQUIRE(family);
    CHECK(family->user_id == claims->user_id);
    // The refresh token itself is not stored, only its SHA-256.
    CHECK_FALSE(api.server.storage().refresh_sessions().find_token(text(login, "refresh_token")));
    CHECK(api.server.storage().refresh_sessions().find_token(
        api.server.secrets.digest(text(login, "refresh_token"))));
}

TEST_CASE("POST /auth/refresh rotates; a reused token revokes the device's family",
          "[http][sessions]") {
    Api api;
    api.learner();
    const Device phone = sign_in(api, "Phone/1.0");
    const Device tablet = sign_in(api, "Tablet/2.0");
    CHECK(
        api.server.storage()
            .refresh_sessions()
            .find_family(api.server.tokens.verify(phone.token, api.server.clock.now())->session_id)
            ->device == "Phone/1.0");

    api.server.clock.advance(std::chrono::hours(1));
    const Reply first = refresh(api, phone.refresh_token);
    REQUIRE(first.status == 200);
    CHECK(first.json.as_object().size() == 4);
    CHECK(first.json.at("expires_in") == 7 * 24 * 3600);
    CHECK(first.json.at("refresh_expires_in") == 60 * 24 * 3600);
    const Device rotated{text(first, "token"), text(first, "refresh_token")};
    CHECK(rotated.refresh_token != phone.refresh_token);
    CHECK(api.client.get("/auth/me", rotated.token).status == 200);
    const Reply second = refresh(api, rotated.refresh_token);
    REQUIRE(second.status == 200);
    const Device latest{text(second, "token"), text(second, "refresh_token")};

    // The first token again: someone holds a copy. 401, and the whole family ends.
    const Reply reused = refresh(api, phone.refresh_token);
    CHECK(reused.status == 401);
    CHECK(reused.error() == "Invalid or expired refresh token");
    CHECK(refresh(api, latest.refresh_token).error() == "Invalid or expired refresh token");
    for (const auto* access : {&phone.token, &rotated.token, &latest.token}) {
        const Reply me = api.client.get("/auth/me", *access);
        CHECK(me.status == 401);
        CHECK(me.error() == "Invalid or expired token");
    }
    // The other device goes on.
    CHECK(api.client.get("/auth/me", tablet.token).status == 200);
    CHECK(refresh(api, tablet.refresh_token).status == 200);
}

TEST_CASE("refreshes sent at once with one token all get the same new pair", "[http][sessions]") {
    Api api;
    api.learner();
    Device device = sign_in(api, "Phone/1.0");
    // A flaky network: the app's request and its retries arrive together, round after round.
    for (int round = 0; round < 10; ++round) {
        std::vector<Reply> answers(4);
        std::vector<std::thread> senders;
        for (auto& answer : answers)
            senders.emplace_back([&api, &answer, token = device.refresh_token] {
                HttpClient client(api.server.port());
                answer = client.post("/auth/refresh", R"({"refresh_token":")" + token + R"("})");
            });
        for (auto& t : senders) t.join();
        for (const Reply& answer : answers) {
            INFO("round " << round << ": " << answer.status << " " << answer.body);
            REQUIRE(answer.status == 200);
            CHECK(answer.body == answers[0].body);
        }
        device = {text(answers[0], "token"), text(answers[0], "refresh_token")};
        REQUIRE(api.client.get("/auth/me", device.token).status == 200);
    }
    // A retry after the grace is a reuse: the device's session ends.
    const Device before = device;
    const Reply next = refresh(api, device.refresh_token);
    REQUIRE(next.status == 200);
    api.server.clock.advance(std::chrono::seconds(11));
    CHECK(refresh(api, before.refresh_token).error() == "Invalid or expired refresh token");
    CHECK(refresh(api, text(next, "refresh_token")).error() == "Invalid or expired refresh token");
    CHECK(api.client.get("/auth/me", text(next, "token")).status == 401);
}

TEST_CASE("POST /auth/refresh: bad input and unknown or expired tokens", "[http][sessions]") {
    Api api;
    api.learner();
    const Device phone = sign_in(api, "Phone/1.0");
    CHECK(api.client.post("/auth/refresh", "{}").error() == "refresh_token is required");
    CHECK(api.client.post("/auth/refresh", R"({"refresh_token":7})").error() ==
          "refresh_token is required");
    CHECK(api.client.post("/auth/refresh", "not json").error() == "Invalid JSON body");
    const Reply unknown = refresh(api, "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA");
    CHECK(unknown.status == 401);
    CHECK(unknown.error() == "Invalid or expired refresh token");
    CHECK(refresh(api, "' OR 1=1 --").error() == "Invalid or expired refresh token");

    api.server.clock.advance(std::chrono::hours(24 * 60));
    const Reply expired = refresh(api, phone.refresh_token);
    CHECK(expired.status == 401);
    CHECK(expired.error() == "Invalid or expired refresh token");
}

TEST_CASE("POST /auth/logout makes both tokens of the device useless", "[http][sessions]") {
    Api api;
    api.learner();
    const Device phone = sign_in(api, "Phone/1.0");
    const Device tablet = sign_in(api, "Tablet/2.0");
    CHECK(api.client.get("/auth/me", phone.token).status == 200);

    CHECK(api.client.post("/auth/logout", R"({"refresh_token":")" + phone.refresh_token + R"("})")
              .error() == "Unauthorized");  // needs the access token
    CHECK(api.client.post("/auth/logout", "{}", phone.token).error() ==
          "refresh_token is required");
    CHECK(api.client.get("/auth/me", phone.token).status == 200);  // nothing changed

    const Reply out = api.client.post(
        "/auth/logout", R"({"refresh_token":")" + phone.refresh_token + R"("})", phone.token);
    CHECK(out.status == 204);
    CHECK(out.body.empty());
    CHECK(api.client.get("/auth/me", phone.token).error() == "Invalid or expired token");
    CHECK(api.client
              .post("/auth/progress", R"({"pair_id":1,"correct":true,"points":10})", phone.token)
              .status == 401);
    CHECK(refresh(api, phone.refresh_token).error() == "Invalid or expired refresh token");
    CHECK(api.client.get("/auth/me", tablet.token).status == 200);
    CHECK(refresh(api, tablet.refresh_token).status == 200);
}

TEST_CASE("POST /auth/logout refuses another learner's refresh token", "[http][sessions]") {
    Api api;
    api.learner();
    const std::string bo_token = api.learner("bo@example.com", "bo_berg");
    const Reply bo_login =
        api.client.post("/auth/login", R"({"email":"bo@example.com","password":"password1"})");
    const Device bo{text(bo_login, "token"), text(bo_login, "refresh_token")};
    const Device ada = sign_in(api, "Phone/1.0");
    const Reply r = api.client.post(
        "/auth/logout", R"({"refresh_token":")" + bo.refresh_token + R"("})", ada.token);
    CHECK(r.status == 401);
    CHECK(r.error() == "Invalid or expired refresh token");
    CHECK(api.client.get("/auth/me", ada.token).status == 200);
    CHECK(api.client.get("/auth/me", bo.token).status == 200);
    CHECK(refresh(api, bo.refresh_token).status == 200);
    CHECK(api.client.get("/auth/me", bo_token).status == 200);
}

TEST_CASE("POST /auth/logout-all ends every device of the account", "[http][sessions]") {
    Api api;
    const std::string registered = api.learner();
    const std::string bo_token = api.learner("bo@example.com", "bo_berg");
    const Device phone = sign_in(api, "Phone/1.0");
    const Device tablet = sign_in(api, "Tablet/2.0");
    CHECK(api.client.get("/auth/me", tablet.token).status == 200);

    CHECK(api.client.post("/auth/logout-all", "").error() == "Unauthorized");
    const Reply out = api.client.post("/auth/logout-all", "", phone.token);
    CHECK(out.status == 204);
    for (const auto* access : {&registered, &phone.token, &tablet.token})
        CHECK(api.client.get("/auth/me", *access).error() == "Invalid or expired token");
    for (const auto* device : {&phone, &tablet})
        CHECK(refresh(api, device->refresh_token).error() == "Invalid or expired refresh token");
    CHECK(api.client.get("/auth/me", bo_token).status == 200);
    // Signing in again works.
    CHECK(api.client.get("/auth/me", sign_in(api, "Phone/1.0").token).status == 200);
}

TEST_CASE("a session token of an account that is gone answers as the spec says",
          "[http][sessions]") {
    Api api;
    // Its sessions went with the account: the route answers, not the session check.
    const std::string token = api.server.tokens.issue(
        TokenClaims{999999, "ghost@example.com", "end-user", "de", "no-such-family"},
        api.server.clock.now());
    const Reply me = api.client.get("/auth/me", token);
    CHECK(me.status == 404);
    CHECK(me.error() == "User not found");
}

TEST_CASE("a 401 about the access token carries a Bearer challenge, the other 401s do not",
          "[http][sessions]") {
    // docs/accounts.md "Telling the 401s apart": an app refreshes on the challenge only.
    Api api;
    api.learner();
    const Device phone = sign_in(api, "Phone/1.0");

    const Reply none = api.client.get("/auth/me");
    CHECK(none.error() == "Unauthorized");
    CHECK(none.header("www-authenticate") == "Bearer");
    // ... and its code (docs/accounts.md "Error codes").
    CHECK(none.json.at("code") == "token_missing");
    const Reply bad = api.client.get("/auth/me", "not-a-token");
    CHECK(bad.error() == "Invalid or expired token");
    CHECK(bad.header("www-authenticate") == R"(Bearer error="invalid_token")");
    CHECK(bad.json.at("code") == "invalid_token");
    // Refused as soon as the header has arrived, before the body is read: the same challenge.
    const Reply early = api.client.post("/auth/progress", R"({"pair_id":1,"correct":true})");
    CHECK(early.error() == "Unauthorized");
    CHECK(early.header("www-authenticate") == "Bearer");
    api.server.clock.advance(std::chrono::hours(24 * 400));  // past JWT_EXPIRES_IN
    const Reply expired = api.client.get("/auth/me", phone.token);
    CHECK(expired.error() == "Invalid or expired token");
    CHECK(expired.header("www-authenticate") == R"(Bearer error="invalid_token")");
    CHECK(expired.json.at("code") == "invalid_token");

    // A wrong password and a refused refresh token are 401 too, without the challenge.
    const Reply login =
        api.client.post("/auth/login", R"({"email":"ada@example.com","password":"wrong-pass"})");
    CHECK(login.error() == "Invalid credentials");
    CHECK(login.header("www-authenticate").empty());
    CHECK(login.json.at("code") == "invalid_credentials");
    const Device tablet = sign_in(api, "Tablet/1.0");
    const Reply wrong = api.client.put(
        "/auth/password", R"({"current_password":"wrong-pass","new_password":"new-password"})",
        tablet.token);
    CHECK(wrong.error() == "Invalid credentials");
    CHECK(wrong.header("www-authenticate").empty());
    CHECK(wrong.json.at("code") == "wrong_password");
    const Reply wrong_delete = api.client.call(
        "DELETE", "/auth/me", R"({"password":"wrong-pass"})",
        {{"Authorization", "Bearer " + tablet.token}, {"Content-Type", "application/json"}});
    CHECK(wrong_delete.status == 401);
    CHECK(wrong_delete.error() == "Invalid credentials");
    CHECK(wrong_delete.json.at("code") == "wrong_password");
    const Reply refused = refresh(api, "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA");
    CHECK(refused.error() == "Invalid or expired refresh token");
    CHECK(refused.header("www-authenticate").empty());
    CHECK(refused.json.at("code") == "invalid_refresh_token");
}
