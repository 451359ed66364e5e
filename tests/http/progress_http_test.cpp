#include "tests/http/support/api.hpp"

#include <thread>

#include "core/domain/time_format.hpp"

using namespace ll;
using namespace ll::test;

namespace {
std::string card(Id pair, const std::string& correct, const std::string& points) {
    return R"({"pair_id":)" + std::to_string(pair) + R"(,"correct":)" + correct + R"(,"points":)" +
           points + "}";
}
}  // namespace

TEST_CASE("POST /auth/progress: errors, then every field of the answer", "[http][progress]") {
    Api api;
    auto& c = api.client;
    const Id pair = api.pair();
    const std::string bare = api.register_user("bare@example.com");
    const Reply no_profile = c.post("/auth/progress", card(pair, "true", "5"), bare);
    CHECK(no_profile.status == 409);
    CHECK(no_profile.error() == "Kein Profil vorhanden. Bitte zuerst ein Profil anlegen.");

    const std::string token = api.learner();
    CHECK(c.post("/auth/progress", R"({"correct":true})", token).error() == "pair_id is required");
    CHECK(c.post("/auth/progress", R"({"pair_id":null})", token).error() == "pair_id is required");
    CHECK(c.post("/auth/progress", R"({"pair_id":"abc"})", token).error() ==
          "pair_id must be a positive integer");
    CHECK(c.post("/auth/progress", R"({"pair_id":-4})", token).error() ==
          "pair_id must be a positive integer");
    const Reply unknown = c.post("/auth/progress", card(pair + 1000, "true", "5"), token);
    CHECK(unknown.status == 404);
    CHECK(unknown.error() == "Pair not found");

    const Reply first = c.post(
        "/auth/progress",
        R"({"pair_id":")" + std::to_string(pair) + R"(","correct":"true","points":"25"})", token);
    REQUIRE(first.status == 200);
    const auto& body = first.json.as_object();
    CHECK(body.size() == 9);
    CHECK(body.at("total_ep") == 25);
    CHECK(body.at("level") == 1);
    CHECK(body.at("prev_level") == 0);
    CHECK(body.at("streak_days") == 1);
    CHECK(body.at("streak_increased") == true);
    CHECK(body.at("daily_ep") == 25);
    CHECK(body.at("daily_goal_ep") == 30);
    CHECK(body.at("goal_just_reached") == false);
    const auto& unlocked = body.at("unlocked_achievements").as_array();
    REQUIRE(unlocked.size() == 1);
    CHECK(unlocked[0].at("id") == "first_steps");
    CHECK(unlocked[0].at("kind") == "ep");
    CHECK(unlocked[0].at("threshold") == 20);
    CHECK(unlocked[0].at("title_de") == "Erste Schritte");
    CHECK(unlocked[0].at("unlocked_at") ==
          boost::json::value(format_timestamp(api.server.clock.now())));

    const Reply second = c.post("/auth/progress", card(pair, "false", "-7"), token);
    CHECK(second.json.at("total_ep") == 25);
    CHECK(second.json.at("streak_increased") == false);
    CHECK(second.json.at("unlocked_achievements").as_array().empty());
    const Reply third = c.post("/auth/progress", card(pair, "1", "5"), token);  // 1 is not true
    CHECK(third.json.at("goal_just_reached") == true);
    CHECK(third.json.at("daily_ep") == 30);

    const Reply stats = c.get("/auth/stats", token);
    CHECK(stats.json.at("totals").at("total_seen") == 3);
    CHECK(stats.json.at("totals").at("total_correct") == 1);
}

TEST_CASE("GET /auth/stats: the window, today, totals, skills, categories", "[http][stats]") {
    Api api;
    auto& c = api.client;
    const std::string token = api.learner();
    const Reply empty = c.get("/auth/stats", token);
    REQUIRE(empty.status == 200);
    CHECK(empty.json.as_object().size() == 5);
    CHECK(empty.json.at("daily").as_array().size() == 84);
    CHECK(empty.json.at("totals").at("accuracy").to_number<double>() == 0.0);
    CHECK(empty.body.find(R"("accuracy":0})") != std::string::npos);  // not 0E0
    CHECK(empty.json.at("today").at("daily_goal_ep") == 30);

    auto& content = api.server.storage().content_seeder();
    const Id animals = content.add_category("HTTP-Tiere"),
             food = content.add_category("HTTP-Essen");
    const Id word = api.pair("word", {animals, food}), yes_no = api.pair("yes_no", {food});
    REQUIRE(c.post("/auth/progress", card(word, "true", "10"), token).status == 200);
    REQUIRE(c.post("/auth/progress", card(yes_no, "false", "4"), token).status == 200);
    const Reply r = c.get("/auth/stats", token);
    const auto& daily = r.json.at("daily").as_array();
    REQUIRE(daily.size() == 84);
    const std::string today = format_date(api.server.clock.today());
    CHECK(daily.back().at("date") == boost::json::value(today));
    CHECK(daily.back().at("ep") == 14);
    CHECK(daily.back().at("cards") == 2);
    CHECK(daily.back().at("correct") == 1);
    CHECK(daily.front().at("date") ==
          boost::json::value(format_date(api.server.clock.today() - std::chrono::days{83})));
    CHECK(r.json.at("today").at("ep") == 14);
    CHECK(r.json.at("totals").at("pairs_practiced") == 2);
    CHECK(r.json.at("totals").at("accuracy") == 0.5);
    CHECK(r.body.find(R"("accuracy":0.5})") != std::string::npos);  // not 5E-1
    const auto& skills = r.json.at("skills").as_array();
    REQUIRE(skills.size() == 3);
    CHECK(skills[0].at("label") == "Vokabular");
    CHECK(skills[0].at("value").to_number<double>() == 1.0);
    CHECK(skills[1].at("label") == "Lesen");
    CHECK(skills[1].at("seen") == 0);
    CHECK(skills[2].at("label") == "Verständnis");
    CHECK(skills[2].at("value").to_number<double>() == 0.0);
    const auto& categories = r.json.at("categories").as_array();
    REQUIRE(categories.size() == 2);
    CHECK(categories[0].at("label") == "HTTP-Essen");
    CHECK(categories[0].at("points") == 14);
    CHECK(categories[0].at("seen") == 2);
    CHECK(categories[1].at("label") == "HTTP-Tiere");
}

TEST_CASE("GET /auth/achievements: all ten with unlock status", "[http][achievements]") {
    Api api;
    auto& c = api.client;
    const std::string token = api.learner();
    REQUIRE(c.post("/auth/progress", card(api.pair(), "true", "120"), token).status == 200);
    const Reply r = c.get("/auth/achievements", token);
    REQUIRE(r.status == 200);
    const auto& list = r.json.as_array();
    REQUIRE(list.size() == 10);
    CHECK(list[0].at("id") == "first_steps");
    CHECK(list[0].at("unlocked") == true);
    CHECK(list[0].at("unlocked_at").is_string());
    CHECK(list[1].at("id") == "ep_100");
    CHECK(list[1].at("unlocked") == true);
    CHECK(list[2].at("unlocked") == false);
    CHECK(list[2].at("unlocked_at").is_null());
    CHECK(list[5].at("kind") == "streak");
    CHECK(list[0].as_object().size() == 8);
}

TEST_CASE("GET /feed: empty until content exists, cursor fields", "[http][feed]") {
    Api api;
    const std::string token = api.learner();
    const Reply r = api.client.get("/feed?limit=5", token);
    REQUIRE(r.status == 200);
    CHECK(r.json.at("items").as_array().empty());
    CHECK(r.json.at("next_after").is_null());
    CHECK(api.client.get("/feed").status == 401);
}

TEST_CASE("40 concurrent bookings of one user through HTTP are exact", "[http][concurrency]") {
    Api api;
    const std::string token = api.learner();
    const Id pair = api.pair();
    std::vector<std::thread> threads;
    std::atomic<int> ok{0};
    for (int t = 0; t < 8; ++t) {
        threads.emplace_back([&] {
            HttpClient client(api.server.port());
            for (int i = 0; i < 5; ++i) {
                if (client.post("/auth/progress", card(pair, "true", "5"), token).status == 200)
                    ++ok;
            }
        });
    }
    for (auto& t : threads) t.join();
    CHECK(ok == 40);
    const Reply me = api.client.get("/auth/me", token);
    CHECK(me.json.at("total_ep") == 200);
    const Reply stats = api.client.get("/auth/stats", token);
    CHECK(stats.json.at("today").at("cards") == 40);
    CHECK(stats.json.at("totals").at("total_seen") == 40);
    int unlocked = 0;
    const Reply achievements = api.client.get("/auth/achievements", token);
    for (const auto& a : achievements.json.as_array()) unlocked += a.at("unlocked") == true;
    CHECK(unlocked == 2);  // first_steps, ep_100
}

TEST_CASE("20 concurrent registrations of one e-mail: exactly one 201", "[http][concurrency]") {
    Api api;
    std::atomic<int> created{0}, conflicts{0};
    std::vector<std::thread> threads;
    for (int t = 0; t < 20; ++t) {
        threads.emplace_back([&] {
            HttpClient client(api.server.port());
            const int status = client
                                   .post("/auth/register",
                                         R"({"email":"race@example.com","password":"password1"})")
                                   .status;
            if (status == 201) ++created;
            if (status == 409) ++conflicts;
        });
    }
    for (auto& t : threads) t.join();
    CHECK(created == 1);
    CHECK(conflicts == 19);
}
