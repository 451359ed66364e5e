// The studio's learner preview of a pair (GET /api/cms/db-pairs/:id/preview): its item is the
// pair as one GET /feed entry (compared with the learner API's own answer once it is in the
// feed), the categories publishing would store, and why the learner does not get it yet, in
// the order of docs/openapi-authoring.yaml. Reads only.
#include "tests/http/authoring/support/json_helpers.hpp"
#include "tests/http/authoring/support/sql_probe.hpp"

using namespace ll;
using namespace ll::test;

namespace {

Reply preview(StaffApi& api, Id pair, const std::string& query = "",
              std::optional<std::string> token = std::nullopt) {
    return api.get(at("/api/cms/db-pairs", pair, "/preview") + query, token);
}

Id statement_of(StaffApi& api, Id pair) {
    const Reply r = api.get(at("/api/cms/db-pairs", pair));
    REQUIRE(r.status == 200);
    return r.json.at("statement").at("id").as_int64();
}

// A draft question pair on a picture with an image, its object labelled Hund (category
// Vierbeiner).
struct DogPair {
    Id picture = 0, animals = 0, pair = 0;
};

DogPair dog_pair(StaffApi& api) {
    DogPair d;
    d.picture = api.picture(32, 24);
    const Id object = api.object(d.picture);
    d.animals = api.category("Vierbeiner");
    api.label(object, "Hund", "dog", "hund", {d.animals});
    d.pair = api.pair(d.picture, object, "question", true);
    return d;
}

json::array reasons(std::initializer_list<const char*> list) {
    json::array out;
    for (const char* r : list) out.emplace_back(r);
    return out;
}

}  // namespace

TEST_CASE("preview: a draft shows the feed entry to come and why it is not in the feed",
          "[authoring][preview]") {
    StaffApi api;
    const auto [picture, animals, pair] = dog_pair(api);
    const Reply pic = api.get(at("/api/pictures", picture));
    REQUIRE(pic.status == 200);

    const Reply r = preview(api, pair, "?lang=sv", api.staff_token("editor"));
    INFO(text(r));
    REQUIRE(r.status == 200);
    CHECK(keys(r.json) == std::set<std::string>{"lang", "in_feed", "reasons", "item"});
    CHECK(str(r.json, "lang") == "sv");
    CHECK(r.json.at("in_feed") == json::value(false));
    CHECK(r.json.at("reasons") ==
          json::value(reasons({"The pair is not published", "The statement has no audio in sv"})));
    const json::value& item = r.json.at("item");
    CHECK(keys(item) == std::set<std::string>{"pair_id", "answer_type", "level", "statement",
                                              "question", "image_url", "image_phone_url",
                                              "thumbnail_url", "width", "height", "audio_url",
                                              "audio", "categories"});
    CHECK(item.at("pair_id").as_int64() == pair);
    CHECK(str(item, "answer_type") == "question");
    CHECK(item.at("level").as_int64() == 3);
    CHECK(str(item.at("statement"), "sv") == "Det här är en hund.");
    CHECK(str(item.at("question"), "short_answer_se") == "hund");
    CHECK(str(item, "image_url") == str(pic.json, "image_url"));
    CHECK(str(item, "image_phone_url") == str(pic.json, "phone_url"));
    CHECK(str(item, "thumbnail_url") == str(pic.json, "thumbnail_url"));
    CHECK(item.at("width") == pic.json.at("width"));
    CHECK(item.at("height") == pic.json.at("height"));
    CHECK(item.at("width").as_int64() == 32);
    CHECK(item.at("audio_url").is_null());
    CHECK(item.at("audio").is_null());
    // The label word's category, although nothing has stored it for the pair yet.
    CHECK(item.at("categories") ==
          json::value(json::array{json::object{{"id", animals}, {"label", "Vierbeiner"}}}));
    CHECK(rows_where(*api.db, "pair_categories", "pair_id", pair) == 0);

    // Without lang: de.
    const Reply de = preview(api, pair);
    REQUIRE(de.status == 200);
    CHECK(str(de.json, "lang") == "de");
    CHECK(de.json.at("reasons") ==
          json::value(reasons({"The pair is not published", "The statement has no audio in de"})));
}

TEST_CASE("preview: a pair in the feed previews exactly as the learner's feed shows it",
          "[authoring][preview]") {
    StaffApi api;
    const Id pair = dog_pair(api).pair;
    const Id statement = statement_of(api, pair);
    // Spoken in Swedish, then published: in the Swedish feed.
    const json::value own = speak(api, "statements", statement, "text_sv", "sv");
    api.publish_pair(pair);

    const Reply r = preview(api, pair, "?lang=sv");
    INFO(text(r));
    REQUIRE(r.status == 200);
    CHECK(r.json.at("in_feed") == json::value(true));
    CHECK(r.json.at("reasons").as_array().empty());
    CHECK(str(r.json.at("item"), "audio_url") == str(own, "audio_url"));

    const Reply f = feed(api, register_learner(api, "preview@example.com"), "?lang=sv");
    REQUIRE(feed_ids(f) == std::vector<Id>{pair});
    CHECK(r.json.at("item") == f.json.at("items").at(0));

    // In a language without audio it is out of the feed again, for that reason only.
    const Reply en = preview(api, pair, "?lang=en");
    REQUIRE(en.status == 200);
    CHECK(en.json.at("in_feed") == json::value(false));
    CHECK(en.json.at("reasons") == json::value(reasons({"The statement has no audio in en"})));
    CHECK(en.json.at("item").at("audio_url").is_null());
}

TEST_CASE("preview: a picture without image, all three reasons in order", "[authoring][preview]") {
    StaffApi api;
    const Reply pic = api.post("/api/pictures", R"({"title":"Ohne Bild"})");
    REQUIRE(pic.status == 201);
    const Id pair = api.pair(id_of(pic.json), std::nullopt, "yes_no");
    const Reply r = preview(api, pair, "?lang=en");
    INFO(text(r));
    REQUIRE(r.status == 200);
    CHECK(r.json.at("reasons") ==
          json::value(reasons({"The pair is not published", "The picture has no image",
                               "The statement has no audio in en"})));
    const json::value& item = r.json.at("item");
    CHECK(item.at("image_url").is_null());
    CHECK(item.at("image_phone_url").is_null());
    CHECK(item.at("audio_url").is_null());
    CHECK(item.at("question").is_null());
    CHECK(item.at("categories").as_array().empty());
}

TEST_CASE("preview: bad lang, unknown pair", "[authoring][preview]") {
    StaffApi api;
    const Id pair = api.pair(api.picture(16, 16));
    for (const std::string bad : {"?lang=fr", "?lang=DE", "?lang="}) {
        const Reply r = preview(api, pair, bad);
        INFO(bad << ": " << text(r));
        CHECK(r.status == 400);
        CHECK(r.error() == "lang must be one of de, en, sv");
    }
    const Reply unknown = preview(api, pair + 1000);
    CHECK(unknown.status == 404);
    CHECK(unknown.error() == "Not found");
    CHECK(api.get("/api/cms/db-pairs/abc/preview").status == 404);
}
