// Statements (/api/cms/db-statements) and questions (/api/cms/db-questions): CRUD, validation,
// lists, the review machine, deletes with their link records, POST /api/questions/publish and
// GET /api/object/:id/questions.
#include "tests/http/authoring/support/json_helpers.hpp"

using namespace ll;
using namespace ll::test;

namespace {

const std::string kStatements = "/api/cms/db-statements";
const std::string kQuestions = "/api/cms/db-questions";

Id create(StaffApi& api, const std::string& route, const json::object& body) {
    const Reply r = api.post(route, json::serialize(body));
    INFO(text(r));
    REQUIRE(r.status == 201);
    return id_of(r.json);
}

void expect_400(StaffApi& api, const std::string& method, const std::string& route,
                const std::string& body, const std::string& message) {
    const Reply r = method == "POST" ? api.post(route, body) : api.patch(route, body);
    INFO(method << " " << route << " " << body << " -> " << text(r));
    CHECK(r.status == 400);
    CHECK(r.error() == message);
}

std::string repeat(const std::string& s, std::size_t n) {
    std::string out;
    for (std::size_t i = 0; i < n; ++i) out += s;
    return out;
}

}  // namespace

TEST_CASE("statements: create, get, patch, delete", "[authoring][texts]") {
    StaffApi api;
    const Reply created = api.post(kStatements, R"({"text_de":"  Der Hund bellt.  "})");
    INFO(text(created));
    REQUIRE(created.status == 201);
    const Id id = id_of(created.json);
    CHECK(id > 0);
    CHECK(str(created.json, "text_de") == "Der Hund bellt.");
    CHECK(is_null(created.json, "text_en"));
    CHECK(is_null(created.json, "text_sv"));
    CHECK(str(created.json, "status") == "draft");
    CHECK(created.json.as_object().contains("created_at"));
    CHECK(created.json.as_object().contains("updated_at"));

    const Reply all = api.post(
        kStatements, R"({"text_de":"Ein Ball.","text_en":"A ball.","text_sv":"En boll.","x":1})");
    REQUIRE(all.status == 201);
    CHECK(str(all.json, "text_en") == "A ball.");
    CHECK(str(all.json, "text_sv") == "En boll.");
    CHECK(!all.json.as_object().contains("x"));
    // One text is enough, whichever it is.
    CHECK(api.post(kStatements, R"({"text_sv":"Bara svenska."})").status == 201);

    const Reply got = api.get(at(kStatements, id));
    REQUIRE(got.status == 200);
    CHECK(got.json == created.json);

    const Reply patched = api.patch(at(kStatements, id), R"({"text_en":"The dog barks."})");
    INFO(text(patched));
    REQUIRE(patched.status == 200);
    CHECK(str(patched.json, "text_de") == "Der Hund bellt.");
    CHECK(str(patched.json, "text_en") == "The dog barks.");
    CHECK(is_null(patched.json, "text_sv"));
    CHECK(api.get(at(kStatements, id)).json == patched.json);

    // null and "" clear a text; clearing the last one is refused and changes nothing.
    const Reply cleared = api.patch(at(kStatements, id), R"({"text_en":null})");
    REQUIRE(cleared.status == 200);
    CHECK(is_null(cleared.json, "text_en"));
    expect_400(api, "PATCH", at(kStatements, id), R"({"text_de":""})",
               "text_de, text_en or text_sv is required");
    CHECK(str(api.get(at(kStatements, id)).json, "text_de") == "Der Hund bellt.");
    expect_400(api, "PATCH", at(kStatements, id), R"({"status":"published"})",
               "status is changed by the review, publish and unpublish actions");
    expect_400(api, "PATCH", at(kStatements, id), R"({"text_sv":7})", "text_sv must be a string");
    CHECK(status_of(api, at(kStatements, id)) == "draft");

    for (const char* bad : {"/999999", "/abc", "/0", "/-3"}) {
        INFO(bad);
        CHECK(api.get(kStatements + bad).status == 404);
        CHECK(api.get(kStatements + bad).error() == "Not found");
        CHECK(api.patch(kStatements + bad, R"({"text_de":"x"})").status == 404);
        CHECK(api.del(kStatements + bad).status == 404);
    }

    const Reply deleted = api.del(at(kStatements, id));
    CHECK(deleted.status == 204);
    CHECK(deleted.body.empty());
    CHECK(api.get(at(kStatements, id)).status == 404);
    CHECK(api.del(at(kStatements, id)).status == 404);
    CHECK(count_of(api, kStatements) == 2);
}

TEST_CASE("statements: every validation error, nothing stored", "[authoring][texts]") {
    StaffApi api;
    const std::string none = "text_de, text_en or text_sv is required";
    expect_400(api, "POST", kStatements, "{}", none);
    expect_400(api, "POST", kStatements, R"({"text_de":"   "})", none);
    expect_400(api, "POST", kStatements, R"({"text_de":"","text_en":null,"text_sv":""})", none);
    expect_400(api, "POST", kStatements, R"({"text_de":5})", "text_de must be a string");
    expect_400(api, "POST", kStatements, R"({"text_en":["x"]})", "text_en must be a string");
    expect_400(api, "POST", kStatements, R"({"text_sv":true})", "text_sv must be a string");
    expect_400(api, "POST", kStatements, R"({"text_de":{"a":1}})", "text_de must be a string");
    expect_400(api, "POST", kStatements,
               json::serialize(json::object{{"text_de", repeat("a", 2001)}}),
               "text_de must be at most 2000 characters");
    expect_400(api, "POST", kStatements,
               json::serialize(json::object{{"text_de", "ok"}, {"text_en", repeat("ü", 2001)}}),
               "text_en must be at most 2000 characters");
    expect_400(api, "POST", kStatements, "not json", "Invalid JSON body");
    expect_400(api, "POST", kStatements, "[]", "Invalid JSON body");
    CHECK(count_of(api, kStatements) == 0);

    // The limit counts characters (code points), not bytes.
    const Reply longest =
        api.post(kStatements, json::serialize(json::object{{"text_de", repeat("ä", 2000)}}));
    INFO(text(longest));
    CHECK(longest.status == 201);
    CHECK(count_of(api, kStatements) == 1);
}

TEST_CASE("questions: create, get, patch, delete and every validation error",
          "[authoring][texts]") {
    StaffApi api;
    const Id picture = api.picture();
    const Id object = api.object(picture);
    const Id other_object = api.object(picture);

    const Reply created =
        api.post(kQuestions, json::serialize(json::object{{"object_id", object},
                                                          {"text_de", "Was ist das?"},
                                                          {"text_en", "What is this?"},
                                                          {"short_answer_de", "Hund"},
                                                          {"short_answer_se", "hund"},
                                                          {"level", 7}}));
    INFO(text(created));
    REQUIRE(created.status == 201);
    const Id id = id_of(created.json);
    const json::value& q = created.json;
    CHECK(q.at("object_id").as_int64() == object);
    CHECK(str(q, "text_de") == "Was ist das?");
    CHECK(str(q, "text_en") == "What is this?");
    CHECK(is_null(q, "text_sv"));
    CHECK(str(q, "short_answer_de") == "Hund");
    CHECK(is_null(q, "short_answer_en"));
    CHECK(str(q, "short_answer_se") == "hund");
    CHECK(q.at("level").as_int64() == 7);
    CHECK(str(q, "status") == "draft");
    CHECK(api.get(at(kQuestions, id)).json == created.json);

    // Defaults: no object, level 1; a level as a string of digits is read.
    const Reply plain = api.post(kQuestions, R"({"text_sv":"Vad?"})");
    REQUIRE(plain.status == 201);
    CHECK(is_null(plain.json, "object_id"));
    CHECK(plain.json.at("level").as_int64() == 1);
    CHECK(api.post(kQuestions, R"({"text_de":"A?","level":"50"})").json.at("level") == 50);
    CHECK(api.post(kQuestions, R"({"text_de":"B?","level":100})").status == 201);
    CHECK(api.post(kQuestions, R"({"text_de":"C?","level":1})").status == 201);
    const std::size_t stored = count_of(api, kQuestions);
    CHECK(stored == 5);

    const std::string level = "level must be an integer from 1 to 100";
    expect_400(api, "POST", kQuestions, R"({"text_de":"?","level":0})", level);
    expect_400(api, "POST", kQuestions, R"({"text_de":"?","level":101})", level);
    expect_400(api, "POST", kQuestions, R"({"text_de":"?","level":-5})", level);
    expect_400(api, "POST", kQuestions, R"({"text_de":"?","level":1.5})", level);
    expect_400(api, "POST", kQuestions, R"({"text_de":"?","level":"abc"})", level);
    expect_400(api, "POST", kQuestions, R"({"text_de":"?","level":true})", level);
    expect_400(api, "POST", kQuestions, R"({"text_de":"?","object_id":999999})",
               "object_id: no such object");
    expect_400(api, "POST", kQuestions, R"({"text_de":"?","object_id":"x"})",
               "object_id must be a positive integer");
    expect_400(api, "POST", kQuestions, R"({"text_de":"?","object_id":0})",
               "object_id must be a positive integer");
    expect_400(api, "POST", kQuestions, R"({"text_de":"?","object_id":-1})",
               "object_id must be a positive integer");
    expect_400(api, "POST", kQuestions, R"({"short_answer_de":"Hund","level":3})",
               "text_de, text_en or text_sv is required");
    expect_400(api, "POST", kQuestions, "{}", "text_de, text_en or text_sv is required");
    expect_400(api, "POST", kQuestions, R"({"text_de":3})", "text_de must be a string");
    expect_400(api, "POST", kQuestions, R"({"text_de":"?","short_answer_se":1})",
               "short_answer_se must be a string");
    expect_400(
        api, "POST", kQuestions,
        json::serialize(json::object{{"text_de", "?"}, {"short_answer_de", repeat("x", 201)}}),
        "short_answer_de must be at most 200 characters");
    expect_400(api, "POST", kQuestions,
               json::serialize(json::object{{"text_en", repeat("x", 2001)}}),
               "text_en must be at most 2000 characters");
    CHECK(count_of(api, kQuestions) == stored);

    // PATCH
    const std::string route = at(kQuestions, id);
    const Reply p1 = api.patch(route, R"({"level":50,"text_sv":"Vad är det?"})");
    INFO(text(p1));
    REQUIRE(p1.status == 200);
    CHECK(p1.json.at("level").as_int64() == 50);
    CHECK(str(p1.json, "text_sv") == "Vad är det?");
    CHECK(str(p1.json, "text_de") == "Was ist das?");
    CHECK(str(p1.json, "short_answer_de") == "Hund");
    const Reply moved =
        api.patch(route, json::serialize(json::object{{"object_id", other_object}}));
    REQUIRE(moved.status == 200);
    CHECK(moved.json.at("object_id").as_int64() == other_object);
    const Reply detached = api.patch(route, R"({"object_id":null})");
    REQUIRE(detached.status == 200);
    CHECK(is_null(detached.json, "object_id"));
    expect_400(api, "PATCH", route, R"({"level":101})", level);
    expect_400(api, "PATCH", route, R"({"level":0})", level);
    expect_400(api, "PATCH", route, R"({"object_id":999999})", "object_id: no such object");
    expect_400(api, "PATCH", route, R"({"status":"reviewed"})",
               "status is changed by the review, publish and unpublish actions");
    expect_400(api, "PATCH", route, R"({"text_de":null,"text_en":"","text_sv":null})",
               "text_de, text_en or text_sv is required");
    const Reply after = api.get(route);
    CHECK(after.json.at("level").as_int64() == 50);
    CHECK(is_null(after.json, "object_id"));
    CHECK(str(after.json, "text_de") == "Was ist das?");
    CHECK(str(after.json, "status") == "draft");
    CHECK(api.patch(kQuestions + "/999999", R"({"level":2})").status == 404);

    const Reply deleted = api.del(route);
    CHECK(deleted.status == 204);
    CHECK(deleted.body.empty());
    CHECK(api.get(route).status == 404);
    CHECK(api.del(route).status == 404);
}

TEST_CASE("statements and questions: list filters and paging", "[authoring][texts]") {
    StaffApi api;
    std::vector<Id> statements;
    for (int i = 0; i < 52; ++i)
        statements.push_back(create(api, kStatements, {{"text_de", "Satz " + std::to_string(i)}}));
    REQUIRE(api.post(at(kStatements, statements[1], "/review"), "").status == 200);
    REQUIRE(api.post(at(kStatements, statements[2], "/review"), "").status == 200);
    REQUIRE(api.post(at(kStatements, statements[2], "/publish"), "").status == 200);

    // Default page of 50, id order; `after` goes on.
    const Reply first = api.get(kStatements);
    REQUIRE(first.status == 200);
    CHECK(ids_of(first.json) == std::vector<Id>(statements.begin(), statements.begin() + 50));
    const Reply rest = api.get(kStatements + "?after=" + std::to_string(statements[49]));
    CHECK(ids_of(rest.json) == std::vector<Id>{statements[50], statements[51]});
    const Reply two = api.get(kStatements + "?limit=2&after=" + std::to_string(statements[0]));
    CHECK(ids_of(two.json) == std::vector<Id>{statements[1], statements[2]});
    CHECK(api.get(kStatements + "?limit=200").json.as_array().size() == 52);
    CHECK(ids_of(api.get(kStatements + "?status=reviewed").json) == std::vector<Id>{statements[1]});
    CHECK(ids_of(api.get(kStatements + "?status=published").json) ==
          std::vector<Id>{statements[2]});
    CHECK(api.get(kStatements + "?status=draft&limit=200").json.as_array().size() == 50);
    CHECK(ids_of(api.get(kStatements + "?status=draft&limit=1").json) ==
          std::vector<Id>{statements[0]});

    for (const std::string& route : {kStatements, kQuestions}) {
        INFO(route);
        for (const char* bad : {"?limit=0", "?limit=201", "?limit=x", "?limit=-1"}) {
            const Reply r = api.get(route + bad);
            CHECK(r.status == 400);
            CHECK(r.error() == "limit must be an integer from 1 to 200");
        }
        CHECK(api.get(route + "?after=abc").error() == "after must be a positive integer");
        CHECK(api.get(route + "?after=0").status == 400);
        const Reply bad_status = api.get(route + "?status=new");
        CHECK(bad_status.status == 400);
        CHECK(bad_status.error() == "status must be one of draft, reviewed, published");
    }

    const Id picture = api.picture();
    const Id o1 = api.object(picture);
    const Id o2 = api.object(picture);
    const Id q1 = create(api, kQuestions, {{"text_de", "Eins?"}, {"object_id", o1}});
    const Id q2 = create(api, kQuestions, {{"text_de", "Zwei?"}, {"object_id", o2}});
    const Id q3 = create(api, kQuestions, {{"text_de", "Drei?"}, {"object_id", o1}});
    const Id q4 = create(api, kQuestions, {{"text_de", "Vier?"}});
    REQUIRE(api.post(at(kQuestions, q3, "/review"), "").status == 200);
    CHECK(ids_of(api.get(kQuestions).json) == std::vector<Id>{q1, q2, q3, q4});
    CHECK(ids_of(api.get(kQuestions + "?object_id=" + std::to_string(o1)).json) ==
          std::vector<Id>{q1, q3});
    CHECK(ids_of(api.get(kQuestions + "?object_id=" + std::to_string(o2)).json) ==
          std::vector<Id>{q2});
    CHECK(ids_of(api.get(kQuestions + "?object_id=" + std::to_string(o1) + "&status=draft").json) ==
          std::vector<Id>{q1});
    CHECK(ids_of(api.get(kQuestions + "?status=reviewed").json) == std::vector<Id>{q3});
    CHECK(ids_of(api.get(kQuestions + "?limit=2&after=" + std::to_string(q1)).json) ==
          std::vector<Id>{q2, q3});
    CHECK(api.get(kQuestions + "?object_id=999999").json.as_array().empty());
    const Reply bad_object = api.get(kQuestions + "?object_id=x");
    CHECK(bad_object.status == 400);
    CHECK(bad_object.error() == "object_id must be a positive integer");
}

TEST_CASE("statements and questions: every allowed and refused review transition",
          "[authoring][texts]") {
    StaffApi api;
    const Id s = create(api, kStatements, {{"text_de", "Ein Satz."}});
    check_review_machine(api, at(kStatements, s), "statement");
    check_review_not_found(api, kStatements);
    const Id q = create(api, kQuestions, {{"text_de", "Eine Frage?"}});
    check_review_machine(api, at(kQuestions, q), "question");
    check_review_not_found(api, kQuestions);
}

TEST_CASE("DELETE statement: 409 while pairs use it", "[authoring][texts]") {
    StaffApi api;
    const Id picture = api.picture();
    const Id s = create(api, kStatements, {{"text_de", "Geteilt."}});
    auto pair_on = [&](Id statement) {
        const Reply r = api.post(
            "/api/cms/db-pairs",
            json::serialize(json::object{
                {"picture_id", picture}, {"answer_type", "text"}, {"statement_id", statement}}));
        INFO(text(r));
        REQUIRE(r.status == 201);
        return id_of(r.json);
    };
    const Id p1 = pair_on(s);
    const Id p2 = pair_on(s);
    const Reply two = api.del(at(kStatements, s));
    CHECK(two.status == 409);
    CHECK(two.error() ==
          "Statement " + std::to_string(s) + " is used by 2 pair(s): delete them first");
    REQUIRE(api.del(at("/api/cms/db-pairs", p1)).status == 204);
    const Reply one = api.del(at(kStatements, s));
    CHECK(one.status == 409);
    CHECK(one.error() ==
          "Statement " + std::to_string(s) + " is used by 1 pair(s): delete them first");
    CHECK(api.get(at(kStatements, s)).status == 200);
    CHECK(api.get(at("/api/cms/db-pairs", p2)).json.at("statement").at("id").as_int64() == s);

    const Id unused = create(api, kStatements, {{"text_de", "Frei."}});
    CHECK(api.del(at(kStatements, unused)).status == 204);
    CHECK(api.get(at(kStatements, unused)).status == 404);
}

TEST_CASE("DELETE question (both routes): its word links and audios go, pairs keep going",
          "[authoring][texts]") {
    StaffApi api;
    const Id picture = api.picture();
    const Id object = api.object(picture);
    const Id w1 = api.word("Hund");
    const Id w2 = api.word("Katze");

    for (const std::string& route : {kQuestions, std::string("/api/question")}) {
        INFO(route);
        const Id pair = api.pair(picture, object, "question", true);
        const std::string pair_route = at("/api/cms/db-pairs", pair);
        const Reply linked = api.patch(
            pair_route,
            json::serialize(json::object{
                {"words_add", json::array{json::object{{"word_id", w1}, {"link_to", "question"}},
                                          json::object{{"word_id", w2}, {"link_to", "both"}}}}}));
        INFO(text(linked));
        REQUIRE(linked.status == 200);
        REQUIRE(linked.json.at("words").as_array().size() == 3);
        const Id q = linked.json.at("question").at("id").as_int64();
        const Id s = linked.json.at("statement").at("id").as_int64();
        for (const char* field : {"text_de", "short_answer_se"}) {
            const std::string language = std::string(field) == "text_de" ? "de" : "sv";
            const Reply audio = api.post("/api/audios/generate-for",
                                         json::serialize(json::object{{"source_table", "questions"},
                                                                      {"source_id", q},
                                                                      {"source_field", field},
                                                                      {"language", language}}));
            INFO(text(audio));
            REQUIRE(audio.status == 201);
        }
        REQUIRE(in_store(api, [&](ContentTx& tx) { return tx.question_word_links(q).size(); }) ==
                2);

        const Reply deleted = api.del(at(route, q));
        CHECK(deleted.status == 204);
        CHECK(deleted.body.empty());
        CHECK(api.get(at(kQuestions, q)).status == 404);
        const Reply pair_after = api.get(pair_route);
        REQUIRE(pair_after.status == 200);
        CHECK(pair_after.json.at("question").is_null());
        // Only the statement link of the "both" word is left.
        REQUIRE(pair_after.json.at("words").as_array().size() == 1);
        CHECK(str(pair_after.json.at("words").at(0), "link_to") == "statement");
        CHECK(pair_after.json.at("words").at(0).at("word_id").as_int64() == w2);
        CHECK(pair_after.json.at("statement").at("id").as_int64() == s);
        CHECK(in_store(api, [&](ContentTx& tx) { return tx.question_word_links(q).empty(); }));
        for (const auto& source : {AudioSource{"questions", q, "text_de", "de"},
                                   AudioSource{"questions", q, "short_answer_se", "sv"}}) {
            CHECK(!in_store(api, [&](ContentTx& tx) { return tx.audio(source).has_value(); }));
        }
        // The words themselves stay.
        CHECK(api.get(at("/api/cms/db-words", w1)).status == 200);
        CHECK(api.del(at(route, q)).status == 404);
    }
    // A question two pairs use: both lose it.
    const Id first = api.pair(picture, object, "question", true);
    const Id q = api.get(at("/api/cms/db-pairs", first)).json.at("question").at("id").as_int64();
    const Reply second =
        api.post("/api/cms/db-pairs",
                 json::serialize(json::object{{"picture_id", picture},
                                              {"answer_type", "question"},
                                              {"statement", json::object{{"text_de", "Zwei."}}},
                                              {"question_id", q}}));
    REQUIRE(second.status == 201);
    REQUIRE(api.del(at(kQuestions, q)).status == 204);
    for (Id pair : {first, id_of(second.json)}) {
        const Reply r = api.get(at("/api/cms/db-pairs", pair));
        REQUIRE(r.status == 200);
        CHECK(r.json.at("question").is_null());
    }

    // Nothing was left behind for the purge.
    const Reply purge = api.post("/api/purge-all-orphans", "");
    INFO(text(purge));
    REQUIRE(purge.status == 200);
    for (const auto& kv : purge.json.at("removed").as_object()) {
        INFO(kv.key());
        CHECK(kv.value().as_int64() == 0);
    }
}

TEST_CASE("POST /api/questions/publish: drafts and reviewed with their words, in one transaction",
          "[authoring][texts]") {
    StaffApi api;
    const Id picture = api.picture();
    const Id object = api.object(picture);
    const Id label = api.label(object, "Hund");
    const Reply generated =
        api.post(at("/api/objects", object, "/generate-questions"), R"({"count":2})");
    INFO(text(generated));
    REQUIRE(generated.status == 200);
    REQUIRE(generated.json.at("questions").as_array().size() == 2);
    const json::value& g1 = generated.json.at("questions").at(0);
    const Id q1 = id_of(g1);
    const Id q2 = id_of(generated.json.at("questions").at(1));
    std::vector<Id> q1_words = ids_of(g1.at("answer_words"));
    const std::vector<Id> distractors = ids_of(g1.at("distractor_words"));
    REQUIRE(!distractors.empty());
    q1_words.insert(q1_words.end(), distractors.begin(), distractors.end());
    CHECK(std::find(q1_words.begin(), q1_words.end(), label) != q1_words.end());
    for (Id w : q1_words) REQUIRE(status_of(api, at("/api/cms/db-words", w)) == "draft");

    const Id reviewed = create(api, kQuestions, {{"text_de", "Geprüft?"}});
    REQUIRE(api.post(at(kQuestions, reviewed, "/review"), "").status == 200);
    const Id published = create(api, kQuestions, {{"text_de", "Fertig?"}});
    REQUIRE(api.post(at(kQuestions, published, "/review"), "").status == 200);
    REQUIRE(api.post(at(kQuestions, published, "/publish"), "").status == 200);
    const Id untouched = create(api, kQuestions, {{"text_de", "Bleibt?"}});
    const Id lonely_word = api.word("Einsam");

    // An unknown id: 404 and nothing changed, also what came before it in the list.
    const Reply unknown =
        api.post("/api/questions/publish",
                 json::serialize(json::object{{"ids", json::array{q1, reviewed, 999999}}}));
    CHECK(unknown.status == 404);
    CHECK(unknown.error() == "Not found");
    CHECK(status_of(api, at(kQuestions, q1)) == "draft");
    CHECK(status_of(api, at(kQuestions, reviewed)) == "reviewed");
    for (Id w : q1_words) CHECK(status_of(api, at("/api/cms/db-words", w)) == "draft");

    const Reply ok =
        api.post("/api/questions/publish",
                 json::serialize(json::object{{"ids", json::array{q1, reviewed, published}}}));
    INFO(text(ok));
    REQUIRE(ok.status == 200);
    CHECK(ids_of(ok.json) == std::vector<Id>{q1, reviewed, published});
    for (const auto& q : ok.json.as_array()) CHECK(str(q, "status") == "published");
    for (Id q : {q1, reviewed, published}) CHECK(status_of(api, at(kQuestions, q)) == "published");
    for (Id w : q1_words) CHECK(status_of(api, at("/api/cms/db-words", w)) == "published");
    CHECK(status_of(api, at(kQuestions, q2)) == "draft");
    CHECK(status_of(api, at(kQuestions, untouched)) == "draft");
    CHECK(status_of(api, at("/api/cms/db-words", lonely_word)) == "draft");
    // Again: already published questions stay published.
    const Reply again =
        api.post("/api/questions/publish", json::serialize(json::object{{"ids", json::array{q1}}}));
    CHECK(again.status == 200);
    CHECK(str(again.json.at(0), "status") == "published");

    const std::pair<const char*, const char*> bad[] = {
        {"{}", "ids is required"},
        {R"({"ids":null})", "ids is required"},
        {R"({"ids":[]})", "ids must list at least one question"},
        {R"({"ids":"1"})", "ids must be an array of positive integers"},
        {R"({"ids":5})", "ids must be an array of positive integers"},
        {R"({"ids":[0]})", "ids[0] must be a positive integer"},
        {R"({"ids":[1,"x"]})", "ids[1] must be a positive integer"},
        {R"({"ids":[1,null]})", "ids[1] must be a positive integer"},
        {"nope", "Invalid JSON body"}};
    for (const auto& [body, message] : bad) {
        const Reply r = api.post("/api/questions/publish", body);
        INFO(body << " -> " << text(r));
        CHECK(r.status == 400);
        CHECK(r.error() == message);
    }
    CHECK(status_of(api, at(kQuestions, q2)) == "draft");
}

TEST_CASE("GET /api/object/:id/questions: short answers, level, answer and distractor words",
          "[authoring][texts]") {
    StaffApi api;
    const Id picture = api.picture();
    const Id object = api.object(picture);
    const Id other = api.object(picture);
    const Id label = api.label(object, "Hund");
    CHECK(api.get(at("/api/object", object, "/questions")).json.as_array().empty());

    const Reply generated =
        api.post(at("/api/objects", object, "/generate-questions"), R"({"count":1})");
    INFO(text(generated));
    REQUIRE(generated.status == 200);
    const json::value& g = generated.json.at("questions").at(0);
    const Id manual = create(api, kQuestions,
                             {{"text_de", "Welche Farbe?"},
                              {"short_answer_de", "braun"},
                              {"level", 9},
                              {"object_id", object}});
    create(api, kQuestions, {{"text_de", "Anderes Objekt?"}, {"object_id", other}});

    const Reply list = api.get(at("/api/object", object, "/questions"));
    INFO(text(list));
    REQUIRE(list.status == 200);
    REQUIRE(ids_of(list.json) == std::vector<Id>{id_of(g), manual});
    const json::value& first = list.json.at(0);
    CHECK(str(first, "text_de") == str(g, "text_de"));
    CHECK(str(first, "short_answer_de") == "Hund");
    CHECK(first.at("level").as_int64() == g.at("level").as_int64());
    CHECK(first.at("level").as_int64() >= 1);
    CHECK(ids_of(first.at("answer_words")) == std::vector<Id>{label});
    CHECK(str(first.at("answer_words").at(0), "title_de") == "Hund");
    CHECK(ids_of(first.at("distractor_words")) == ids_of(g.at("distractor_words")));
    CHECK(!first.at("distractor_words").as_array().empty());
    for (const auto& w : first.at("distractor_words").as_array()) {
        CHECK(!str(w, "title_de").empty());
        CHECK(str(w, "title_de") != "Hund");
    }
    const json::value& second = list.json.at(1);
    CHECK(str(second, "short_answer_de") == "braun");
    CHECK(second.at("level").as_int64() == 9);
    CHECK(second.at("answer_words").as_array().empty());
    CHECK(second.at("distractor_words").as_array().empty());

    CHECK(api.get("/api/object/999999/questions").status == 404);
    CHECK(api.get("/api/object/abc/questions").status == 404);
}
