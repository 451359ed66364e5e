// The studio's word screens over HTTP: word suggestions that store nothing
// (POST /api/word-suggestions), an object's words beside its label (`is_label: false`),
// unlinking a word from a picture or object, and a question's answer and distractor words.
#include "tests/http/authoring/support/json_helpers.hpp"

using namespace ll;
using namespace ll::test;

namespace {

Reply suggest(StaffApi& api, const json::object& body) {
    return api.post("/api/word-suggestions", json::serialize(body));
}

// The word ids a word list answers, with their is_label or role where given.
std::vector<std::pair<Id, std::string>> listed(const Reply& r) {
    INFO(text(r));
    REQUIRE(r.status < 300);
    std::vector<std::pair<Id, std::string>> out;
    for (const auto& w : r.json.as_array()) {
        std::string tag;
        if (const auto* label = w.as_object().if_contains("is_label"))
            tag = label->as_bool() ? "label" : "word";
        if (const auto* role = w.as_object().if_contains("role")) tag = role->as_string();
        out.emplace_back(id_of(w), tag);
    }
    return out;
}

using Tagged = std::vector<std::pair<Id, std::string>>;

// DELETE of each path: 404 Not found (an unknown item, a word not linked, no id).
void deletes_not_found(StaffApi& api, const std::vector<std::string>& paths) {
    for (const auto& path : paths) {
        const Reply r = api.del(path);
        INFO(path << " -> " << text(r));
        CHECK(r.status == 404);
        CHECK(r.error() == "Not found");
    }
}

Id question_of(StaffApi& api, Id object) {
    const Reply q =
        api.post("/api/cms/db-questions",
                 json::serialize(json::object{{"text_de", "Was ist das?"}, {"object_id", object}}));
    INFO(text(q));
    REQUIRE(q.status == 201);
    return id_of(q.json);
}

}  // namespace

TEST_CASE("word-suggestions (model): what generate-words would make, nothing stored",
          "[authoring][generation][suggestions]") {
    StaffApi api(StaffApiOptions{.fake_llm = true});
    const Id picture = api.picture(64, 48, "Park");
    const Id object = api.object(picture);
    const Id label = api.label(object, "Hund", "dog", "hund");
    const Id bowl = api.word("NAPF", 30);  // exists, not linked
    const Id leash = api.word("Leine", 7);
    REQUIRE(api.post(at("/api/cms/db-objects", object, "/words"),
                     R"({"title_de":"Leine","is_label":false})")
                .status == 201);
    const std::string answer =
        R"({"words":[{"title_de":"leine","title_en":"leash","title_sv":"koppel","level":12},)"
        R"({"title_de":" Napf ","title_en":"bowl","title_sv":"skål","level":8},)"
        R"({"title_de":"Ball","title_en":"ball","title_sv":"boll","level":3},)"
        R"({"title_de":"BALL","title_en":"ball","title_sv":"boll","level":3}]})";
    const std::size_t words = count_of(api, "/api/cms/db-words");
    const std::size_t links = count_of(api, at("/api/cms/db-objects", object, "/words"));

    api.llm->answer_content(answer);
    const Reply r = suggest(api, {{"object_id", object}, {"count", 5}});
    INFO(text(r));
    REQUIRE(r.status == 200);
    CHECK(str(r.json, "generator") == "llm:test-model");
    const auto& got = r.json.at("words").as_array();
    REQUIRE(got.size() == 3);  // "BALL" is "Ball": one word
    // An existing word: as stored (its title, level), linked or not.
    CHECK(got[0] == json::parse(R"({"title_de":"Leine","title_en":"leash","title_sv":"koppel",)"
                                R"("level":7,"word_id":)" +
                                std::to_string(leash) + R"(,"linked":true})"));
    CHECK(got[1] == json::parse(R"({"title_de":"NAPF","title_en":"bowl","title_sv":"skål",)"
                                R"("level":30,"word_id":)" +
                                std::to_string(bowl) + R"(,"linked":false})"));
    CHECK(got[2] == json::parse(R"({"title_de":"Ball","title_en":"ball","title_sv":"boll",)"
                                R"("level":3,"word_id":null,"linked":false})"));
    // Nothing stored: no word, no link.
    CHECK(count_of(api, "/api/cms/db-words") == words);
    CHECK(count_of(api, at("/api/cms/db-objects", object, "/words")) == links);

    // generate-words with the same answer makes and links exactly what was suggested.
    api.llm->answer_content(answer);
    const Reply made = api.post("/api/generate-words",
                                json::serialize(json::object{{"object_id", object}, {"count", 5}}));
    INFO(text(made));
    REQUIRE(made.status == 200);
    REQUIRE(made.json.at("words").as_array().size() == 3);
    CHECK(ids_of(made.json.at("words")).at(0) == leash);
    CHECK(ids_of(made.json.at("words")).at(1) == bowl);
    CHECK(count_of(api, "/api/cms/db-words") == words + 1);

    // The label itself is linked; a picture's own words count for a picture.
    api.llm->answer_content(R"({"words":[{"title_de":"Hund","title_en":"dog","title_sv":"hund",)"
                            R"("level":1}]})");
    const Reply same = suggest(api, {{"object_id", object}});
    REQUIRE(same.status == 200);
    CHECK(same.json.at("words").at(0).at("word_id") == label);
    CHECK(same.json.at("words").at(0).at("linked") == true);
    REQUIRE(api.post(at("/api/cms/pictures", picture, "/words"), R"({"title_de":"Ball","level":2})")
                .status == 201);
    api.llm->answer_content(answer);
    const Reply on_picture = suggest(api, {{"picture_id", picture}, {"count", 4}});
    INFO(text(on_picture));
    REQUIRE(on_picture.status == 200);
    std::vector<bool> linked;
    for (const auto& w : on_picture.json.at("words").as_array())
        linked.push_back(w.at("linked").as_bool());
    CHECK(linked == std::vector<bool>{false, false, true});  // Leine is the object's, not its own

    // Malformed model output: 502, nothing stored.
    api.llm->answer_content(
        R"({"words":[{"title_de":"","title_en":"x","title_sv":"y","level":1}]})");
    const Reply bad = suggest(api, {{"object_id", object}});
    CHECK(bad.status == 502);
    CHECK(count_of(api, "/api/cms/db-words") == words + 1);
}

TEST_CASE("word-suggestions (FreeDict): validation and errors as generate-words",
          "[authoring][generation][suggestions]") {
    StaffApi api;
    const Id picture = api.picture();
    const Id object = api.object(picture);
    const Reply unlabelled = suggest(api, {{"object_id", object}});
    CHECK(unlabelled.status == 409);
    CHECK(unlabelled.error() == "Object " + std::to_string(object) +
                                    " has no label word: set one with POST /api/cms/db-objects/" +
                                    std::to_string(object) + "/words");
    api.label(object, "Hund");
    const std::pair<json::object, std::string> bad[] = {
        {{{"object_id", object}, {"count", 0}}, "count must be an integer from 1 to 50"},
        {{{"object_id", object}, {"count", 51}}, "count must be an integer from 1 to 50"},
        {{{"object_id", object}, {"picture_id", picture}},
         "object_id and picture_id: give one of them"},
        {{{"count", 3}}, "object_id or picture_id is required"},
        {{{"object_id", "x"}}, "object_id must be a positive integer"},
    };
    for (const auto& [body, message] : bad) {
        const Reply r = suggest(api, body);
        INFO(json::serialize(body) << " -> " << text(r));
        CHECK(r.status == 400);
        CHECK(r.error() == message);
    }
    for (const char* key : {"object_id", "picture_id"}) {
        const Reply r = suggest(api, {{key, 999999}});
        CHECK(r.status == 404);
        CHECK(r.error() == "Not found");
    }
    CHECK(api.post("/api/word-suggestions", "[]").error() == "Invalid JSON body");
    CHECK(api.post("/api/word-suggestions", "{}", "").status == 401);

    const std::size_t words = count_of(api, "/api/cms/db-words");
    const Reply r = suggest(api, {{"object_id", object}, {"count", 4}});
    INFO(text(r));
    REQUIRE(r.status == 200);
    CHECK(str(r.json, "generator") == "freedict");
    const auto& got = r.json.at("words").as_array();
    REQUIRE(!got.empty());
    CHECK(got.size() <= 4);
    std::vector<std::string> titles;
    for (const auto& w : got) {
        CHECK(keys(w) == std::set<std::string>{"title_de", "title_en", "title_sv", "level",
                                               "word_id", "linked"});
        CHECK(w.at("word_id").is_null());
        titles.push_back(str(w, "title_de"));
    }
    CHECK(count_of(api, "/api/cms/db-words") == words);
    // generate-words makes the suggested words.
    const Reply made = api.post("/api/generate-words",
                                json::serialize(json::object{{"object_id", object}, {"count", 4}}));
    REQUIRE(made.status == 200);
    std::vector<std::string> made_titles;
    for (const auto& w : made.json.at("words").as_array())
        made_titles.push_back(str(w, "title_de"));
    CHECK(made_titles == titles);
}

TEST_CASE("object words: is_label false links beside the label; unlinking keeps the word",
          "[authoring][words]") {
    StaffApi api;
    const Id picture = api.picture();
    const Id object = api.object(picture);
    const std::string words = at("/api/cms/db-objects", object, "/words");
    const Id dog = api.label(object, "Hund");

    const Reply tail = api.post(words, R"({"title_de":"Schwanz","level":4,"is_label":false})");
    INFO(text(tail));
    REQUIRE(tail.status == 201);
    const Id tail_id = listed(tail).at(1).first;
    CHECK(listed(tail) == Tagged{{dog, "label"}, {tail_id, "word"}});
    CHECK(str(api.get(at("/api/cms/db-words", tail_id)).json, "title_de") == "Schwanz");
    // Again: found, 200; the label's own word with is_label false stays the label.
    CHECK(api.post(words, R"({"title_de":"schwanz","is_label":false})").status == 200);
    const Reply kept = api.post(words, R"({"title_de":"Hund","is_label":false})");
    CHECK(kept.status == 200);
    CHECK(listed(kept) == Tagged{{dog, "label"}, {tail_id, "word"}});
    // The default (and true) still moves the label.
    const Reply moved = api.post("/api/cms/objects/" + std::to_string(object) + "/words",
                                 R"({"title_de":"Schwanz","is_label":true})");
    CHECK(moved.status == 200);
    CHECK(listed(moved) == Tagged{{tail_id, "label"}});
    const Reply bad = api.post(words, R"({"title_de":"Ohr","is_label":"yes"})");
    CHECK(bad.status == 400);
    CHECK(bad.error() == "is_label must be true or false");
    CHECK(api.get("/api/cms/db-words?limit=200").json.as_array().size() == 2);

    // Unlinking: 204, the word stays; then 404.
    REQUIRE(api.post(words, R"({"title_de":"Hund","is_label":false})").status == 201);
    const std::size_t before = count_of(api, "/api/cms/db-words");
    const Reply gone = api.del(at("/api/cms/db-objects", object, "/words/" + std::to_string(dog)));
    CHECK(gone.status == 204);
    CHECK(listed(api.get(words)) == Tagged{{tail_id, "label"}});
    CHECK(api.get(at("/api/cms/db-words", dog)).status == 200);
    CHECK(count_of(api, "/api/cms/db-words") == before);
    deletes_not_found(api, {at("/api/cms/db-objects", object, "/words/" + std::to_string(dog)),
                            at("/api/cms/objects", 999999, "/words/" + std::to_string(tail_id)),
                            at("/api/cms/objects", object, "/words/999999"),
                            at("/api/cms/objects", object, "/words/abc"),
                            at("/api/cms/objects", object, "/words/0")});
    // The label can go too: the object has none then.
    CHECK(api.del(at("/api/cms/objects", object, "/words/" + std::to_string(tail_id))).status ==
          204);
    CHECK(listed(api.get(words)).empty());
    CHECK(api.del(at("/api/cms/objects", object, "/words/" + std::to_string(tail_id)), "").status ==
          401);
}

TEST_CASE("picture words: unlinking keeps the word", "[authoring][words]") {
    StaffApi api;
    const Id picture = api.picture();
    const Id other = api.picture();
    const std::string words = at("/api/cms/pictures", picture, "/words");
    const Id tree = listed(api.post(words, R"({"title_de":"Baum","level":2})")).at(0).first;
    const Id leaf = listed(api.post(words, R"({"title_de":"Blatt","level":2})")).at(1).first;
    REQUIRE(api.post(at("/api/cms/pictures", other, "/words"), R"({"title_de":"Baum","level":2})")
                .status == 201);

    const Reply r = api.del(words + "/" + std::to_string(tree));
    CHECK(r.status == 204);
    CHECK(r.body.empty());
    CHECK(listed(api.get(words)) == Tagged{{leaf, ""}});
    CHECK(listed(api.get(at("/api/cms/pictures", other, "/words"))) == Tagged{{tree, ""}});
    CHECK(api.get(at("/api/cms/db-words", tree)).status == 200);
    deletes_not_found(
        api, {words + "/" + std::to_string(tree),
              at("/api/cms/pictures", 999999, "/words/" + std::to_string(leaf)), words + "/x"});
    CHECK(listed(api.get(words)) == Tagged{{leaf, ""}});
    const Reply get = api.get(words + "/" + std::to_string(leaf));
    CHECK(get.status == 405);
    CHECK(get.header("allow") == "DELETE");
}

TEST_CASE("question words: answer and distractors, one role per word, unlinking",
          "[authoring][words][questions]") {
    StaffApi api;
    const Id picture = api.picture();
    const Id object = api.object(picture);
    const Id question = question_of(api, object);
    const std::string words = at("/api/cms/db-questions", question, "/words");
    CHECK(listed(api.get(words)).empty());

    const Reply dog = api.post(words, R"({"title_de":"Hund","role":"answer","title_en":"dog"})");
    INFO(text(dog));
    REQUIRE(dog.status == 201);
    const Id dog_id = listed(dog).at(0).first;
    CHECK(dog.json.at(0).at("link_id").as_int64() > 0);
    CHECK(str(dog.json.at(0), "title_en") == "dog");
    CHECK(dog.json.at(0).at("level") == 1);
    const Reply cat = api.post(words, R"({"title_de":"Katze","level":5,"role":"distractor"})");
    REQUIRE(cat.status == 201);
    const Id cat_id = listed(cat).at(1).first;
    CHECK(listed(api.get(words)) == Tagged{{dog_id, "answer"}, {cat_id, "distractor"}});
    // The same again: 200, nothing new; another role: the link changes role.
    CHECK(api.post(words, R"({"title_de":"katze","role":"distractor"})").status == 200);
    const Reply swapped = api.post(words, R"({"title_de":"HUND","role":"distractor"})");
    CHECK(swapped.status == 201);
    CHECK(listed(swapped) == Tagged{{cat_id, "distractor"}, {dog_id, "distractor"}});
    CHECK(in_store(api, [&](ContentTx& tx) { return tx.question_word_links(question).size(); }) ==
          2);
    // /api/object/:id/questions shows them.
    const Reply shown = api.get(at("/api/object", object, "/questions"));
    REQUIRE(shown.status == 200);
    CHECK(ids_of(shown.json.at(0).at("distractor_words")) == std::vector<Id>{cat_id, dog_id});
    CHECK(shown.json.at(0).at("answer_words").as_array().empty());

    const std::size_t before = count_of(api, "/api/cms/db-words");
    const std::pair<std::string, std::string> bad[] = {
        {R"({"title_de":"Maus"})", "role must be one of answer, distractor"},
        {R"({"title_de":"Maus","role":"hint"})", "role must be one of answer, distractor"},
        {R"({"role":"answer"})", "title_de is required"},
        {R"({"title_de":"Maus","role":"answer","level":0})",
         "level must be an integer from 1 to 100"},
    };
    for (const auto& [body, message] : bad) {
        const Reply r = api.post(words, body);
        INFO(body << " -> " << text(r));
        CHECK(r.status == 400);
        CHECK(r.error() == message);
    }
    CHECK(api.post(at("/api/cms/db-questions", 999999, "/words"),
                   R"({"title_de":"Maus","role":"answer"})")
              .status == 404);
    CHECK(api.get(at("/api/cms/db-questions", 999999, "/words")).status == 404);
    CHECK(count_of(api, "/api/cms/db-words") == before);

    const Reply gone = api.del(words + "/" + std::to_string(dog_id));
    CHECK(gone.status == 204);
    CHECK(listed(api.get(words)) == Tagged{{cat_id, "distractor"}});
    CHECK(api.get(at("/api/cms/db-words", dog_id)).status == 200);
    deletes_not_found(api, {words + "/" + std::to_string(dog_id),
                            at("/api/cms/db-questions", 999999, "/words/" + std::to_string(cat_id)),
                            words + "/-1"});
    CHECK(count_of(api, "/api/cms/db-words") == before);
}
