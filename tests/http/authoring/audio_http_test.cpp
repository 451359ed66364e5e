// Audio: POST /api/audios/generate-for and /generate-batch with the real espeak-ng (and a TTS
// command that fails for some texts), the stored WAV files served from /media, and
// GET /api/audios/coverage.
#include <unistd.h>

#include <cmath>
#include <filesystem>
#include <fstream>

#include "adapters/speech/wav_info.hpp"
#include "tests/http/authoring/support/failing_tts.hpp"
#include "tests/http/authoring/support/json_helpers.hpp"

using namespace ll;
using namespace ll::test;

namespace {

const std::string kFor = "/api/audios/generate-for";
const std::string kBatch = "/api/audios/generate-batch";

Reply generate_for(StaffApi& api, const std::string& table, Id id, const std::string& field,
                   const std::string& language) {
    return api.post(kFor, json::serialize(json::object{{"source_table", table},
                                                       {"source_id", id},
                                                       {"source_field", field},
                                                       {"language", language}}));
}

// The audio answer is a row whose file /media serves as a real WAV of the row's duration.
void check_audio(StaffApi& api, const json::value& a, const std::string& table, Id id,
                 const std::string& field, const std::string& language, const std::string& voice) {
    INFO(to_text(a));
    CHECK(str(a, "source_table") == table);
    CHECK(a.at("source_id").as_int64() == id);
    CHECK(str(a, "source_field") == field);
    CHECK(str(a, "language") == language);
    CHECK(str(a, "voice") == voice);
    CHECK(str(a, "mime") == "audio/wav");
    CHECK(str(a, "audio_url") == "/media/" + str(a, "file_path"));
    const std::int64_t duration = a.at("duration_ms").as_int64();
    CHECK(duration > 0);
    const Reply file = api.get(str(a, "audio_url"), std::string());
    REQUIRE(file.status == 200);
    CHECK(file.header("content-type") == "audio/wav");
    const auto wav = read_wav_info(file.body);
    REQUIRE(wav.has_value());
    CHECK(wav->format == 1);
    CHECK(wav->sample_rate > 0);
    CHECK(wav->channels >= 1);
    CHECK(wav->duration_ms > 0);
    CHECK(std::llabs(wav->duration_ms - duration) <= 1);
    // The row as the store has it.
    const auto row = in_store(api, [&](ContentTx& tx) {
        return tx.audio(AudioSource{table, id, field, language});
    });
    REQUIRE(row.has_value());
    CHECK(row->id == id_of(a));
    CHECK(row->file_path == str(a, "file_path"));
    CHECK(row->duration_ms == duration);
}

json::value coverage(StaffApi& api) {
    const Reply r = api.get("/api/audios/coverage");
    INFO(text(r));
    REQUIRE(r.status == 200);
    return r.json;
}

// {items, with_audio, ratio} of one table and language.
void check_cover(const json::value& c, const char* table, const char* language, std::int64_t items,
                 std::int64_t with_audio) {
    INFO(table << " " << language << ": " << to_text(c));
    const json::value& e = c.at(table).at(language);
    CHECK(keys(e) == std::set<std::string>{"items", "with_audio", "stale", "ratio"});
    CHECK(e.at("items").as_int64() == items);
    CHECK(e.at("with_audio").as_int64() == with_audio);
    const double ratio = items == 0 ? 0.0 : static_cast<double>(with_audio) / items;
    CHECK(std::fabs(e.at("ratio").to_number<double>() - ratio) < 1e-9);
}

json::value batch(StaffApi& api, const std::string& body) {
    const Reply r = api.post(kBatch, body);
    INFO(body << " -> " << text(r));
    REQUIRE(r.status == 200);
    CHECK(keys(r.json) == std::set<std::string>{"generated", "skipped", "failed"});
    return r.json;
}

Id statement(StaffApi& api, const json::object& texts) {
    const Reply r = api.post("/api/cms/db-statements", json::serialize(texts));
    INFO(text(r));
    REQUIRE(r.status == 201);
    return id_of(r.json);
}

Id word(StaffApi& api, const json::object& fields) {
    json::object body = fields;
    body["level"] = 2;
    const Reply r = api.post("/api/cms/db-words", json::serialize(body));
    INFO(text(r));
    REQUIRE(r.status == 201);
    return id_of(r.json);
}

// A TTS command that fails for every text containing FAIL and is espeak-ng otherwise.

}  // namespace

TEST_CASE("generate-for: statements, questions and words in every language, a real WAV",
          "[authoring][audio]") {
    StaffApi api;
    const Id s = statement(api, {{"text_de", "Der Hund bellt."},
                                 {"text_en", "The dog barks."},
                                 {"text_sv", "Hunden skäller."}});
    const std::tuple<const char*, const char*, const char*> statement_fields[] = {
        {"text_de", "de", "de"}, {"text_en", "en", "en-us"}, {"text_sv", "sv", "sv"}};
    std::set<Id> ids;
    for (const auto& [field, language, voice] : statement_fields) {
        const Reply r = generate_for(api, "statements", s, field, language);
        INFO(text(r));
        REQUIRE(r.status == 201);
        CHECK(r.json.at("created").as_bool());
        check_audio(api, r.json, "statements", s, field, language, voice);
        ids.insert(id_of(r.json));
    }
    CHECK(ids.size() == 3);

    const Reply q = api.post("/api/cms/db-questions",
                             R"({"text_de":"Was ist das?","short_answer_se":"en hund",)"
                             R"("short_answer_en":"a dog"})");
    REQUIRE(q.status == 201);
    const std::tuple<const char*, const char*, const char*> question_fields[] = {
        {"text_de", "de", "de"},
        {"short_answer_se", "sv", "sv"},
        {"short_answer_en", "en", "en-us"}};
    for (const auto& [field, language, voice] : question_fields) {
        const Reply r = generate_for(api, "questions", id_of(q.json), field, language);
        INFO(text(r));
        REQUIRE(r.status == 201);
        check_audio(api, r.json, "questions", id_of(q.json), field, language, voice);
    }

    const Id w = word(api, {{"title_de", "Hund"}, {"title_sv", "hund"}});
    for (const auto& [field, language, voice] :
         {std::tuple{"title_de", "de", "de"}, std::tuple{"title_sv", "sv", "sv"}}) {
        const Reply r = generate_for(api, "words", w, field, language);
        INFO(text(r));
        REQUIRE(r.status == 201);
        check_audio(api, r.json, "words", w, field, language, voice);
    }
}

TEST_CASE("generate-for again: 200, the same row, the file replaced when the text changed",
          "[authoring][audio]") {
    StaffApi api;
    const Id s = statement(api, {{"text_de", "Der Hund bellt."}});
    const Reply first = generate_for(api, "statements", s, "text_de", "de");
    REQUIRE(first.status == 201);
    const Reply same = generate_for(api, "statements", s, "text_de", "de");
    INFO(text(same));
    REQUIRE(same.status == 200);
    CHECK(!same.json.at("created").as_bool());
    CHECK(id_of(same.json) == id_of(first.json));
    check_audio(api, same.json, "statements", s, "text_de", "de", "de");

    REQUIRE(api.patch(at("/api/cms/db-statements", s),
                      R"({"text_de":"Die Katze schläft lange auf dem warmen Sofa im Wohnzimmer."})")
                .status == 200);
    const Reply changed = generate_for(api, "statements", s, "text_de", "de");
    INFO(text(changed));
    REQUIRE(changed.status == 200);
    CHECK(!changed.json.at("created").as_bool());
    CHECK(id_of(changed.json) == id_of(first.json));
    CHECK(str(changed.json, "file_path") != str(first.json, "file_path"));
    CHECK(changed.json.at("duration_ms").as_int64() > first.json.at("duration_ms").as_int64());
    check_audio(api, changed.json, "statements", s, "text_de", "de", "de");
    // Still one row for the source.
    check_cover(coverage(api), "statements", "de", 1, 1);
    // Numbers print as people write them: 1, not Boost.JSON's 1E0.
    const std::string raw = api.get("/api/audios/coverage").body;
    CHECK(raw.find(R"("items":1,"with_audio":1,"stale":0,"ratio":1})") != std::string::npos);
    CHECK(raw.find("E0") == std::string::npos);

    const Id w = word(api, {{"title_de", "Hund"}});
    REQUIRE(generate_for(api, "words", w, "title_de", "de").status == 201);
    const Reply word_again = generate_for(api, "words", w, "title_de", "de");
    CHECK(word_again.status == 200);
}

TEST_CASE("generate-for: every validation error, unknown source, empty text",
          "[authoring][audio]") {
    StaffApi api;
    const Id s = statement(api, {{"text_de", "Nur Deutsch."}});
    const Reply q = api.post("/api/cms/db-questions", R"({"text_de":"Was?"})");
    REQUIRE(q.status == 201);
    const Id w = word(api, {{"title_de", "Hund"}});
    const std::string sid = std::to_string(s);
    const std::pair<std::string, std::string> bad[] = {
        {"{}", "source_table is required"},
        {R"({"source_table":"pairs","source_id":1,"source_field":"text_de","language":"de"})",
         "source_table must be one of statements, questions, words"},
        {R"({"source_table":5,"source_id":1,"source_field":"text_de","language":"de"})",
         "source_table must be one of statements, questions, words"},
        {R"({"source_table":"statements","source_field":"text_de","language":"de"})",
         "source_id is required"},
        {R"({"source_table":"statements","source_id":"x","source_field":"text_de","language":"de"})",
         "source_id must be a positive integer"},
        {R"({"source_table":"statements","source_id":)" + sid + R"(,"language":"de"})",
         "source_field is required"},
        {R"({"source_table":"statements","source_id":)" + sid +
             R"(,"source_field":"title_de","language":"de"})",
         "source_field must be one of text_de, text_en, text_sv"},
        {R"({"source_table":"statements","source_id":)" + sid +
             R"(,"source_field":"short_answer_de","language":"de"})",
         "source_field must be one of text_de, text_en, text_sv"},
        {R"({"source_table":"statements","source_id":)" + sid +
             R"(,"source_field":7,"language":"de"})",
         "source_field must be one of text_de, text_en, text_sv"},
        {R"({"source_table":"questions","source_id":1,"source_field":"title_de","language":"de"})",
         "source_field must be one of text_de, text_en, text_sv, short_answer_de, "
         "short_answer_en, short_answer_se"},
        {R"({"source_table":"words","source_id":1,"source_field":"text_de","language":"de"})",
         "source_field must be one of title_de, title_en, title_sv"},
        {R"({"source_table":"statements","source_id":)" + sid + R"(,"source_field":"text_de"})",
         "language is required"},
        {R"({"source_table":"statements","source_id":)" + sid +
             R"(,"source_field":"text_de","language":"fr"})",
         "language must be one of de, en, sv"},
        {R"({"source_table":"statements","source_id":)" + sid +
             R"(,"source_field":"text_de","language":"en"})",
         "language must be de for source_field text_de"},
        {R"({"source_table":"questions","source_id":1,"source_field":"short_answer_se","language":"de"})",
         "language must be sv for source_field short_answer_se"},
        {R"({"source_table":"words","source_id":1,"source_field":"title_en","language":"sv"})",
         "language must be en for source_field title_en"},
        {"not json", "Invalid JSON body"},
    };
    for (const auto& [body, message] : bad) {
        const Reply r = api.post(kFor, body);
        INFO(body << " -> " << text(r));
        CHECK(r.status == 400);
        CHECK(r.error() == message);
    }
    for (const char* table : {"statements", "questions", "words"}) {
        const std::string field = std::string(table) == "words" ? "title_de" : "text_de";
        const Reply r = generate_for(api, table, 999999, field, "de");
        INFO(table << " -> " << text(r));
        CHECK(r.status == 404);
        CHECK(r.error() == "Not found");
    }
    const std::tuple<const char*, Id, const char*, const char*> empty[] = {
        {"statements", s, "text_en", "en"},
        {"statements", s, "text_sv", "sv"},
        {"questions", id_of(q.json), "short_answer_de", "de"},
        {"words", w, "title_sv", "sv"}};
    for (const auto& [table, id, field, language] : empty) {
        const Reply r = generate_for(api, table, id, field, language);
        INFO(text(r));
        CHECK(r.status == 409);
        CHECK(r.error() ==
              std::string(table) + " " + std::to_string(id) + " has no text in " + field);
    }
    // Nothing was written.
    CHECK(in_store(api, [&](ContentTx& tx) {
              std::int64_t n = 0;
              for (const auto& row : tx.audio_coverage()) n += row.with_audio;
              return n;
          }) == 0);
    std::size_t files = 0;
    if (std::filesystem::exists(api.media_dir)) {
        for (const auto& e : std::filesystem::recursive_directory_iterator(api.media_dir))
            files += e.path().extension() == ".wav";
    }
    CHECK(files == 0);
}

TEST_CASE("generate-batch and coverage: items with text and no audio, limit and scope",
          "[authoring][audio]") {
    StaffApi api;
    const json::value empty = coverage(api);
    CHECK(keys(empty) == std::set<std::string>{"statements", "questions", "words"});
    for (const char* table : {"statements", "questions", "words"}) {
        CHECK(keys(empty.at(table)) == std::set<std::string>{"de", "en", "sv"});
        for (const char* language : {"de", "en", "sv"}) check_cover(empty, table, language, 0, 0);
    }
    const json::value nothing = batch(api, "{}");
    CHECK(nothing.at("generated").as_int64() == 0);
    CHECK(nothing.at("skipped").as_int64() == 0);
    CHECK(nothing.at("failed").as_array().empty());

    const Id s1 = statement(api, {{"text_de", "Der Hund bellt."}, {"text_en", "The dog barks."}});
    const Id s2 = statement(api, {{"text_de", "Die Katze schläft."}, {"text_sv", "   "}});
    const Reply q = api.post("/api/cms/db-questions", R"({"text_de":"Was ist das?"})");
    REQUIRE(q.status == 201);
    const Id q1 = id_of(q.json);
    const Id w1 = word(api, {{"title_de", "Hund"}, {"title_en", "dog"}});
    REQUIRE(generate_for(api, "statements", s1, "text_de", "de").status == 201);

    json::value c = coverage(api);
    check_cover(c, "statements", "de", 2, 1);
    check_cover(c, "statements", "en", 1, 0);
    check_cover(c, "statements", "sv", 0, 0);
    check_cover(c, "questions", "de", 1, 0);
    check_cover(c, "questions", "en", 0, 0);
    check_cover(c, "words", "de", 1, 0);
    check_cover(c, "words", "en", 1, 0);
    check_cover(c, "words", "sv", 0, 0);

    // Order: statements de, statements en, ...; two of them.
    const json::value two = batch(api, R"({"limit":2})");
    CHECK(two.at("generated").as_int64() == 2);
    CHECK(two.at("skipped").as_int64() == 1);
    CHECK(two.at("failed").as_array().empty());
    CHECK(in_store(api, [&](ContentTx& tx) {
        return tx.audio(AudioSource{"statements", s2, "text_de", "de"}).has_value() &&
               tx.audio(AudioSource{"statements", s1, "text_en", "en"}).has_value() &&
               !tx.audio(AudioSource{"questions", q1, "text_de", "de"}).has_value();
    }));
    c = coverage(api);
    check_cover(c, "statements", "de", 2, 2);
    check_cover(c, "statements", "en", 1, 1);
    check_cover(c, "questions", "de", 1, 0);

    const json::value words = batch(api, R"({"source_table":"words"})");
    CHECK(words.at("generated").as_int64() == 2);
    CHECK(words.at("skipped").as_int64() == 0);
    const auto english = in_store(api, [&](ContentTx& tx) {
        return tx.audio(AudioSource{"words", w1, "title_en", "en"});
    });
    REQUIRE(english.has_value());
    CHECK(english->voice == std::optional<std::string>("en-us"));
    c = coverage(api);
    check_cover(c, "words", "de", 1, 1);
    check_cover(c, "words", "en", 1, 1);
    check_cover(c, "questions", "de", 1, 0);

    const json::value german = batch(api, R"({"language":"de"})");
    CHECK(german.at("generated").as_int64() == 1);
    CHECK(german.at("skipped").as_int64() == 3);
    const auto row = in_store(api, [&](ContentTx& tx) {
        return tx.audio(AudioSource{"questions", q1, "text_de", "de"});
    });
    REQUIRE(row.has_value());
    CHECK(row->voice == std::optional<std::string>("de"));
    CHECK(row->duration_ms > 0);
    const Reply file = api.get("/media/" + row->file_path);
    REQUIRE(file.status == 200);
    REQUIRE(read_wav_info(file.body).has_value());
    CHECK(read_wav_info(file.body)->duration_ms > 0);

    c = coverage(api);
    check_cover(c, "statements", "de", 2, 2);
    check_cover(c, "statements", "en", 1, 1);
    check_cover(c, "statements", "sv", 0, 0);
    check_cover(c, "questions", "de", 1, 1);
    check_cover(c, "words", "de", 1, 1);
    check_cover(c, "words", "en", 1, 1);

    // Everything has audio: a second run makes nothing.
    for (int run = 0; run < 2; ++run) {
        const json::value again = batch(api, "{}");
        CHECK(again.at("generated").as_int64() == 0);
        CHECK(again.at("skipped").as_int64() == 6);
        CHECK(again.at("failed").as_array().empty());
    }
    CHECK(batch(api, R"({"limit":1000,"source_table":"statements","language":"en"})")
              .at("skipped")
              .as_int64() == 1);

    const std::pair<const char*, const char*> bad[] = {
        {R"({"limit":0})", "limit must be an integer from 1 to 1000"},
        {R"({"limit":1001})", "limit must be an integer from 1 to 1000"},
        {R"({"limit":"many"})", "limit must be an integer from 1 to 1000"},
        {R"({"source_table":"pairs"})", "source_table must be one of statements, questions, words"},
        {R"({"language":"fr"})", "language must be one of de, en, sv"},
        {"[]", "Invalid JSON body"}};
    for (const auto& [body, message] : bad) {
        const Reply r = api.post(kBatch, body);
        INFO(body << " -> " << text(r));
        CHECK(r.status == 400);
        CHECK(r.error() == message);
    }
}

TEST_CASE("generate-batch: a TTS failure is reported and the batch goes on; default limit 100",
          "[authoring][audio]") {
    FailingTts tts;
    StaffApi api(StaffApiOptions{.tts_command = tts.path});
    const Id good = statement(api, {{"text_de", "Das ist gut."}});
    const Id bad = statement(api, {{"text_de", "FAIL hier."}});
    const Id also_good = statement(api, {{"text_de", "Das auch."}});
    const Id w = word(api, {{"title_de", "Hund"}});

    const Reply single = generate_for(api, "statements", bad, "text_de", "de");
    CHECK(single.status == 502);
    CHECK(single.error() == "Speech synthesis failed");

    const json::value r = batch(api, "{}");
    CHECK(r.at("generated").as_int64() == 3);
    CHECK(r.at("skipped").as_int64() == 0);
    REQUIRE(r.at("failed").as_array().size() == 1);
    const json::value& f = r.at("failed").at(0);
    CHECK(str(f, "source_table") == "statements");
    CHECK(f.at("source_id").as_int64() == bad);
    CHECK(str(f, "source_field") == "text_de");
    CHECK(str(f, "language") == "de");
    CHECK(str(f, "error") == "Speech synthesis failed");  // the reason goes to the log only
    CHECK(in_store(api, [&](ContentTx& tx) {
        return tx.audio(AudioSource{"statements", good, "text_de", "de"}).has_value() &&
               tx.audio(AudioSource{"statements", also_good, "text_de", "de"}).has_value() &&
               tx.audio(AudioSource{"words", w, "title_de", "de"}).has_value() &&
               !tx.audio(AudioSource{"statements", bad, "text_de", "de"}).has_value();
    }));
    const json::value c = coverage(api);
    check_cover(c, "statements", "de", 3, 2);
    check_cover(c, "words", "de", 1, 1);

    // The failed item is tried again by the next run.
    const json::value again = batch(api, "{}");
    CHECK(again.at("generated").as_int64() == 0);
    CHECK(again.at("skipped").as_int64() == 3);
    REQUIRE(again.at("failed").as_array().size() == 1);
    CHECK(again.at("failed").at(0).at("source_id").as_int64() == bad);

    // 101 words that all fail: the default limit takes the first 100 of them.
    std::vector<Id> failing;
    for (int i = 0; i < 101; ++i)
        failing.push_back(word(api, {{"title_de", "FAIL " + std::to_string(i)}}));
    const json::value hundred = batch(api, R"({"source_table":"words"})");
    CHECK(hundred.at("generated").as_int64() == 0);
    CHECK(hundred.at("skipped").as_int64() == 1);
    const auto& failed = hundred.at("failed").as_array();
    REQUIRE(failed.size() == 100);
    for (std::size_t i = 0; i < failed.size(); ++i) {
        CHECK(failed[i].at("source_id").as_int64() == failing[i]);
        CHECK(str(failed[i], "source_table") == "words");
        CHECK(str(failed[i], "source_field") == "title_de");
    }
    CHECK(batch(api, R"({"source_table":"words","limit":101})").at("failed").as_array().size() ==
          101);
}
