// Renaming and deleting categories (PATCH and DELETE /api/categories/:id, admins only: the
// editor's 403 is in route_access_http_test.cpp): validation naming the field, 404, 409 on a
// taken name, and a delete that takes the word and pair links with it in one transaction and
// never hands the id out again.
#include "tests/http/authoring/support/json_helpers.hpp"
#include "tests/http/authoring/support/sql_probe.hpp"

using namespace ll;
using namespace ll::test;

namespace {

std::vector<std::string> category_names(StaffApi& api) {
    const Reply r = api.get("/api/categories");
    REQUIRE(r.status == 200);
    std::vector<std::string> out;
    for (const auto& c : r.json.as_array()) out.push_back(str(c, "titel_de"));
    return out;
}

bool listed(StaffApi& api, const std::string& name) {
    const auto names = category_names(api);
    return std::find(names.begin(), names.end(), name) != names.end();
}

}  // namespace

TEST_CASE("categories: rename", "[authoring][categories]") {
    StaffApi api;
    const Id tools = api.category("Werkzeug");
    const Id garden = api.category("Garten");
    const Id hammer = api.word("Hammer", 1, {tools});
    const std::string admin = api.staff_token("admin");

    const Reply r = api.patch(at("/api/categories", tools), R"({"titel_de":"Werkzeuge"})", admin);
    INFO(text(r));
    REQUIRE(r.status == 200);
    CHECK(r.json == json::value(json::object{{"id", tools}, {"titel_de", "Werkzeuge"}}));
    CHECK(listed(api, "Werkzeuge"));
    CHECK_FALSE(listed(api, "Werkzeug"));
    // The word shows the new name.
    const Reply word = api.get(at("/api/cms/db-words", hammer));
    CHECK(str(word.json.at("categories").at(0), "label") == "Werkzeuge");

    SECTION("its own name again is no conflict") {
        CHECK(api.patch(at("/api/categories", tools), R"({"titel_de":"Werkzeuge"})").status == 200);
    }
    SECTION("another category's name: 409, nothing changed") {
        const Reply taken = api.patch(at("/api/categories", tools), R"({"titel_de":"Garten"})");
        CHECK(taken.status == 409);
        CHECK(taken.error() == "Category \"Garten\" exists already");
        CHECK(listed(api, "Werkzeuge"));
        CHECK(rows_where(*api.db, "categories", "id", garden) == 1);
    }
    SECTION("bad bodies: 400 naming the field, nothing changed") {
        for (const std::string& body :
             {std::string("{}"), std::string(R"({"titel_de":""})"),
              std::string(R"({"titel_de":"  "})"), std::string(R"({"titel_de":5})"),
              std::string(R"({"titel_de":null})")}) {
            const Reply bad = api.patch(at("/api/categories", tools), body);
            INFO(body << ": " << text(bad));
            CHECK(bad.status == 400);
            CHECK(bad.error().rfind("titel_de ", 0) == 0);
        }
        CHECK(api.patch(at("/api/categories", tools), "[1]").error() == "Invalid JSON body");
        CHECK(listed(api, "Werkzeuge"));
    }
    SECTION("unknown category: 404") {
        const Reply unknown =
            api.patch(at("/api/categories", garden + 1000), R"({"titel_de":"X"})");
        CHECK(unknown.status == 404);
        CHECK(unknown.error() == "Not found");
        CHECK_FALSE(listed(api, "X"));
    }
}

TEST_CASE("categories: delete takes the word and pair links, never the words or pairs",
          "[authoring][categories]") {
    StaffApi api;
    const Id animals = api.category("Vierbeiner");
    const Id pets = api.category("Haustiere");
    const Id picture = api.picture(32, 24);
    const Id object = api.object(picture);
    const Id dog = api.label(object, "Hund", "dog", "hund", {animals, pets});
    const Id pair = api.pair(picture, object, "question", true);
    const Reply statement = api.get(at("/api/cms/db-pairs", pair));
    speak(api, "statements", statement.json.at("statement").at("id").as_int64(), "text_de", "de");
    api.publish_pair(pair);
    REQUIRE(rows_where(*api.db, "pair_categories", "category_id", animals) == 1);
    REQUIRE(rows_where(*api.db, "word_categories", "category_id", animals) == 1);

    const Reply r = api.del(at("/api/categories", animals), api.staff_token("admin"));
    INFO(text(r));
    CHECK(r.status == 204);
    CHECK(r.body.empty());
    CHECK_FALSE(listed(api, "Vierbeiner"));
    CHECK(rows_where(*api.db, "pair_categories", "category_id", animals) == 0);
    CHECK(rows_where(*api.db, "word_categories", "category_id", animals) == 0);
    // The word, the pair and the other category stay.
    const Reply word = api.get(at("/api/cms/db-words", dog));
    REQUIRE(word.status == 200);
    CHECK(word.json.at("category_ids") == json::value(json::array{pets}));
    const Reply p = api.get(at("/api/cms/db-pairs", pair));
    REQUIRE(p.status == 200);
    CHECK(p.json.at("categories") ==
          json::value(json::array{json::object{{"id", pets}, {"label", "Haustiere"}}}));
    const Reply f = feed(api, register_learner(api, "kategorie@example.com"));
    REQUIRE(feed_ids(f) == std::vector<Id>{pair});
    CHECK(f.json.at("items").at(0).at("categories") ==
          json::value(json::array{json::object{{"id", pets}, {"label", "Haustiere"}}}));

    // Gone: 404 for both routes.
    CHECK(api.del(at("/api/categories", animals)).status == 404);
    CHECK(api.patch(at("/api/categories", animals), R"({"titel_de":"Neu"})").status == 404);
    CHECK(api.del("/api/categories/abc").status == 404);
}

TEST_CASE("categories: the id of a deleted category is never handed out again",
          "[authoring][categories]") {
    StaffApi api;
    const Id last = api.category("Zuletzt");
    REQUIRE(api.del(at("/api/categories", last)).status == 204);
    const Id next = api.category("Danach");
    CHECK(next > last);
    // The same name may be used again, under a new id.
    const Id again = api.category("Zuletzt");
    CHECK(again > next);
}
