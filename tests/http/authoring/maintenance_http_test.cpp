// Maintenance routes over HTTP: POST /api/purge-all-orphans (counts per link table and
// audios), POST /api/cms/db-objects/:id/purge-orphans (one object's orphans only) and POST
// /api/cms/setup-m2m (missing link tables created again, idempotent). Orphans are made the
// way legacy data has them: rows deleted with foreign keys off (tests/support/content_hooks).
#include "core/ports/content_store.hpp"
#include "tests/http/authoring/support/reply_views.hpp"
#include "tests/http/authoring/support/sql_probe.hpp"
#include "tests/http/authoring/support/staff_api.hpp"
#include "tests/support/content_hooks.hpp"

using namespace ll;
using namespace ll::test;

namespace {

namespace json = boost::json;

json::value removed(std::int64_t word_categories, std::int64_t picture_words,
                    std::int64_t object_words, std::int64_t question_words,
                    std::int64_t statement_words, std::int64_t pair_categories,
                    std::int64_t audios) {
    return json::object{{"removed", json::object{{"word_categories", word_categories},
                                                 {"picture_words", picture_words},
                                                 {"object_words", object_words},
                                                 {"question_words", question_words},
                                                 {"statement_words", statement_words},
                                                 {"pair_categories", pair_categories},
                                                 {"audios", audios}}}};
}

const json::value kNothing = removed(0, 0, 0, 0, 0, 0, 0);

void link_words(StaffApi& api, Id pair, std::initializer_list<Id> words, const char* to) {
    json::array add;
    for (Id w : words) add.push_back(json::object{{"word_id", w}, {"link_to", to}});
    const Reply r =
        api.patch(at("/api/cms/db-pairs", pair), json::serialize(json::object{{"words_add", add}}));
    INFO(text(r));
    REQUIRE(r.status == 200);
}

Id question_of(StaffApi& api, Id pair) {
    const Reply r = api.get(at("/api/cms/db-pairs", pair));
    REQUIRE(r.status == 200);
    return r.json.at("question").at("id").as_int64();
}

Id statement_of(StaffApi& api, Id pair) {
    const Reply r = api.get(at("/api/cms/db-pairs", pair));
    REQUIRE(r.status == 200);
    return r.json.at("statement").at("id").as_int64();
}

void word_audio(StaffApi& api, Id word) {
    const Reply r = api.post("/api/audios/generate-for",
                             R"({"source_table":"words","source_id":)" + std::to_string(word) +
                                 R"(,"source_field":"title_de","language":"de"})");
    INFO(text(r));
    REQUIRE(r.status == 201);
}

std::int64_t all_links(StaffApi& api) {
    std::int64_t n = 0;
    for (const char* table : kLinkTables) n += rows_of(*api.db, table);
    return n + rows_of(*api.db, "audios");
}

json::array names(std::initializer_list<const char*> list) {
    json::array out;
    for (const char* n : list) out.push_back(json::string(n));
    return out;
}

}  // namespace

TEST_CASE("maintenance: purge-all-orphans on clean data removes nothing",
          "[authoring][maintenance]") {
    StaffApi api;
    const Reply empty = api.post("/api/purge-all-orphans", "");
    INFO(text(empty));
    CHECK(empty.status == 200);
    CHECK(empty.json == kNothing);

    // Content with every kind of link, all of it good.
    const Id category = api.category("Licht");
    const Id picture = api.picture(30, 30);
    const Id object = api.object(picture);
    const Id word = api.label(object, "Lampe", "lamp", "lampa", {category});
    REQUIRE(
        api.post(at("/api/cms/pictures", picture, "/words"), R"({"title_de":"Lampe","level":1})")
            .status == 201);
    const Id pair = api.pair(picture, object, "question", true);
    link_words(api, pair, {word}, "both");
    api.publish_pair(pair);
    word_audio(api, word);
    const std::int64_t links = all_links(api);
    CHECK(links == 7);

    const Reply r = api.post("/api/purge-all-orphans", "");
    CHECK(r.status == 200);
    CHECK(r.json == kNothing);
    CHECK(all_links(api) == links);
}

TEST_CASE("maintenance: purge-all-orphans removes the orphans and counts them",
          "[authoring][maintenance]") {
    StaffApi api;
    const Id light = api.category("Licht");
    const Id gone_category = api.category("Weg");
    const Id picture = api.picture(30, 30);
    const Id gone_picture = api.picture(30, 30);
    const Id object = api.object(picture);
    const Id other_object = api.object(picture);
    // `lamp` goes; `table` stays everywhere; `vase` loses its category.
    const Id lamp = api.label(object, "Lampe", "lamp", "lampa", {light});
    const Id table = api.label(other_object, "Tisch", "table", "bord", {light});
    const Id vase = api.word("Vase", 1, {gone_category});
    for (const char* title : {"Lampe", "Tisch"}) {
        REQUIRE(api.post(at("/api/cms/pictures", picture, "/words"),
                         R"({"title_de":")" + std::string(title) + R"(","level":1})")
                    .status == 201);
    }
    REQUIRE(api.post(at("/api/cms/pictures", gone_picture, "/words"),
                     R"({"title_de":"Tisch","level":1})")
                .status == 201);
    const Id gone_pair = api.pair(picture, object, "question", true);
    link_words(api, gone_pair, {lamp, table}, "both");
    api.publish_pair(gone_pair);
    const Id kept_pair = api.pair(picture, other_object, "question", true);
    link_words(api, kept_pair, {table}, "both");
    api.publish_pair(kept_pair);
    CHECK(api.get(at("/api/cms/db-pairs", kept_pair)).json.at("categories") ==
          json::array{json::object{{"id", light}, {"label", "Licht"}}});
    word_audio(api, lamp);
    word_audio(api, table);
    // word_categories 3, picture_words 3, object_words 2, question_words 3, statement_words 3,
    // pair_categories 2, audios 2
    REQUIRE(all_links(api) == 18);

    erase_row_unchecked(*api.db, "words", lamp);
    erase_row_unchecked(*api.db, "pairs", gone_pair);
    erase_row_unchecked(*api.db, "pictures", gone_picture);
    erase_row_unchecked(*api.db, "categories", gone_category);
    // The orphans are there (the API hides them, the tables keep them).
    CHECK(rows_where(*api.db, "object_words", "word_id", lamp) == 1);
    CHECK(rows_where(*api.db, "pair_categories", "pair_id", gone_pair) == 1);
    CHECK(rows_where(*api.db, "picture_words", "picture_id", gone_picture) == 1);
    CHECK(rows_where(*api.db, "word_categories", "category_id", gone_category) == 1);
    CHECK(all_links(api) == 18);

    const Reply r = api.post("/api/purge-all-orphans", "");
    INFO(text(r));
    CHECK(r.status == 200);
    CHECK(r.json == removed(2, 2, 1, 1, 1, 1, 1));

    // Gone: every row naming lamp, gone_pair, gone_picture, gone_category.
    for (const char* t :
         {"word_categories", "picture_words", "object_words", "question_words", "statement_words"})
        CHECK(rows_where(*api.db, t, "word_id", lamp) == 0);
    CHECK(sql_integer(*api.db, "SELECT COUNT(*) FROM audios WHERE source_id = " +
                                   std::to_string(lamp)) == 0);
    CHECK(rows_where(*api.db, "pair_categories", "pair_id", gone_pair) == 0);
    CHECK(rows_where(*api.db, "picture_words", "picture_id", gone_picture) == 0);
    CHECK(rows_where(*api.db, "word_categories", "category_id", gone_category) == 0);
    // Kept: every good row.
    CHECK(all_links(api) == 18 - 9);
    CHECK(rows_where(*api.db, "word_categories", "word_id", table) == 1);
    CHECK(rows_where(*api.db, "picture_words", "word_id", table) == 1);
    CHECK(rows_where(*api.db, "object_words", "word_id", table) == 1);
    CHECK(rows_where(*api.db, "statement_words", "word_id", table) == 2);
    CHECK(rows_where(*api.db, "question_words", "word_id", table) == 2);
    CHECK(rows_where(*api.db, "pair_categories", "pair_id", kept_pair) == 1);
    CHECK(rows_where(*api.db, "audios", "source_id", table) == 1);
    CHECK(ids_of(api.get(at("/api/cms/pictures", picture, "/words"))) == std::vector<Id>{table});
    CHECK(ids_of(api.get(at("/api/cms/db-objects", other_object, "/words"))) ==
          std::vector<Id>{table});
    CHECK(api.get(at("/api/cms/db-objects", object, "/words")).json.as_array().empty());
    CHECK(api.get(at("/api/cms/db-words", vase)).json.at("category_ids").as_array().empty());
    CHECK(api.get(at("/api/cms/db-pairs", kept_pair)).json.at("categories").as_array().size() == 1);

    // Nothing left to purge.
    const Reply again = api.post("/api/purge-all-orphans", "");
    CHECK(again.status == 200);
    CHECK(again.json == kNothing);
    CHECK(all_links(api) == 9);
}

TEST_CASE("maintenance: purge-orphans of one object removes only that object's orphans",
          "[authoring][maintenance]") {
    StaffApi api;
    const Id picture = api.picture(30, 30);
    const Id first = api.object(picture);
    const Id second = api.object(picture);
    const Id first_label = api.label(first, "Ast");
    const Id second_label = api.label(second, "Blatt");
    const Id first_answer = api.word("Zweig");
    const Id second_answer = api.word("Rinde");
    const Id kept = api.word("Stamm");
    // The questions of the pairs belong to the pairs' objects.
    const Id first_pair = api.pair(picture, first, "question", true);
    const Id second_pair = api.pair(picture, second, "question", true);
    link_words(api, first_pair, {first_answer, kept}, "question");
    link_words(api, second_pair, {second_answer}, "question");
    const Id first_question = question_of(api, first_pair);
    const Id second_question = question_of(api, second_pair);
    CHECK(api.get(at("/api/cms/db-questions", first_question)).json.at("object_id") == first);
    // An orphan elsewhere: a picture word of the first label.
    REQUIRE(api.post(at("/api/cms/pictures", picture, "/words"), R"({"title_de":"Ast","level":1})")
                .status == 201);

    const Reply clean = api.post(at("/api/cms/db-objects", first, "/purge-orphans"), "");
    CHECK(clean.status == 200);
    CHECK(clean.json == json::parse(R"({"removed":0})"));

    for (const Id w : {first_label, second_label, first_answer, second_answer})
        erase_row_unchecked(*api.db, "words", w);

    const Reply r = api.post(at("/api/cms/db-objects", first, "/purge-orphans"), "");
    INFO(text(r));
    CHECK(r.status == 200);
    CHECK(r.json == json::parse(R"({"removed":2})"));
    CHECK(rows_where(*api.db, "object_words", "object_id", first) == 0);
    CHECK(rows_where(*api.db, "question_words", "question_id", first_question) == 1);  // kept
    CHECK(rows_where(*api.db, "question_words", "word_id", kept) == 1);
    // The second object's orphans and the picture word stay.
    CHECK(rows_where(*api.db, "object_words", "object_id", second) == 1);
    CHECK(rows_where(*api.db, "question_words", "question_id", second_question) == 1);
    CHECK(rows_where(*api.db, "picture_words", "picture_id", picture) == 1);

    CHECK(api.post(at("/api/cms/db-objects", first, "/purge-orphans"), "").json ==
          json::parse(R"({"removed":0})"));
    const Reply other = api.post(at("/api/cms/objects", second, "/purge-orphans"), "");
    CHECK(other.json == json::parse(R"({"removed":2})"));
    CHECK(rows_where(*api.db, "object_words", "object_id", second) == 0);
    CHECK(rows_where(*api.db, "question_words", "question_id", second_question) == 0);
    // What is left for the global purge: the picture word.
    CHECK(api.post("/api/purge-all-orphans", "").json == removed(0, 1, 0, 0, 0, 0, 0));
    CHECK(statement_of(api, first_pair) > 0);
}

TEST_CASE("maintenance: setup-m2m creates missing link tables, idempotently",
          "[authoring][maintenance]") {
    StaffApi api;
    const json::array all = names({"word_categories", "picture_words", "object_words",
                                   "question_words", "statement_words", "pair_categories"});
    const Reply first = api.post("/api/cms/setup-m2m", "");
    INFO(text(first));
    CHECK(first.status == 200);
    CHECK(first.json == json::object{{"created", json::array{}}, {"existing", all}});

    const std::string table =
        GENERATE(as<std::string>{}, "word_categories", "picture_words", "object_words",
                 "question_words", "statement_words", "pair_categories");
    INFO("dropped " << table);
    const auto indexes = index_names(*api.db, table);
    drop_table(*api.db, table);

    const Reply created = api.post("/api/cms/setup-m2m", "");
    CHECK(created.status == 200);
    json::array existing;
    for (const auto& t : all) {
        if (t.as_string() != table) existing.push_back(t);
    }
    CHECK(created.json ==
          json::object{{"created", json::array{json::string(table)}}, {"existing", existing}});
    CHECK(index_names(*api.db, table) == indexes);
    CHECK(rows_of(*api.db, table) == 0);

    // The table works again through the API.
    const Id category = api.category("Wieder");
    const Id picture = api.picture(20, 20);
    const Id object = api.object(picture);
    const Id word = api.label(object, "Kerze", "candle", "ljus", {category});
    CHECK(api.get(at("/api/cms/db-words", word)).json.at("category_ids") == json::array{category});
    const Reply pw =
        api.post(at("/api/cms/pictures", picture, "/words"), R"({"title_de":"Kerze","level":1})");
    CHECK(pw.status == 201);
    CHECK(ids_of(pw) == std::vector<Id>{word});
    CHECK(ids_of(api.get(at("/api/cms/db-objects", object, "/words"))) == std::vector<Id>{word});
    const Id pair = api.pair(picture, object, "question", true);
    link_words(api, pair, {word}, "both");
    api.publish_pair(pair);
    const Reply p = api.get(at("/api/cms/db-pairs", pair));
    CHECK(p.json.at("words").as_array().size() == 2);
    CHECK(p.json.at("categories") ==
          json::array{json::object{{"id", category}, {"label", "Wieder"}}});
    CHECK(rows_of(*api.db, table) >= 1);

    // Idempotent: everything exists now.
    const Reply again = api.post("/api/cms/setup-m2m", "");
    CHECK(again.status == 200);
    CHECK(again.json == json::object{{"created", json::array{}}, {"existing", all}});
}
