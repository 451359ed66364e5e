// The studio's learner preview of a pair (GET /api/cms/db-pairs/:id/preview): its item is the
// pair as one GET /feed entry (compared with the learner API's own answer once it is in the
// feed), the categories publishing would store, and why the learner does not get it yet, in
// the order of docs/openapi-authoring.yaml; and the card's exercise as the practice queue gives it
// to a learner, with its answers for the editor. Reads only.
#include "tests/http/authoring/support/json_helpers.hpp"
#include "tests/http/authoring/support/sql_probe.hpp"

using namespace ll;
using namespace ll::test;

namespace {

Reply preview(StaffApi& api, Id pair, const std::string& query = "",
              std::optional<std::string> token = std::nullopt) {
    return api.get(at("/api/cms/db-pairs", pair, "/preview") + query, token);
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
    CHECK(keys(r.json) ==
          std::set<std::string>{"lang", "draft", "in_feed", "reasons", "item", "exercise"});
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

namespace {

Id published_word(StaffApi& api, const std::string& de, const std::string& en,
                  const std::string& sv, Id category) {
    const Reply r =
        api.post("/api/cms/db-words",
                 json::serialize(json::object{{"title_de", de},
                                              {"title_en", en},
                                              {"title_sv", sv},
                                              {"level", 1},
                                              {"status", "published"},
                                              {"category_ids", json::array{category}}}));
    INFO(text(r));
    REQUIRE(r.status == 201);
    return id_of(r.json);
}

std::set<std::string> choice_texts(const json::value& exercise) {
    std::set<std::string> out;
    for (const auto& c : exercise.at("choices").as_array()) out.insert(str(c, "text"));
    return out;
}

std::string choice_text(const json::value& exercise, const std::string& id) {
    for (const auto& c : exercise.at("choices").as_array())
        if (str(c, "id") == id) return str(c, "text");
    return "";
}

json::array strings(std::initializer_list<std::string> list) {
    json::array out;
    for (const auto& s : list) out.emplace_back(s);
    return out;
}

Id pair_with_question(StaffApi& api, Id picture, const std::string& answer_type,
                      const json::object& question) {
    const Reply r = api.post(
        "/api/cms/db-pairs",
        json::serialize(json::object{{"picture_id", picture},
                                     {"answer_type", answer_type},
                                     {"level", 2},
                                     {"statement", json::object{{"text_de", "Der Hund schläft."},
                                                                {"text_en", "The dog sleeps."},
                                                                {"text_sv", "Hunden sover."}}},
                                     {"question", question}}));
    INFO(text(r));
    REQUIRE(r.status == 201);
    return id_of(r.json);
}

}  // namespace

TEST_CASE(
    "preview: a word card's exercise, its right choice, and the same task in the practice "
    "queue",
    "[authoring][preview][exercise]") {
    StaffApi api;
    const Id picture = api.picture(64, 48);
    const Id object = api.object(picture, R"([{"type":"bbox","x":4,"y":6,"w":20,"h":10}])");
    const Id animals = api.category("Vierbeiner");
    const Id label = api.label(object, "Hund", "dog", "hund", {animals});
    for (const auto& [de, en, sv] :
         {std::tuple{"Katze", "cat", "katt"}, std::tuple{"Maus", "mouse", "mus"},
          std::tuple{"Kuh", "cow", "ko"}})
        published_word(api, de, en, sv, animals);
    const Id pair = api.pair(picture, object, "word");

    const Reply r = preview(api, pair, "?lang=sv");
    INFO(text(r));
    REQUIRE(r.status == 200);
    const json::value& e = r.json.at("exercise");
    CHECK(str(e, "type") == "word");
    CHECK(e.at("prompt").is_null());
    CHECK(choice_texts(e) == std::set<std::string>{"hund", "katt", "mus", "ko"});
    const std::string right = "w" + std::to_string(label);
    CHECK(e.at("right_choice_ids") == json::value(strings({right})));
    CHECK(choice_text(e, right) == "hund");
    CHECK(e.at("accepted_texts") == json::value(strings({"hund"})));
    CHECK(e.at("accepts_text") == json::value(true));
    CHECK(e.at("self_rated") == json::value(false));
    CHECK(e.at("outline").at("width").as_int64() == 64);
    CHECK(e.at("outline").at("height").as_int64() == 48);
    CHECK(e.at("outline").at("shapes") ==
          json::parse(R"([{"type":"bbox","x":4,"y":6,"w":20,"h":10}])"));
    // The order is the pair's own: the same on every read.
    CHECK(preview(api, pair, "?lang=sv").json.at("exercise").at("choices") == e.at("choices"));
    // In English, the English words.
    const json::value en = preview(api, pair, "?lang=en").json.at("exercise");
    CHECK(choice_texts(en) == std::set<std::string>{"dog", "cat", "mouse", "cow"});
    CHECK(en.at("accepted_texts") == json::value(strings({"dog"})));

    // Published and spoken in Swedish: a learner of Swedish is asked the same in the queue.
    speak(api, "statements", statement_of(api, pair), "text_sv", "sv");
    api.publish_pair(pair);
    const std::string token =
        learner_with_target(api, "exercise@example.com", "exerciser", "de", "sv");
    HttpClient client(api.learner().port());
    const Reply queue = client.get("/auth/practice", token);
    INFO(text(queue));
    REQUIRE(queue.status == 200);
    REQUIRE(queue.json.at("items").as_array().size() == 1);
    const json::value learner = queue.json.at("items").at(0).at("exercise");
    const json::value shown = preview(api, pair, "?lang=sv").json.at("exercise");
    for (const char* field : {"type", "prompt", "accepts_text", "self_rated", "outline"})
        CHECK(learner.at(field) == shown.at(field));
    CHECK(choice_texts(learner) == choice_texts(shown));
    CHECK(!learner.as_object().contains("right_choice_ids"));
}

TEST_CASE("preview: the exercise of a yes_no, a question and a text card",
          "[authoring][preview][exercise]") {
    StaffApi api;
    const Id picture = api.picture(32, 24);

    // yes_no: the short answer says no; the question is the prompt.
    const Id yes_no = pair_with_question(api, picture, "yes_no",
                                         json::object{{"text_de", "Ist das eine Katze?"},
                                                      {"text_en", "Is this a cat?"},
                                                      {"text_sv", "Är det här en katt?"},
                                                      {"short_answer_de", "nein"},
                                                      {"short_answer_en", "no"},
                                                      {"short_answer_se", "nej"}});
    const Reply y = preview(api, yes_no, "?lang=sv");
    INFO(text(y));
    REQUIRE(y.status == 200);
    const json::value& ye = y.json.at("exercise");
    CHECK(str(ye, "type") == "yes_no");
    CHECK(str(ye, "prompt") == "Är det här en katt?");
    CHECK(choice_texts(ye) == std::set<std::string>{"ja", "nej"});
    CHECK(ye.at("right_choice_ids") == json::value(strings({"no"})));
    CHECK(choice_text(ye, "no") == "nej");
    CHECK(ye.at("accepts_text") == json::value(true));
    CHECK(ye.at("outline").is_null());

    // question: typed, its short answer accepted; no answer words linked, so no choices.
    const Id question = pair_with_question(api, picture, "question",
                                           json::object{{"text_de", "Was macht der Hund?"},
                                                        {"text_en", "What does the dog do?"},
                                                        {"text_sv", "Vad gör hunden?"},
                                                        {"short_answer_de", "schlafen"},
                                                        {"short_answer_en", "sleep"},
                                                        {"short_answer_se", "sover"}});
    const json::value qe = preview(api, question, "?lang=en").json.at("exercise");
    CHECK(str(qe, "type") == "question");
    CHECK(str(qe, "prompt") == "What does the dog do?");
    CHECK(qe.at("choices").as_array().empty());
    CHECK(qe.at("right_choice_ids").as_array().empty());
    CHECK(qe.at("accepted_texts") == json::value(strings({"sleep"})));
    CHECK(qe.at("accepts_text") == json::value(true));

    // text: read and rated by the learner; nothing to choose or type.
    const Id text_card = api.pair(picture, std::nullopt, "text");
    const json::value te = preview(api, text_card, "?lang=de").json.at("exercise");
    CHECK(str(te, "type") == "text");
    CHECK(te.at("prompt").is_null());
    CHECK(te.at("choices").as_array().empty());
    CHECK(te.at("self_rated") == json::value(true));
    CHECK(te.at("accepts_text") == json::value(false));
    CHECK(te.at("accepted_texts").as_array().empty());
    CHECK(te.at("right_choice_ids").as_array().empty());
}
