#include "tests/http/support/api.hpp"

using namespace ll;
using namespace ll::test;

TEST_CASE("POST /auth/register: every rule in order, the 201 answer, what is stored",
          "[http][register]") {
    Api api;
    api.server.storage().blocklist().block("blocked@example.com");
    auto& c = api.client;
    const auto reg = [&](const std::string& body) { return c.post("/auth/register", body); };

    CHECK(reg(R"({"password":"password1"})").error() == "email and password are required");
    CHECK(reg(R"({"email":"a@b.cd"})").status == 400);
    CHECK(reg(R"({"email":"","password":"password1"})").error() ==
          "email and password are required");
    CHECK(reg(R"({"email":42,"password":"password1"})").error() ==
          "email and password are required");
    CHECK(reg(R"({"email":"nope","password":"short"})").error() == "Invalid email format");
    CHECK(reg(R"({"email":"a@b.cd","password":"short"})").error() ==
          "Password must be at least 8 characters");
    CHECK(reg(R"({"email":"a@b.cd","password":")" + std::string(1025, 'x') + R"("})").error() ==
          "Password must be at most 1024 characters");
    const Reply blocked = reg(R"({"email":" Blocked@Example.com ","password":"password1"})");
    CHECK(blocked.status == 403);
    CHECK(blocked.error() == "Registration not allowed");

    const Reply created = reg(R"({"email":"  Ada@Example.COM ","password":"password1"})");
    REQUIRE(created.status == 201);
    CHECK(created.header("content-type") == "application/json; charset=utf-8");
    const auto& body = created.json.as_object();
    CHECK(body.size() ==
          6);  // refresh_token, expires_in and refresh_expires_in beside the spec's fields
    CHECK(body.at("refresh_token").is_string());
    CHECK(body.at("user").as_object().size() == 4);  // id, email, role, and native_lang as login's
    CHECK(body.at("user").at("native_lang") == "de");
    CHECK(body.at("user").at("email") == "ada@example.com");
    CHECK(body.at("user").at("role") == "end-user");
    CHECK(body.at("user").at("id").is_int64());
    CHECK(body.at("needsProfile") == true);
    CHECK(
        api.server.tokens.verify(std::string(body.at("token").as_string()), api.server.clock.now())
            ->email == "ada@example.com");
    const auto stored = api.server.storage().accounts().find_by_email("ada@example.com");
    REQUIRE(stored);
    CHECK(stored->password_hash.rfind("$argon2id$", 0) == 0);

    const Reply dup = reg(R"({"email":"ADA@example.com","password":"password1"})");
    CHECK(dup.status == 409);
    CHECK(dup.error() == "Email already registered");
}

TEST_CASE("POST /auth/login: rules in order and the answer", "[http][login]") {
    Api api;
    auto& c = api.client;
    const std::string token = api.learner();
    const auto login = [&](const std::string& body) { return c.post("/auth/login", body); };
    CHECK(login(R"({"email":"ada@example.com"})").error() == "email and password are required");
    CHECK(login(R"({"email":"nobody@example.com","password":"password1"})").error() ==
          "Invalid credentials");
    const Reply wrong = login(R"({"email":"ada@example.com","password":"wrong-password"})");
    CHECK(wrong.status == 401);
    CHECK(wrong.error() == "Invalid credentials");

    const Reply ok = login(R"({"email":" ADA@example.com","password":"password1"})");
    REQUIRE(ok.status == 200);
    const auto& user = ok.json.at("user").as_object();
    CHECK(user.size() == 4);
    CHECK(user.at("email") == "ada@example.com");
    CHECK(user.at("role") == "end-user");
    CHECK(user.at("native_lang") == "de");
    CHECK(ok.json.at("needsProfile") == false);
    CHECK(api.server.tokens.verify(std::string(ok.json.at("token").as_string()),
                                   api.server.clock.now()));

    api.server.storage().accounts().set_active("ada@example.com", false);
    const Reply inactive = login(R"({"email":"ada@example.com","password":"wrong-password"})");
    CHECK(inactive.status == 403);
    CHECK(inactive.error() == "Account deactivated");
}

TEST_CASE("GET /auth/languages: published, ordered, no token needed", "[http][languages]") {
    Api api;
    const Reply r = api.client.get("/auth/languages");
    REQUIRE(r.status == 200);
    const auto& list = r.json.as_array();
    REQUIRE(list.size() == 3);
    CHECK(list[0].at("short_en") == "de");
    CHECK(list[0].at("titel_de") == "Deutsch");
    CHECK(list[1].at("short_en") == "en");
    CHECK(list[2].at("short_en") == "sv");
    CHECK(list[2].at("titel_sv") == "Svenska");
    CHECK(list[0].as_object().size() == 5);
    // Served from memory with an ETag: a client that has it gets 304 and no body.
    const std::string etag = r.header("etag");
    REQUIRE(etag.size() == 18);
    const Reply again = api.client.call("GET", "/auth/languages", {}, {{"If-None-Match", etag}});
    CHECK(again.status == 304);
    CHECK(again.body.empty());
    CHECK(api.client.call("GET", "/auth/languages", {}, {{"If-None-Match", "\"other\""}}).status ==
          200);
}
