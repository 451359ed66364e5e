// Renaming and deleting categories (PATCH and DELETE /api/categories/:id, admins only: the
// editor's 403 is in route_access_http_test.cpp): validation naming the field, 404, 409 on a
// taken name, and a delete that takes the word and pair links with it in one transaction and
// never hands the id out again; renames and word edits racing on PostgreSQL answer what they
// answer one after the other (docs/authoring-guide.md "Categories").
#include <atomic>
#include <thread>

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

struct Call {
    std::string method, target, body;
};

// Both requests at once, each on its own connection, released together; the replies in order.
std::pair<Reply, Reply> at_once(StaffApi& api, const Call& a, const Call& b) {
    std::atomic<int> ready{0};
    Reply first, second;
    const auto run = [&](const Call& call, Reply& out) {
        HttpClient client(api.port(), RecordTo::none);
        ++ready;
        while (ready.load() < 2) std::this_thread::yield();
        out = client.call(call.method, call.target, call.body,
                          {{"Authorization", std::string("Bearer ") + kDevToken}});
    };
    std::thread other([&] { run(b, second); });
    run(a, first);
    other.join();
    return {first, second};
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
    CHECK(r.json == json::value(json::object{{"id", tools},
                                             {"titel_de", "Werkzeuge"},
                                             {"titel_en", nullptr},
                                             {"titel_sv", nullptr}}));
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
    SECTION("English and Swedish titles: set, kept when missing, cleared with null") {
        const std::string target = at("/api/categories", tools);
        Reply titled = api.patch(
            target, R"({"titel_de":"Werkzeuge","titel_en":"Tools","titel_sv":"Verktyg"})");
        REQUIRE(titled.status == 200);
        CHECK(str(titled.json, "titel_en") == "Tools");
        CHECK(str(titled.json, "titel_sv") == "Verktyg");
        titled = api.patch(target, R"({"titel_de":"Werkzeug"})");
        CHECK(str(titled.json, "titel_en") == "Tools");  // not named: as it was
        titled = api.patch(target, R"({"titel_de":"Werkzeug","titel_sv":null})");
        CHECK(str(titled.json, "titel_en") == "Tools");
        CHECK(titled.json.at("titel_sv").is_null());
        // The list says the same.
        const Reply list = api.get("/api/categories");
        bool found = false;
        for (const auto& c : list.json.as_array()) {
            if (c.at("id") != tools) continue;
            found = true;
            CHECK(str(c, "titel_de") == "Werkzeug");
            CHECK(str(c, "titel_en") == "Tools");
            CHECK(c.at("titel_sv").is_null());
        }
        CHECK(found);
        const std::string too_long =
            R"({"titel_de":"Werkzeug","titel_sv":")" + std::string(201, 'a') + R"("})";
        for (const std::string& body :
             {std::string(R"({"titel_de":"Werkzeug","titel_en":5})"), too_long}) {
            const Reply bad = api.patch(target, body);
            CHECK(bad.status == 400);
            CHECK(
                (bad.error().rfind("titel_en ", 0) == 0 || bad.error().rfind("titel_sv ", 0) == 0));
        }
        const Reply kept = api.get("/api/categories");
        for (const auto& c : kept.json.as_array())
            if (c.at("id") == tools) CHECK(str(c, "titel_en") == "Tools");
    }
    SECTION("unknown category: 404") {
        const Reply unknown =
            api.patch(at("/api/categories", garden + 1000), R"({"titel_de":"X"})");
        CHECK(unknown.status == 404);
        CHECK(unknown.error() == "Not found");
        CHECK_FALSE(listed(api, "X"));
    }
}

TEST_CASE("categories: created with English and Swedish titles, or without",
          "[authoring][categories]") {
    StaffApi api;
    const std::string admin = api.staff_token("admin");
    const Reply both =
        api.post("/api/categories",
                 R"({"titel_de":"Möbel","titel_en":"Furniture","titel_sv":"Möbler"})", admin);
    REQUIRE(both.status == 201);
    CHECK(str(both.json, "titel_de") == "Möbel");
    CHECK(str(both.json, "titel_en") == "Furniture");
    CHECK(str(both.json, "titel_sv") == "Möbler");
    const Reply plain = api.post("/api/categories", R"({"titel_de":"Werkstatt"})", admin);
    REQUIRE(plain.status == 201);
    CHECK(plain.json.at("titel_en").is_null());
    CHECK(plain.json.at("titel_sv").is_null());
    // The seeded categories come with theirs (migration 0020).
    const Reply list = api.get("/api/categories");
    const auto& first = list.json.as_array().at(0);
    CHECK(str(first, "titel_de") == "Tiere");
    CHECK(str(first, "titel_en") == "Animals");
    CHECK(str(first, "titel_sv") == "Djur");
    const Reply bad = api.post("/api/categories", R"({"titel_de":"Garage","titel_en":[]})", admin);
    CHECK(bad.status == 400);
    CHECK(bad.error() == "titel_en must be a string");
    // The staff API's messages stay as written, whatever language the browser asks for
    // (docs/accounts.md "Languages of messages and labels").
    const Reply german =
        api.client->call("POST", "/api/categories", R"({"titel_de":"Garage","titel_en":[]})",
                         {{"Authorization", "Bearer " + admin},
                          {"Content-Type", "application/json"},
                          {"Accept-Language", "de-DE,de;q=0.9"}});
    CHECK(german.error() == "titel_en must be a string");
    CHECK(german.header("content-language").empty());
    CHECK_FALSE(listed(api, "Garage"));
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

TEST_CASE("categories: two renames to one name at once: one 200, one 409, never 500",
          "[authoring][categories][concurrency]") {
    StaffApi api;
    constexpr int kRounds = 40;
    int refused_first = 0;
    for (int round = 0; round < kRounds; ++round) {
        INFO("round " << round);
        const std::string r = std::to_string(round);
        const Id a = api.category("A" + r), b = api.category("B" + r);
        const std::string body = R"({"titel_de":"Gleich )" + r + R"("})";
        const auto [first, second] = at_once(api, {"PATCH", at("/api/categories", a), body},
                                             {"PATCH", at("/api/categories", b), body});
        INFO(text(first) << " / " << text(second));
        CHECK(first.status + second.status == 200 + 409);
        const Reply& refused = first.status == 409 ? first : second;
        CHECK(refused.status == 409);
        CHECK(refused.error() == "Category \"Gleich " + r + "\" exists already");
        refused_first += first.status == 409;
        // One of them has the name, the other kept its own.
        const auto names = category_names(api);
        CHECK(std::count(names.begin(), names.end(), "Gleich " + r) == 1);
        CHECK(listed(api, "A" + r) != listed(api, "B" + r));
    }
    // Which one wins is up to the scheduler (printed for the curious, never asserted).
    WARN("the first request was refused in " << refused_first << " of " << kRounds << " rounds");
}

TEST_CASE("categories: a word edit racing the category's deletion answers 200 or 400, never 500",
          "[authoring][categories][concurrency]") {
    StaffApi api;
    const Id kept = api.category("Bleibt");
    const Id word = api.word("Rennen", 1, {kept});
    constexpr int kRounds = 80;
    int edited = 0, refused = 0;
    for (int round = 0; round < kRounds; ++round) {
        INFO("round " << round);
        const Id doomed = api.category("Weg " + std::to_string(round));
        const auto [edit, deletion] = at_once(
            api,
            {"PATCH", at("/api/cms/db-words", word),
             R"({"category_ids":[)" + std::to_string(doomed) + "," + std::to_string(kept) + "]}"},
            {"DELETE", at("/api/categories", doomed), ""});
        INFO(text(edit) << " / " << deletion.status);
        CHECK(deletion.status == 204);
        if (edit.status == 200) {
            // Before the delete: the answer shows the category, which the delete then took.
            ++edited;
            CHECK(edit.json.at("category_ids") == json::value(json::array{kept, doomed}));
        } else {
            // After it: the answer to an edit naming a category that does not exist.
            ++refused;
            CHECK(edit.status == 400);
            CHECK(edit.error() == "category_ids[0]: no such category");
        }
        const Reply stored = api.get(at("/api/cms/db-words", word));
        CHECK(stored.json.at("category_ids") == json::value(json::array{kept}));
        CHECK(rows_where(*api.db, "word_categories", "category_id", doomed) == 0);
        // The next round starts from the word without the category.
    }
    WARN("the edit went first in " << edited << " rounds, the delete in " << refused);
}
