// Word and question generation: POST /api/generate-words and
// POST /api/objects/:id/generate-questions with the real FreeDict dictionaries, and with an
// OpenAI-compatible model (FakeLlm on a loopback socket): what the model is sent, what is
// stored, and that malformed output stores nothing.
#include "tests/http/authoring/support/json_helpers.hpp"

using namespace ll;
using namespace ll::test;

namespace {

const char* kKey = "test-llm-key-must-not-leak";

std::string no_label(Id object) {
    const std::string id = std::to_string(object);
    return "Object " + id + " has no label word: set one with POST /api/cms/db-objects/" + id +
           "/words";
}

Reply generate_words(StaffApi& api, const json::object& body) {
    return api.post("/api/generate-words", json::serialize(body));
}

Reply generate_questions(StaffApi& api, Id object, const std::string& body) {
    return api.post(at("/api/objects", object, "/generate-questions"), body);
}

// What generation may have stored: words, their links to the object, questions.
struct Stored {
    std::size_t words, object_words, questions;
    bool operator==(const Stored&) const = default;
};

Stored stored(StaffApi& api, Id object) {
    return Stored{count_of(api, "/api/cms/db-words"),
                  count_of(api, at("/api/cms/db-objects", object, "/words")),
                  count_of(api, "/api/cms/db-questions")};
}

}  // namespace

TEST_CASE("generate-words (FreeDict): words about an object's label, linked, never duplicated",
          "[authoring][generation]") {
    StaffApi api;
    const Id picture = api.picture();
    const Id object = api.object(picture);

    const Reply unlabelled = generate_words(api, {{"object_id", object}, {"count", 3}});
    CHECK(unlabelled.status == 409);
    CHECK(unlabelled.error() == no_label(object));
    CHECK(count_of(api, "/api/cms/db-words") == 0);

    const Id label = api.label(object, "Hund");
    const Reply r = generate_words(api, {{"object_id", object}, {"count", 5}});
    INFO(text(r));
    REQUIRE(r.status == 200);
    CHECK(str(r.json, "generator") == "freedict");
    const auto& words = r.json.at("words").as_array();
    REQUIRE(!words.empty());
    CHECK(words.size() <= 5);
    std::set<Id> generated;
    for (const auto& w : words) {
        INFO(to_text(w));
        CHECK(!str(w, "title_de").empty());
        CHECK(str(w, "title_de") != "Hund");
        CHECK(!str(w, "title_en").empty());
        CHECK(!str(w, "title_sv").empty());
        CHECK(w.at("level").as_int64() >= 1);
        CHECK(w.at("level").as_int64() <= 100);
        CHECK(str(w, "status") == "draft");
        CHECK(w.at("created").as_bool());
        CHECK(w.at("link_id").as_int64() > 0);
        generated.insert(id_of(w));
    }
    CHECK(generated.size() == words.size());
    CHECK(count_of(api, "/api/cms/db-words") == 1 + words.size());

    // Linked to the object, not as its label: the label stays the one label.
    const Reply object_words = api.get(at("/api/cms/db-objects", object, "/words"));
    REQUIRE(object_words.status == 200);
    std::set<Id> linked;
    for (const auto& w : object_words.json.as_array()) {
        if (w.at("is_label").as_bool())
            CHECK(id_of(w) == label);
        else
            linked.insert(id_of(w));
    }
    CHECK(linked == generated);
    CHECK(object_words.json.as_array().size() == words.size() + 1);

    // Another object with the same label gets the same words: linked, not created again.
    const Id twin = api.object(picture);
    CHECK(api.label(twin, "Hund") == label);
    const Reply second = generate_words(api, {{"object_id", twin}, {"count", 5}});
    INFO(text(second));
    REQUIRE(second.status == 200);
    std::set<Id> again;
    for (const auto& w : second.json.at("words").as_array()) {
        CHECK(!w.at("created").as_bool());
        again.insert(id_of(w));
    }
    CHECK(again == generated);
    CHECK(count_of(api, "/api/cms/db-words") == 1 + words.size());
    CHECK(count_of(api, at("/api/cms/db-objects", twin, "/words")) == words.size() + 1);

    // status "published"
    const Id cat = api.object(picture);
    api.label(cat, "Katze");
    const Reply published =
        generate_words(api, {{"object_id", cat}, {"count", 3}, {"status", "published"}});
    INFO(text(published));
    REQUIRE(published.status == 200);
    int fresh = 0;
    for (const auto& w : published.json.at("words").as_array()) {
        if (!w.at("created").as_bool()) continue;
        ++fresh;
        CHECK(str(w, "status") == "published");
        CHECK(status_of(api, at("/api/cms/db-words", id_of(w))) == "published");
    }
    CHECK(fresh > 0);
    const Reply one = generate_words(api, {{"object_id", cat}, {"count", 1}});
    REQUIRE(one.status == 200);
    CHECK(one.json.at("words").as_array().size() <= 1);
}

TEST_CASE("generate-words and word-suggestions: validation, unknown ids, nothing stored",
          "[authoring][generation]") {
    StaffApi api;
    const Id picture = api.picture();
    const Id object = api.object(picture);
    api.label(object, "Hund");
    const Stored before = stored(api, object);
    const std::string count = "count must be an integer from 1 to 50";
    const std::pair<json::object, std::string> bad[] = {
        {{{"object_id", object}, {"count", 0}}, count},
        {{{"object_id", object}, {"count", 51}}, count},
        {{{"object_id", object}, {"count", -1}}, count},
        {{{"object_id", object}, {"count", "many"}}, count},
        {{{"object_id", object}, {"status", "reviewed"}}, "status must be one of draft, published"},
        {{{"object_id", object}, {"picture_id", picture}},
         "object_id and picture_id: give one of them"},
        {{{"count", 3}}, "object_id or picture_id is required"},
        {{{"object_id", nullptr}, {"picture_id", nullptr}}, "object_id or picture_id is required"},
        {{{"object_id", "x"}}, "object_id must be a positive integer"},
        {{{"picture_id", 0}}, "picture_id must be a positive integer"},
    };
    // The suggestions route reads its body the same way (but no status) and stores nothing.
    for (const std::string route : {"/api/generate-words", "/api/word-suggestions"}) {
        for (const auto& [body, message] : bad) {
            if (route == "/api/word-suggestions" && body.contains("status")) continue;
            const Reply r = api.post(route, json::serialize(body));
            INFO(route << " " << json::serialize(body) << " -> " << text(r));
            CHECK(r.status == 400);
            CHECK(r.error() == message);
        }
        for (const char* key : {"object_id", "picture_id"}) {
            const Reply r =
                api.post(route, json::serialize(json::object{{key, 999999}, {"count", 2}}));
            INFO(route << " " << key << " -> " << text(r));
            CHECK(r.status == 404);
            CHECK(r.error() == "Not found");
        }
        CHECK(api.post(route, "not json").error() == "Invalid JSON body");
    }
    CHECK(stored(api, object) == before);
}

TEST_CASE("generate-words (FreeDict) for a picture", "[authoring][generation]") {
    StaffApi api;
    const Id picture = api.picture(64, 48, "Garten");
    const Reply tree =
        api.post(at("/api/cms/pictures", picture, "/words"), R"({"title_de":"Baum","level":3})");
    INFO(text(tree));
    REQUIRE(tree.status == 201);
    const Reply r = generate_words(api, {{"picture_id", picture}, {"count", 3}});
    INFO(text(r));
    REQUIRE(r.status == 200);
    const auto& words = r.json.at("words").as_array();
    REQUIRE(!words.empty());
    CHECK(words.size() <= 3);
    std::set<Id> generated;
    for (const auto& w : words) {
        CHECK(str(w, "title_de") != "Baum");
        CHECK(!str(w, "title_en").empty());
        CHECK(!str(w, "title_sv").empty());
        CHECK(str(w, "status") == "draft");
        CHECK(w.at("created").as_bool());
        generated.insert(id_of(w));
    }
    const Reply listed = api.get(at("/api/cms/pictures", picture, "/words"));
    REQUIRE(listed.status == 200);
    std::set<Id> on_picture;
    for (const auto& w : listed.json.as_array()) on_picture.insert(id_of(w));
    for (Id id : generated) CHECK(on_picture.count(id) == 1);
    CHECK(on_picture.size() == generated.size() + 1);

    // A picture with nothing to start from.
    const Reply empty = api.send("POST", "/api/pictures", "{}", "application/json");
    INFO(text(empty));
    REQUIRE(empty.status == 201);
    const Reply nothing = generate_words(api, {{"picture_id", id_of(empty.json)}});
    CHECK(nothing.status == 409);
    CHECK(nothing.error() == "Picture " + std::to_string(id_of(empty.json)) +
                                 " has no title, words or labels to generate words from");
}

TEST_CASE(
    "generate-questions (FreeDict): draft questions with answer and distractor words, "
    "never duplicated",
    "[authoring][generation]") {
    StaffApi api;
    const Id picture = api.picture();
    const Id object = api.object(picture);
    const Reply unlabelled = generate_questions(api, object, "{}");
    CHECK(unlabelled.status == 409);
    CHECK(unlabelled.error() == no_label(object));
    CHECK(generate_questions(api, 999999, "{}").status == 404);
    CHECK(generate_questions(api, 999999, "{}").error() == "Not found");
    CHECK(api.post("/api/objects/abc/generate-questions", "{}").status == 404);

    const Id label = api.label(object, "Hund");
    for (const char* body : {R"({"count":0})", R"({"count":21})", R"({"count":"x"})"}) {
        const Reply r = generate_questions(api, object, body);
        INFO(body << " -> " << text(r));
        CHECK(r.status == 400);
        CHECK(r.error() == "count must be an integer from 1 to 20");
    }
    CHECK(count_of(api, "/api/cms/db-questions") == 0);

    const Reply r = generate_questions(api, object, R"({"count":3})");
    INFO(text(r));
    REQUIRE(r.status == 200);
    CHECK(str(r.json, "generator") == "freedict");
    const auto& questions = r.json.at("questions").as_array();
    REQUIRE(questions.size() == 3);
    std::set<std::string> texts;
    for (const auto& q : questions) {
        INFO(to_text(q));
        CHECK(q.at("created").as_bool());
        CHECK(str(q, "status") == "draft");
        CHECK(q.at("object_id").as_int64() == object);
        for (const char* f : {"text_de", "text_en", "text_sv", "short_answer_de", "short_answer_en",
                              "short_answer_se"})
            CHECK(!str(q, f).empty());
        CHECK(q.at("level").as_int64() >= 1);
        CHECK(q.at("level").as_int64() <= 100);
        CHECK(ids_of(q.at("answer_words")) == std::vector<Id>{label});
        for (const auto& w : q.at("distractor_words").as_array()) {
            CHECK(id_of(w) != label);
            CHECK(str(w, "status") == "draft");
        }
        texts.insert(str(q, "text_de"));
    }
    CHECK(texts.size() == 3);
    CHECK(str(questions[0], "short_answer_de") == "Hund");
    CHECK(!questions[0].at("distractor_words").as_array().empty());
    // Every word the questions use is listed once, the label as an existing one.
    std::set<Id> listed;
    for (const auto& w : r.json.at("words").as_array()) {
        CHECK(listed.insert(id_of(w)).second);
        CHECK(w.at("created").as_bool() == (id_of(w) != label));
    }
    CHECK(listed.count(label) == 1);
    const std::size_t words = count_of(api, "/api/cms/db-words");
    CHECK(words == listed.size());

    // Again: the same questions (same text_de) are found, not made twice.
    const Reply again = generate_questions(api, object, R"({"count":3})");
    INFO(text(again));
    REQUIRE(again.status == 200);
    CHECK(ids_of(again.json.at("questions")) == ids_of(r.json.at("questions")));
    for (const auto& q : again.json.at("questions").as_array()) CHECK(!q.at("created").as_bool());
    for (const auto& w : again.json.at("words").as_array()) CHECK(!w.at("created").as_bool());
    CHECK(count_of(api, at("/api/object", object, "/questions")) == 3);
    CHECK(count_of(api, "/api/cms/db-words") == words);
    // The stored link records were not doubled either.
    const Reply listed_questions = api.get(at("/api/object", object, "/questions"));
    for (std::size_t i = 0; i < 3; ++i) {
        CHECK(ids_of(listed_questions.json.at(i).at("distractor_words")) ==
              ids_of(questions[i].at("distractor_words")));
        CHECK(ids_of(listed_questions.json.at(i).at("answer_words")) == std::vector<Id>{label});
    }

    // One more: the first three are found, the fourth made.
    const Reply more = generate_questions(api, object, R"({"count":4})");
    REQUIRE(more.status == 200);
    REQUIRE(more.json.at("questions").as_array().size() == 4);
    for (std::size_t i = 0; i < 4; ++i)
        CHECK(more.json.at("questions").at(i).at("created").as_bool() == (i == 3));
    CHECK(count_of(api, at("/api/object", object, "/questions")) == 4);

    // A question of the object with the same text_de in other case is found, not made again.
    const Id twin = api.object(picture);
    CHECK(api.label(twin, "Hund") == label);
    const Reply manual = api.post(
        "/api/cms/db-questions",
        json::serialize(json::object{{"text_de", "  WAS IST DAS?  "}, {"object_id", twin}}));
    REQUIRE(manual.status == 201);
    const Reply found = generate_questions(api, twin, R"({"count":1})");
    INFO(text(found));
    REQUIRE(found.status == 200);
    REQUIRE(found.json.at("questions").as_array().size() == 1);
    const json::value& kept = found.json.at("questions").at(0);
    CHECK(id_of(kept) == id_of(manual.json));
    CHECK(!kept.at("created").as_bool());
    CHECK(str(kept, "text_de") == "WAS IST DAS?");
    CHECK(ids_of(kept.at("answer_words")) == std::vector<Id>{label});
    CHECK(count_of(api, at("/api/object", twin, "/questions")) == 1);
}

TEST_CASE("generation with an OpenAI-compatible model: the request and the stored answer",
          "[authoring][generation][llm]") {
    StaffApi api(StaffApiOptions{.fake_llm = true});
    const Id picture = api.picture(64, 48, "Park");
    const Id object = api.object(picture);
    const Id label = api.label(object, "Hund", "dog", "hund");

    // An existing word of another case is linked, not made again.
    const Id bowl = api.word("NAPF", 30);
    api.llm->answer_content(
        R"({"words":[{"title_de":"Leine","title_en":"leash","title_sv":"koppel","level":12},)"
        R"({"title_de":" Napf ","title_en":"bowl","title_sv":"skål","level":"8"}]})");
    const Reply r = generate_words(api, {{"object_id", object}, {"count", 5}});
    INFO(text(r));
    REQUIRE(r.status == 200);
    CHECK(api.llm->requests() == 1);
    CHECK(api.llm->last_authorization() == std::string("Bearer ") + kKey);
    const json::value sent = json::parse(api.llm->last_body());
    CHECK(str(sent, "model") == "test-model");
    const auto& messages = sent.at("messages").as_array();
    REQUIRE(!messages.empty());
    std::string prompt;
    for (const auto& m : messages) {
        CHECK(m.at("role").is_string());
        prompt += str(m, "content");
    }
    CHECK(prompt.find("Hund") != std::string::npos);
    CHECK(prompt.find("Park") != std::string::npos);
    CHECK(prompt.find(kKey) == std::string::npos);

    CHECK(str(r.json, "generator") == "llm:test-model");
    const auto& words = r.json.at("words").as_array();
    REQUIRE(words.size() == 2);
    CHECK(str(words[0], "title_de") == "Leine");
    CHECK(str(words[0], "title_en") == "leash");
    CHECK(str(words[0], "title_sv") == "koppel");
    CHECK(words[0].at("level").as_int64() == 12);
    CHECK(str(words[0], "status") == "draft");
    CHECK(words[0].at("created").as_bool());
    // The existing word as it was.
    CHECK(id_of(words[1]) == bowl);
    CHECK(str(words[1], "title_de") == "NAPF");
    CHECK(words[1].at("level").as_int64() == 30);
    CHECK(!words[1].at("created").as_bool());
    CHECK(count_of(api, "/api/cms/db-words") == 3);
    CHECK(count_of(api, at("/api/cms/db-objects", object, "/words")) == 3);
    const Reply leine = api.get(at("/api/cms/db-words", id_of(words[0])));
    CHECK(str(leine.json, "title_sv") == "koppel");

    api.llm->answer_content(
        R"({"questions":[{"text_de":"Was ist das?","text_en":"What is this?",)"
        R"("text_sv":"Vad är det här?","short_answer_de":"Hund","short_answer_en":"dog",)"
        R"("short_answer_se":"hund","level":5,)"
        R"("answer_words":[{"title_de":"Hund","title_en":"dog","title_sv":"hund","level":5}],)"
        R"("distractor_words":[{"title_de":"Katze","title_en":"cat","title_sv":"katt","level":4},)"
        R"({"title_de":"Leine","title_en":"leash","title_sv":"koppel","level":12}]}]})");
    const Reply q = generate_questions(api, object, R"({"count":2})");
    INFO(text(q));
    REQUIRE(q.status == 200);
    CHECK(api.llm->requests() == 2);
    CHECK(api.llm->last_authorization() == std::string("Bearer ") + kKey);
    const json::value asked = json::parse(api.llm->last_body());
    CHECK(str(asked, "model") == "test-model");
    CHECK(asked.at("messages").as_array().size() >= 1);
    REQUIRE(q.json.at("questions").as_array().size() == 1);
    const json::value& question = q.json.at("questions").at(0);
    CHECK(str(question, "text_de") == "Was ist das?");
    CHECK(str(question, "short_answer_se") == "hund");
    CHECK(question.at("level").as_int64() == 5);
    CHECK(str(question, "status") == "draft");
    CHECK(ids_of(question.at("answer_words")) == std::vector<Id>{label});
    REQUIRE(question.at("distractor_words").as_array().size() == 2);
    CHECK(str(question.at("distractor_words").at(0), "title_de") == "Katze");
    CHECK(id_of(question.at("distractor_words").at(1)) == id_of(words[0]));
    const Reply listed = api.get(at("/api/object", object, "/questions"));
    REQUIRE(listed.json.as_array().size() == 1);
    CHECK(ids_of(listed.json.at(0).at("distractor_words")) ==
          ids_of(question.at("distractor_words")));
    for (const Reply* reply : {&r, &q}) CHECK(reply->body.find(kKey) == std::string::npos);
}

TEST_CASE(
    "generation with an OpenAI-compatible model: malformed output is 502 and stores "
    "nothing",
    "[authoring][generation][llm]") {
    StaffApi api(StaffApiOptions{.fake_llm = true});
    const Id picture = api.picture();
    const Id object = api.object(picture);
    api.label(object, "Hund", "dog", "hund");
    const Stored before = stored(api, object);
    int calls = api.llm->requests();

    const std::string good =
        R"({"title_de":"Leine","title_en":"leash","title_sv":"koppel","level":3})";
    auto words_list = [&](const std::string& items) {
        return R"({"words":[)" + good + "," + items + "]}";
    };
    const std::string word_contents[] = {
        "this is not JSON at all",
        R"({"items":[)" + good + "]}",
        R"({"words":{"title_de":"Leine"}})",
        words_list(R"({"title_de":"Napf","title_en":"bowl","title_sv":"skål","level":0})"),
        words_list(R"({"title_de":"Napf","title_en":"bowl","title_sv":"skål","level":101})"),
        words_list(R"({"title_de":"Napf","title_en":"bowl","title_sv":"skål","level":-4})"),
        words_list(R"({"title_de":"","title_en":"bowl","title_sv":"skål","level":5})"),
        words_list(R"({"title_de":"Napf","title_en":"   ","title_sv":"skål","level":5})"),
        words_list(R"({"title_de":"Napf","title_en":"bowl","level":5})"),
        words_list(R"({"title_de":"Napf","title_en":"bowl","title_sv":"skål"})"),
        words_list(R"({"title_de":5,"title_en":"bowl","title_sv":"skål","level":5})"),
        words_list(R"({"title_de":"Napf","title_en":"bowl","title_sv":"skål","level":"viel"})"),
        words_list(R"("Napf")"),
    };
    std::vector<Reply> replies;
    auto expect_failure = [&](const std::string& what, Reply r) {
        INFO(what << " -> " << text(r));
        CHECK(r.status == 502);
        CHECK(r.error() == "Word generation failed");
        CHECK(api.llm->requests() == ++calls);
        CHECK(stored(api, object) == before);
        replies.push_back(std::move(r));
    };
    for (const auto& content : word_contents) {
        api.llm->answer_content(content);
        expect_failure(content, generate_words(api, {{"object_id", object}, {"count", 5}}));
    }
    const std::pair<int, std::string> raw[] = {
        {500, R"({"error":{"message":"model crashed"}})"},
        {401, std::string(R"({"error":{"message":"Incorrect API key provided: )") + kKey + "\"}}"},
        {200, "<html>not JSON at all</html>"},
        {200, R"({"choices":[]})"},
        {200, R"({"choices":[{"message":{"role":"assistant"}}]})"},
        {200, R"({"error":{"message":"overloaded"}})"},
    };
    for (const auto& [status, body] : raw) {
        api.llm->answer_raw(status, body);
        expect_failure(std::to_string(status) + " " + body,
                       generate_words(api, {{"object_id", object}, {"count", 5}}));
    }

    const std::string word = R"({"title_de":"Katze","title_en":"cat","title_sv":"katt","level":4})";
    auto question = [&](const std::string& level, const std::string& answer_se,
                        const std::string& distractor) {
        return R"({"text_de":"Was ist das?","text_en":"What is this?","text_sv":"Vad är det?",)"
               R"("short_answer_de":"Hund","short_answer_en":"dog","short_answer_se":")" +
               answer_se + R"(","level":)" + level + R"(,"answer_words":[)" + word +
               R"(],"distractor_words":[)" + distractor + "]}";
    };
    const std::string ok = question("5", "hund", word);
    const std::string question_contents[] = {
        "no JSON here",
        R"({"words":[)" + word + "]}",
        R"({"questions":[)" + ok + "," + question("0", "hund", word) + "]}",
        R"({"questions":[)" + ok + "," + question("101", "hund", word) + "]}",
        R"({"questions":[)" + question("5", "", word) + "]}",
        R"({"questions":[)" +
            question("5", "hund",
                     R"({"title_de":"Maus","title_en":"","title_sv":"mus","level":3})") +
            "]}",
        R"({"questions":[)" +
            question("5", "hund",
                     R"({"title_de":"Maus","title_en":"mouse","title_sv":"mus","level":0})") +
            "]}",
        R"({"questions":[{"text_de":"Was?","level":5}]})",
    };
    for (const auto& content : question_contents) {
        api.llm->answer_content(content);
        expect_failure(content, generate_questions(api, object, R"({"count":3})"));
    }
    api.llm->answer_raw(500, "Internal Server Error");
    expect_failure("questions, HTTP 500", generate_questions(api, object, "{}"));

    // The key never reaches a client, in any answer.
    for (const auto& r : replies) CHECK(r.body.find(kKey) == std::string::npos);
    api.llm->answer_content(R"({"questions":[)" + ok + "]}");
    const Reply fine = generate_questions(api, object, "{}");
    INFO(text(fine));
    CHECK(fine.status == 200);
    CHECK(fine.body.find(kKey) == std::string::npos);
    CHECK(count_of(api, "/api/cms/db-questions") == before.questions + 1);
}
