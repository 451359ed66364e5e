// Over real sockets on SQLite and PostgreSQL (LL_TEST_BACKEND): a time zone per learner
// (POST /auth/profile's timezone, PUT /auth/timezone, /auth/me's practiced_today and
// streak_at_risk) and offline answers (POST /auth/progress/batch). docs/accounts.md "Time zone
// per learner and offline practice".
#include <string>

#include "core/domain/time_format.hpp"
#include "tests/http/support/api.hpp"

using namespace ll;
using namespace ll::test;

namespace {

std::string item(const std::string& client_id, Id pair, const std::string& answered_at,
                 int points = 10) {
    return R"({"client_id":")" + client_id + R"(","pair_id":)" + std::to_string(pair) +
           R"(,"correct":true,"points":)" + std::to_string(points) + R"(,"answered_at":")" +
           answered_at + R"("})";
}

std::string batch(const std::vector<std::string>& items) {
    std::string body = R"({"items":[)";
    for (std::size_t i = 0; i < items.size(); ++i) body += (i ? "," : "") + items[i];
    return body + "]}";
}

// Sunday 2026-11-22 18:00 UTC; the test server's APP_TIMEZONE is UTC.
void set_sunday(Api& api) {
    api.server.clock.set(*parse_timestamp("2026-11-22T18:00:00.000Z"));
}

// A learner with a profile and a pair to answer, signed in at `now`, registered a week before
// the dates the tests answer on.
struct Learner {
    explicit Learner(const char* now = "2026-11-22T18:00:00.000Z") {
        api.server.clock.set(*parse_timestamp(now));
        token = api.learner();
        backdate_accounts(*api.server.db, *parse_timestamp("2026-11-13T00:00:00.000Z"));
        pair = api.pair();
    }
    Api api;
    HttpClient& c = api.client;
    std::string token;
    Id pair = 0;
};

}  // namespace

TEST_CASE("time zone: set at profile creation and by PUT /auth/timezone", "[http][timezone]") {
    Api api;
    auto& c = api.client;
    const std::string token = api.register_user("tz@example.com");
    const Reply bad = c.post(
        "/auth/profile",
        R"({"username":"tzuser","nativeLang":1,"targetLang":3,"timezone":"Europe/Atlantis"})",
        token);
    CHECK(bad.status == 400);
    CHECK(bad.error() == "timezone must be an IANA time zone name such as Europe/Berlin, or null");
    CHECK(c.get("/auth/me", token).json.at("username").is_null());  // nothing created
    const Reply made = c.post(
        "/auth/profile",
        R"({"username":"tzuser","nativeLang":1,"targetLang":3,"timezone":"Europe/Berlin"})", token);
    REQUIRE(made.status == 201);
    CHECK(made.json.as_object().size() == 5);  // the spec's answer, unchanged
    CHECK(c.get("/auth/me", token).json.at("timezone") == "Europe/Berlin");

    for (const char* body :
         {R"({"timezone":"../../etc/passwd"})", R"({"timezone":7})", "{}", R"({"timezone":""})"}) {
        INFO(body);
        const Reply r = c.put("/auth/timezone", body, token);
        CHECK(r.status == 400);
        CHECK(r.error() ==
              "timezone must be an IANA time zone name such as Europe/Berlin, or null");
    }
    CHECK(c.get("/auth/me", token).json.at("timezone") == "Europe/Berlin");
    const Reply tokyo = c.put("/auth/timezone", R"({"timezone":"Asia/Tokyo"})", token);
    CHECK(tokyo.status == 200);
    CHECK(tokyo.json.at("timezone") == "Asia/Tokyo");
    CHECK(c.get("/auth/me", token).json.at("timezone") == "Asia/Tokyo");
    const Reply cleared = c.put("/auth/timezone", R"({"timezone":null})", token);
    CHECK(cleared.status == 200);
    CHECK(cleared.json.at("timezone").is_null());
    CHECK(c.get("/auth/me", token).json.at("timezone").is_null());

    const std::string bare = api.register_user("bare@example.com");
    const Reply none = c.put("/auth/timezone", R"({"timezone":"Asia/Tokyo"})", bare);
    CHECK(none.status == 409);
    CHECK(none.error() == "Kein Profil vorhanden.");
    CHECK(none.json.at("code") == "profile_missing");
    CHECK(c.put("/auth/timezone", R"({"timezone":"Asia/Tokyo"})").status == 401);
}

TEST_CASE("time zone: today, practiced_today and streak_at_risk in the learner's zone",
          "[http][timezone]") {
    Api api;
    auto& c = api.client;
    set_sunday(api);
    const std::string token = api.learner("kiri@example.com", "kiri");
    const Id pair = api.pair();
    // 18:00 UTC on Sunday is 08:00 on Monday in Kiritimati (+14).
    REQUIRE(c.put("/auth/timezone", R"({"timezone":"Pacific/Kiritimati"})", token).status == 200);
    REQUIRE(
        c.post("/auth/progress", R"({"pair_id":)" + std::to_string(pair) + R"(,"points":7})", token)
            .status == 200);
    const Reply stats = c.get("/auth/stats", token);
    const auto& daily = stats.json.at("daily").as_array();
    CHECK(daily.back().at("date") == "2026-11-23");
    CHECK(daily.back().at("ep") == 7);
    CHECK(stats.json.at("today").at("ep") == 7);

    Reply me = c.get("/auth/me", token);
    CHECK(me.json.at("practiced_today") == true);
    CHECK(me.json.at("streak_at_risk") == false);
    api.server.clock.set(*parse_timestamp("2026-11-23T12:00:00.000Z"));  // Tuesday 02:00 there
    me = c.get("/auth/me", token);
    CHECK(me.json.at("practiced_today") == false);
    CHECK(me.json.at("streak_at_risk") == true);
    CHECK(me.json.at("streak_days") == 1);
}

TEST_CASE("batch: offline answers across two days keep the streak", "[http][batch]") {
    Learner l;
    auto& [api, c, token, pair] = l;
    // Friday online.
    api.server.clock.set(*parse_timestamp("2026-11-20T09:00:00.000Z"));
    REQUIRE(c.post("/auth/progress", R"({"pair_id":)" + std::to_string(pair) + R"(,"points":10})",
                   token)
                .status == 200);
    set_sunday(api);
    const Reply r = c.post("/auth/progress/batch",
                           batch({item("sun-1", pair, "2026-11-22T17:00:00.000Z", 20),
                                  item("sat-1", pair, "2026-11-21T10:00:00+01:00", 10),
                                  item("sat-2", pair, "2026-11-21T23:59:00Z", 5)}),
                           token);
    REQUIRE(r.status == 200);
    CHECK(r.header("cache-control") == "no-store");
    const auto& results = r.json.at("results").as_array();
    REQUIRE(results.size() == 3);
    CHECK(results[0].at("client_id") == "sun-1");
    CHECK(results[0].at("status") == 200);
    CHECK(results[0].at("streak_days") == 3);
    CHECK(results[0].at("daily_ep") == 20);
    CHECK(results[0].at("total_ep") == 45);
    CHECK(results[1].at("client_id") == "sat-1");
    CHECK(results[1].at("streak_days") == 2);
    CHECK(results[1].at("streak_increased") == true);
    CHECK(results[2].at("daily_ep") == 15);
    CHECK(results[2].at("unlocked_achievements").is_array());

    const Reply me = c.get("/auth/me", token);
    CHECK(me.json.at("streak_days") == 3);
    CHECK(me.json.at("total_ep") == 45);
    CHECK(me.json.at("last_practice_at") == "2026-11-22T17:00:00.000Z");
    const Reply stats = c.get("/auth/stats", token);
    const auto& daily = stats.json.at("daily").as_array();
    CHECK(daily[daily.size() - 1].at("ep") == 20);
    CHECK(daily[daily.size() - 2].at("ep") == 15);
    CHECK(daily[daily.size() - 3].at("ep") == 10);
}

TEST_CASE("batch: client_ids are replayed, never booked twice", "[http][batch]") {
    Learner l;
    auto& [api, c, token, pair] = l;
    const std::string body = batch(
        {item("a", pair, "2026-11-22T10:00:00Z"), item("b", pair, "2026-11-22T11:00:00Z", 15)});
    const Reply first = c.post("/auth/progress/batch", body, token);
    REQUIRE(first.status == 200);
    const Reply again = c.post("/auth/progress/batch", body, token);
    REQUIRE(again.status == 200);
    CHECK(again.json == first.json);
    CHECK(c.get("/auth/me", token).json.at("total_ep") == 25);
    const Reply other =
        c.post("/auth/progress/batch", batch({item("a", pair, "2026-11-22T10:00:00Z", 99)}), token);
    const auto& refused = other.json.at("results").as_array()[0];
    CHECK(refused.at("status") == 422);
    CHECK(refused.at("message") == "client_id reused with a different answer");
    CHECK(refused.at("client_id") == "a");
    // A second learner's client ids are their own.
    const std::string bob = api.learner("bob@example.com", "bob");
    backdate_accounts(*api.server.db, *parse_timestamp("2026-11-13T00:00:00.000Z"));
    CHECK(
        c.post("/auth/progress/batch", body, bob).json.at("results").as_array()[1].at("total_ep") ==
        25);
    CHECK(c.get("/auth/me", token).json.at("total_ep") == 25);
}

TEST_CASE("batch: mixed good and bad items; refused whole when malformed", "[http][batch]") {
    Learner l;
    auto& [api, c, token, pair] = l;
    const Reply r = c.post(
        "/auth/progress/batch",
        batch({item("ok", pair, "2026-11-22T17:00:00Z"), item("old", pair, "2026-11-14T17:00:00Z"),
               item("ahead", pair, "2026-11-22T18:10:00Z"),
               item("nopair", 987654, "2026-11-22T17:00:00Z"), item("when", pair, "Sunday"),
               R"({"pair_id":1,"answered_at":"2026-11-22T17:00:00Z"})",
               item("ok2", pair, "2026-11-22T17:30:00Z")}),
        token);
    REQUIRE(r.status == 200);
    const auto& v = r.json.at("results").as_array();
    REQUIRE(v.size() == 7);
    CHECK(v[0].at("status") == 200);
    CHECK(v[1].at("status") == 422);
    CHECK(v[1].at("message") == "answered_at is more than 7 days ago");
    CHECK(v[1].at("code") == "answered_at_too_old");  // docs/accounts.md "Error codes"
    CHECK(v[2].at("message") == "answered_at is more than 5 minutes ahead");
    CHECK(v[3].at("status") == 404);
    CHECK(v[3].at("message") == "Pair not found");
    CHECK(v[3].at("code") == "pair_not_found");
    CHECK(v[4].at("status") == 400);
    CHECK(v[5].at("message") == "client_id must be 1 to 100 printable characters");
    CHECK(v[5].at("client_id").is_null());
    CHECK(v[5].at("code") == "client_id_invalid");
    CHECK_FALSE(v[6].as_object().contains("code"));
    CHECK(v[6].at("total_ep") == 20);
    CHECK(c.get("/auth/me", token).json.at("total_ep") == 20);

    // Refused whole, nothing booked: 201 items, not an array, an item that is no object.
    std::vector<std::string> many;
    for (int i = 0; i < 201; ++i)
        many.push_back(item("m" + std::to_string(i), pair, "2026-11-22T17:00:00Z"));
    for (const std::string& body : {batch(many), std::string(R"({"items":{}})"), std::string("{}"),
                                    std::string(R"({"items":[1]})"),
                                    batch({item("x", pair, "2026-11-22T17:00:00Z"), "null"})}) {
        const Reply whole = c.post("/auth/progress/batch", body, token);
        CHECK(whole.status == 400);
        CHECK(whole.error() == "items must be an array of at most 200 objects");
    }
    CHECK(c.post("/auth/progress/batch", "[]", token).error() == "Invalid JSON body");
    CHECK(c.post("/auth/progress/batch", batch({}), "").status == 401);
    CHECK(c.get("/auth/me", token).json.at("total_ep") == 20);
    many.pop_back();
    const Reply full = c.post("/auth/progress/batch", batch(many), token);
    REQUIRE(full.status == 200);
    CHECK(full.json.at("results").as_array().size() == 200);
    CHECK(c.get("/auth/me", token).json.at("total_ep") == 2020);
}

TEST_CASE("batch: a late Monday answer after Tuesday's booking", "[http][batch]") {
    Learner l("2026-11-22T09:00:00.000Z");  // Sunday
    auto& [api, c, token, pair] = l;
    const std::string online = R"({"pair_id":)" + std::to_string(pair) + R"(,"points":10})";
    REQUIRE(c.post("/auth/progress", online, token).status == 200);
    api.server.clock.set(*parse_timestamp("2026-11-24T09:00:00.000Z"));  // Tuesday
    CHECK(c.post("/auth/progress", online, token).json.at("streak_days") == 1);
    const Reply late = c.post("/auth/progress/batch",
                              batch({item("mon", pair, "2026-11-23T12:00:00Z", 30)}), token);
    const auto& booked = late.json.at("results").as_array()[0];
    CHECK(booked.at("status") == 200);
    CHECK(booked.at("streak_days") == 1);
    CHECK(booked.at("daily_ep") == 30);
    CHECK(booked.at("goal_just_reached") == true);
    const Reply me = c.get("/auth/me", token);
    CHECK(me.json.at("total_ep") == 50);
    CHECK(me.json.at("last_practice_at") == "2026-11-24T09:00:00.000Z");
    const Reply stats = c.get("/auth/stats", token);
    const auto& daily = stats.json.at("daily").as_array();
    CHECK(daily[daily.size() - 1].at("ep") == 10);                       // Tuesday
    CHECK(daily[daily.size() - 2].at("ep") == 30);                       // Monday
    api.server.clock.set(*parse_timestamp("2026-11-25T09:00:00.000Z"));  // Wednesday
    CHECK(c.post("/auth/progress", online, token).json.at("streak_days") == 2);
}

TEST_CASE("batch: answers dated before the account was made are refused on their own",
          "[http][batch]") {
    Api api;
    api.server.clock.set(*parse_timestamp("2026-11-22T18:00:00.000Z"));
    const std::string token = api.learner();  // registered now, at 18:00
    const Id pair = api.pair();
    // Six days of made-up history (within the 7 days a batch reaches back) and one real answer.
    std::vector<std::string> items;
    for (int day = 16; day <= 21; ++day)
        items.push_back(
            item("d" + std::to_string(day), pair, "2026-11-" + std::to_string(day) + "T12:00:00Z"));
    items.push_back(item("today", pair, "2026-11-22T18:00:00.000Z"));
    const Reply r = api.client.post("/auth/progress/batch", batch(items), token);
    REQUIRE(r.status == 200);
    const auto& v = r.json.at("results").as_array();
    REQUIRE(v.size() == 7);
    for (std::size_t i = 0; i < 6; ++i) {
        INFO(i);
        CHECK(v[i].at("status") == 422);
        CHECK(v[i].at("message") == "answered_at is before the account was created");
        CHECK(v[i].at("client_id").as_string() == "d" + std::to_string(16 + i));
    }
    CHECK(v[6].at("status") == 200);
    CHECK(v[6].at("streak_days") == 1);
    const Reply achievements = api.client.get("/auth/achievements", token);
    for (const auto& a : achievements.json.as_array())
        if (std::string(a.at("id").as_string()).rfind("streak_", 0) == 0)
            CHECK(a.at("unlocked") == false);
    CHECK(api.client.get("/auth/me", token).json.at("total_ep") == 10);
}
