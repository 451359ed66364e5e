// The learning engine over a real socket on SQLite and PostgreSQL: GET /auth/practice (the
// queue, its figures, ETag and 304, its 400 and 409), the optional rating of
// POST /auth/progress and of each batch item (a 400 naming the field that books nothing), and
// the parameters langlearn-admin fit-schedules fits to a learner's answers.
#include <chrono>
#include <string>

#include "core/app/learning/fit_schedules.hpp"
#include "core/domain/time_format.hpp"
#include "tests/http/support/api.hpp"
#include "tests/support/feed_pairs.hpp"
#include "tests/support/instants.hpp"
#include "tests/support/review_simulation.hpp"

using namespace ll;
using namespace ll::test;

namespace {

// A published pair in the Swedish feed (a picture image and Swedish statement audio).
Id card(Api& api, int level) {
    return feed_pair(api.server.storage().content(), level, "sv", status::kPublished, "word");
}

// POST /auth/progress's body: an answer to `pair` worth 5 points.
std::string answer_body(Id pair, bool correct = true) {
    return R"({"pair_id":)" + std::to_string(pair) + R"(,"correct":)" +
           (correct ? "true" : "false") + R"(,"points":5})";
}

// The learner's zone set to one where it is about noon now (Etc/GMT-N is UTC+N), so that a card
// due minutes from now is due today, and today stays today, at whatever hour the test runs.
void at_noon(Api& api, const std::string& token) {
    const auto now = std::chrono::system_clock::now();
    const auto hour =
        std::chrono::floor<std::chrono::hours>(now) - std::chrono::floor<std::chrono::days>(now);
    const int offset = 12 - static_cast<int>(hour.count());  // -11 to 12
    const std::string zone = offset == 0  ? "Etc/GMT"
                             : offset > 0 ? "Etc/GMT-" + std::to_string(offset)
                                          : "Etc/GMT+" + std::to_string(-offset);
    REQUIRE(api.client.put("/auth/timezone", R"({"timezone":")" + zone + R"("})", token).status ==
            200);
}

std::vector<Id> pair_ids(const Reply& r) {
    std::vector<Id> ids;
    for (const auto& item : r.json.at("items").as_array())
        ids.push_back(item.at("pair_id").as_int64());
    return ids;
}

}  // namespace

TEST_CASE("GET /auth/practice: new cards, then the answered card waits; ETag, 400, 409",
          "[http][practice]") {
    Api api;
    auto& c = api.client;
    const std::string ada = api.learner();
    at_noon(api, ada);
    const Id hard = card(api, 5), easy = card(api, 1);

    const Reply first = c.get("/auth/practice", ada);
    REQUIRE(first.status == 200);
    CHECK(pair_ids(first) == std::vector<Id>{easy, hard});
    CHECK(first.json.at("items").as_array()[0].at("memory").is_null());
    CHECK(first.json.at("items").as_array()[0].at("audio_url").is_string());
    CHECK(first.json.at("due_now") == 0);
    CHECK(first.json.at("due_today") == 0);
    CHECK(first.json.at("new_left_today") == 20);
    CHECK(first.json.at("next_due_at").is_null());
    const std::string etag = first.header("etag");
    REQUIRE(etag.size() == 18);
    CHECK(first.header("cache-control") == "private, no-cache");
    CHECK(c.call("GET", "/auth/practice", "",
                 {{"Authorization", "Bearer " + ada}, {"If-None-Match", etag}})
              .status == 304);

    // Answered (Good): the card waits for its learning step; one new card fewer today.
    REQUIRE(c.post("/auth/progress", answer_body(easy), ada).status == 200);
    const Reply second = c.get("/auth/practice", ada);
    REQUIRE(second.status == 200);
    CHECK(second.header("etag") != etag);
    CHECK(pair_ids(second) == std::vector<Id>{hard});
    CHECK(second.json.at("due_now") == 0);
    CHECK(second.json.at("due_today") == 1);
    CHECK(second.json.at("new_left_today") == 19);
    CHECK(second.json.at("next_due_at").is_string());
    CHECK(pair_ids(c.get("/auth/practice?limit=1", ada)) == std::vector<Id>{hard});

    for (const char* bad : {"0", "51", "x", "1.5"}) {
        const Reply r = c.get(std::string("/auth/practice?limit=") + bad, ada);
        CHECK(r.status == 400);
        CHECK(r.json.at("error") == "limit must be an integer from 1 to 50");
    }
    const Reply no_profile = c.get("/auth/practice", api.register_user("bo@example.com"));
    CHECK(no_profile.status == 409);
    CHECK(c.get("/auth/practice").status == 401);
}

TEST_CASE("POST /auth/progress: a rating that is not 1 to 4 or contradicts correct is 400",
          "[http][practice]") {
    Api api;
    auto& c = api.client;
    const std::string ada = api.learner();
    const std::string pair = std::to_string(card(api, 1));
    const auto book = [&](const std::string& rest) {
        return c.post("/auth/progress", R"({"pair_id":)" + pair + "," + rest + "}", ada);
    };
    for (const char* bad : {R"("correct":true,"rating":0)", R"("correct":true,"rating":5)",
                            R"("correct":true,"rating":"3")", R"("correct":true,"rating":2.5)"}) {
        INFO(bad);
        const Reply r = book(bad);
        CHECK(r.status == 400);
        CHECK(r.json.at("error") == "rating must be an integer from 1 (again) to 4 (easy)");
    }
    for (const char* contradicting :
         {R"("correct":true,"rating":1)", R"("correct":false,"rating":3)"}) {
        INFO(contradicting);
        const Reply r = book(contradicting);
        CHECK(r.status == 400);
        CHECK(r.json.at("error") ==
              "rating must be 1 (again) when correct is false and 2 to 4 when it is true");
    }
    // Nothing was booked.
    CHECK(c.get("/auth/me/export", ada).json.at("reviews").as_array().empty());

    REQUIRE(book(R"("correct":true,"points":5,"rating":4)").status == 200);
    REQUIRE(book(R"("correct":true,"points":5,"rating":null)").status == 200);
    const Reply batch =
        c.post("/auth/progress/batch",
               R"({"items":[{"client_id":"a","pair_id":)" + pair +
                   R"(,"correct":false,"rating":2,"answered_at":"2026-01-01T00:00:00Z"},)"
                   R"({"client_id":"b","pair_id":)" +
                   pair + R"(,"correct":false,"rating":1,"answered_at":")" +
                   std::string(c.get("/auth/me/export", ada).json.at("exported_at").as_string()) +
                   R"("}]})",
               ada);
    REQUIRE(batch.status == 200);
    const auto& results = batch.json.at("results").as_array();
    CHECK(results[0].at("status") == 400);
    CHECK(results[0].at("message") ==
          "rating must be 1 (again) when correct is false and 2 to 4 when it is true");
    CHECK(results[1].at("status") == 200);
    std::vector<std::int64_t> ratings;
    const Reply exported = c.get("/auth/me/export", ada);
    for (const auto& line : exported.json.at("reviews").as_array())
        ratings.push_back(line.at("rating").as_int64());
    CHECK(ratings == std::vector<std::int64_t>{4, 3, 1});
}

TEST_CASE("PUT /auth/profile/target-language: another language, its own queue; bad ids are 400",
          "[http][practice]") {
    Api api;
    auto& c = api.client;
    const std::string ada = api.learner();  // native de (1), target sv (3)
    at_noon(api, ada);
    const Id swedish = card(api, 1);
    REQUIRE(c.post("/auth/progress", answer_body(swedish), ada).status == 200);
    CHECK(c.get("/auth/practice", ada).json.at("new_left_today") == 19);

    const Reply english = c.put("/auth/profile/target-language", R"({"targetLang":2})", ada);
    REQUIRE(english.status == 200);
    CHECK(english.json.at("targetLang") == 2);
    CHECK(c.get("/auth/me", ada).json.at("language_target_id") == 2);
    // No English audio: nothing to practise in English; nothing started in English today.
    const Reply queue = c.get("/auth/practice", ada);
    CHECK(queue.json.at("items").as_array().empty());
    CHECK(queue.json.at("new_left_today") == 20);
    CHECK(queue.json.at("due_today") == 0);
    // EP stay the learner's.
    CHECK(c.get("/auth/me", ada).json.at("total_ep") == 5);
    CHECK(c.put("/auth/profile/target-language", R"({"targetLang":"3"})", ada).status == 200);
    CHECK(c.get("/auth/practice", ada).json.at("due_today") == 1);

    const auto refused = [&](const std::string& body, const char* message) {
        const Reply r = c.put("/auth/profile/target-language", body, ada);
        CHECK(r.status == 400);
        CHECK(r.json.at("error") == message);
    };
    refused("{}", "targetLang is required");
    refused(R"({"targetLang":null})", "targetLang is required");
    refused(R"({"targetLang":99})", "Invalid language id(s)");
    refused(R"({"targetLang":"x"})", "Invalid language id(s)");
    refused(R"({"targetLang":1})", "nativeLang and targetLang must differ");
    CHECK(c.get("/auth/me", ada).json.at("language_target_id") == 3);
    const std::string bo = api.register_user("bo@example.com");
    CHECK(c.put("/auth/profile/target-language", R"({"targetLang":2})", bo).status == 409);
    CHECK(c.put("/auth/profile/target-language", R"({"targetLang":2})").status == 401);
}

TEST_CASE("GET /auth/learning: the settings and every language practised, the current one marked",
          "[http][practice]") {
    Api api;
    auto& c = api.client;
    const std::string ada = api.learner();  // target sv (3)
    const Id pair = card(api, 1);
    const std::string answer = answer_body(pair);
    const Reply before = c.get("/auth/learning", ada);
    REQUIRE(before.status == 200);
    CHECK(before.json.at("desired_retention") == 0.9);
    CHECK(before.json.at("languages").as_array().empty());

    REQUIRE(c.post("/auth/progress", answer, ada).status == 200);
    REQUIRE(c.put("/auth/profile/target-language", R"({"targetLang":2})", ada).status == 200);
    REQUIRE(c.post("/auth/progress", answer, ada).status == 200);
    REQUIRE(c.post("/auth/progress", answer, ada).status == 200);
    const Reply after = c.get("/auth/learning", ada);
    REQUIRE(after.status == 200);
    const auto& languages = after.json.at("languages").as_array();
    REQUIRE(languages.size() == 2);
    CHECK(languages[0].at("language_id") == 2);
    CHECK(languages[0].at("current") == true);
    CHECK(languages[0].at("cards") == 1);
    CHECK(languages[0].at("reviews") == 2);
    CHECK(languages[0].at("due_now") == 0);
    CHECK(languages[0].at("last_review_at").is_string());
    CHECK(languages[1].at("language_id") == 3);
    CHECK(languages[1].at("current") == false);
    CHECK(languages[1].at("reviews") == 1);
    // PUT answers the settings alone.
    const Reply put = c.put("/auth/learning", R"({"new_per_day":5})", ada);
    REQUIRE(put.status == 200);
    CHECK_FALSE(put.json.as_object().contains("languages"));
}

TEST_CASE("GET /auth/cards: the cards changed since a position, paged; bad values are 400",
          "[http][practice]") {
    Api api;
    auto& c = api.client;
    const std::string ada = api.learner();
    const Id first = card(api, 1), second = card(api, 1);
    const auto book = [&](Id pair, bool correct) {
        REQUIRE(c.post("/auth/progress", answer_body(pair, correct), ada).status == 200);
    };
    book(first, true);
    book(second, false);

    const Reply all = c.get("/auth/cards", ada);
    REQUIRE(all.status == 200);
    const auto& cards = all.json.at("cards").as_array();
    REQUIRE(cards.size() == 2);
    CHECK(cards[0].at("pair_id") == first);
    CHECK(cards[0].at("language_id") == 3);
    CHECK(cards[0].at("seen_count") == 1);
    CHECK(cards[0].at("correct_count") == 1);
    CHECK(cards[0].at("wrong_count") == 0);
    CHECK(cards[0].at("memory").at("phase") == "learning");
    CHECK(cards[0].at("last_answered_at") == cards[0].at("memory").at("last_review_at"));
    CHECK(cards[1].at("pair_id") == second);
    CHECK(all.json.at("has_more") == false);
    const std::string cursor(all.json.at("next_cursor").as_string());

    // Nothing since; then only the card answered again.
    const Reply nothing = c.get("/auth/cards?changed_after=" + cursor, ada);
    CHECK(nothing.json.at("cards").as_array().empty());
    CHECK(nothing.json.at("next_cursor").as_string() == cursor);
    book(first, false);
    const Reply since = c.get("/auth/cards?changed_after=" + cursor + "&limit=1", ada);
    REQUIRE(since.status == 200);
    REQUIRE(since.json.at("cards").as_array().size() == 1);
    CHECK(since.json.at("cards").as_array()[0].at("pair_id") == first);
    CHECK(since.json.at("cards").as_array()[0].at("wrong_count") == 1);

    for (const char* bad : {"limit=0", "limit=501", "limit=abc", "changed_after=x",
                            "changed_after=-1", "changed_after=99999999999"}) {
        INFO(bad);
        const Reply r = c.get(std::string("/auth/cards?") + bad, ada);
        CHECK(r.status == 400);
        CHECK(r.json.at("error").as_string().starts_with(
            std::string_view(bad).starts_with("limit") ? "limit must be" : "changed_after is"));
    }
    CHECK(c.get("/auth/cards").status == 401);
}

TEST_CASE(
    "fit-schedules over a learner's answers: GET /auth/learning shows the parameters, "
    "the queue uses their forgetting curve",
    "[http][practice][fit]") {
    Api api;
    auto& c = api.client;
    ManualClock& clock = api.server.clock;
    clock.set(test::at("2024-12-31T08:00:00.000Z"));
    std::string ada = api.learner();
    std::vector<Id> cards;
    for (int i = 0; i < 60; ++i) cards.push_back(card(api, 1));
    // The answers span a year: a fresh token (the access token lives for minutes) at each.
    const auto sign_in = [&] {
        const Reply r =
            c.post("/auth/login", R"({"email":"ada@example.com","password":"password1"})");
        REQUIRE(r.status == 200);
        return std::string(r.json.at("token").as_string());
    };
    // 60 cards reviewed ten times each on a schedule unlike the defaults, each answer booked at
    // its instant.
    const auto answers = answers_in_time_order(simulated_reviews(slow_forgetter(), 60, 10, 5));
    for (const auto& a : answers) {
        if (a.at - clock.now() > std::chrono::minutes(5)) {
            clock.set(a.at);
            ada = sign_in();
        }
        clock.set(a.at);
        const int rating = static_cast<int>(a.rating);
        const std::string body = R"({"pair_id":)" + std::to_string(cards[a.card]) +
                                 R"(,"correct":)" + (rating > 1 ? "true" : "false") +
                                 R"(,"points":5,"rating":)" + std::to_string(rating) + "}";
        REQUIRE(c.post("/auth/progress", body, ada).status == 200);
    }
    const auto weights_of = [](const Reply& r) {
        std::vector<double> out;
        for (const auto& w : r.json.at("parameters").at("weights").as_array())
            out.push_back(w.to_number<double>());
        return out;
    };
    // A day after the last answer.
    const Timestamp later = answers.back().at + std::chrono::hours(24);
    clock.set(later);
    ada = sign_in();
    const Reply before = c.get("/auth/learning", ada);
    REQUIRE(before.status == 200);
    CHECK(before.json.at("parameters").at("fitted") == false);
    CHECK(before.json.at("parameters").at("reviews").is_null());
    CHECK(before.json.at("parameters").at("fitted_at").is_null());
    CHECK(weights_of(before) ==
          std::vector<double>(fsrs::kDefaultParameters.begin(), fsrs::kDefaultParameters.end()));

    // What `langlearn-admin fit-schedules` runs, on this test's database.
    std::vector<LearnerFit> fits;
    fit_schedules(FitSchedulesPorts{api.server.storage().review_log(),
                                    api.server.storage().learning_settings(), clock},
                  kDefaultMinReviewsToFit, [&](const LearnerFit& fit) { fits.push_back(fit); });
    REQUIRE(fits.size() == 1);
    REQUIRE(fits[0].adopted);

    const Reply after = c.get("/auth/learning", ada);
    REQUIRE(after.status == 200);
    const auto& parameters = after.json.at("parameters");
    CHECK(parameters.at("fitted") == true);
    CHECK(parameters.at("reviews") == 600);
    CHECK(parameters.at("fitted_at").as_string() == format_timestamp(later));
    const auto stored = api.server.storage().learning_settings().find(fits[0].user_id);
    REQUIRE(stored->fitted);
    const fsrs::Parameters& w = stored->fitted->weights;
    CHECK(weights_of(after) == std::vector<double>(w.begin(), w.end()));
    CHECK(w != fsrs::kDefaultParameters);

    // A year on every card is due: the queue's retrievability is the learner's curve's.
    clock.set(later + std::chrono::days(365));
    ada = sign_in();
    const Reply queue = c.get("/auth/practice?limit=5", ada);
    REQUIRE(queue.status == 200);
    const auto& items = queue.json.at("items").as_array();
    REQUIRE(items.size() == 5);
    for (const auto& item : items) {
        const auto& memory = item.at("memory");
        fsrs::MemoryState state;
        state.phase = fsrs::Phase::review;
        state.stability = memory.at("stability").to_number<double>();
        state.last_review = parse_timestamp(std::string(memory.at("last_review_at").as_string()));
        const double mine = fsrs::retrievability(state, clock.now(), w);
        const double defaults = fsrs::retrievability(state, clock.now(), fsrs::kDefaultParameters);
        CHECK(memory.at("retrievability").to_number<double>() == Approx(mine).epsilon(1e-6));
        CHECK(std::abs(mine - defaults) > 1e-4);
    }
}
