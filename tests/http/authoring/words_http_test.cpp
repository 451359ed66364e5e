// Words (db_words), their categories, picture words and categories over HTTP: CRUD with
// case-insensitive unique titles, validation, publish / unpublish, deletion with every link
// record naming the word, the picture word list, and /api/categories.
#include "tests/http/authoring/support/reply_views.hpp"
#include "tests/http/authoring/support/sql_probe.hpp"
#include "tests/http/authoring/support/staff_api.hpp"

using namespace ll;
using namespace ll::test;

namespace {

namespace json = boost::json;

const std::string kWords = "/api/cms/db-words";

json::array category_ids(std::initializer_list<Id> ids) {
    json::array out;
    for (Id id : ids) out.push_back(id);
    return out;
}

json::array labels(std::initializer_list<std::pair<Id, const char*>> list) {
    json::array out;
    for (const auto& [id, label] : list) out.push_back(json::object{{"id", id}, {"label", label}});
    return out;
}

std::string taken(const std::string& title, Id id) {
    return "A word with title_de \"" + title + "\" exists already (id " + std::to_string(id) + ")";
}

std::vector<Id> word_ids(const Reply& r) {
    std::vector<Id> out;
    for (const auto& w : r.json.as_array()) out.push_back(w.at("id").as_int64());
    return out;
}

}  // namespace

TEST_CASE("words: create, read, list", "[authoring][words]") {
    StaffApi api;
    const Id fruit = api.category("Obst");
    const Id food = 2;  // seeded "Essen"
    const Reply r =
        api.post(kWords, R"({"title_de":" Apfel ","title_en":"apple","title_sv":"äpple",)"
                         R"("level":3,"category_ids":[)" +
                             std::to_string(fruit) + "," + std::to_string(food) + "," +
                             std::to_string(fruit) + "]}");
    INFO(text(r));
    REQUIRE(r.status == 201);
    const Id apple = r.json.at("id").as_int64();
    CHECK(field(r, "title_de") == "Apfel");
    CHECK(field(r, "title_en") == "apple");
    CHECK(field(r, "title_sv") == "äpple");
    CHECK(r.json.at("level") == 3);
    CHECK(field(r, "status") == "draft");
    CHECK(r.json.at("category_ids") == category_ids({food, fruit}));
    CHECK(r.json.at("categories") == labels({{food, "Essen"}, {fruit, "Obst"}}));
    CHECK(api.get(at(kWords, apple)).json == r.json);

    const Reply published =
        api.post(kWords, R"({"title_de":"Birne","level":100,"status":"published"})");
    REQUIRE(published.status == 201);
    CHECK(field(published, "status") == "published");
    CHECK(published.json.at("title_en").is_null());
    CHECK(published.json.at("category_ids").as_array().empty());
    CHECK(published.json.at("categories").as_array().empty());
    const Id pear = published.json.at("id").as_int64();
    const Reply draft = api.post(kWords, R"({"title_de":"Kirsche","level":1,"status":"draft"})");
    REQUIRE(draft.status == 201);
    const Id cherry = draft.json.at("id").as_int64();

    using Ids = std::vector<Id>;
    for (const auto& [query, ids] : std::vector<std::pair<std::string, Ids>>{
             {"", {apple, pear, cherry}},
             {"?status=draft", {apple, cherry}},
             {"?status=published", {pear}},
             {"?limit=1", {apple}},
             {"?limit=2&after=" + std::to_string(apple), {pear, cherry}},
             {"?status=draft&after=" + std::to_string(apple), {cherry}},
         }) {
        const Reply list = api.get(kWords + query);
        INFO(query << ": " << text(list));
        CHECK(list.status == 200);
        CHECK(ids_of(list) == ids);
    }
    for (const auto& [query, error] : std::vector<std::pair<std::string, std::string>>{
             {"?status=reviewed", "status must be one of draft, published"},
             {"?limit=0", "limit must be an integer from 1 to 200"},
             {"?after=-1", "after must be a positive integer"},
         }) {
        const Reply list = api.get(kWords + query);
        INFO(query);
        CHECK(list.status == 400);
        CHECK(list.error() == error);
    }
    CHECK(api.get(at(kWords, cherry + 100)).status == 404);
    CHECK(api.get(kWords + "/abc").error() == "Not found");
}

TEST_CASE("words: title_de is unique case-insensitively", "[authoring][words]") {
    StaffApi api;
    const Id dog = api.word("Hund", 2);
    const Id apples = api.word("Äpfel", 2);
    const Id cat = api.word("Katze", 2);
    for (const auto& [body, error] : std::vector<std::pair<std::string, std::string>>{
             {R"({"title_de":"Hund","level":1})", taken("Hund", dog)},
             {R"({"title_de":"hund","level":1})", taken("Hund", dog)},
             {R"({"title_de":" HUND ","level":5})", taken("Hund", dog)},
             {R"({"title_de":"äpfel","level":1})", taken("Äpfel", apples)},
             {R"({"title_de":"ÄPFEL","level":1})", taken("Äpfel", apples)},
         }) {
        const Reply r = api.post(kWords, body);
        INFO(body << ": " << text(r));
        CHECK(r.status == 409);
        CHECK(r.error() == error);
    }
    CHECK(ids_of(api.get(kWords)).size() == 3);

    const Reply before = api.get(at(kWords, cat));
    for (const auto& [body, error] : std::vector<std::pair<std::string, std::string>>{
             {R"({"title_de":"hund"})", taken("Hund", dog)},
             {R"({"title_de":"äPFEL","level":9})", taken("Äpfel", apples)},
         }) {
        const Reply r = api.patch(at(kWords, cat), body);
        INFO(body << ": " << text(r));
        CHECK(r.status == 409);
        CHECK(r.error() == error);
    }
    CHECK(api.get(at(kWords, cat)).json == before.json);
    // A word may change the case of its own title.
    const Reply recased = api.patch(at(kWords, dog), R"({"title_de":"HUND"})");
    CHECK(recased.status == 200);
    CHECK(field(recased, "title_de") == "HUND");
    const Reply renamed = api.patch(at(kWords, cat), R"({"title_de":"Kater"})");
    CHECK(renamed.status == 200);
    // The old title is free again.
    CHECK(api.post(kWords, R"({"title_de":"katze","level":1})").status == 201);
}

TEST_CASE("words: validation of create and PATCH", "[authoring][words]") {
    StaffApi api;
    const Id c1 = api.category("Eins");
    const std::string s1 = std::to_string(c1);
    const std::string level = "level must be an integer from 1 to 100";
    for (const auto& [body, error] : std::vector<std::pair<std::string, std::string>>{
             {R"({"level":1})", "title_de is required"},
             {R"({"title_de":"","level":1})", "title_de is required"},
             {R"({"title_de":"   ","level":1})", "title_de is required"},
             {R"({"title_de":null,"level":1})", "title_de is required"},
             {R"({"title_de":5,"level":1})", "title_de must be a string"},
             {R"({"title_de":")" + std::string(201, 'w') + R"(","level":1})",
              "title_de must be at most 200 characters"},
             {R"({"title_de":"Wort","title_en":5,"level":1})", "title_en must be a string"},
             {R"({"title_de":"Wort","title_sv":[],"level":1})", "title_sv must be a string"},
             {R"({"title_de":"Wort"})", "level is required"},
             {R"({"title_de":"Wort","level":null})", "level is required"},
             {R"({"title_de":"Wort","level":0})", level},
             {R"({"title_de":"Wort","level":101})", level},
             {R"({"title_de":"Wort","level":-1})", level},
             {R"({"title_de":"Wort","level":1.5})", level},
             {R"({"title_de":"Wort","level":"abc"})", level},
             {R"({"title_de":"Wort","level":true})", level},
             {R"({"title_de":"Wort","level":[1]})", level},
             {R"({"title_de":"Wort","level":1,"status":"reviewed"})",
              "status must be one of draft, published"},
             {R"({"title_de":"Wort","level":1,"status":"PUBLISHED"})",
              "status must be one of draft, published"},
             {R"({"title_de":"Wort","level":1,"category_ids":[99999]})",
              "category_ids[0]: no such category"},
             {R"({"title_de":"Wort","level":1,"category_ids":[)" + s1 + ",99999]}",
              "category_ids[1]: no such category"},
             {R"({"title_de":"Wort","level":1,"category_ids":")" + s1 + R"("})",
              "category_ids must be an array of positive integers"},
             {R"({"title_de":"Wort","level":1,"category_ids":{"id":1}})",
              "category_ids must be an array of positive integers"},
             {R"({"title_de":"Wort","level":1,"category_ids":[0]})",
              "category_ids[0] must be a positive integer"},
             {R"({"title_de":"Wort","level":1,"category_ids":[)" + s1 + R"(,"x"]})",
              "category_ids[1] must be a positive integer"},
             {R"({"title_de":"Wort","level":1,"category_ids":[null]})",
              "category_ids[0] must be a positive integer"},
         }) {
        const Reply r = api.post(kWords, body);
        INFO(body << ": " << text(r));
        CHECK(r.status == 400);
        CHECK(r.error() == error);
    }
    CHECK(ids_of(api.get(kWords)).empty());
    // The bounds themselves are fine.
    CHECK(api.post(kWords, R"({"title_de":"Eins","level":1})").status == 201);
    CHECK(api.post(kWords, R"({"title_de":"Hundert","level":100})").status == 201);

    const Id id = api.word("Wort", 10, {c1});
    const Reply before = api.get(at(kWords, id));
    for (const auto& [body, error] : std::vector<std::pair<std::string, std::string>>{
             {R"({"title_de":null})", "title_de is required"},
             {R"({"title_de":""})", "title_de is required"},
             {R"({"title_de":1})", "title_de must be a string"},
             {R"({"level":null})", "level is required"},
             {R"({"level":0})", level},
             {R"({"level":101})", level},
             {R"({"level":"x"})", level},
             {R"({"status":"published"})",
              "status is changed by POST /api/cms/db-words/:id/publish or /unpublish"},
             {R"({"status":"draft","level":5})",
              "status is changed by POST /api/cms/db-words/:id/publish or /unpublish"},
             {R"({"category_ids":[99999]})", "category_ids[0]: no such category"},
             {R"({"category_ids":[)" + s1 + ",99998]}", "category_ids[1]: no such category"},
             {R"({"category_ids":5})", "category_ids must be an array of positive integers"},
             {"{", "Invalid JSON body"},
         }) {
        const Reply r = api.patch(at(kWords, id), body);
        INFO(body << ": " << text(r));
        CHECK(r.status == 400);
        CHECK(r.error() == error);
    }
    CHECK(api.get(at(kWords, id)).json == before.json);
    CHECK(api.patch(at(kWords, id + 100), R"({"level":3})").status == 404);
}

TEST_CASE("words: PATCH fields and categories", "[authoring][words]") {
    StaffApi api;
    const Id c1 = api.category("Eins"), c2 = api.category("Zwei"), c3 = api.category("Drei");
    const Id id = api.word("Wort", 10, {c2, c1});
    const Reply created = api.get(at(kWords, id));
    CHECK(created.json.at("category_ids") == category_ids({c1, c2}));

    api.clock.advance(std::chrono::seconds(4));
    const Reply r = api.patch(
        at(kWords, id), R"({"title_en":"word","title_sv":"ord","level":100,"category_ids":[)" +
                            std::to_string(c3) + "," + std::to_string(c1) + "]}");
    INFO(text(r));
    REQUIRE(r.status == 200);
    CHECK(field(r, "title_de") == "Wort");
    CHECK(field(r, "title_en") == "word");
    CHECK(field(r, "title_sv") == "ord");
    CHECK(r.json.at("level") == 100);
    CHECK(field(r, "status") == "draft");
    CHECK(r.json.at("category_ids") == category_ids({c1, c3}));
    CHECK(r.json.at("categories") == labels({{c1, "Eins"}, {c3, "Drei"}}));
    CHECK(r.json.at("created_at") == created.json.at("created_at"));
    CHECK(r.json.at("updated_at") != created.json.at("updated_at"));
    CHECK(api.get(at(kWords, id)).json == r.json);
    // Without category_ids the categories stay; [] clears them; null clears title_en.
    const Reply kept = api.patch(at(kWords, id), R"({"level":1,"title_en":null})");
    CHECK(kept.json.at("category_ids") == category_ids({c1, c3}));
    CHECK(kept.json.at("title_en").is_null());
    CHECK(kept.json.at("level") == 1);
    const Reply none = api.patch(at(kWords, id), R"({"category_ids":[]})");
    CHECK(none.json.at("category_ids").as_array().empty());
    CHECK(none.json.at("categories").as_array().empty());
    CHECK(rows_where(*api.db, "word_categories", "word_id", id) == 0);
}

TEST_CASE("words: publish and unpublish, every transition", "[authoring][words]") {
    StaffApi api;
    const Id draft = api.word("Entwurf");
    const Reply p = api.post(kWords, R"({"title_de":"Fertig","level":1,"status":"published"})");
    REQUIRE(p.status == 201);
    const Id published = p.json.at("id").as_int64();

    for (const auto& [id, action, error] : std::vector<std::tuple<Id, std::string, std::string>>{
             {draft, "unpublish", "Cannot unpublish a word in status draft"},
             {published, "publish", "Cannot publish a word in status published"},
         }) {
        const Reply before = api.get(at(kWords, id));
        const Reply r = api.post(at(kWords, id, "/" + action), "");
        INFO(action << ": " << text(r));
        CHECK(r.status == 409);
        CHECK(r.error() == error);
        CHECK(api.get(at(kWords, id)).json == before.json);
    }
    api.clock.advance(std::chrono::seconds(2));
    const Reply up = api.post(at(kWords, draft, "/publish"), "");
    CHECK(up.status == 200);
    CHECK(field(up, "status") == "published");
    CHECK(api.get(at(kWords, draft)).json == up.json);
    const Reply down = api.post(at(kWords, published, "/unpublish"), "");
    CHECK(down.status == 200);
    CHECK(field(down, "status") == "draft");
    // And back again.
    CHECK(field(api.post(at(kWords, draft, "/unpublish"), ""), "status") == "draft");
    CHECK(field(api.post(at(kWords, published, "/publish"), ""), "status") == "published");
    CHECK(ids_of(api.get(kWords + "?status=published")) == std::vector<Id>{published});
    for (const char* action : {"/publish", "/unpublish"}) {
        const Reply unknown = api.post(at(kWords, published + 10, action), "");
        CHECK(unknown.status == 404);
        CHECK(unknown.error() == "Not found");
    }
}

TEST_CASE("words: DELETE removes the word and every link record naming it", "[authoring][words]") {
    StaffApi api;
    const Id category = api.category("Möbel");
    const Id picture = api.picture(20, 20);
    const Id object = api.object(picture);
    const Id other_object = api.object(picture);
    // The word to delete: label of `object`, word of the picture, on the pair's statement and
    // question, in a category, with an audio. `keep` has the same links and stays.
    const Id word = api.label(object, "Sofa", "sofa", "soffa", {category});
    const Id keep = api.label(other_object, "Sessel", "armchair", "fåtölj", {category});
    for (const char* title : {"Sofa", "Sessel"}) {
        const Reply r = api.post(at("/api/cms/pictures", picture, "/words"),
                                 R"({"title_de":")" + std::string(title) + R"(","level":2})");
        REQUIRE(r.status == 201);
    }
    const Id pair = api.pair(picture, object, "question", true);
    const Reply linked = api.patch(at("/api/cms/db-pairs", pair),
                                   R"({"words_add":[{"word_id":)" + std::to_string(word) +
                                       R"(,"link_to":"both"},{"word_id":)" + std::to_string(keep) +
                                       R"(,"link_to":"both"}]})");
    INFO(text(linked));
    REQUIRE(linked.status == 200);
    REQUIRE(linked.json.at("words").as_array().size() == 4);
    const Id statement = linked.json.at("statement").at("id").as_int64();
    const Id question = linked.json.at("question").at("id").as_int64();
    const Reply audio = api.post("/api/audios/generate-for",
                                 R"({"source_table":"words","source_id":)" + std::to_string(word) +
                                     R"(,"source_field":"title_de","language":"de"})");
    INFO(text(audio));
    REQUIRE(audio.status == 201);
    REQUIRE(rows_where(*api.db, "word_categories", "word_id", word) == 1);

    const auto links_of = [&](Id w) {
        std::int64_t n = 0;
        for (const char* table : {"word_categories", "picture_words", "object_words",
                                  "statement_words", "question_words"})
            n += rows_where(*api.db, table, "word_id", w);
        return n + sql_integer(*api.db,
                               "SELECT COUNT(*) FROM audios WHERE source_table = 'words' AND "
                               "source_id = " +
                                   std::to_string(w));
    };
    CHECK(links_of(word) == 6);
    CHECK(links_of(keep) == 5);

    SECTION("through /api/cms/db-words/:id") {
        const Reply r = api.del(at(kWords, word));
        CHECK(r.status == 204);
        CHECK(r.body.empty());
    }
    SECTION("through /api/word/:id") {
        const Reply r = api.del(at("/api/word", word));
        CHECK(r.status == 204);
        CHECK(r.body.empty());
    }
    CHECK(api.get(at(kWords, word)).status == 404);
    CHECK(api.del(at(kWords, word)).status == 404);
    CHECK(api.del(at("/api/word", word)).status == 404);
    // The lists no longer show it; the other word keeps every link.
    CHECK(word_ids(api.get(at("/api/cms/pictures", picture, "/words"))) == std::vector<Id>{keep});
    CHECK(api.get(at("/api/cms/db-objects", object, "/words")).json.as_array().empty());
    CHECK(word_ids(api.get(at("/api/cms/db-objects", other_object, "/words"))) ==
          std::vector<Id>{keep});
    const Reply pair_after = api.get(at("/api/cms/db-pairs", pair));
    REQUIRE(pair_after.status == 200);
    const auto& pair_words = pair_after.json.at("words").as_array();
    CHECK(pair_words.size() == 2);
    for (const auto& w : pair_words) CHECK(w.at("word_id") == keep);
    CHECK(api.get(at(kWords, keep)).json.at("category_ids") == category_ids({category}));
    CHECK(ids_of(api.get(kWords)) == std::vector<Id>{keep});
    // In the store: no link record names the word, the other word's are all there.
    api.storage().content().read([&](ContentTx& tx) {
        for (const auto& l : tx.picture_word_links(picture)) CHECK(l.word_id == keep);
        CHECK(tx.object_word_links(object).empty());
        CHECK(tx.statement_word_links(statement).size() == 1);
        CHECK(tx.question_word_links(question).size() == 1);
        CHECK_FALSE(tx.audio(AudioSource{"words", word, "title_de", "de"}));
    });
    CHECK(links_of(word) == 0);
    CHECK(links_of(keep) == 5);
    CHECK(rows_of(*api.db, "audios") == 0);
}

TEST_CASE("words: the words of a picture", "[authoring][words]") {
    StaffApi api;
    const Id c1 = api.category("Eins"), c2 = api.category("Zwei");
    const Id picture = api.picture(20, 20);
    const Id other = api.picture(20, 20);
    const std::string words = at("/api/cms/pictures", picture, "/words");
    const Id dog = api.word("Hund", 7, {c1});
    CHECK(api.get(words).json.as_array().empty());

    const Reply created = api.post(words, R"({"title_de":"Baum","level":2,"title_en":"tree"})");
    INFO(text(created));
    REQUIRE(created.status == 201);
    REQUIRE(created.json.as_array().size() == 1);
    const auto& tree = created.json.at(0);
    CHECK(tree.at("title_de") == "Baum");
    CHECK(tree.at("title_en") == "tree");
    CHECK(tree.at("level") == 2);
    CHECK(tree.at("status") == "draft");
    CHECK(tree.at("link_id").as_int64() > 0);
    CHECK_FALSE(tree.as_object().contains("is_label"));
    const Id tree_id = tree.at("id").as_int64();
    CHECK(api.get(at(kWords, tree_id)).status == 200);

    // Found again case-insensitively: linked once.
    const Reply again = api.post(words, R"({"title_de":"BAUM","level":9})");
    CHECK(again.status == 200);
    CHECK(again.json == created.json);
    CHECK(api.get(at(kWords, tree_id)).json.at("level") == 2);

    // An existing word: linked, its fields kept, categories given added.
    const Reply existing = api.post(words, R"({"title_de":"hund","level":1,"title_en":"hound",)"
                                           R"("category_ids":[)" +
                                               std::to_string(c2) + "]}");
    INFO(text(existing));
    REQUIRE(existing.status == 201);
    REQUIRE(existing.json.as_array().size() == 2);
    const auto& dog_view = existing.json.at(1);
    CHECK(dog_view.at("id") == dog);
    CHECK(dog_view.at("title_de") == "Hund");
    CHECK(dog_view.at("level") == 7);
    CHECK(dog_view.at("title_en").is_null());
    CHECK(dog_view.at("category_ids") == category_ids({c1, c2}));
    CHECK(dog_view.at("link_id").as_int64() > tree.at("link_id").as_int64());
    CHECK(api.get(at(kWords, dog)).json.at("category_ids") == category_ids({c1, c2}));
    // Categories can still be added with a link that exists already.
    const Id c3 = api.category("Drei");
    const Reply more = api.post(
        words, R"({"title_de":"Hund","level":1,"category_ids":[)" + std::to_string(c3) + "]}");
    CHECK(more.status == 200);
    CHECK(more.json.at(1).at("category_ids") == category_ids({c1, c2, c3}));

    const Reply list = api.get(words);
    CHECK(list.status == 200);
    CHECK(word_ids(list) == (std::vector<Id>{tree_id, dog}));
    CHECK(list.json == more.json);
    // Another picture links the same word on its own.
    const Reply elsewhere =
        api.post(at("/api/cms/pictures", other, "/words"), R"({"title_de":"Baum","level":2})");
    CHECK(elsewhere.status == 201);
    CHECK(word_ids(elsewhere) == std::vector<Id>{tree_id});
    CHECK(rows_where(*api.db, "picture_words", "word_id", tree_id) == 2);

    for (const auto& [body, error] : std::vector<std::pair<std::string, std::string>>{
             {R"({"title_de":"Blatt"})", "level is required"},
             {R"({"title_de":"Blatt","level":null})", "level is required"},
             {R"({"title_de":"Blatt","level":0})", "level must be an integer from 1 to 100"},
             {R"({"level":1})", "title_de is required"},
             {R"({"title_de":"Blatt","level":1,"category_ids":[99999]})",
              "category_ids[0]: no such category"},
             {R"({"title_de":"Blatt","level":1,"status":"published"})", ""},
         }) {
        const Reply r = api.post(words, body);
        INFO(body << ": " << text(r));
        if (error.empty()) {
            // Unknown fields (status is no field of this route) are ignored: a draft.
            CHECK(r.status == 201);
            CHECK(r.json.at(2).at("status") == "draft");
        } else {
            CHECK(r.status == 400);
            CHECK(r.error() == error);
        }
    }
    const Id unknown = other + 100;
    CHECK(api.get(at("/api/cms/pictures", unknown, "/words")).status == 404);
    CHECK(api.post(at("/api/cms/pictures", unknown, "/words"), R"({"title_de":"X","level":1})")
              .error() == "Not found");
}

TEST_CASE("categories: list and create", "[authoring][words]") {
    StaffApi api;
    const Reply seeded = api.get("/api/categories");
    REQUIRE(seeded.status == 200);
    std::vector<std::string> titles;
    Id last = 0;
    for (const auto& c : seeded.json.as_array()) {
        // id, titel_de, titel_en, titel_sv: nothing else.
        CHECK(c.as_object().size() == 4);
        CHECK(c.at("titel_en").is_string());  // the seeded ones have both (migration 0020)
        CHECK(c.at("titel_sv").is_string());
        CHECK(c.at("id").as_int64() > last);
        last = c.at("id").as_int64();
        titles.emplace_back(c.at("titel_de").as_string());
    }
    CHECK(titles == std::vector<std::string>{"Tiere", "Essen", "Farben", "Familie", "Haus",
                                             "Kleidung", "Natur", "Verkehr", "Körper", "Berufe",
                                             "Zahlen", "Zeit"});

    const Reply created = api.post("/api/categories", R"({"titel_de":" Werkzeug "})");
    INFO(text(created));
    REQUIRE(created.status == 201);
    CHECK(field(created, "titel_de") == "Werkzeug");
    CHECK(created.json.at("id").as_int64() > last);
    const Reply after = api.get("/api/categories");
    REQUIRE(after.json.as_array().size() == 13);
    CHECK(after.json.at(12) == created.json);

    for (const auto& [body, status, error] : std::vector<std::tuple<std::string, int, std::string>>{
             {R"({"titel_de":"Werkzeug"})", 409, "Category \"Werkzeug\" exists already"},
             {R"({"titel_de":"Tiere"})", 409, "Category \"Tiere\" exists already"},
             {"{}", 400, "titel_de is required"},
             {R"({"titel_de":""})", 400, "titel_de is required"},
             {R"({"titel_de":null})", 400, "titel_de is required"},
             {R"({"title_de":"Falsch"})", 400, "titel_de is required"},
             {R"({"titel_de":3})", 400, "titel_de must be a string"},
         }) {
        const Reply r = api.post("/api/categories", body);
        INFO(body << ": " << text(r));
        CHECK(r.status == status);
        CHECK(r.error() == error);
    }
    CHECK(api.get("/api/categories").json == after.json);
}
