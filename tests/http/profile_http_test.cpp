#include <thread>

#include "tests/http/support/api.hpp"

using namespace ll;
using namespace ll::test;

TEST_CASE("GET /auth/check-username", "[http][username]") {
    Api api;
    const std::string token = api.learner("ada@example.com", "Ada_L");
    auto& c = api.client;
    const Reply bad = c.get("/auth/check-username?username=a!", token);
    CHECK(bad.status == 400);
    CHECK(bad.error() == "Invalid username format");
    CHECK(bad.json.at("available") == false);
    CHECK(c.get("/auth/check-username", token).status == 400);
    CHECK(c.get("/auth/check-username?username=%20free_name%20", token).json.at("available") ==
          true);
    CHECK(c.get("/auth/check-username?username=ADA_l", token).json.at("available") == false);
    CHECK(c.get("/auth/check-username?username=ada_l").status == 401);
}

TEST_CASE("POST /auth/profile: rules in order, 201, then 409", "[http][profile]") {
    Api api;
    auto& c = api.client;
    const std::string token = api.register_user("ada@example.com");
    api.learner("bob@example.com", "Bob");
    const auto profile = [&](const std::string& body) {
        return c.post("/auth/profile", body, token);
    };
    CHECK(profile(R"({"nativeLang":1,"targetLang":3})").error() ==
          "username, nativeLang and targetLang are required");
    CHECK(profile(R"({"username":"ada","nativeLang":1})").error() ==
          "username, nativeLang and targetLang are required");
    CHECK(profile(R"({"username":"a b","nativeLang":1,"targetLang":3})").error() ==
          "Invalid username format");
    CHECK(profile(R"({"username":"ada","nativeLang":1,"targetLang":"1"})").error() ==
          "nativeLang and targetLang must differ");
    CHECK(profile(R"({"username":"BOB","nativeLang":1,"targetLang":99})").error() ==
          "Username already taken");
    CHECK(profile(R"({"username":"ada","nativeLang":1,"targetLang":99})").error() ==
          "Invalid language id(s)");

    const Reply ok = profile(R"({"username":" Ada ","nativeLang":"2","targetLang":3})");
    REQUIRE(ok.status == 201);
    CHECK(ok.json.as_object().size() == 5);
    CHECK(ok.json.at("username") == "Ada");
    CHECK(ok.json.at("language_native_id") == 2);
    CHECK(ok.json.at("language_target_id") == 3);
    CHECK(ok.json.at("id").is_int64());
    CHECK(ok.json.at("user_id").is_int64());
    const Reply again = profile(R"({"username":"other","nativeLang":1,"targetLang":3})");
    CHECK(again.status == 409);
    CHECK(again.error() == "Profile already exists");
    // The native language is stored on the account: login reports it.
    CHECK(c.post("/auth/login", R"({"email":"ada@example.com","password":"password1"})")
              .json.at("user")
              .at("native_lang") == "en");
}

TEST_CASE("GET /auth/me: without and with a profile, every field", "[http][me]") {
    Api api;
    auto& c = api.client;
    const std::string token = api.register_user("ada@example.com");
    Reply me = c.get("/auth/me", token);
    REQUIRE(me.status == 200);
    // A learner's own data is kept by no cache (a shared device).
    CHECK(me.header("cache-control") == "no-store");
    const auto& bare = me.json.as_object();
    CHECK(bare.size() ==
          21);  // the spec's 18, and timezone, practiced_today, streak_at_risk (docs/accounts.md)
    CHECK(bare.at("username").is_null());
    CHECK(bare.at("total_ep") == 0);
    CHECK(bare.at("streak_days") == 0);
    CHECK(bare.at("daily_goal_ep") == 30);
    CHECK(bare.at("last_practice_at").is_null());
    CHECK(bare.at("language_target_greeting").is_null());
    CHECK(bare.at("level") == 0);
    CHECK(bare.at("ep_to_next_level") == 20);

    REQUIRE(c.post("/auth/profile", R"({"username":"ada","nativeLang":1,"targetLang":3})", token)
                .status == 201);
    me = c.get("/auth/me", token);
    const auto& full = me.json.as_object();
    CHECK(full.at("email") == "ada@example.com");
    CHECK(full.at("role") == "end-user");
    CHECK(full.at("username") == "ada");
    CHECK(full.at("language_native_id") == 1);
    CHECK(full.at("language_native_short") == "de");
    CHECK(full.at("language_native_titel") == "Deutsch");
    CHECK(full.at("language_target_id") == 3);
    CHECK(full.at("language_target_short") == "sv");
    CHECK(full.at("language_target_titel") == "Schwedisch");
    CHECK(full.at("language_target_greeting") == "Hej!");

    // A valid token for an account that does not exist.
    const std::string ghost = api.server.tokens.issue(
        TokenClaims{999999, "ghost@example.com", "end-user", "de", {}}, api.server.clock.now());
    const Reply missing = c.get("/auth/me", ghost);
    CHECK(missing.status == 404);
    CHECK(missing.error() == "User not found");
}

TEST_CASE("PUT /auth/goal: clamped and stored; 409 without profile", "[http][goal]") {
    Api api;
    auto& c = api.client;
    const std::string bare = api.register_user("bare@example.com");
    const Reply none = c.put("/auth/goal", R"({"daily_goal_ep":50})", bare);
    CHECK(none.status == 409);
    CHECK(none.error() == "Kein Profil vorhanden.");
    const std::string token = api.learner();
    CHECK(c.put("/auth/goal", R"({"daily_goal_ep":"77abc"})", token).json.at("daily_goal_ep") ==
          77);
    CHECK(c.get("/auth/me", token).json.at("daily_goal_ep") == 77);
    CHECK(c.put("/auth/goal", R"({})", token).json.at("daily_goal_ep") == 5);
    CHECK(c.put("/auth/goal", R"({"daily_goal_ep":12.9})", token).json.at("daily_goal_ep") == 12);
    CHECK(c.put("/auth/goal", R"({"daily_goal_ep":100000})", token).json.at("daily_goal_ep") ==
          500);
    CHECK(c.put("/auth/goal", R"({"daily_goal_ep":true})", token).json.at("daily_goal_ep") == 5);
}

TEST_CASE("POST /auth/profile: ten at once with ten names, nine are told the profile exists",
          "[http][profile]") {
    Api api;
    for (int round = 0; round < 5; ++round) {
        const std::string token =
            api.register_user("racer" + std::to_string(round) + "@example.com");
        std::vector<Reply> answers(10);
        std::vector<std::thread> senders;
        for (int i = 0; i < 10; ++i) {
            senders.emplace_back([&, i] {
                HttpClient client(api.server.port());
                answers[i] =
                    client.post("/auth/profile",
                                R"({"username":"r)" + std::to_string(round) + "_n" +
                                    std::to_string(i) + R"(","nativeLang":1,"targetLang":3})",
                                token);
            });
        }
        for (auto& t : senders) t.join();
        int created = 0;
        for (const Reply& r : answers) {
            INFO("round " << round << ": " << r.status << " " << r.body);
            if (r.status == 201) {
                ++created;
                continue;
            }
            CHECK(r.status == 409);
            CHECK(r.error() == "Profile already exists");
        }
        CHECK(created == 1);
    }
}
