// Graded answers over a real socket on SQLite and PostgreSQL (docs/learning.md "Graded answers"):
// POST /auth/answers grades what the learner chose or typed and books the table's points, so a
// forged `correct` or `points` in the body changes nothing; its 400s book nothing; a retry under
// the Idempotency-Key replays; and the three CLIENT_SCORING modes of POST /auth/progress.
#include "core/domain/time_format.hpp"
#include "tests/http/support/api.hpp"
#include "tests/support/graded_cards.hpp"

using namespace ll;
using namespace ll::test;

namespace {

const CardWord kDog{"Hund", "dog", "hund"};
const CardWord kCat{"Katze", "cat", "katt"};

GradedCard dog_card(Api& api, int level = 1) {
    return graded_card(api.server.storage().content(), {"word", level, kDog, {}, {}, {kCat}});
}

std::string body(Id pair, const std::string& answer) {
    return R"({"pair_id":)" + std::to_string(pair) + "," + answer + "}";
}

std::int64_t total_ep(Api& api, const std::string& token) {
    return api.client.get("/auth/me", token).json.at("total_ep").as_int64();
}

}  // namespace

TEST_CASE("POST /auth/answers: graded on the server, forged correct and points change nothing",
          "[http][answers]") {
    Api api;
    auto& c = api.client;
    const std::string ada = api.learner();
    const auto card = dog_card(api, 10);

    // A wrong choice (from the card's exercise) with a forged score: Again, nothing earned.
    const Reply queue = c.get("/auth/practice", ada);
    REQUIRE(queue.status == 200);
    std::string distractor;
    for (const auto& choice :
         queue.json.at("items").as_array()[0].at("exercise").at("choices").as_array())
        if (choice.at("text") == "katt") distractor = std::string(choice.at("id").as_string());
    REQUIRE_FALSE(distractor.empty());
    const Reply wrong = c.post(
        "/auth/answers",
        body(card.pair_id, R"("choice_id":")" + distractor + R"(","correct":true,"points":5000)"),
        ada);
    REQUIRE(wrong.status == 200);
    CHECK(wrong.json.at("correct") == false);
    CHECK(wrong.json.at("near_miss") == false);
    CHECK(wrong.json.at("expected") == "hund");
    CHECK(wrong.json.at("points") == 0);
    CHECK(wrong.json.at("rating") == 1);
    CHECK(wrong.json.at("total_ep") == 0);
    CHECK(total_ep(api, ada) == 0);

    // Right at once: reviewed, but a card earns its points once in 12 hours.
    const Reply soon = c.post("/auth/answers", body(card.pair_id, R"("text":"hund")"), ada);
    REQUIRE(soon.status == 200);
    CHECK(soon.json.at("correct") == true);
    CHECK(soon.json.at("points") == 0);
    CHECK(total_ep(api, ada) == 0);

    // 12 hours later, typed in another spelling: the word card's 10 and 1 for level 10.
    api.server.clock.advance(std::chrono::hours(12));
    const Reply right =
        c.post("/auth/answers", body(card.pair_id, R"("text":"  En HUND.","points":0)"), ada);
    REQUIRE(right.status == 200);
    CHECK(right.json.at("correct") == true);
    CHECK(right.json.at("points") == 11);
    CHECK(right.json.at("total_ep") == 11);
    CHECK(right.json.at("daily_ep") == 11);
    CHECK(right.json.at("level").is_int64());
    CHECK(right.json.at("unlocked_achievements").is_array());
    CHECK(total_ep(api, ada) == 11);

    // The review went into the card's memory like any booked answer.
    const Reply cards = c.get("/auth/cards", ada);
    REQUIRE(cards.status == 200);
    REQUIRE(cards.json.at("cards").as_array().size() == 1);
    CHECK(cards.json.at("cards").as_array()[0].at("memory").at("reps") == 3);
}

TEST_CASE("POST /auth/answers: refused bodies are 400s that book nothing; a retry replays",
          "[http][answers]") {
    Api api;
    auto& c = api.client;
    const std::string ada = api.learner();
    const auto card = dog_card(api);
    const auto refused = [&](const std::string& b, int status, const std::string& code) {
        const Reply r = c.post("/auth/answers", b, ada);
        CHECK(r.status == status);
        CHECK(r.json.at("code") == boost::json::value(code));
    };
    refused(body(card.pair_id, R"("correct":true)"), 400, "answer_kind_invalid");
    refused(body(card.pair_id, R"("text":"hund","choice_id":"w1")"), 400, "answer_kind_invalid");
    refused(body(card.pair_id, R"("choice_id":"yes")"), 400, "choice_id_invalid");
    refused(body(card.pair_id, R"("text":7)"), 400, "answer_text_invalid");
    refused(body(card.pair_id, R"("rating":3)"), 400, "answer_kind_not_for_card");
    refused(body(card.pair_id + 100, R"("text":"hund")"), 404, "pair_not_found");
    refused(body(card.pair_id, R"("text":"hund","answered_at":"yesterday")"), 400,
            "answered_at_invalid");
    refused(body(card.pair_id, R"("text":"hund","answered_at":"2020-01-01T00:00:00Z")"), 422,
            "answered_at_too_old");
    CHECK(c.post("/auth/answers", body(card.pair_id, R"("text":"hund")")).status == 401);
    const Reply no_profile = c.post("/auth/answers", body(card.pair_id, R"("text":"hund")"),
                                    api.register_user("bo@example.com"));
    CHECK(no_profile.status == 409);
    CHECK(total_ep(api, ada) == 0);

    // The same Idempotency-Key and answer: one booking; another answer under it: 422.
    const std::map<std::string, std::string> key{{"Authorization", "Bearer " + ada},
                                                 {"Idempotency-Key", "k1"}};
    const Reply first =
        c.call("POST", "/auth/answers", body(card.pair_id, R"("text":"hund")"), key);
    REQUIRE(first.status == 200);
    const Reply again =
        c.call("POST", "/auth/answers", body(card.pair_id, R"("text":"hund")"), key);
    REQUIRE(again.status == 200);
    CHECK(again.json.at("total_ep") == first.json.at("total_ep"));
    // The card's memory after the answer: its first review, a Good one; a replay has none.
    const auto& memory = first.json.at("memory");
    CHECK(memory.at("reps") == boost::json::value(1));
    CHECK(memory.at("lapses") == boost::json::value(0));
    CHECK(memory.at("phase").as_string() != "");
    CHECK(memory.at("stability").as_double() > 0);
    CHECK(again.json.at("memory").is_null());
    CHECK(c.call("POST", "/auth/answers", body(card.pair_id, R"("text":"katt")"), key).status ==
          422);
    CHECK(total_ep(api, ada) == 10);
}

TEST_CASE("CLIENT_SCORING: accept, cap and refuse on POST /auth/progress and its batch",
          "[http][answers]") {
    const std::string forged = R"(,"correct":true,"points":5000})";
    SECTION("accept (the default): the seed's behaviour") {
        Api api;
        const std::string ada = api.learner();
        const auto card = dog_card(api);
        const Reply r = api.client.post(
            "/auth/progress", R"({"pair_id":)" + std::to_string(card.pair_id) + forged, ada);
        REQUIRE(r.status == 200);
        CHECK(r.json.at("total_ep") == 1000);
    }
    SECTION("cap: at most the table's points for the card") {
        Api api(ClientScoring::cap);
        const std::string ada = api.learner();
        const auto card = dog_card(api, 30);
        const Reply r = api.client.post(
            "/auth/progress", R"({"pair_id":)" + std::to_string(card.pair_id) + forged, ada);
        REQUIRE(r.status == 200);
        CHECK(r.json.at("total_ep") == 13);
        const Reply low = api.client.post(
            "/auth/progress",
            R"({"pair_id":)" + std::to_string(card.pair_id) + R"(,"correct":true,"points":4})",
            ada);
        CHECK(low.json.at("total_ep") == 17);  // less than the table's is booked as sent
    }
    SECTION("refuse: 403 naming POST /auth/answers, nothing booked") {
        Api api(ClientScoring::refuse);
        const std::string ada = api.learner();
        const auto card = dog_card(api);
        const Reply r = api.client.post(
            "/auth/progress", R"({"pair_id":)" + std::to_string(card.pair_id) + forged, ada);
        CHECK(r.status == 403);
        CHECK(r.json.at("code") == "client_scoring_refused");
        CHECK(std::string(r.json.at("error").as_string()).find("/auth/answers") !=
              std::string::npos);
        CHECK(api.client.post("/auth/progress/batch", R"({"items":[]})", ada).status == 403);
        // Graded answers still book.
        CHECK(
            api.client.post("/auth/answers", body(card.pair_id, R"("text":"hund")"), ada).status ==
            200);
        CHECK(total_ep(api, ada) == 10);
    }
}

TEST_CASE("GET /auth/practice: each entry's exercise, whose choices POST /auth/answers grades",
          "[http][answers]") {
    Api api;
    auto& c = api.client;
    const std::string ada = api.learner();
    const auto card = dog_card(api);
    const Reply queue = c.get("/auth/practice", ada);
    REQUIRE(queue.status == 200);
    const auto& items = queue.json.at("items").as_array();
    REQUIRE(items.size() == 1);
    const auto& exercise = items[0].at("exercise").as_object();
    CHECK(exercise.at("type") == "word");
    CHECK(exercise.at("prompt") == "Vad är det här?");
    CHECK(exercise.at("accepts_text") == true);
    CHECK(exercise.at("self_rated") == false);
    CHECK(exercise.at("outline").at("shapes").as_array().size() == 1);
    const auto& choices = exercise.at("choices").as_array();
    REQUIRE(choices.size() == 2);  // the answer and the question's distractor
    for (const auto& choice : choices) {
        CHECK(choice.as_object().size() == 2);  // id and text: nothing says which is right
    }
    // The short answers would say it: null beside the exercise.
    CHECK(items[0].at("question").at("short_answer_se").is_null());
    std::string right;
    for (const auto& choice : choices)
        if (choice.at("text") == "hund") right = std::string(choice.at("id").as_string());
    REQUIRE_FALSE(right.empty());
    const Reply graded =
        c.post("/auth/answers", body(card.pair_id, R"("choice_id":")" + right + "\""), ada);
    REQUIRE(graded.status == 200);
    CHECK(graded.json.at("correct") == true);
    CHECK(graded.json.at("points") == 10);
}

TEST_CASE("POST /auth/answers/batch: graded answers given offline, each with its own result",
          "[http][answers]") {
    Api api;
    auto& c = api.client;
    const std::string ada = api.learner();
    backdate_accounts(*api.server.db, api.server.clock.now() - std::chrono::hours(24 * 8));
    const auto card = dog_card(api);
    const auto at = [&](int minutes_back) {
        return format_timestamp(api.server.clock.now() - std::chrono::minutes(minutes_back));
    };
    const std::string items =
        R"({"items":[)"
        R"({"client_id":"b1","pair_id":)" +
        std::to_string(card.pair_id) + R"(,"text":"hund","answered_at":")" + at(30) +
        R"("},)"
        R"({"pair_id":)" +
        std::to_string(card.pair_id) + R"(,"text":"hund","answered_at":")" + at(20) +
        R"("},)"
        R"({"client_id":"b3","pair_id":)" +
        std::to_string(card.pair_id) + R"(,"rating":3,"answered_at":")" + at(10) + R"("}]})";
    const Reply r = c.post("/auth/answers/batch", items, ada);
    REQUIRE(r.status == 200);
    const auto& results = r.json.at("results").as_array();
    REQUIRE(results.size() == 3);
    CHECK(results[0].at("status") == 200);
    CHECK(results[0].at("client_id") == "b1");
    CHECK(results[0].at("correct") == true);
    CHECK(results[0].at("points") == 10);
    CHECK(results[1].at("status") == 400);
    CHECK(results[1].at("code") == "client_id_invalid");
    CHECK(results[1].at("client_id").is_null());
    CHECK(results[2].at("status") == 400);
    CHECK(results[2].at("code") == "answer_kind_not_for_card");
    CHECK(total_ep(api, ada) == 10);
    // Sent again (the connection was lost): the same results, nothing booked twice.
    const Reply again = c.post("/auth/answers/batch", items, ada);
    REQUIRE(again.status == 200);
    CHECK(again.json.at("results").as_array()[0].at("total_ep") == 10);
    CHECK(total_ep(api, ada) == 10);
    CHECK(c.post("/auth/answers/batch", R"({"items":7})", ada).status == 400);
}
