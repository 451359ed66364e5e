// An audio's copies for phones on the memory adapters: stored with every generated audio, an
// encoder failure stores nothing, and the backfill for audio stored before the copies existed.
#include <fmt/format.h>

#include "core/app/authoring/audio.hpp"
#include "core/app/authoring/audio_variants.hpp"
#include "core/app/authoring/texts.hpp"
#include "tests/unit/support/authoring_world.hpp"

using namespace ll;
using namespace ll::test;

namespace {

Audio upsert(AuthoringWorld& w, const Audio& a) {
    Audio out;
    w.backend.content().write([&](ContentTx& tx) { out = tx.upsert_audio(a).first; });
    return out;
}

struct SpokenWorld : AuthoringWorld {
    Id statement = ok(decoded(create_statement, ports,
                              body(R"({"text_de":"Der Hund schläft.","text_sv":"Hunden sover."})")))
                       .id;

    Result<AudioResult> speak(const char* lang) {
        return decoded(generate_audio, ports,
                       body(fmt::format(R"({{"source_table":"statements","source_id":{},)"
                                        R"("source_field":"text_{}","language":"{}"}})",
                                        statement, lang, lang)));
    }
    std::optional<Audio> stored_audio(const char* lang) {
        return stored([&](ContentTx& tx) {
            return tx.audio(
                AudioSource{"statements", statement, std::string("text_") + lang, lang});
        });
    }
    // An audio as it was stored before the copies existed: the WAV only.
    Audio old_audio(const char* lang, std::string file) {
        Audio a;
        a.source = AudioSource{"statements", statement, std::string("text_") + lang, lang};
        a.file_path = std::move(file);
        a.mime = "audio/wav";
        a.duration_ms = 900;
        return upsert(*this, a);
    }
};

}  // namespace

TEST_CASE("audio variants: a generated audio is stored with its Opus and AAC copies",
          "[authoring][audio]") {
    SpokenWorld w;
    const AudioResult made = ok(w.speak("de"));
    const Audio& a = made.audio;
    const auto wav = w.media.read(a.file_path);
    REQUIRE(wav);
    CHECK(a.bytes == static_cast<std::int64_t>(wav->size()));
    REQUIRE(a.opus);
    REQUIRE(a.aac);
    CHECK(a.opus->file_path.ends_with(".opus"));
    CHECK(a.aac->file_path.ends_with(".m4a"));
    CHECK(w.media.read(a.opus->file_path) == w.encoder.encode(*wav).opus);
    CHECK(w.media.read(a.aac->file_path) == w.encoder.encode(*wav).aac);
    CHECK(a.opus->bytes == static_cast<std::int64_t>(w.media.read(a.opus->file_path)->size()));
    CHECK(a.aac->bytes == static_cast<std::int64_t>(w.media.read(a.aac->file_path)->size()));
    const auto row = w.stored_audio("de");
    REQUIRE(row);
    CHECK(row->opus == a.opus);
    CHECK(row->aac == a.aac);
    CHECK(row->bytes == a.bytes);
}

TEST_CASE("audio variants: an encoder failure fails the generation and stores nothing",
          "[authoring][audio]") {
    SpokenWorld w;
    const std::size_t files = w.media.size();
    w.encoder.fail = true;
    const auto failed = w.speak("sv");
    REQUIRE_FALSE(failed);
    CHECK(failed.error().status == 502);
    CHECK(failed.error().message == "Speech synthesis failed");
    CHECK(failed.error().detail == "encoding for phones: the encoder refused the audio");
    CHECK_FALSE(w.stored_audio("sv"));
    CHECK(w.media.size() == files);
}

TEST_CASE("audio variants: the backfill converts audio stored without copies, once",
          "[authoring][audio]") {
    SpokenWorld w;
    const Audio current = ok(w.speak("de")).audio;  // has its copies
    const std::string wav = *w.media.read(current.file_path);
    // Stored before the copies existed: a WAV in the store, a row without copies.
    const Audio old = w.old_audio("sv", w.media.put(wav + std::string(100, '\0'), "wav"));
    // A row whose file the store does not have.
    Id lost_statement = ok(decoded(create_statement, w.ports, body(R"({"text_de":"Weg."})"))).id;
    Audio lost;
    lost.source = AudioSource{"statements", lost_statement, "text_de", "de"};
    lost.file_path = std::string(64, 'f') + ".wav";
    lost.mime = "audio/wav";
    lost = upsert(w, lost);

    const int calls = w.encoder.calls;
    const AudioVariantBackfill first = make_missing_audio_variants(w.ports);
    CHECK(first.made == 1);
    CHECK(first.skipped == 1);
    CHECK(first.failed == 1);
    REQUIRE(first.problems.size() == 1);
    CHECK(first.problems[0] ==
          fmt::format("audio {}: its file {} is not in the media store", lost.id, lost.file_path));
    const auto converted = w.stored_audio("sv");
    REQUIRE(converted);
    CHECK(converted->file_path == old.file_path);  // the same file, now with its copies
    CHECK(converted->bytes == static_cast<std::int64_t>(wav.size() + 100));
    REQUIRE(converted->opus);
    REQUIRE(converted->aac);
    CHECK(w.media.exists(converted->opus->file_path));
    CHECK(w.media.exists(converted->aac->file_path));
    CHECK(converted->updated_at == old.updated_at);  // derived data: not an edit
    CHECK(w.encoder.calls == calls + 1);

    const AudioVariantBackfill again = make_missing_audio_variants(w.ports);
    CHECK(again.made == 0);
    CHECK(again.skipped == 2);
    CHECK(again.failed == 1);
    CHECK(w.encoder.calls == calls + 1);  // nothing encoded twice

    SECTION("an encoder failure is reported with the reason, the row left as it was") {
        w.old_audio("sv", w.media.put(wav + "x", "wav"));
        w.encoder.fail = true;
        const AudioVariantBackfill third = make_missing_audio_variants(w.ports);
        CHECK(third.made == 0);
        CHECK(third.failed == 2);
        REQUIRE(third.problems.size() == 2);
        CHECK(third.problems.front() ==
              fmt::format("audio {}: the encoder refused the audio", old.id));
        CHECK_FALSE(w.stored_audio("sv")->opus);
    }
}

TEST_CASE("audio variants: the backfill walks past one page of audios", "[authoring][audio]") {
    AuthoringWorld w;
    const std::string wav = w.speech.synthesize("Hallo", "de").bytes;
    for (int i = 0; i < 230; ++i) {
        const Id s = ok(decoded(create_statement, w.ports,
                                body(fmt::format(R"({{"text_de":"Satz {}"}})", i))))
                         .id;
        Audio a;
        a.source = AudioSource{"statements", s, "text_de", "de"};
        a.file_path = w.media.put(wav + std::to_string(i), "wav");
        a.mime = "audio/wav";
        upsert(w, a);
    }
    const AudioVariantBackfill done = make_missing_audio_variants(w.ports);
    CHECK(done.made == 230);
    CHECK(done.failed == 0);
}
