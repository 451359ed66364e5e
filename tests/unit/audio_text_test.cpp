// Audio that follows its text (core/domain/audio_text.hpp, docs/audio.md): an audio is current
// while its item holds exactly the text it speaks, stale once the field holds another text.
#include <catch2/catch.hpp>

#include "core/domain/audio_text.hpp"

using namespace ll;

namespace {

Audio audio_of(const char* field, std::optional<std::string> spoken) {
    Audio a;
    a.source = AudioSource{"statements", 5, field, "de"};
    a.spoken_text = std::move(spoken);
    return a;
}

}  // namespace

TEST_CASE("audio text: current, stale, or neither for a field left empty", "[audio]") {
    Statement s;
    s.id = 5;
    s.text_de = "Der Hund bellt.";
    s.text_en = "  ";
    CHECK(audio_is_current(audio_of("text_de", "Der Hund bellt."), s));
    CHECK_FALSE(audio_is_stale(audio_of("text_de", "Der Hund bellt."), s));
    // Another text, white space included, and a text not known are stale.
    CHECK(audio_is_stale(audio_of("text_de", "Der Hund schläft."), s));
    CHECK(audio_is_stale(audio_of("text_de", "Der Hund bellt. "), s));
    CHECK(audio_is_stale(audio_of("text_de", std::nullopt), s));
    // A field with nothing to speak holds no publish back.
    CHECK_FALSE(audio_is_stale(audio_of("text_en", "The dog barks."), s));
    CHECK_FALSE(audio_is_stale(audio_of("text_sv", "Hunden skäller."), s));
    CHECK_FALSE(audio_is_current(audio_of("text_sv", std::nullopt), s));

    const std::vector<Audio> audios = {audio_of("text_en", "x"), audio_of("text_de", "alt")};
    CHECK(stale_audio_fields(audios, s) == std::vector<std::string>{"text_de"});
}

TEST_CASE("audio text: every spoken field of questions and words by name", "[audio]") {
    Question q;
    q.text_sv = "Vad?";
    q.short_answer_se = "en hund";
    q.short_answer_en = "a dog";
    CHECK(field_text(q, "text_sv") == "Vad?");
    CHECK(field_text(q, "short_answer_se") == "en hund");
    CHECK(field_text(q, "short_answer_en") == "a dog");
    CHECK(field_text(q, "short_answer_de") == std::nullopt);
    CHECK(field_text(q, "title_de") == std::nullopt);
    Word w;
    w.title_de = "Haus";
    w.title_sv = "hus";
    CHECK(field_text(w, "title_de") == "Haus");
    CHECK(field_text(w, "title_sv") == "hus");
    CHECK(field_text(w, "title_en") == std::nullopt);
    CHECK(field_text(w, "text_de") == std::nullopt);
}
