// Audio that follows its text (docs/audio.md): an audio records the text it speaks; once its item
// holds another text the audio is stale. Coverage counts it as missing, and publishing the item
// (statement, question, word, pair, the picture's pipeline) is refused with 409 audio_stale until
// it is spoken again, or publishes with make_audio=true after speaking it (real espeak-ng; a TTS
// that fails for some texts).
#include "tests/http/authoring/support/failing_tts.hpp"
#include "tests/http/authoring/support/json_helpers.hpp"

using namespace ll;
using namespace ll::test;

namespace {

Reply speak_field(StaffApi& api, const std::string& table, Id id, const std::string& field,
                  const std::string& language) {
    return api.post("/api/audios/generate-for",
                    json::serialize(json::object{{"source_table", table},
                                                 {"source_id", id},
                                                 {"source_field", field},
                                                 {"language", language}}));
}

Id created(const Reply& r) {
    INFO(text(r));
    REQUIRE(r.status == 201);
    return id_of(r.json);
}

// The spoken text the store keeps for an audio.
std::optional<std::string> spoken_text(StaffApi& api, const std::string& table, Id id,
                                       const std::string& field, const std::string& language) {
    const auto row = in_store(api, [&](ContentTx& tx) {
        return tx.audio(AudioSource{table, id, field, language});
    });
    REQUIRE(row.has_value());
    return row->spoken_text;
}

// {with_audio, stale} of one coverage cell.
std::pair<std::int64_t, std::int64_t> cover(StaffApi& api, const char* table,
                                            const char* language) {
    const Reply r = api.get("/api/audios/coverage");
    REQUIRE(r.status == 200);
    const json::value& cell = r.json.at(table).at(language);
    return {cell.at("with_audio").as_int64(), cell.at("stale").as_int64()};
}

void check_refused(const Reply& r, const std::string& names) {
    INFO(text(r));
    CHECK(r.status == 409);
    CHECK(str(r.json, "code") == "audio_stale");
    CHECK(str(r.json, "error") ==
          "The audio of " + names +
              " speaks an older text: make the audio again before publishing");
}

}  // namespace

TEST_CASE("stale audio: a statement's changed text holds its publish back until spoken again",
          "[authoring][audio][stale-audio]") {
    StaffApi api;
    const Id s = created(api.post("/api/cms/db-statements",
                                  R"({"text_de":"Der Hund bellt.","text_en":"The dog barks."})"));
    const std::string path = at("/api/cms/db-statements", s);
    const Reply spoken = speak_field(api, "statements", s, "text_de", "de");
    REQUIRE(spoken.status == 201);
    CHECK(str(spoken.json, "spoken_text") == "Der Hund bellt.");
    REQUIRE(speak_field(api, "statements", s, "text_en", "en").status == 201);
    CHECK(cover(api, "statements", "de") == std::pair<std::int64_t, std::int64_t>{1, 0});
    REQUIRE(api.post(path + "/review", "").status == 200);

    // The German text changes: its audio is stale, the English one is not.
    REQUIRE(api.patch(path, R"({"text_de":"Der Hund schläft."})").status == 200);
    CHECK(cover(api, "statements", "de") == std::pair<std::int64_t, std::int64_t>{0, 1});
    CHECK(cover(api, "statements", "en") == std::pair<std::int64_t, std::int64_t>{1, 0});
    const Reply listed =
        api.get("/api/audios?source_table=statements&source_id=" + std::to_string(s));
    REQUIRE(listed.status == 200);
    CHECK(str(listed.json.at(0), "spoken_text") == "Der Hund bellt.");

    check_refused(api.post(path + "/publish", ""), "statement " + std::to_string(s) + " (text_de)");
    CHECK(status_of(api, path) == "reviewed");
    // The flag is a boolean or nothing.
    const Reply bad = api.post(path + "/publish?make_audio=yes", "");
    INFO(text(bad));
    CHECK(bad.status == 400);
    CHECK(str(bad.json, "error").find("make_audio") != std::string::npos);
    CHECK(status_of(api, path) == "reviewed");
    check_refused(api.post(path + "/publish?make_audio=false", ""),
                  "statement " + std::to_string(s) + " (text_de)");

    // make_audio=true speaks the new text first, then publishes.
    const Reply published = api.post(path + "/publish?make_audio=true", "");
    INFO(text(published));
    REQUIRE(published.status == 200);
    CHECK(str(published.json, "status") == "published");
    CHECK(spoken_text(api, "statements", s, "text_de", "de") == "Der Hund schläft.");
    CHECK(spoken_text(api, "statements", s, "text_en", "en") == "The dog barks.");
    CHECK(cover(api, "statements", "de") == std::pair<std::int64_t, std::int64_t>{1, 0});

    // make_audio=true speaks nothing for an item the publish refuses for another reason.
    const Id draft = created(api.post("/api/cms/db-statements", R"({"text_de":"Ein Entwurf."})"));
    REQUIRE(speak_field(api, "statements", draft, "text_de", "de").status == 201);
    REQUIRE(api.patch(at("/api/cms/db-statements", draft), R"({"text_de":"Ein Entwurf, neu."})")
                .status == 200);
    const Reply refused =
        api.post(at("/api/cms/db-statements", draft, "/publish?make_audio=true"), "");
    INFO(text(refused));
    CHECK(refused.status == 409);
    CHECK(str(refused.json, "code") == "only_reviewed_can_be_published");
    CHECK(spoken_text(api, "statements", draft, "text_de", "de") == "Ein Entwurf.");

    // A text never spoken is not stale: nothing holds a publish back.
    const Id quiet = created(api.post("/api/cms/db-statements", R"({"text_de":"Still."})"));
    REQUIRE(api.post(at("/api/cms/db-statements", quiet, "/review"), "").status == 200);
    CHECK(api.post(at("/api/cms/db-statements", quiet, "/publish"), "").status == 200);
}

TEST_CASE("stale audio: spoken again by generate-for, a question and a word are published",
          "[authoring][audio][stale-audio]") {
    StaffApi api;
    const Id q = created(api.post("/api/cms/db-questions",
                                  R"({"text_de":"Wer bellt?","short_answer_de":"der Hund"})"));
    const std::string question = at("/api/cms/db-questions", q);
    REQUIRE(speak_field(api, "questions", q, "short_answer_de", "de").status == 201);
    REQUIRE(api.post(question + "/review", "").status == 200);
    REQUIRE(api.patch(question, R"({"short_answer_de":"die Katze"})").status == 200);
    check_refused(api.post(question + "/publish", ""),
                  "question " + std::to_string(q) + " (short_answer_de)");
    // The bulk publish of the content list refuses it for the same reason.
    const Reply bulk = api.post("/api/content/questions/bulk",
                                R"({"action":"publish","ids":[)" + std::to_string(q) + "]}");
    INFO(text(bulk));
    REQUIRE(bulk.status == 200);
    REQUIRE(bulk.json.at("refused").as_array().size() == 1);
    CHECK(str(bulk.json.at("refused").at(0), "code") == "audio_stale");
    // The bulk "audio" speaks it again (a short answer's stale audio too): then it publishes.
    const Reply spoken = api.post("/api/content/questions/bulk",
                                  R"({"action":"audio","ids":[)" + std::to_string(q) + "]}");
    INFO(text(spoken));
    REQUIRE(spoken.status == 200);
    CHECK(spoken.json.at("refused").as_array().empty());
    CHECK(spoken_text(api, "questions", q, "short_answer_de", "de") == "die Katze");
    CHECK(api.post(question + "/publish", "").status == 200);

    const Id w = created(api.post("/api/cms/db-words", R"({"title_de":"Hund","level":1})"));
    const std::string word = at("/api/cms/db-words", w);
    REQUIRE(speak_field(api, "words", w, "title_de", "de").status == 201);
    REQUIRE(api.patch(word, R"({"title_de":"Hündin"})").status == 200);
    check_refused(api.post(word + "/publish", ""), "word " + std::to_string(w) + " (title_de)");
    CHECK(status_of(api, word) == "draft");
    const Reply published = api.post(word + "/publish?make_audio=true", "");
    INFO(text(published));
    CHECK(published.status == 200);
    CHECK(spoken_text(api, "words", w, "title_de", "de") == "Hündin");
}

TEST_CASE("stale audio: a pair and its picture's pipeline wait for their statement's audio",
          "[authoring][audio][stale-audio]") {
    FailingTts tts;
    StaffApi api(StaffApiOptions{.tts_command = tts.path});
    const Id picture = api.picture(64, 48, "Hof");
    const Reply made = api.post(
        "/api/cms/db-pairs",
        json::serialize(json::object{{"picture_id", picture},
                                     {"answer_type", "text"},
                                     {"level", 1},
                                     {"statement", json::object{{"text_de", "Der Hund bellt."}}}}));
    const Id pair = created(made);
    const Id statement = made.json.at("statement").at("id").as_int64();
    const std::string path = at("/api/cms/db-pairs", pair);
    REQUIRE(speak_field(api, "statements", statement, "text_de", "de").status == 201);
    REQUIRE(api.post(path + "/review", "").status == 200);
    REQUIRE(api.patch(path, R"({"statement":{"text_de":"Der Hund FAIL."}})").status == 200);

    const std::string names =
        "pair " + std::to_string(pair) + "'s statement " + std::to_string(statement) + " (text_de)";
    check_refused(api.post(path + "/publish", ""), names);
    check_refused(
        api.post("/api/pipeline/publish", json::serialize(json::object{{"picture_id", picture}})),
        names);
    CHECK(status_of(api, path) == "reviewed");
    // The speech fails: 502 as generate-for answers it, nothing published.
    const Reply failed = api.post(path + "/publish?make_audio=true", "");
    INFO(text(failed));
    CHECK(failed.status == 502);
    CHECK(str(failed.json, "code") == "speech_synthesis_failed");
    CHECK(status_of(api, path) == "reviewed");

    REQUIRE(api.patch(path, R"({"statement":{"text_de":"Der Hund läuft."}})").status == 200);
    const Reply published = api.post(path + "/publish?make_audio=true", "");
    INFO(text(published));
    REQUIRE(published.status == 200);
    CHECK(str(published.json, "status") == "published");
    CHECK(spoken_text(api, "statements", statement, "text_de", "de") == "Der Hund läuft.");
}
