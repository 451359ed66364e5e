// Generation and audio use cases on the memory adapters: validation before anything is
// stored, de-duplication, batches that go on past failures.
#include "core/app/authoring/audio.hpp"
#include "core/app/authoring/generation.hpp"
#include "core/app/authoring/objects.hpp"
#include "core/app/authoring/pictures.hpp"
#include "core/app/authoring/texts.hpp"
#include "core/app/authoring/words.hpp"
#include "tests/unit/support/authoring_world.hpp"

using namespace ll;
using namespace ll::test;

namespace {

struct GenerationWorld : ObjectWorld {
    std::int64_t word_count() {
        return stored([](ContentTx& tx) {
            return static_cast<std::int64_t>(tx.words({}, Page{std::nullopt, 200}).size());
        });
    }
};

GeneratedWord gw(const char* de, int level = 10) {
    return GeneratedWord{de, std::string(de) + "-en", std::string(de) + "-sv", level};
}

}  // namespace

TEST_CASE("generate-words: needs a label, validates everything, links without duplicates",
          "[authoring][generation]") {
    GenerationWorld w;
    const auto request = body(R"({"object_id":)" + std::to_string(w.object) + R"(,"count":3})");
    CHECK(status_of(decoded(generate_words, w.ports, request)) == 409);
    ok(decoded(add_object_word, w.ports, w.object,
               body(R"({"title_de":"Hund","title_en":"dog"})")));

    w.words.next_words = {gw("Haushund"), gw("Hundeleine", 0)};  // level 0: invalid
    const auto invalid = decoded(generate_words, w.ports, request);
    CHECK(invalid.error().status == 502);
    CHECK(invalid.error().message == "Word generation failed");
    CHECK(invalid.error().detail == "word 1: level 0 is outside 1..100");
    CHECK(w.word_count() == 1);  // only the label: nothing of the invalid output was stored

    w.words.next_words = {gw("Haushund"), gw("Hundeleine"), gw("HUND"), gw("Welpe")};
    const auto made = ok(decoded(generate_words, w.ports, request));
    REQUIRE(made.words.size() == 3);  // count 3: the fourth is not taken
    CHECK(made.words[0].created == true);
    CHECK(made.words[2].word.title_de == "Hund");  // the label, found case-insensitively
    CHECK(made.words[2].created == false);
    CHECK(w.words.last_words_request.seeds.at(0).title_de == "Hund");
    CHECK(w.words.last_words_request.known_titles == std::vector<std::string>{"Hund"});
    const auto again = ok(decoded(generate_words, w.ports, request));
    CHECK(again.words[0].created == false);
    CHECK(w.word_count() == 3);
    // The label stays the one label.
    const auto links = ok(list_object_words(w.ports, w.object));
    CHECK(std::count_if(links.begin(), links.end(),
                        [](const WordView& v) { return *v.is_label; }) == 1);

    w.words.fail = true;
    CHECK(decoded(generate_words, w.ports, request).error().detail == "scripted failure");
    CHECK(error_of(decoded(generate_words, w.ports, body(R"({"count":3})"))) ==
          "object_id or picture_id is required");
    CHECK(error_of(decoded(generate_words, w.ports, body(R"({"object_id":1,"picture_id":1})"))) ==
          "object_id and picture_id: give one of them");
    CHECK(error_of(decoded(generate_words, w.ports, body(R"({"object_id":1,"count":51})"))) ==
          "count must be an integer from 1 to 50");
}

TEST_CASE("generate-words: a picture with many words asks the generator for a bounded amount",
          "[authoring][generation]") {
    GenerationWorld w;
    for (int i = 0; i < 230; ++i) {
        ok(decoded(add_picture_word, w.ports, w.picture,
                   body(R"({"title_de":"Wort)" + std::to_string(i) + R"(","level":1})")));
    }
    w.words.next_words = {gw("Scheune")};
    ok(decoded(generate_words, w.ports,
               body(R"({"picture_id":)" + std::to_string(w.picture) + "}")));
    const auto& asked = w.words.last_words_request;
    CHECK(asked.seeds.size() == kMaxGenerationSeeds);
    CHECK(asked.known_titles.size() == kMaxKnownTitles);
    CHECK(asked.seeds.front().title_de == "Wort0");
}

TEST_CASE("generate-questions: drafts with words; the same text is not made twice",
          "[authoring][generation]") {
    GenerationWorld w;
    ok(decoded(add_object_word, w.ports, w.object,
               body(R"({"title_de":"Hund","title_en":"dog","title_sv":"hund"})")));
    GeneratedQuestion q{
        "Was ist das?", "What is this?",          "Vad är det här?", "Hund", "dog", "hund", 5,
        {gw("Hund")},   {gw("Katze"), gw("Maus")}};
    w.words.next_questions = {q};
    const auto first = ok(decoded(generate_questions, w.ports, w.object, body("{}")));
    REQUIRE(first.questions.size() == 1);
    CHECK(first.questions[0].created == true);
    CHECK(first.questions[0].question.status == "draft");
    CHECK(first.questions[0].answer_words.size() == 1);
    CHECK(first.questions[0].distractor_words.size() == 2);
    q.text_de = "  WAS IST DAS?  ";
    w.words.next_questions = {q};
    const auto second = ok(decoded(generate_questions, w.ports, w.object, body("{}")));
    CHECK(second.questions[0].created == false);
    CHECK(second.questions[0].question.id == first.questions[0].question.id);
    CHECK(ok(list_object_questions(w.ports, w.object)).size() == 1);
    q.short_answer_se = " ";
    w.words.next_questions = {q};
    CHECK(decoded(generate_questions, w.ports, w.object, body("{}")).error().detail ==
          "question 0: short_answer_se is empty");
}

TEST_CASE("audio: one row per source, replaced on regeneration; batches go on past failures",
          "[authoring][audio]") {
    GenerationWorld w;
    const Id s = ok(decoded(create_statement, w.ports,
                            body(R"({"text_de":"Ein Hund.","text_en":"A dog FAIL."})")))
                     .id;
    const auto for_de = body(R"({"source_table":"statements","source_id":)" + std::to_string(s) +
                             R"(,"source_field":"text_de","language":"de"})");
    const auto made = ok(decoded(generate_audio, w.ports, for_de));
    CHECK(made.created);
    CHECK(made.audio.voice == "de");
    CHECK(made.audio.duration_ms > 0);
    CHECK(w.media.exists(made.audio.file_path));
    ok(decoded(patch_statement, w.ports, s, body(R"({"text_de":"Ein großer Hund."})")));
    const auto again = ok(decoded(generate_audio, w.ports, for_de));
    CHECK_FALSE(again.created);
    CHECK(again.audio.id == made.audio.id);
    CHECK(again.audio.file_path != made.audio.file_path);
    CHECK(again.audio.duration_ms > made.audio.duration_ms);

    CHECK(
        error_of(decoded(
            generate_audio, w.ports,
            body(
                R"({"source_table":"statements","source_id":1,"source_field":"text_de","language":"en"})"))) ==
        "language must be de for source_field text_de");
    CHECK(
        error_of(decoded(
            generate_audio, w.ports,
            body(
                R"({"source_table":"words","source_id":1,"source_field":"text_de","language":"de"})"))) ==
        "source_field must be one of title_de, title_en, title_sv");
    CHECK(
        status_of(decoded(
            generate_audio, w.ports,
            body(
                R"({"source_table":"statements","source_id":99,"source_field":"text_de","language":"de"})"))) ==
        404);
    CHECK(
        status_of(decoded(generate_audio, w.ports,
                          body(R"({"source_table":"statements","source_id":)" + std::to_string(s) +
                               R"(,"source_field":"text_sv","language":"sv"})"))) == 409);
    CHECK(decoded(generate_audio, w.ports,
                  body(R"({"source_table":"statements","source_id":)" + std::to_string(s) +
                       R"(,"source_field":"text_en","language":"en"})"))
              .error()
              .status == 502);

    ok(decoded(create_word, w.ports, body(R"({"title_de":"Katze","title_sv":"katt","level":1})")));
    const auto batch = ok(decoded(generate_audio_batch, w.ports, body("{}")));
    CHECK(batch.generated == 2);  // the word's de and sv titles
    CHECK(batch.skipped == 1);    // the statement's German text had audio
    REQUIRE(batch.failed.size() == 1);
    CHECK(batch.failed[0].source.field == "text_en");
    CHECK(batch.failed[0].error == "Speech synthesis failed");
    CHECK(batch.failed[0].detail == "the synthesizer refused the text");
    const auto coverage = ok(audio_coverage(w.ports));
    const auto row = [&](const char* table, const char* lang) {
        return *std::find_if(coverage.begin(), coverage.end(),
                             [&](const auto& r) { return r.table == table && r.language == lang; });
    };
    CHECK(row("statements", "de").items == 1);
    CHECK(row("statements", "de").with_audio == 1);
    CHECK(row("statements", "en").with_audio == 0);
    CHECK(row("words", "sv").with_audio == 1);
    CHECK(row("words", "en").items == 0);
}

TEST_CASE("questions publish: all or nothing, with their words", "[authoring][texts]") {
    GenerationWorld w;
    ok(decoded(add_object_word, w.ports, w.object, body(R"({"title_de":"Hund"})")));
    w.words.next_questions = {GeneratedQuestion{
        "Was?", "What?", "Vad?", "Hund", "dog", "hund", 5, {gw("Hund")}, {gw("Katze")}}};
    const Id q =
        ok(decoded(generate_questions, w.ports, w.object, body("{}"))).questions[0].question.id;
    CHECK(status_of(decoded(publish_questions, w.ports,
                            body(R"({"ids":[)" + std::to_string(q) + ",999]}"))) == 404);
    CHECK(ok(get_question(w.ports, q)).status == "draft");
    const auto published =
        ok(decoded(publish_questions, w.ports, body(R"({"ids":[)" + std::to_string(q) + "]}")));
    CHECK(published.at(0).status == "published");
    // A named list: a range-for over a member of a temporary would read freed memory (C++20).
    const auto listed = ok(list_object_questions(w.ports, w.object));
    for (const auto& word : listed.at(0).distractor_words) CHECK(word.status == "published");
    CHECK(error_of(decoded(publish_questions, w.ports, body(R"({"ids":[]})"))) ==
          "ids must list at least one question");
}
