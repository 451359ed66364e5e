// Pairs (/api/cms/db-pairs): create, the answer shape of docs/spec/authoring.md "A pair answer",
// PATCH of level, statement, question and word links (one transaction), DELETE with what goes with
// it, the review machine, pair categories and POST /api/pipeline/publish.
#include "tests/http/authoring/support/json_helpers.hpp"

using namespace ll;
using namespace ll::test;

namespace {

const std::string kPairs = "/api/cms/db-pairs";

json::object statement_texts() {
    return json::object{{"text_de", "Der Hund schläft."},
                        {"text_en", "The dog sleeps."},
                        {"text_sv", "Hunden sover."}};
}

json::object question_texts() {
    return json::object{{"text_de", "Was macht der Hund?"}, {"text_en", "What does the dog do?"},
                        {"text_sv", "Vad gör hunden?"},     {"short_answer_de", "schlafen"},
                        {"short_answer_en", "sleep"},       {"short_answer_se", "sova"}};
}

json::object link(Id word, const char* to) {
    return json::object{{"word_id", word}, {"link_to", to}};
}

// The shape of docs/spec/authoring.md "A pair answer" (plus the timestamps every item carries).
void check_pair_shape(const json::value& p) {
    INFO(to_text(p));
    CHECK(keys(p) == std::set<std::string>{"id", "picture_id", "object_id", "answer_type", "level",
                                           "status", "statement", "question", "words", "categories",
                                           "created_at", "updated_at"});
    CHECK(p.at("id").is_int64());
    CHECK(p.at("level").is_int64());
    CHECK(p.at("answer_type").is_string());
    CHECK(p.at("status").is_string());
    // `draft`: the change waiting beside a live text (docs/authoring-guide.md "Drafts of
    // published content"), null without one.
    CHECK(keys(p.at("statement")) ==
          std::set<std::string>{"id", "text_de", "text_en", "text_sv", "draft"});
    if (!p.at("question").is_null()) {
        CHECK(keys(p.at("question")) == std::set<std::string>{"id", "text_de", "text_en", "text_sv",
                                                              "short_answer_de", "short_answer_en",
                                                              "short_answer_se", "draft"});
    }
    for (const auto& w : p.at("words").as_array()) {
        CHECK(keys(w) == std::set<std::string>{"link_id", "link_to", "word_id", "title_de"});
        const std::string to = str(w, "link_to");
        CHECK((to == "question" || to == "statement"));
    }
    for (const auto& c : p.at("categories").as_array())
        CHECK(keys(c) == std::set<std::string>{"id", "label"});
}

Reply create_pair(StaffApi& api, const json::object& body) {
    return api.post(kPairs, json::serialize(body));
}

Id created_pair(StaffApi& api, const json::object& body) {
    const Reply r = create_pair(api, body);
    INFO(text(r));
    REQUIRE(r.status == 201);
    check_pair_shape(r.json);
    return id_of(r.json);
}

json::value get_pair(StaffApi& api, Id id) {
    const Reply r = api.get(at(kPairs, id));
    INFO(text(r));
    REQUIRE(r.status == 200);
    check_pair_shape(r.json);
    return r.json;
}

// (word_id, link_to) of a pair's words, in answer order.
std::vector<std::pair<Id, std::string>> links_of(const json::value& pair) {
    std::vector<std::pair<Id, std::string>> out;
    for (const auto& w : pair.at("words").as_array())
        out.emplace_back(w.at("word_id").as_int64(), str(w, "link_to"));
    return out;
}

std::vector<Id> link_ids(const json::value& pair) {
    std::vector<Id> out;
    for (const auto& w : pair.at("words").as_array()) out.push_back(w.at("link_id").as_int64());
    return out;
}

// [{id, label}] of a pair or feed entry as (id, label).
std::vector<std::pair<Id, std::string>> categories_of(const json::value& v) {
    std::vector<std::pair<Id, std::string>> out;
    for (const auto& c : v.at("categories").as_array())
        out.emplace_back(c.at("id").as_int64(), str(c, "label"));
    return out;
}

}  // namespace

TEST_CASE("pairs: create with an inline statement and question; the answer shape",
          "[authoring][pairs]") {
    StaffApi api;
    const Id picture = api.picture();
    const Id object = api.object(picture);
    json::object question = question_texts();
    question["level"] = 6;
    const Reply r = create_pair(api, {{"picture_id", picture},
                                      {"object_id", object},
                                      {"answer_type", "question"},
                                      {"level", 4},
                                      {"statement", statement_texts()},
                                      {"question", question}});
    INFO(text(r));
    REQUIRE(r.status == 201);
    check_pair_shape(r.json);
    const json::value& p = r.json;
    CHECK(p.at("picture_id").as_int64() == picture);
    CHECK(p.at("object_id").as_int64() == object);
    CHECK(str(p, "answer_type") == "question");
    CHECK(p.at("level").as_int64() == 4);
    CHECK(str(p, "status") == "draft");
    CHECK(str(p.at("statement"), "text_de") == "Der Hund schläft.");
    CHECK(str(p.at("statement"), "text_en") == "The dog sleeps.");
    CHECK(str(p.at("statement"), "text_sv") == "Hunden sover.");
    for (const char* f : {"text_de", "text_en", "text_sv", "short_answer_de", "short_answer_en",
                          "short_answer_se"}) {
        INFO(f);
        CHECK(str(p.at("question"), f) == str(question_texts(), f));
    }
    CHECK(p.at("words").as_array().empty());
    CHECK(p.at("categories").as_array().empty());
    CHECK(get_pair(api, id_of(p)) == p);

    // The statement and question are items of their own, the question on the pair's object.
    const Reply q = api.get(at("/api/cms/db-questions", id_of(p.at("question"))));
    REQUIRE(q.status == 200);
    CHECK(q.json.at("object_id").as_int64() == object);
    CHECK(q.json.at("level").as_int64() == 6);
    CHECK(str(q.json, "status") == "draft");
    CHECK(status_of(api, at("/api/cms/db-statements", id_of(p.at("statement")))) == "draft");

    // Without question and object: question null, object_id null, level 1.
    const Reply plain = create_pair(
        api,
        {{"picture_id", picture}, {"answer_type", "yes_no"}, {"statement", statement_texts()}});
    INFO(text(plain));
    REQUIRE(plain.status == 201);
    check_pair_shape(plain.json);
    CHECK(plain.json.at("question").is_null());
    CHECK(plain.json.at("object_id").is_null());
    CHECK(plain.json.at("level").as_int64() == 1);
    // Every answer type is accepted.
    for (const char* type : {"word", "question", "text", "yes_no"}) {
        INFO(type);
        CHECK(create_pair(api, {{"picture_id", picture},
                                {"answer_type", type},
                                {"statement", json::object{{"text_de", "Ja."}}}})
                  .status == 201);
    }
}

TEST_CASE("pairs: create with statement_id, question_id and words_add", "[authoring][pairs]") {
    StaffApi api;
    const Id picture = api.picture();
    const Reply s = api.post("/api/cms/db-statements", R"({"text_de":"Da ist ein Ball."})");
    const Reply q = api.post("/api/cms/db-questions", R"({"text_de":"Wo ist der Ball?"})");
    REQUIRE(s.status == 201);
    REQUIRE(q.status == 201);
    const Id w1 = api.word("Ball");
    const Id w2 = api.word("Garten");
    const Id w3 = api.word("rot");

    const Id id = created_pair(
        api, {{"picture_id", picture},
              {"answer_type", "word"},
              {"statement_id", id_of(s.json)},
              {"question_id", id_of(q.json)},
              {"words_add",
               json::array{link(w1, "statement"), link(w2, "question"), link(w3, "both")}}});
    const json::value p = get_pair(api, id);
    CHECK(p.at("statement").at("id").as_int64() == id_of(s.json));
    CHECK(str(p.at("statement"), "text_de") == "Da ist ein Ball.");
    CHECK(p.at("question").at("id").as_int64() == id_of(q.json));
    CHECK(str(p.at("question"), "text_de") == "Wo ist der Ball?");
    // Ordered by link id; "both" made one link to each.
    const auto ids = link_ids(p);
    REQUIRE(ids.size() == 4);
    CHECK(std::is_sorted(ids.begin(), ids.end()));
    CHECK(std::set<Id>(ids.begin(), ids.end()).size() == 4);
    const auto links = links_of(p);
    CHECK(std::set<std::pair<Id, std::string>>(links.begin(), links.end()) ==
          std::set<std::pair<Id, std::string>>{
              {w1, "statement"}, {w2, "question"}, {w3, "question"}, {w3, "statement"}});
    for (const auto& w : p.at("words").as_array()) {
        const Id word = w.at("word_id").as_int64();
        CHECK(str(w, "title_de") == (word == w1 ? "Ball" : word == w2 ? "Garten" : "rot"));
    }
    // The link records, as the store has them.
    const auto statement_words = in_store(api, [&](ContentTx& tx) {
        std::set<Id> out;
        for (const auto& l : tx.statement_word_links(id_of(s.json))) out.insert(l.word_id);
        return out;
    });
    CHECK(statement_words == std::set<Id>{w1, w3});
    const auto question_words = in_store(api, [&](ContentTx& tx) {
        std::set<std::pair<Id, std::string>> out;
        for (const auto& l : tx.question_word_links(id_of(q.json))) out.emplace(l.word_id, l.role);
        return out;
    });
    CHECK(question_words == std::set<std::pair<Id, std::string>>{{w2, "answer"}, {w3, "answer"}});
}

TEST_CASE("pairs: every validation error on create, nothing stored", "[authoring][pairs]") {
    StaffApi api;
    const Id picture = api.picture();
    const Id other_picture = api.picture();
    const Id object = api.object(picture);
    const Id foreign_object = api.object(other_picture);
    const Id word = api.word("Ball");
    const Reply s = api.post("/api/cms/db-statements", R"({"text_de":"Da."})");
    const Reply q = api.post("/api/cms/db-questions", R"({"text_de":"Wo?"})");
    REQUIRE(s.status == 201);
    REQUIRE(q.status == 201);

    const json::object base{
        {"picture_id", picture}, {"answer_type", "word"}, {"statement", statement_texts()}};
    auto with = [&](std::initializer_list<std::pair<std::string, json::value>> changes) {
        json::object body = base;
        for (const auto& [key, value] : changes) {
            if (value.is_string() && value.as_string() == "<remove>")
                body.erase(key);
            else
                body[key] = value;
        }
        return body;
    };
    const json::value remove = "<remove>";
    const std::string no_statement_text =
        "statement.text_de, statement.text_en or statement.text_sv is required";
    const std::pair<json::object, std::string> cases[] = {
        {with({{"picture_id", remove}}), "picture_id is required"},
        {with({{"picture_id", nullptr}}), "picture_id is required"},
        {with({{"picture_id", "abc"}}), "picture_id must be a positive integer"},
        {with({{"picture_id", 0}}), "picture_id must be a positive integer"},
        {with({{"picture_id", 999999}}), "picture_id: no such picture"},
        {with({{"object_id", foreign_object}}),
         "object_id must be an object of the pair's picture"},
        {with({{"object_id", 999999}}), "object_id must be an object of the pair's picture"},
        {with({{"object_id", "x"}}), "object_id must be a positive integer"},
        {with({{"answer_type", remove}}), "answer_type is required"},
        {with({{"answer_type", "essay"}}),
         "answer_type must be one of word, question, text, yes_no"},
        {with({{"answer_type", "Word"}}),
         "answer_type must be one of word, question, text, yes_no"},
        {with({{"answer_type", 1}}), "answer_type must be one of word, question, text, yes_no"},
        {with({{"level", 0}}), "level must be an integer from 1 to 100"},
        {with({{"level", 101}}), "level must be an integer from 1 to 100"},
        {with({{"level", "high"}}), "level must be an integer from 1 to 100"},
        {with({{"statement", remove}}), "statement is required"},
        {with({{"statement", nullptr}}), "statement is required"},
        {with({{"statement_id", id_of(s.json)}}), "statement and statement_id: give one of them"},
        {with({{"statement", remove}, {"statement_id", 999999}}),
         "statement_id: no such statement"},
        {with({{"statement", remove}, {"statement_id", "x"}}),
         "statement_id must be a positive integer"},
        {with({{"statement", json::object{}}}), no_statement_text},
        {with({{"statement", json::object{{"text_de", "  "}}}}), no_statement_text},
        {with({{"statement", "Der Hund."}}), "statement must be an object"},
        {with({{"statement", json::object{{"text_de", 3}}}}), "statement.text_de must be a string"},
        {with({{"question", question_texts()}, {"question_id", id_of(q.json)}}),
         "question and question_id: give one of them"},
        {with({{"question_id", 999999}}), "question_id: no such question"},
        {with({{"question", json::object{{"short_answer_de", "x"}}}}),
         "question.text_de, question.text_en or question.text_sv is required"},
        {with({{"question", "Was?"}}), "question must be an object or null"},
        {with({{"question", json::object{{"text_de", "Was?"}, {"level", 0}}}}),
         "question.level must be an integer from 1 to 100"},
        {with({{"question", json::object{{"text_en", json::array{}}}}}),
         "question.text_en must be a string"},
        {with({{"words_add", "x"}}), "words_add must be an array"},
        {with({{"words_add", json::array{5}}}), "words_add[0] must be an object"},
        {with({{"words_add", json::array{json::object{{"link_to", "statement"}}}}}),
         "words_add[0].word_id is required"},
        {with({{"words_add", json::array{json::object{{"word_id", word}}}}}),
         "words_add[0].link_to is required"},
        {with({{"words_add", json::array{link(word, "statement"), link(word, "pair")}}}),
         "words_add[1].link_to must be one of question, statement, both"},
        {with({{"words_add", json::array{json::object{{"word_id", -2}, {"link_to", "both"}}}}}),
         "words_add[0].word_id must be a positive integer"},
        // These fail after the statement (and question) were written: all of it is undone.
        {with({{"words_add", json::array{link(word, "question")}}}),
         "words_add[0].link_to: the pair has no question"},
        {with({{"words_add", json::array{link(word, "both")}}}),
         "words_add[0].link_to: the pair has no question"},
        {with({{"question", question_texts()},
               {"words_add", json::array{link(word, "both"), link(999999, "statement")}}}),
         "words_add[1].word_id: no such word"},
        {with({{"question", json::object{{"short_answer_de", "x"}}}}),
         "question.text_de, question.text_en or question.text_sv is required"},
    };
    for (const auto& [body, message] : cases) {
        const Reply r = create_pair(api, body);
        INFO(json::serialize(body) << " -> " << text(r));
        CHECK(r.status == 400);
        CHECK(r.error() == message);
    }
    CHECK(count_of(api, kPairs) == 0);
    CHECK(count_of(api, "/api/cms/db-statements") == 1);
    CHECK(count_of(api, "/api/cms/db-questions") == 1);
    CHECK(in_store(api, [&](ContentTx& tx) {
              return tx.statement_word_links(id_of(s.json)).size() +
                     tx.question_word_links(id_of(q.json)).size();
          }) == 0);
    json::object valid = base;
    valid["object_id"] = object;
    CHECK(create_pair(api, valid).status == 201);
}

TEST_CASE("pairs: list filters and paging", "[authoring][pairs]") {
    StaffApi api;
    const Id p1 = api.picture();
    const Id p2 = api.picture();
    const Id o1 = api.object(p1);
    const Id a = api.pair(p1, o1);
    const Id b = api.pair(p1);
    const Id c = api.pair(p2);
    REQUIRE(api.post(at(kPairs, b, "/review"), "").status == 200);
    const Reply all = api.get(kPairs);
    REQUIRE(all.status == 200);
    CHECK(ids_of(all.json) == std::vector<Id>{a, b, c});
    for (const auto& p : all.json.as_array()) check_pair_shape(p);
    CHECK(ids_of(api.get(kPairs + "?picture_id=" + std::to_string(p1)).json) ==
          std::vector<Id>{a, b});
    CHECK(ids_of(api.get(kPairs + "?object_id=" + std::to_string(o1)).json) == std::vector<Id>{a});
    CHECK(ids_of(api.get(kPairs + "?status=reviewed").json) == std::vector<Id>{b});
    CHECK(ids_of(api.get(kPairs + "?status=draft&picture_id=" + std::to_string(p1)).json) ==
          std::vector<Id>{a});
    CHECK(ids_of(api.get(kPairs + "?limit=1&after=" + std::to_string(a)).json) ==
          std::vector<Id>{b});
    CHECK(api.get(kPairs + "?limit=0").error() == "limit must be an integer from 1 to 200");
    CHECK(api.get(kPairs + "?status=gone").error() ==
          "status must be one of draft, reviewed, published");
    CHECK(api.get(kPairs + "?picture_id=x").error() == "picture_id must be a positive integer");
}

TEST_CASE("pairs: PATCH level, answer_type and statement texts", "[authoring][pairs]") {
    StaffApi api;
    const Id picture = api.picture();
    const Id id = api.pair(picture);
    const std::string route = at(kPairs, id);
    const json::value before = get_pair(api, id);
    const Id statement = before.at("statement").at("id").as_int64();

    const Reply level = api.patch(route, R"({"level":42})");
    INFO(text(level));
    REQUIRE(level.status == 200);
    check_pair_shape(level.json);
    CHECK(level.json.at("level").as_int64() == 42);
    const Reply type = api.patch(route, R"({"answer_type":"yes_no"})");
    REQUIRE(type.status == 200);
    CHECK(str(type.json, "answer_type") == "yes_no");
    CHECK(type.json.at("level").as_int64() == 42);
    const Reply texts =
        api.patch(route, R"({"statement":{"text_en":"A dog sleeps.","text_sv":null}})");
    INFO(text(texts));
    REQUIRE(texts.status == 200);
    CHECK(texts.json.at("statement").at("id").as_int64() == statement);
    CHECK(str(texts.json.at("statement"), "text_de") == "Das ist ein Hund.");
    CHECK(str(texts.json.at("statement"), "text_en") == "A dog sleeps.");
    CHECK(texts.json.at("statement").at("text_sv").is_null());
    CHECK(str(api.get(at("/api/cms/db-statements", statement)).json, "text_en") == "A dog sleeps.");
    CHECK(get_pair(api, id) == texts.json);

    const std::pair<const char*, const char*> bad[] = {
        {R"({"level":0})", "level must be an integer from 1 to 100"},
        {R"({"level":101})", "level must be an integer from 1 to 100"},
        {R"({"level":null})", "level is required"},
        {R"({"answer_type":"essay"})", "answer_type must be one of word, question, text, yes_no"},
        {R"({"answer_type":null})", "answer_type is required"},
        {R"({"statement":null})", "statement cannot be removed: a pair needs one"},
        {R"({"statement":"x"})", "statement must be an object"},
        {R"({"statement":{"text_de":null,"text_en":""}})",
         "statement.text_de, statement.text_en or statement.text_sv is required"},
        {R"({"statement":{"text_de":1}})", "statement.text_de must be a string"},
        {R"({"status":"published"})",
         "status is changed by the review, publish and unpublish actions"},
        {R"({"question":{"text_de":"?","level":500}})",
         "question.level must be an integer from 1 to 100"},
        {R"({"words_remove":"x"})", "words_remove must be an array of positive integers"},
        {R"({"words_remove":[0]})", "words_remove[0] must be a positive integer"},
        {"[1]", "Invalid JSON body"}};
    for (const auto& [body, message] : bad) {
        const Reply r = api.patch(route, body);
        INFO(body << " -> " << text(r));
        CHECK(r.status == 400);
        CHECK(r.error() == message);
    }
    // Nothing of it was applied.
    CHECK(get_pair(api, id) == texts.json);
    CHECK(api.patch(kPairs + "/999999", R"({"level":2})").status == 404);
    CHECK(api.patch(kPairs + "/abc", R"({"level":2})").status == 404);
}

TEST_CASE("pairs: PATCH question: created when new, updated, removed with null",
          "[authoring][pairs]") {
    StaffApi api;
    const Id picture = api.picture();
    const Id object = api.object(picture);
    const Id id = api.pair(picture, object);
    const std::string route = at(kPairs, id);
    REQUIRE(get_pair(api, id).at("question").is_null());
    const std::size_t questions_before = count_of(api, "/api/cms/db-questions");

    // null on a pair without question: nothing to do.
    const Reply none = api.patch(route, R"({"question":null})");
    REQUIRE(none.status == 200);
    CHECK(none.json.at("question").is_null());

    const Reply created =
        api.patch(route, R"({"question":{"text_de":"Was ist das?","short_answer_de":"Hund"}})");
    INFO(text(created));
    REQUIRE(created.status == 200);
    check_pair_shape(created.json);
    const Id q = created.json.at("question").at("id").as_int64();
    CHECK(str(created.json.at("question"), "text_de") == "Was ist das?");
    CHECK(str(created.json.at("question"), "short_answer_de") == "Hund");
    CHECK(created.json.at("question").at("text_en").is_null());
    const Reply stored = api.get(at("/api/cms/db-questions", q));
    REQUIRE(stored.status == 200);
    CHECK(stored.json.at("object_id").as_int64() == object);
    CHECK(str(stored.json, "status") == "draft");
    CHECK(count_of(api, "/api/cms/db-questions") == questions_before + 1);

    const Reply updated = api.patch(route, R"({"question":{"text_en":"What is this?"}})");
    REQUIRE(updated.status == 200);
    CHECK(updated.json.at("question").at("id").as_int64() == q);
    CHECK(str(updated.json.at("question"), "text_de") == "Was ist das?");
    CHECK(str(updated.json.at("question"), "text_en") == "What is this?");
    CHECK(count_of(api, "/api/cms/db-questions") == questions_before + 1);

    // A second pair uses the same question: removing it from one pair keeps the row.
    const Reply shared = api.post(
        kPairs, json::serialize(json::object{{"picture_id", picture},
                                             {"answer_type", "question"},
                                             {"statement", json::object{{"text_de", "Zwei."}}},
                                             {"question_id", q}}));
    REQUIRE(shared.status == 201);
    const Reply removed = api.patch(route, R"({"question":null})");
    INFO(text(removed));
    REQUIRE(removed.status == 200);
    CHECK(removed.json.at("question").is_null());
    CHECK(api.get(at("/api/cms/db-questions", q)).status == 200);
    CHECK(get_pair(api, id_of(shared.json)).at("question").at("id").as_int64() == q);

    // The last pair that uses it drops it: the question row is deleted.
    const Reply last = api.patch(at(kPairs, id_of(shared.json)), R"({"question":null})");
    REQUIRE(last.status == 200);
    CHECK(last.json.at("question").is_null());
    CHECK(api.get(at("/api/cms/db-questions", q)).status == 404);
    CHECK(count_of(api, "/api/cms/db-questions") == questions_before);

    // A new question after removal is a new row.
    const Reply fresh = api.patch(route, R"({"question":{"text_sv":"Vad?"}})");
    REQUIRE(fresh.status == 200);
    CHECK(fresh.json.at("question").at("id").as_int64() != q);
    CHECK(str(fresh.json.at("question"), "text_sv") == "Vad?");
}

TEST_CASE("pairs: PATCH words_add and words_remove, the whole PATCH one transaction",
          "[authoring][pairs]") {
    StaffApi api;
    const Id picture = api.picture();
    const Id id = api.pair(picture, std::nullopt, "word", true);
    const Id other = api.pair(picture, std::nullopt, "word", true);
    const Id plain = api.pair(picture);
    const std::string route = at(kPairs, id);
    const Id w1 = api.word("Hund");
    const Id w2 = api.word("Leine");
    const Id w3 = api.word("Napf");

    const Reply added = api.patch(
        route, json::serialize(
                   json::object{{"words_add", json::array{link(w1, "both"), link(w2, "question"),
                                                          link(w3, "statement")}}}));
    INFO(text(added));
    REQUIRE(added.status == 200);
    check_pair_shape(added.json);
    const auto links = links_of(added.json);
    CHECK(std::set<std::pair<Id, std::string>>(links.begin(), links.end()) ==
          std::set<std::pair<Id, std::string>>{
              {w1, "question"}, {w1, "statement"}, {w2, "question"}, {w3, "statement"}});
    const auto ids = link_ids(added.json);
    CHECK(std::set<Id>(ids.begin(), ids.end()).size() == 4);
    CHECK(std::is_sorted(ids.begin(), ids.end()));
    Id w1_question = 0, w1_statement = 0;
    for (const auto& w : added.json.at("words").as_array()) {
        if (w.at("word_id").as_int64() != w1) continue;
        (str(w, "link_to") == "question" ? w1_question : w1_statement) = w.at("link_id").as_int64();
    }
    CHECK(w1_question != w1_statement);

    // Link ids of the other pair never repeat ours either.
    const Reply foreign =
        api.patch(at(kPairs, other),
                  json::serialize(json::object{{"words_add", json::array{link(w2, "both")}}}));
    REQUIRE(foreign.status == 200);
    const auto foreign_ids = link_ids(foreign.json);
    REQUIRE(foreign_ids.size() == 2);
    for (Id l : foreign_ids) CHECK(std::find(ids.begin(), ids.end(), l) == ids.end());

    // Adding a link that exists changes nothing.
    const Reply again = api.patch(
        route, json::serialize(json::object{{"words_add", json::array{link(w2, "question")}}}));
    REQUIRE(again.status == 200);
    CHECK(link_ids(again.json) == ids);

    // Errors: 400, and nothing of the PATCH applied (level included).
    const auto unchanged = get_pair(api, id);
    const std::pair<json::object, std::string> bad[] = {
        {{{"level", 77}, {"words_remove", json::array{foreign_ids[0]}}},
         "words_remove[0]: link " + std::to_string(foreign_ids[0]) +
             " does not belong to this pair"},
        {{{"level", 77},
          {"words_add", json::array{link(w3, "question")}},
          {"words_remove", json::array{w1_question, 999999}}},
         "words_remove[1]: link 999999 does not belong to this pair"},
        {{{"level", 77},
          {"statement", json::object{{"text_de", "Geändert."}}},
          {"words_remove", json::array{w1_statement}},
          {"words_add", json::array{link(999999, "statement")}}},
         "words_add[0].word_id: no such word"},
        {{{"answer_type", "text"}, {"words_add", json::array{link(w3, "pair")}}},
         "words_add[0].link_to must be one of question, statement, both"},
    };
    for (const auto& [body, message] : bad) {
        const Reply r = api.patch(route, json::serialize(body));
        INFO(json::serialize(body) << " -> " << text(r));
        CHECK(r.status == 400);
        CHECK(r.error() == message);
        CHECK(get_pair(api, id) == unchanged);
    }
    CHECK(get_pair(api, other) == foreign.json);

    // link_to question on a pair without question; a new question in the same PATCH undone.
    const auto plain_before = get_pair(api, plain);
    const std::size_t questions = count_of(api, "/api/cms/db-questions");
    const Reply no_question = api.patch(
        at(kPairs, plain), json::serialize(json::object{
                               {"level", 9}, {"words_add", json::array{link(w1, "question")}}}));
    CHECK(no_question.status == 400);
    CHECK(no_question.error() == "words_add[0].link_to: the pair has no question");
    const Reply undone =
        api.patch(at(kPairs, plain),
                  json::serialize(json::object{
                      {"question", json::object{{"text_de", "Neu?"}}},
                      {"words_add", json::array{link(w1, "question"), link(999999, "both")}}}));
    CHECK(undone.status == 400);
    CHECK(undone.error() == "words_add[1].word_id: no such word");
    CHECK(get_pair(api, plain) == plain_before);
    CHECK(count_of(api, "/api/cms/db-questions") == questions);
    // With the question made in the same PATCH, a question link works.
    const Reply both =
        api.patch(at(kPairs, plain),
                  json::serialize(json::object{{"question", json::object{{"text_de", "Neu?"}}},
                                               {"words_add", json::array{link(w1, "question")}}}));
    INFO(text(both));
    REQUIRE(both.status == 200);
    CHECK(links_of(both.json) == std::vector<std::pair<Id, std::string>>{{w1, "question"}});

    // Removing our own links: gone, the others stay, the words themselves stay.
    const Reply removed = api.patch(
        route,
        json::serialize(json::object{{"words_remove", json::array{w1_question, w1_statement}}}));
    INFO(text(removed));
    REQUIRE(removed.status == 200);
    const auto left = links_of(removed.json);
    CHECK(std::set<std::pair<Id, std::string>>(left.begin(), left.end()) ==
          std::set<std::pair<Id, std::string>>{{w2, "question"}, {w3, "statement"}});
    CHECK(api.get(at("/api/cms/db-words", w1)).status == 200);
    const Id question = removed.json.at("question").at("id").as_int64();
    CHECK(in_store(api, [&](ContentTx& tx) { return tx.question_word_links(question).size(); }) ==
          1);
    // Unknown word in words_add, on a pair with both.
    const Reply unknown = api.patch(
        route, json::serialize(json::object{{"words_add", json::array{link(999999, "both")}}}));
    CHECK(unknown.status == 400);
    CHECK(unknown.error() == "words_add[0].word_id: no such word");
}

TEST_CASE(
    "pairs: DELETE takes statement, question, their links and audios; a shared statement "
    "stays",
    "[authoring][pairs]") {
    StaffApi api;
    const Id picture = api.picture();
    const Id object = api.object(picture);
    const Id category = api.category("Haustiere");
    const Id word = api.word("Hund", 1, {category});
    const Id id = api.pair(picture, object, "word", true);
    const Reply linked =
        api.patch(at(kPairs, id),
                  json::serialize(json::object{{"words_add", json::array{link(word, "both")}}}));
    REQUIRE(linked.status == 200);
    const Id s = linked.json.at("statement").at("id").as_int64();
    const Id q = linked.json.at("question").at("id").as_int64();
    speak(api, "statements", s, "text_de", "de");
    speak(api, "statements", s, "text_sv", "sv");
    speak(api, "questions", q, "text_de", "de");
    api.publish_pair(id);
    REQUIRE(get_pair(api, id).at("categories").as_array().size() == 1);

    const Reply deleted = api.del(at(kPairs, id));
    CHECK(deleted.status == 204);
    CHECK(deleted.body.empty());
    CHECK(api.get(at(kPairs, id)).status == 404);
    CHECK(api.del(at(kPairs, id)).status == 404);
    CHECK(api.get(at("/api/cms/db-statements", s)).status == 404);
    CHECK(api.get(at("/api/cms/db-questions", q)).status == 404);
    CHECK(in_store(api, [&](ContentTx& tx) {
        return tx.statement_word_links(s).empty() && tx.question_word_links(q).empty() &&
               tx.pair_categories(id).empty() &&
               !tx.audio(AudioSource{"statements", s, "text_de", "de"}) &&
               !tx.audio(AudioSource{"statements", s, "text_sv", "sv"}) &&
               !tx.audio(AudioSource{"questions", q, "text_de", "de"});
    }));
    const Reply coverage = api.get("/api/audios/coverage");
    CHECK(coverage.json.at("statements").at("de").at("with_audio").as_int64() == 0);
    CHECK(coverage.json.at("questions").at("de").at("with_audio").as_int64() == 0);
    // The word, the object and the picture stay.
    CHECK(api.get(at("/api/cms/db-words", word)).status == 200);
    CHECK(api.get(at("/api/cms/db-objects", object)).status == 200);
    const Reply purge = api.post("/api/purge-all-orphans", "");
    INFO(text(purge));
    REQUIRE(purge.status == 200);
    for (const auto& kv : purge.json.at("removed").as_object()) {
        INFO(kv.key());
        CHECK(kv.value().as_int64() == 0);
    }

    // A statement (and question) another pair uses stays with that pair.
    const Id a = api.pair(picture, object, "word", true);
    const json::value pa = get_pair(api, a);
    const Id shared_s = pa.at("statement").at("id").as_int64();
    const Id shared_q = pa.at("question").at("id").as_int64();
    const Reply b = api.post(kPairs, json::serialize(json::object{{"picture_id", picture},
                                                                  {"answer_type", "text"},
                                                                  {"statement_id", shared_s},
                                                                  {"question_id", shared_q}}));
    REQUIRE(b.status == 201);
    REQUIRE(api.patch(at(kPairs, a),
                      json::serialize(json::object{{"words_add", json::array{link(word, "both")}}}))
                .status == 200);
    REQUIRE(api.del(at(kPairs, a)).status == 204);
    CHECK(api.get(at("/api/cms/db-statements", shared_s)).status == 200);
    CHECK(api.get(at("/api/cms/db-questions", shared_q)).status == 200);
    const json::value pb = get_pair(api, id_of(b.json));
    CHECK(pb.at("statement").at("id").as_int64() == shared_s);
    CHECK(pb.at("question").at("id").as_int64() == shared_q);
    CHECK(pb.at("words").as_array().size() == 2);
    REQUIRE(api.del(at(kPairs, id_of(b.json))).status == 204);
    CHECK(api.get(at("/api/cms/db-statements", shared_s)).status == 404);
    CHECK(api.get(at("/api/cms/db-questions", shared_q)).status == 404);
    CHECK(count_of(api, kPairs) == 0);
}

TEST_CASE("pairs: every allowed and refused review transition", "[authoring][pairs]") {
    StaffApi api;
    const Id picture = api.picture();
    const Id id = api.pair(picture);
    // Publishing straight from draft: 409, the pair stays draft.
    const Reply straight = api.post(at(kPairs, id, "/publish"), "");
    CHECK(straight.status == 409);
    CHECK(straight.error() == "Only reviewed items can be published");
    CHECK(str(get_pair(api, id), "status") == "draft");
    check_review_machine(api, at(kPairs, id), "pair");
    check_review_not_found(api, kPairs);
    const Reply r = api.post(at(kPairs, id, "/unpublish"), "");
    REQUIRE(r.status == 200);
    check_pair_shape(r.json);
}

TEST_CASE(
    "pairs: categories from the words of the statement and of the object, recomputed on "
    "every publish",
    "[authoring][pairs]") {
    StaffApi api;
    const Id c1 = api.category("Haustier");
    const Id c2 = api.category("Fellfarbe");
    const Id c3 = api.category("Hof");
    const Id c4 = api.category("Futter");
    const Id picture = api.picture();
    const Id object = api.object(picture);
    api.label(object, "Hund", "dog", "hund", {c3});
    const Id statement_word = api.word("Fell", 5, {c1, c3});
    const Id question_word = api.word("braun", 5, {c2});
    api.word("Brot", 5, {c4});  // linked nowhere
    const Id id = api.pair(picture, object, "word", true);
    const Reply linked = api.patch(
        at(kPairs, id),
        json::serialize(json::object{{"words_add", json::array{link(statement_word, "statement"),
                                                               link(question_word, "question")}}}));
    REQUIRE(linked.status == 200);
    CHECK(linked.json.at("categories").as_array().empty());
    const Id s = linked.json.at("statement").at("id").as_int64();
    speak(api, "statements", s, "text_de", "de");

    const Reply reviewed = api.post(at(kPairs, id, "/review"), "");
    REQUIRE(reviewed.status == 200);
    CHECK(reviewed.json.at("categories").as_array().empty());
    const Reply published = api.post(at(kPairs, id, "/publish"), "");
    INFO(text(published));
    REQUIRE(published.status == 200);
    const std::vector<std::pair<Id, std::string>> expected{{c1, "Haustier"}, {c3, "Hof"}};
    CHECK(categories_of(published.json) == expected);
    CHECK(categories_of(get_pair(api, id)) == expected);

    const std::string token = register_learner(api, "cat@example.com");
    const Reply f = feed(api, token, "?lang=de");
    REQUIRE(feed_ids(f) == std::vector<Id>{id});
    CHECK(categories_of(f.json.at("items").at(0)) == expected);

    // The statement word moves to another category: only the next publish sees it.
    const Reply moved = api.patch(at("/api/cms/db-words", statement_word),
                                  json::serialize(json::object{{"category_ids", json::array{c2}}}));
    INFO(text(moved));
    REQUIRE(moved.status == 200);
    CHECK(categories_of(get_pair(api, id)) == expected);
    const Reply unpublished = api.post(at(kPairs, id, "/unpublish"), "");
    REQUIRE(unpublished.status == 200);
    const Reply republished = api.post(at(kPairs, id, "/publish"), "");
    REQUIRE(republished.status == 200);
    const std::vector<std::pair<Id, std::string>> now{{c2, "Fellfarbe"}, {c3, "Hof"}};
    CHECK(categories_of(republished.json) == now);
    CHECK(categories_of(get_pair(api, id)) == now);
    CHECK(categories_of(feed(api, token, "?lang=de").json.at("items").at(0)) == now);

    // Without the statement link only the object's label counts.
    json::value words = get_pair(api, id).at("words");
    Id statement_link = 0;
    for (const auto& w : words.as_array())
        if (str(w, "link_to") == "statement") statement_link = w.at("link_id").as_int64();
    REQUIRE(api.patch(at(kPairs, id),
                      json::serialize(json::object{{"words_remove", json::array{statement_link}}}))
                .status == 200);
    REQUIRE(api.post(at(kPairs, id, "/unpublish"), "").status == 200);
    const Reply last = api.post(at(kPairs, id, "/publish"), "");
    REQUIRE(last.status == 200);
    CHECK(categories_of(last.json) == std::vector<std::pair<Id, std::string>>{{c3, "Hof"}});
}

TEST_CASE("POST /api/pipeline/publish: the reviewed pairs of one picture", "[authoring][pairs]") {
    StaffApi api;
    const Id category = api.category("Vierbeiner");
    const Id word = api.word("Hund", 3, {category});
    const Id picture = api.picture();
    const Id other_picture = api.picture();
    const Id reviewed1 = api.pair(picture);
    const Id draft = api.pair(picture);
    const Id reviewed2 = api.pair(picture);
    const Id published = api.pair(picture);
    const Id elsewhere = api.pair(other_picture);
    REQUIRE(api.patch(at(kPairs, reviewed1),
                      json::serialize(
                          json::object{{"words_add", json::array{link(word, "statement")}}}))
                .status == 200);
    for (Id p : {reviewed1, reviewed2, elsewhere})
        REQUIRE(api.post(at(kPairs, p, "/review"), "").status == 200);
    api.publish_pair(published);

    const Reply r =
        api.post("/api/pipeline/publish", json::serialize(json::object{{"picture_id", picture}}));
    INFO(text(r));
    REQUIRE(r.status == 200);
    CHECK(r.json.at("picture_id").as_int64() == picture);
    CHECK(ids_of(r.json.at("published")) == std::vector<Id>{reviewed1, reviewed2});
    for (const auto& p : r.json.at("published").as_array()) {
        check_pair_shape(p);
        CHECK(str(p, "status") == "published");
    }
    CHECK(categories_of(r.json.at("published").at(0)) ==
          std::vector<std::pair<Id, std::string>>{{category, "Vierbeiner"}});
    CHECK(r.json.at("published").at(1).at("categories").as_array().empty());
    CHECK(str(get_pair(api, reviewed1), "status") == "published");
    CHECK(categories_of(get_pair(api, reviewed1)) ==
          std::vector<std::pair<Id, std::string>>{{category, "Vierbeiner"}});
    CHECK(str(get_pair(api, reviewed2), "status") == "published");
    CHECK(str(get_pair(api, draft), "status") == "draft");
    CHECK(str(get_pair(api, published), "status") == "published");
    CHECK(str(get_pair(api, elsewhere), "status") == "reviewed");

    // Nothing reviewed left: nothing published.
    const Reply again =
        api.post("/api/pipeline/publish", json::serialize(json::object{{"picture_id", picture}}));
    REQUIRE(again.status == 200);
    CHECK(again.json.at("published").as_array().empty());

    // Categories are recomputed on every pipeline publish too.
    const Id other_category = api.category("Freunde");
    REQUIRE(api.patch(at("/api/cms/db-words", word),
                      json::serialize(json::object{{"category_ids", json::array{other_category}}}))
                .status == 200);
    REQUIRE(api.post(at(kPairs, reviewed1, "/unpublish"), "").status == 200);
    const Reply recomputed =
        api.post("/api/pipeline/publish", json::serialize(json::object{{"picture_id", picture}}));
    REQUIRE(recomputed.status == 200);
    REQUIRE(ids_of(recomputed.json.at("published")) == std::vector<Id>{reviewed1});
    CHECK(categories_of(recomputed.json.at("published").at(0)) ==
          std::vector<std::pair<Id, std::string>>{{other_category, "Freunde"}});

    const Reply unknown = api.post("/api/pipeline/publish", R"({"picture_id":999999})");
    CHECK(unknown.status == 404);
    CHECK(unknown.error() == "Not found");
    const Reply missing = api.post("/api/pipeline/publish", "{}");
    CHECK(missing.status == 400);
    CHECK(missing.error() == "picture_id is required");
    const Reply bad = api.post("/api/pipeline/publish", R"({"picture_id":"x"})");
    CHECK(bad.status == 400);
    CHECK(bad.error() == "picture_id must be a positive integer");
    CHECK(str(get_pair(api, elsewhere), "status") == "reviewed");
}
