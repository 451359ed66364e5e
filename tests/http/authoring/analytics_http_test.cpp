// Card analytics over a real socket on SQLite and PostgreSQL (docs/learning.md "Card
// analytics"): learners answer a card on the learner API (graded, one of them picking a wrong
// choice); GET /api/analytics/cards and GET /api/cms/db-pairs/:id/analytics show the answers
// (no rate below 20), the wrong choice picked and the learners; an edit of the pair starts a
// new revision, a status change does not; bad queries are 400s.
#include "tests/http/authoring/support/json_helpers.hpp"
#include "tests/support/graded_cards.hpp"

using namespace ll;
using namespace ll::test;

namespace {

const CardWord kDog{"Hund", "dog", "hund"};
const CardWord kCat{"Katze", "cat", "katt"};

// The card's "katt" choice in the learner's practice queue.
std::string katt_choice(HttpClient& learner, const std::string& token) {
    const Reply queue = learner.get("/auth/practice", token);
    REQUIRE(queue.status == 200);
    for (const auto& choice :
         queue.json.at("items").as_array().at(0).at("exercise").at("choices").as_array())
        if (choice.at("text") == "katt") return std::string(choice.at("id").as_string());
    FAIL("no katt choice");
    return {};
}

}  // namespace

TEST_CASE("card analytics: graded answers per card and language, revisions, bad queries",
          "[authoring][analytics]") {
    StaffApi api;
    const auto card = graded_card(api.storage().content(), {"word", 4, kDog, kDog, {}, {kCat}});
    HttpClient learner(api.learner().port());
    api.learner().clock.set(api.clock.now());  // one time for both APIs
    const std::string pair = std::to_string(card.pair_id);
    const auto answer = [&](const std::string& token, const std::string& answer_json) {
        const Reply r =
            learner.post("/auth/answers", R"({"pair_id":)" + pair + "," + answer_json + "}", token);
        INFO(text(r));
        REQUIRE(r.status == 200);
    };
    const std::string a = learner_with_target(api, "a@example.com", "ana", "de", "sv");
    const std::string b = learner_with_target(api, "b@example.com", "ben", "de", "sv");
    const std::string c = learner_with_target(api, "c@example.com", "cem", "de", "sv");
    answer(a, R"("choice_id":")" + katt_choice(learner, a) + "\"");
    answer(b, R"("text":"hund")");
    answer(c, R"("text":"Hund!")");

    const Reply list = api.get("/api/analytics/cards?lang=sv");
    INFO(text(list));
    REQUIRE(list.status == 200);
    CHECK(str(list.json, "lang") == "sv");
    CHECK(list.json.at("min_answers") == json::value(20));
    const auto& cards = list.json.at("cards").as_array();
    REQUIRE(cards.size() == 1);
    const json::value& f = cards[0];
    CHECK(f.at("pair_id").as_int64() == card.pair_id);
    CHECK(f.at("answers") == json::value(3));
    CHECK(f.at("passed") == json::value(2));
    CHECK(f.at("pass_rate").is_null());  // 3 answers: too few for a rate
    CHECK(f.at("small_sample") == json::value(true));
    CHECK(f.at("learners") == json::value(3));
    CHECK(f.at("mean_difficulty").as_double() > 1);
    CHECK(str(f, "statement") == "Det är en hund.");
    CHECK(f.at("revision_started_at").is_null());
    REQUIRE(f.at("distractors").as_array().size() == 1);
    CHECK(str(f.at("distractors").at(0), "text") == "katt");
    CHECK(f.at("distractors").at(0).at("picks") == json::value(1));
    CHECK(api.get("/api/analytics/cards?lang=de").json.at("cards").as_array().empty());

    // Every language of the pair; an unknown pair is 404.
    const Reply one = api.get(at("/api/cms/db-pairs", card.pair_id, "/analytics"));
    REQUIRE(one.status == 200);
    const auto& languages = one.json.at("languages").as_array();
    REQUIRE(languages.size() == 3);
    CHECK(str(languages[0], "lang") == "de");
    CHECK(languages[0].at("answers") == json::value(0));
    CHECK(languages[2].at("answers") == json::value(3));
    CHECK(api.get(at("/api/cms/db-pairs", card.pair_id + 1000, "/analytics")).status == 404);

    // A status change is no revision; an edit of the card is: its answers become the previous.
    REQUIRE(api.post(at("/api/cms/db-pairs", card.pair_id, "/unpublish"), "").status == 200);
    CHECK(api.get("/api/analytics/cards?lang=sv")
              .json.at("cards")
              .at(0)
              .at("revision_started_at")
              .is_null());
    api.clock.advance(std::chrono::minutes(1));
    REQUIRE(api.patch(at("/api/cms/db-pairs", card.pair_id), R"({"level":5})").status == 200);
    const Reply revised = api.get("/api/analytics/cards?lang=sv");
    INFO(text(revised));
    const json::value after = revised.json.at("cards").at(0);
    CHECK_FALSE(after.at("revision_started_at").is_null());
    CHECK(after.at("answers") == json::value(0));
    CHECK(after.at("previous").at("answers") == json::value(3));
    CHECK(after.at("previous").at("passed") == json::value(2));
    CHECK(after.at("distractors").as_array().empty());
    CHECK(after.at("level") == json::value(5));

    // Filters and bad queries.
    CHECK(api.get("/api/analytics/cards?lang=sv&level=4").json.at("cards").as_array().empty());
    CHECK(api.get("/api/analytics/cards?lang=sv&level=5").json.at("cards").as_array().size() == 1);
    for (const char* bad : {"", "?lang=xx", "?lang=sv&level=0", "?lang=sv&limit=0",
                            "?lang=sv&limit=501", "?lang=sv&category_id=abc"}) {
        INFO(bad);
        CHECK(api.get(std::string("/api/analytics/cards") + bad).status == 400);
    }
    CHECK(api.get("/api/analytics/cards?lang=sv", "").status == 401);
}
