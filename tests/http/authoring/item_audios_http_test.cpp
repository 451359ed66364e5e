// The audios of one item (GET /api/audios?source_table=&source_id=): what generate-for made,
// in the same shape, ordered by source_field then language; [] when there are none; the query
// checked with generate-for's messages.
#include "tests/http/authoring/support/json_helpers.hpp"

using namespace ll;
using namespace ll::test;

namespace {

Reply audios_of(StaffApi& api, const std::string& query,
                std::optional<std::string> token = std::nullopt) {
    return api.get("/api/audios" + query, token);
}

// generate-for's answer without its `created`: the stored audio.
json::value stored(json::value generated) {
    generated.as_object().erase("created");
    return generated;
}

}  // namespace

TEST_CASE("item audios: a word's and a question's audios, ordered by field then language",
          "[authoring][audio]") {
    StaffApi api;
    const Id word = api.word("Katze");
    REQUIRE(api.patch(at("/api/cms/db-words", word), R"({"title_en":"cat","title_sv":"katt"})")
                .status == 200);
    // Made out of order: the answer is ordered all the same.
    const json::value sv = stored(speak(api, "words", word, "title_sv", "sv"));
    const json::value de = stored(speak(api, "words", word, "title_de", "de"));
    const json::value en = stored(speak(api, "words", word, "title_en", "en"));

    const Reply r = audios_of(api, "?source_table=words&source_id=" + std::to_string(word),
                              api.staff_token("editor"));
    INFO(text(r));
    REQUIRE(r.status == 200);
    CHECK(r.json == json::value(json::array{de, en, sv}));
    for (const auto& a : r.json.as_array()) {
        for (const char* key : {"audio_url", "source_field", "language", "voice", "duration_ms"})
            CHECK(a.as_object().contains(key));
    }

    const Id picture = api.picture(16, 16);
    const Id pair = api.pair(picture, std::nullopt, "question", true);
    const Id question =
        api.get(at("/api/cms/db-pairs", pair)).json.at("question").at("id").as_int64();
    const json::value text_de = stored(speak(api, "questions", question, "text_de", "de"));
    const json::value answer_de =
        stored(speak(api, "questions", question, "short_answer_de", "de"));
    const Reply q = audios_of(api, "?source_table=questions&source_id=" + std::to_string(question));
    REQUIRE(q.status == 200);
    CHECK(q.json == json::value(json::array{answer_de, text_de}));
    // Another item of another table with the same id has none of them.
    const Reply statements =
        audios_of(api, "?source_table=statements&source_id=" + std::to_string(question));
    REQUIRE(statements.status == 200);
    for (const auto& a : statements.json.as_array()) CHECK(str(a, "source_table") == "statements");
}

TEST_CASE("item audios: none, or no such item: []", "[authoring][audio]") {
    StaffApi api;
    const Id word = api.word("Maus");
    for (const std::string& query : std::vector<std::string>{
             "?source_table=words&source_id=" + std::to_string(word),
             "?source_table=words&source_id=999999", "?source_table=statements&source_id=1"}) {
        const Reply r = audios_of(api, query);
        INFO(query << ": " << text(r));
        CHECK(r.status == 200);
        CHECK(r.json == json::value(json::array{}));
    }
}

TEST_CASE("item audios: a bad query answers generate-for's messages", "[authoring][audio]") {
    StaffApi api;
    struct Bad {
        std::string query;
        json::object generate_for;  // the same values in generate-for's body
    };
    const std::vector<Bad> cases{
        {"", {}},
        {"?source_id=1", {{"source_id", 1}}},
        {"?source_table=pairs&source_id=1", {{"source_table", "pairs"}, {"source_id", 1}}},
        {"?source_table=words", {{"source_table", "words"}}},
        {"?source_table=words&source_id=abc", {{"source_table", "words"}, {"source_id", "abc"}}},
        {"?source_table=words&source_id=0", {{"source_table", "words"}, {"source_id", 0}}},
        {"?source_table=words&source_id=-3", {{"source_table", "words"}, {"source_id", -3}}},
    };
    for (const auto& bad : cases) {
        const Reply r = audios_of(api, bad.query);
        json::object body = bad.generate_for;
        body["source_field"] = "title_de";
        body["language"] = "de";
        const Reply generated = api.post("/api/audios/generate-for", json::serialize(body));
        INFO(bad.query << ": " << text(r) << " / generate-for: " << text(generated));
        CHECK(r.status == 400);
        CHECK(generated.status == 400);
        CHECK(r.error() == generated.error());
    }
}
