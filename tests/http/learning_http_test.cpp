// GET and PUT /auth/learning over a real socket on SQLite and PostgreSQL: the defaults, a change
// of one setting keeps the other, every bad value or member is a 400 naming the field that
// stores nothing, only the learner's own settings, and the token comes first.
#include "tests/http/support/api.hpp"

using namespace ll;
using namespace ll::test;

namespace {

// The settings as the service answered them.
std::pair<double, std::int64_t> settings_of(const Reply& r) {
    REQUIRE(r.status == 200);
    return {r.json.at("desired_retention").to_number<double>(),
            r.json.at("new_per_day").as_int64()};
}

}  // namespace

TEST_CASE("GET and PUT /auth/learning: defaults, a change keeps the other setting",
          "[http][learning]") {
    Api api;
    auto& c = api.client;
    // Settings are the account's: no profile needed.
    const std::string ada = api.register_user("ada@example.com");
    const std::string bo = api.learner("bo@example.com", "bo_l");
    CHECK(settings_of(c.get("/auth/learning", ada)) == std::pair{0.9, std::int64_t{20}});

    CHECK(settings_of(c.put("/auth/learning", R"({"desired_retention":0.85})", ada)) ==
          std::pair{0.85, std::int64_t{20}});
    CHECK(settings_of(c.put("/auth/learning", R"({"new_per_day":0})", ada)) ==
          std::pair{0.85, std::int64_t{0}});
    CHECK(settings_of(c.get("/auth/learning", ada)) == std::pair{0.85, std::int64_t{0}});
    // Both at once, the ends of the ranges; an empty body changes nothing.
    CHECK(settings_of(c.put("/auth/learning", R"({"desired_retention":0.7,"new_per_day":200})",
                            ada)) == std::pair{0.7, std::int64_t{200}});
    CHECK(settings_of(c.put("/auth/learning", R"({"desired_retention":0.97})", ada)) ==
          std::pair{0.97, std::int64_t{200}});
    CHECK(settings_of(c.put("/auth/learning", "{}", ada)) == std::pair{0.97, std::int64_t{200}});
    // Bo's are still the defaults.
    CHECK(settings_of(c.get("/auth/learning", bo)) == std::pair{0.9, std::int64_t{20}});
}

TEST_CASE("PUT /auth/learning: a bad value or member is 400 naming the field and stores nothing",
          "[http][learning]") {
    Api api;
    auto& c = api.client;
    const std::string token = api.learner();
    REQUIRE(c.put("/auth/learning", R"({"new_per_day":5})", token).status == 200);
    const std::string retention = "desired_retention must be a number from 0.70 to 0.97";
    const std::string per_day = "new_per_day must be an integer from 0 to 200";
    for (const auto& [body, message] : std::vector<std::pair<std::string, std::string>>{
             {R"({"desired_retention":0.69})", retention},
             {R"({"desired_retention":0.971})", retention},
             {R"({"desired_retention":1})", retention},
             {R"({"desired_retention":"0.9"})", retention},
             {R"({"desired_retention":null})", retention},
             {R"({"new_per_day":201})", per_day},
             {R"({"new_per_day":-1})", per_day},
             {R"({"new_per_day":2.5})", per_day},
             {R"({"new_per_day":null})", per_day},
             {R"({"new_per_day":true})", per_day},
             // All or nothing: the good field beside a bad one is not stored either.
             {R"({"desired_retention":0.8,"new_per_day":999})", per_day},
             {R"({"new_per_day":30,"retention":0.8})",
              "retention is not a setting (the settings are desired_retention and new_per_day)"},
         }) {
        INFO(body);
        const Reply r = c.put("/auth/learning", body, token);
        CHECK(r.status == 400);
        CHECK(r.error() == message);
    }
    CHECK(c.put("/auth/learning", "[1]", token).status == 400);
    CHECK(c.put("/auth/learning", "not json", token).status == 400);
    CHECK(settings_of(c.get("/auth/learning", token)) == std::pair{0.9, std::int64_t{5}});
}

TEST_CASE("GET and PUT /auth/learning: the token comes first", "[http][learning]") {
    Api api;
    auto& c = api.client;
    CHECK(c.get("/auth/learning").status == 401);
    CHECK(c.put("/auth/learning", R"({"new_per_day":"x"})").status == 401);
    CHECK(c.put("/auth/learning", R"({"new_per_day":3})", "not-a-token").status == 401);
}
