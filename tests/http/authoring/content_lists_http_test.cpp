// The pairs' list across pictures (GET /api/content/pairs) and bulk actions on it (POST
// /api/content/pairs/bulk; docs/authoring-guide.md "Content lists"): search in the three
// languages through the trigram index, every filter, sorting and paging, each bad value a 400
// naming its parameter; a bulk action applies each pair's own route and reports each refusal,
// and changes exactly the pairs it reports done.
#include "tests/http/authoring/support/failing_tts.hpp"
#include "tests/http/authoring/support/json_helpers.hpp"

using namespace ll;
using namespace ll::test;

namespace {

const std::string kList = "/api/content/pairs";
const std::string kBulk = "/api/content/pairs/bulk";

// Percent-encoding of a query value (UTF-8 bytes beyond the unreserved ones).
std::string encoded(std::string_view value) {
    static const char* hex = "0123456789ABCDEF";
    std::string out;
    for (const unsigned char c : value) {
        if (std::isalnum(c) || c == '-' || c == '.' || c == '_' || c == '~') {
            out += static_cast<char>(c);
        } else {
            out += '%';
            out += hex[c >> 4];
            out += hex[c & 15];
        }
    }
    return out;
}

struct Texts {
    const char* de;
    const char* en;
    const char* sv;
};

json::value texts_json(const Texts& t) {
    json::object o;
    o["text_de"] = t.de;
    if (t.en) o["text_en"] = t.en;
    if (t.sv) o["text_sv"] = t.sv;
    return o;
}

Id pair_with(StaffApi& api, Id picture, const std::string& answer_type, int level,
             const Texts& statement, std::optional<Texts> question = std::nullopt) {
    json::object body{{"picture_id", picture},
                      {"answer_type", answer_type},
                      {"level", level},
                      {"statement", texts_json(statement)}};
    if (question) body["question"] = texts_json(*question);
    const Reply r = api.post("/api/cms/db-pairs", json::serialize(body));
    INFO(text(r));
    REQUIRE(r.status == 201);
    return r.json.at("id").as_int64();
}

std::vector<Id> listed(StaffApi& api, const std::string& query) {
    const Reply r = api.get(kList + "?" + query);
    INFO(query << ": " << text(r));
    REQUIRE(r.status == 200);
    return ids_of(r.json.at("items"));
}

std::vector<Id> found(StaffApi& api, std::string_view term) {
    return listed(api, "q=" + encoded(term));
}

// Three pairs on two pictures: a cat (level 2, no question), a dog with a question (level 5)
// and an apple without English (level 2).
struct Farm {
    Id yard = 0, kitchen = 0, cat = 0, dog = 0, apple = 0;
};

Farm farm(StaffApi& api) {
    Farm f;
    f.yard = api.picture(64, 48, "Hof");
    f.kitchen = api.picture(64, 48, "Küche");
    f.cat = pair_with(api, f.yard, "text", 2,
                      {"Die Hauskatze schläft.", "The house cat sleeps.", "Huskatten sover."});
    f.dog = pair_with(api, f.yard, "question", 5,
                      {"Der Hund bellt.", "The dog barks.", "Hunden skäller."},
                      Texts{"Was macht der Hund?", "What does the dog do?", "Vad gör hunden?"});
    f.apple = pair_with(api, f.kitchen, "word", 2, {"Ein Apfel.", nullptr, "Ett äpple."});
    return f;
}

json::value bulk_of(StaffApi& api, const std::string& route, const std::string& body) {
    const Reply r = api.post(route, body);
    INFO(body << ": " << text(r));
    REQUIRE(r.status == 200);
    return r.json;
}

json::value bulk(StaffApi& api, const std::string& body) {
    return bulk_of(api, kBulk, body);
}

}  // namespace

TEST_CASE("content lists: pairs found by a term in any language, anywhere in a word",
          "[authoring][content-lists]") {
    StaffApi api;
    const Farm f = farm(api);

    CHECK(found(api, "katze") == std::vector<Id>{f.cat});      // inside "Hauskatze"
    CHECK(found(api, "KATZE") == std::vector<Id>{f.cat});      // case-folded
    CHECK(found(api, "house cat") == std::vector<Id>{f.cat});  // a phrase, in English
    CHECK(found(api, "äpple") == std::vector<Id>{f.apple});    // Swedish
    CHECK(found(api, "ÄPPLE") == std::vector<Id>{f.apple});    // folded beyond ASCII
    CHECK(found(api, "macht") == std::vector<Id>{f.dog});      // the question's text
    CHECK(found(api, "hund") == std::vector<Id>{f.dog});
    CHECK(found(api, "  hund  ") == std::vector<Id>{f.dog});  // trimmed
    CHECK(found(api, "Küche").empty());                       // pictures' titles are not texts
    // %, _ and \ are plain characters (unescaped, each of these would find "Hund").
    CHECK(found(api, "Hun%d").empty());
    CHECK(found(api, "Hun_").empty());
    CHECK(found(api, "Hun\\d").empty());
    CHECK(found(api, "Hund\\").empty());
    CHECK(found(api, "\"Hund\"").empty());  // quotes too
    CHECK(found(api, "").size() == 3);      // a blank term searches nothing

    // A changed text is found by its new words only.
    const Reply got = api.get(at("/api/cms/db-pairs", f.cat));
    REQUIRE(got.status == 200);
    const Reply patched = api.patch(at("/api/cms/db-pairs", f.cat),
                                    R"({"statement":{"text_de":"Die Maus schläft."}})");
    INFO(text(patched));
    REQUIRE(patched.status == 200);
    CHECK(found(api, "Maus") == std::vector<Id>{f.cat});
    CHECK(found(api, "Hauskatze").empty());

    // Shape of a row and of the answer.
    const Reply r = api.get(kList + "?q=hund");
    REQUIRE(r.status == 200);
    CHECK(keys(r.json) == std::set<std::string>{"items", "total", "offset", "limit"});
    CHECK(r.json.at("total").as_int64() == 1);
    CHECK(r.json.at("offset").as_int64() == 0);
    CHECK(r.json.at("limit").as_int64() == 50);
    const json::value& dog = r.json.at("items").at(0);
    CHECK(keys(dog) == std::set<std::string>{"id", "picture", "object_id", "answer_type", "level",
                                             "status", "statement", "question", "category_ids",
                                             "missing_text", "missing_audio", "created_at",
                                             "updated_at"});
    CHECK(dog.at("picture").at("id").as_int64() == f.yard);
    CHECK(str(dog.at("picture"), "title") == "Hof");
    CHECK(str(dog, "answer_type") == "question");
    CHECK(dog.at("level").as_int64() == 5);
    CHECK(str(dog, "status") == "draft");
    CHECK(str(dog.at("statement"), "text_de") == "Der Hund bellt.");
    CHECK(str(dog.at("question"), "text_sv") == "Vad gör hunden?");
    CHECK(dog.at("missing_text") == json::array{});
    CHECK(dog.at("missing_audio") == json::array{"de", "en", "sv"});
}

TEST_CASE("content lists: filters, order and pages of pairs", "[authoring][content-lists]") {
    StaffApi api;
    const Farm f = farm(api);
    const Id object = api.object(f.yard);
    const Id animals = api.category("Haustiere");
    api.label(object, "Pferd", "horse", "häst", {animals});
    const Id horse = api.pair(f.yard, object, "word");
    api.publish_pair(horse);  // publishing stores the pair's categories (its words')
    REQUIRE(api.post(at("/api/cms/db-pairs", f.dog, "/review"), "").status == 200);

    CHECK(listed(api, "") == std::vector<Id>{f.cat, f.dog, f.apple, horse});
    CHECK(listed(api, "status=reviewed") == std::vector<Id>{f.dog});
    CHECK(listed(api, "status=published") == std::vector<Id>{horse});
    CHECK(listed(api, "level=2") == std::vector<Id>{f.cat, f.apple});
    CHECK(listed(api, "answer_type=word") == std::vector<Id>{f.apple, horse});
    CHECK(listed(api, "category_id=" + std::to_string(animals)) == std::vector<Id>{horse});
    CHECK(listed(api, "missing_text=en") == std::vector<Id>{f.apple});
    CHECK(listed(api, "missing_text=any") == std::vector<Id>{f.apple});
    CHECK(listed(api, "missing_text=sv").empty());
    CHECK(listed(api, "level=2&answer_type=text&q=schl%C3%A4ft") == std::vector<Id>{f.cat});

    // Audio: the horse's statement gets its German audio.
    speak(api, "statements",
          api.get(at("/api/cms/db-pairs", horse)).json.at("statement").at("id").as_int64(),
          "text_de", "de");
    CHECK(listed(api, "missing_audio=de") == std::vector<Id>{f.cat, f.dog, f.apple});
    CHECK(listed(api, "missing_audio=en") == std::vector<Id>{f.cat, f.dog, horse});  // no "en" text
    CHECK(listed(api, "missing_audio=any").size() == 4);
    const Reply horse_row = api.get(kList + "?category_id=" + std::to_string(animals));
    CHECK(horse_row.json.at("items").at(0).at("missing_audio") == json::array{"en", "sv"});
    CHECK(horse_row.json.at("items").at(0).at("category_ids") == json::array{animals});

    // Order: ties by id whichever way.
    CHECK(listed(api, "sort=-id") == std::vector<Id>{horse, f.apple, f.dog, f.cat});
    CHECK(listed(api, "sort=level") == std::vector<Id>{f.cat, f.apple, horse, f.dog});
    CHECK(listed(api, "sort=-level") == std::vector<Id>{f.dog, horse, f.cat, f.apple});
    // "Das ist ein Hund." < "Der Hund bellt." < "Die Hauskatze ..." < "Ein Apfel."
    CHECK(listed(api, "sort=text") == std::vector<Id>{horse, f.dog, f.cat, f.apple});
    CHECK(listed(api, "sort=-text") == std::vector<Id>{f.apple, f.cat, f.dog, horse});
    CHECK(listed(api, "sort=-updated") == std::vector<Id>{f.cat, f.dog, f.apple, horse});  // ties
    api.clock.advance(std::chrono::minutes(1));
    REQUIRE(api.post(at("/api/cms/db-pairs", f.apple, "/review"), "").status == 200);
    CHECK(listed(api, "sort=-updated") == std::vector<Id>{f.apple, f.cat, f.dog, horse});
    CHECK(listed(api, "sort=updated") == std::vector<Id>{f.cat, f.dog, horse, f.apple});

    // Pages: the total is of every match.
    const Reply page = api.get(kList + "?sort=id&limit=2&offset=1");
    REQUIRE(page.status == 200);
    CHECK(ids_of(page.json.at("items")) == std::vector<Id>{f.dog, f.apple});
    CHECK(page.json.at("total").as_int64() == 4);
    CHECK(page.json.at("offset").as_int64() == 1);
    CHECK(page.json.at("limit").as_int64() == 2);
    const Reply beyond = api.get(kList + "?offset=10");
    CHECK(beyond.json.at("items").as_array().empty());
    CHECK(beyond.json.at("total").as_int64() == 4);
}

TEST_CASE("content lists: a bad parameter is a 400 naming it", "[authoring][content-lists]") {
    StaffApi api;
    farm(api);
    CHECK(api.get(kList + "?q=ka").error() == "q must hold at least 3 characters to search");
    CHECK(api.get(kList + "?q=%C3%A4%C3%A4").error() ==
          "q must hold at least 3 characters to search");  // two letters, four bytes
    CHECK(api.get(kList + "?q=Hu%0And").error() == "q must be one line of text");
    // Fewer than 3 letters or digits in a row give the trigram index nothing to look up.
    for (const char* q : {"%21%21%21", "a%21%21", "1.2.3", "%E2%80%94%E2%80%94%E2%80%94"})
        CHECK(api.get(kList + "?q=" + q).error() == "q must hold 3 letters or digits in a row");
    CHECK(api.get(kList + "?q=" + std::string(201, 'a')).error() ==
          "q must be at most 200 characters");
    CHECK(api.get(kList + "?status=live").error() ==
          "status must be one of draft, reviewed, published");
    CHECK(api.get(kList + "?level=0").error() == "level must be an integer from 1 to 100");
    CHECK(api.get(kList + "?category_id=x").error() == "category_id must be a positive integer");
    CHECK(api.get(kList + "?answer_type=essay").error() ==
          "answer_type must be one of word, question, text, yes_no");
    CHECK(api.get(kList + "?missing_text=fr").error() ==
          "missing_text must be one of de, en, sv, any");
    CHECK(api.get(kList + "?missing_audio=1").error() ==
          "missing_audio must be one of de, en, sv, any");
    CHECK(api.get(kList + "?sort=name").error() ==
          "sort must be one of id, -id, level, -level, updated, -updated, text, -text");
    CHECK(api.get(kList + "?limit=0").error() == "limit must be an integer from 1 to 200");
    CHECK(api.get(kList + "?limit=201").error() == "limit must be an integer from 1 to 200");
    CHECK(api.get(kList + "?offset=-1").error() == "offset must be an integer from 0 to 1000000");
    CHECK(api.get(kList, std::string()).status == 401);
    CHECK(api.get(kList, api.end_user_token()).status == 403);
}

TEST_CASE("content lists: bulk review, publish and unpublish report each refusal",
          "[authoring][content-lists]") {
    StaffApi api;
    const Farm f = farm(api);
    const Id gone = f.apple + 1000;

    json::value r = bulk(api, fmt::format(R"({{"action":"review","ids":[{},{},{},{}]}})", f.cat,
                                          f.dog, gone, f.cat));
    CHECK(str(r, "action") == "review");
    CHECK(r.at("done") == json::array{f.cat, f.dog});  // the repeat once
    REQUIRE(r.at("refused").as_array().size() == 1);
    const json::value& missing = r.at("refused").at(0);
    CHECK(missing.at("id").as_int64() == gone);
    CHECK(missing.at("status").as_int64() == 404);
    CHECK(str(missing, "error") == "Not found");
    CHECK(status_of(api, at("/api/cms/db-pairs", f.cat)) == "reviewed");
    CHECK(status_of(api, at("/api/cms/db-pairs", f.apple)) == "draft");

    // The draft apple cannot be published: the others are.
    r = bulk(api, fmt::format(R"({{"action":"publish","ids":[{},{},{}]}})", f.apple, f.cat, f.dog));
    CHECK(r.at("done") == json::array{f.cat, f.dog});
    REQUIRE(r.at("refused").as_array().size() == 1);
    const json::value& draft = r.at("refused").at(0);
    CHECK(draft.at("id").as_int64() == f.apple);
    CHECK(draft.at("status").as_int64() == 409);
    const Reply single = api.post(at("/api/cms/db-pairs", f.apple, "/publish"), "");
    CHECK(str(draft, "error") == single.error());  // what the pair's own route says
    CHECK(str(draft, "code") == str(single.json, "code"));
    CHECK(listed(api, "status=published") == std::vector<Id>{f.cat, f.dog});

    r = bulk(api, fmt::format(R"({{"action":"unpublish","ids":[{}]}})", f.dog));
    CHECK(r.at("done") == json::array{f.dog});
    CHECK(r.at("refused") == json::array{});
    CHECK(listed(api, "status=published") == std::vector<Id>{f.cat});
}

TEST_CASE("content lists: a bad bulk request is a 400 and changes nothing",
          "[authoring][content-lists]") {
    StaffApi api;
    const Farm f = farm(api);
    const auto refused = [&](const std::string& body) {
        const Reply r = api.post(kBulk, body);
        INFO(body << ": " << text(r));
        CHECK(r.status == 400);
        return r.error();
    };
    CHECK(refused(fmt::format(R"({{"ids":[{}]}})", f.cat)) == "action is required");
    CHECK(refused(fmt::format(R"({{"action":"delete","ids":[{}]}})", f.cat)) ==
          "action must be one of review, publish, unpublish, audio");
    CHECK(refused(R"({"action":"review"})") == "ids must list 1 to 200 ids");
    CHECK(refused(R"({"action":"review","ids":[]})") == "ids must list 1 to 200 ids");
    CHECK(refused(fmt::format(R"({{"action":"review","ids":[{},"x"]}})", f.cat)) ==
          "ids[1] must be a positive integer");
    std::string many = "[";
    for (int i = 1; i <= 201; ++i) many += (i > 1 ? "," : "") + std::to_string(i);
    CHECK(refused(R"({"action":"review","ids":)" + many + "]}") == "ids must list 1 to 200 ids");
    // Audio is spoken while the request waits: 20 at most.
    std::string twenty_one = "[1";
    for (int i = 2; i <= 21; ++i) twenty_one += "," + std::to_string(i);
    CHECK(refused(R"({"action":"audio","ids":)" + twenty_one + "]}") ==
          "ids must list 1 to 20 ids for audio");
    CHECK(listed(api, "status=draft").size() == 3);
    CHECK(api.post(kBulk, R"({"action":"review","ids":[1]})", api.end_user_token()).status == 403);
}

TEST_CASE("content lists: bulk audio speaks what each pair's texts lack",
          "[authoring][content-lists][speech]") {
    StaffApi api;
    const Farm f = farm(api);
    const Id apple_statement =
        api.get(at("/api/cms/db-pairs", f.apple)).json.at("statement").at("id").as_int64();
    speak(api, "statements", apple_statement, "text_de", "de");

    const json::value r =
        bulk(api, fmt::format(R"({{"action":"audio","ids":[{},{}]}})", f.apple, f.dog));
    CHECK(r.at("done") == json::array{f.apple, f.dog});
    CHECK(r.at("refused") == json::array{});
    // The apple's Swedish is spoken; it has no English text to speak.
    const Reply audios =
        api.get("/api/audios?source_table=statements&source_id=" + std::to_string(apple_statement));
    REQUIRE(audios.status == 200);
    CHECK(audios.json.as_array().size() == 2);
    // The dog's statement and question in three languages.
    CHECK(listed(api, "missing_audio=any") == std::vector<Id>{f.cat});
}

TEST_CASE("content lists: a pair whose audio cannot be spoken is refused, the others get theirs",
          "[authoring][content-lists][speech]") {
    FailingTts tts;
    StaffApi api(StaffApiOptions{.tts_command = tts.path});
    const Id picture = api.picture();
    const Id good = pair_with(api, picture, "text", 1, {"Der Igel schläft.", nullptr, nullptr});
    const Id bad = pair_with(api, picture, "text", 1, {"FAIL hier.", "The hedgehog.", nullptr});
    const json::value r =
        bulk(api, fmt::format(R"({{"action":"audio","ids":[{},{}]}})", bad, good));
    CHECK(r.at("done") == json::array{good});
    REQUIRE(r.at("refused").as_array().size() == 1);
    const json::value& refusal = r.at("refused").at(0);
    CHECK(refusal.at("id").as_int64() == bad);
    CHECK(refusal.at("status").as_int64() == 502);
    CHECK(str(refusal, "error") == "Speech synthesis failed");  // the reason goes to the log
    // The refused pair's other text was spoken all the same.
    const Reply row = api.get(kList + "?q=hedgehog");
    REQUIRE(row.status == 200);
    CHECK(row.json.at("items").at(0).at("missing_audio") == json::array{"de"});
    CHECK(listed(api, "missing_audio=any") == std::vector<Id>{bad});
}

namespace {

const std::string kWords = "/api/content/words";

Id word_with(StaffApi& api, const char* de, const char* en, const char* sv, int level) {
    json::object body{{"title_de", de}, {"level", level}};
    if (en) body["title_en"] = en;
    if (sv) body["title_sv"] = sv;
    const Reply r = api.post("/api/cms/db-words", json::serialize(body));
    INFO(text(r));
    REQUIRE(r.status == 201);
    return r.json.at("id").as_int64();
}

std::vector<Id> words_listed(StaffApi& api, const std::string& query) {
    const Reply r = api.get(kWords + "?" + query);
    INFO(query << ": " << text(r));
    REQUIRE(r.status == 200);
    return ids_of(r.json.at("items"));
}

}  // namespace

TEST_CASE("content lists: words found by a title in any language, filtered, sorted, bulk",
          "[authoring][content-lists]") {
    StaffApi api;
    const Id animals = api.category("Listentiere");
    const Id cat = word_with(api, "Hauskatze", "house cat", "huskatt", 2);
    const Id hedgehog = word_with(api, "Igel", "hedgehog", nullptr, 4);
    const Id apple = word_with(api, "Apfel", nullptr, "äpple", 1);
    REQUIRE(
        api.patch(at("/api/cms/db-words", cat), fmt::format(R"({{"category_ids":[{}]}})", animals))
            .status == 200);

    CHECK(words_listed(api, "q=katze") == std::vector<Id>{cat});
    CHECK(words_listed(api, "q=HEDGE") == std::vector<Id>{hedgehog});
    CHECK(words_listed(api, "q=%C3%84PPLE") == std::vector<Id>{apple});
    CHECK(words_listed(api, "level=4") == std::vector<Id>{hedgehog});
    CHECK(words_listed(api, "category_id=" + std::to_string(animals)) == std::vector<Id>{cat});
    CHECK(words_listed(api, "missing_text=sv") == std::vector<Id>{hedgehog});
    CHECK(words_listed(api, "missing_text=any") == std::vector<Id>{hedgehog, apple});
    CHECK(words_listed(api, "sort=text") == std::vector<Id>{apple, cat, hedgehog});
    CHECK(words_listed(api, "sort=-level") == std::vector<Id>{hedgehog, cat, apple});

    const Reply r = api.get(kWords + "?q=katze");
    REQUIRE(r.status == 200);
    CHECK(keys(r.json) == std::set<std::string>{"items", "total", "offset", "limit"});
    const json::value& row = r.json.at("items").at(0);
    CHECK(keys(row) == std::set<std::string>{"id", "title_de", "title_en", "title_sv", "level",
                                             "status", "category_ids", "categories", "missing_text",
                                             "missing_audio", "created_at", "updated_at"});
    CHECK(row.at("category_ids") == json::array{animals});
    CHECK(row.at("missing_text") == json::array{});
    CHECK(row.at("missing_audio") == json::array{"de", "en", "sv"});

    CHECK(api.get(kWords + "?status=reviewed").error() == "status must be one of draft, published");
    CHECK(api.get(kWords + "?answer_type=word").error() == "answer_type is not a filter of words");
    CHECK(api.get(kWords + "?q=ig").error() == "q must hold at least 3 characters to search");

    // Bulk: publish, unpublish, audio; a word has no review.
    json::value b = bulk_of(api, kWords + "/bulk",
                            fmt::format(R"({{"action":"publish","ids":[{},{}]}})", cat, cat + 999));
    CHECK(b.at("done") == json::array{cat});
    REQUIRE(b.at("refused").as_array().size() == 1);
    CHECK(b.at("refused").at(0).at("status").as_int64() == 404);
    CHECK(words_listed(api, "status=published") == std::vector<Id>{cat});
    b = bulk_of(api, kWords + "/bulk", fmt::format(R"({{"action":"unpublish","ids":[{}]}})", cat));
    CHECK(b.at("done") == json::array{cat});
    CHECK(words_listed(api, "status=published").empty());
    const Reply review =
        api.post(kWords + "/bulk", fmt::format(R"({{"action":"review","ids":[{}]}})", cat));
    CHECK(review.status == 400);
    CHECK(review.error() == "action must be one of publish, unpublish, audio");
}

TEST_CASE("content lists: bulk audio of words speaks each missing title",
          "[authoring][content-lists][speech]") {
    StaffApi api;
    const Id hedgehog = word_with(api, "Igel", "hedgehog", nullptr, 4);
    const json::value b =
        bulk_of(api, kWords + "/bulk", fmt::format(R"({{"action":"audio","ids":[{}]}})", hedgehog));
    CHECK(b.at("done") == json::array{hedgehog});
    const Reply audios =
        api.get("/api/audios?source_table=words&source_id=" + std::to_string(hedgehog));
    REQUIRE(audios.status == 200);
    CHECK(audios.json.as_array().size() == 2);
    CHECK(words_listed(api, "missing_audio=any").empty());
}

namespace {

Id text_item(StaffApi& api, const std::string& route, const json::object& body) {
    const Reply r = api.post(route, json::serialize(body));
    INFO(text(r));
    REQUIRE(r.status == 201);
    return r.json.at("id").as_int64();
}

}  // namespace

TEST_CASE("content lists: statements and questions, searched, filtered, sorted, bulk",
          "[authoring][content-lists]") {
    StaffApi api;
    const std::string statements = "/api/cms/db-statements", questions = "/api/cms/db-questions";
    const Id owl = text_item(api, statements,
                             {{"text_de", "Die Eule schläft."}, {"text_en", "The owl sleeps."}});
    const Id fox = text_item(api, statements,
                             {{"text_de", "Der Fuchs jagt."},
                              {"text_en", "The fox hunts."},
                              {"text_sv", "Räven jagar."}});
    const Id where = text_item(api, questions, {{"text_de", "Wo schläft die Eule?"}, {"level", 3}});
    const Id what = text_item(
        api, questions,
        {{"text_de", "Was jagt der Fuchs?"}, {"text_sv", "Vad jagar räven?"}, {"level", 7}});
    const auto ids = [&](const std::string& list, const std::string& query) {
        const Reply r = api.get(list + "?" + query);
        INFO(list << "?" << query << ": " << text(r));
        REQUIRE(r.status == 200);
        return ids_of(r.json.at("items"));
    };
    const std::string s_list = "/api/content/statements", q_list = "/api/content/questions";

    CHECK(ids(s_list, "q=eule") == std::vector<Id>{owl});
    CHECK(ids(s_list, "q=R%C3%84VEN") == std::vector<Id>{fox});
    CHECK(ids(q_list, "q=eule") == std::vector<Id>{where});
    CHECK(ids(s_list, "missing_text=sv") == std::vector<Id>{owl});
    CHECK(ids(q_list, "missing_text=en") == std::vector<Id>{where, what});
    CHECK(ids(q_list, "level=7") == std::vector<Id>{what});
    CHECK(ids(q_list, "sort=-level") == std::vector<Id>{what, where});
    CHECK(ids(s_list, "sort=text") == std::vector<Id>{fox, owl});
    // A statement has no level: neither filter nor order.
    CHECK(api.get(s_list + "?sort=level").error() ==
          "sort must be one of id, -id, updated, -updated, text, -text");
    CHECK(api.get(s_list + "?level=3").error() == "level is not a filter of statements");
    CHECK(api.get(s_list + "?category_id=3").error() ==
          "category_id is not a filter of statements");
    CHECK(api.get(q_list + "?category_id=3").error() == "category_id is not a filter of questions");

    const Reply row = api.get(q_list + "?q=fuchs");
    REQUIRE(row.status == 200);
    const json::value& item = row.json.at("items").at(0);
    CHECK(keys(item) == std::set<std::string>{
                            "id", "object_id", "text_de", "text_en", "text_sv", "short_answer_de",
                            "short_answer_en", "short_answer_se", "level", "status", "missing_text",
                            "missing_audio", "created_at", "updated_at", "draft"});
    CHECK(item.at("missing_text") == json::array{"en"});
    CHECK(item.at("missing_audio") == json::array{"de", "sv"});

    // Bulk: review then publish; a draft refused on publish.
    json::value b =
        bulk_of(api, s_list + "/bulk", fmt::format(R"({{"action":"review","ids":[{}]}})", owl));
    CHECK(b.at("done") == json::array{owl});
    b = bulk_of(api, s_list + "/bulk",
                fmt::format(R"({{"action":"publish","ids":[{},{}]}})", owl, fox));
    CHECK(b.at("done") == json::array{owl});
    REQUIRE(b.at("refused").as_array().size() == 1);
    CHECK(b.at("refused").at(0).at("id").as_int64() == fox);
    CHECK(b.at("refused").at(0).at("status").as_int64() == 409);
    CHECK(ids(s_list, "status=published") == std::vector<Id>{owl});
    b = bulk_of(api, q_list + "/bulk",
                fmt::format(R"({{"action":"review","ids":[{},{}]}})", where, what));
    CHECK(b.at("done") == json::array{where, what});
    CHECK(ids(q_list, "status=reviewed") == std::vector<Id>{where, what});
}

TEST_CASE("content lists: bulk audio of statements and questions",
          "[authoring][content-lists][speech]") {
    StaffApi api;
    const Id owl = text_item(api, "/api/cms/db-statements",
                             {{"text_de", "Die Eule schläft."}, {"text_en", "The owl sleeps."}});
    const Id where =
        text_item(api, "/api/cms/db-questions",
                  {{"text_de", "Wo schläft die Eule?"}, {"short_answer_de", "Im Baum"}});
    json::value b = bulk_of(api, "/api/content/statements/bulk",
                            fmt::format(R"({{"action":"audio","ids":[{}]}})", owl));
    CHECK(b.at("done") == json::array{owl});
    b = bulk_of(api, "/api/content/questions/bulk",
                fmt::format(R"({{"action":"audio","ids":[{}]}})", where));
    CHECK(b.at("done") == json::array{where});
    const Reply audios =
        api.get("/api/audios?source_table=questions&source_id=" + std::to_string(where));
    REQUIRE(audios.status == 200);
    REQUIRE(audios.json.as_array().size() == 1);  // the text, not the short answer
    CHECK(str(audios.json.at(0), "source_field") == "text_de");
    CHECK(api.get("/api/content/statements?missing_audio=any").json.at("total").as_int64() == 0);
}
