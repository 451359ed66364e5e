// ContentStore contract: audios -- the upsert per source, the candidates without audio (order,
// scope, limit, blank texts) and the coverage per table and language.
#include <catch2/catch.hpp>

#include "tests/contract/content_support.hpp"

using namespace ll;
using namespace ll::test;

TEST_CASE("content: upsert_audio inserts once per source, then replaces the file fields",
          "[content][audio]") {
    ContentDb c;
    const Id statement = c.write(
        [](ContentTx& tx) { return tx.insert_statement(statement_with("Hund", "dog")).id; });
    Audio first = audio_for("statements", statement, "text_de", "de", "aaa.wav");
    first.spoken_text = "Hund";
    const auto [stored, inserted] = c.write([&](ContentTx& tx) {
        Audio given = first;
        given.id = 999;
        return tx.upsert_audio(given);
    });
    CHECK(inserted);
    CHECK(stored.id > 0);
    CHECK(stored.id != 999);
    Audio want = first;
    want.id = stored.id;
    CHECK(show(stored) == show(want));
    CHECK(show(c.read([&](ContentTx& tx) { return tx.audio(first.source); })) == show(want));

    // The same source again: not inserted, same id, file fields and updated_at replaced,
    // created_at kept; voice may become null.
    Audio second = audio_for("statements", statement, "text_de", "de", "bbb.mp3");
    second.mime = "audio/mpeg";
    second.voice.reset();
    second.duration_ms = 98765;
    second.created_at = ts("2030-01-01T00:00:00.000Z");
    second.updated_at = ts("2026-08-09T10:11:12.131Z");
    second.spoken_text = "Hund ";  // the text as the item held it, before trimming
    const auto [replaced, again] = c.write([&](ContentTx& tx) { return tx.upsert_audio(second); });
    CHECK_FALSE(again);
    Audio want2 = second;
    want2.id = stored.id;
    want2.created_at = first.created_at;
    CHECK(show(replaced) == show(want2));
    CHECK(show(c.read([&](ContentTx& tx) { return tx.audio(first.source); })) == show(want2));

    // And the voice back.
    Audio third = second;
    third.voice = "sv-SE-Alva";
    c.write([&](ContentTx& tx) { tx.upsert_audio(third); });
    CHECK(must(c.read([&](ContentTx& tx) { return tx.audio(first.source); })).voice ==
          "sv-SE-Alva");

    // With its size and copies; spoken again without them, the copies are gone with the old
    // file (they were made from it).
    Audio fourth = third;
    fourth.bytes = 66150;
    fourth.opus = AudioVariant{"ccc.opus", 4321};
    fourth.aac = AudioVariant{"ccc.m4a", 9876};
    const auto [with_variants, new4] =
        c.write([&](ContentTx& tx) { return tx.upsert_audio(fourth); });
    CHECK_FALSE(new4);
    Audio want4 = fourth;
    want4.id = stored.id;
    want4.created_at = first.created_at;
    CHECK(show(with_variants) == show(want4));
    c.write([&](ContentTx& tx) { tx.upsert_audio(third); });
    const Audio plain = must(c.read([&](ContentTx& tx) { return tx.audio(first.source); }));
    CHECK_FALSE(plain.bytes);
    CHECK_FALSE(plain.opus);
    CHECK_FALSE(plain.aac);

    // Another field or language is another source: a new row.
    const auto [english, english_new] = c.write([&](ContentTx& tx) {
        return tx.upsert_audio(audio_for("statements", statement, "text_en", "en"));
    });
    CHECK(english_new);
    CHECK(english.id > stored.id);
    const auto [other_lang, other_new] = c.write([&](ContentTx& tx) {
        return tx.upsert_audio(audio_for("statements", statement, "text_de", "sv"));
    });
    CHECK(other_new);
    CHECK(other_lang.id > english.id);
    c.read([&](ContentTx& tx) {
        CHECK(must(tx.audio({"statements", statement, "text_en", "en"})).id == english.id);
        CHECK_FALSE(tx.audio({"statements", statement, "text_sv", "sv"}));
        CHECK_FALSE(tx.audio({"questions", statement, "text_de", "de"}));
        CHECK_FALSE(tx.audio({"statements", statement + 100, "text_de", "de"}));
        return 0;
    });
}

TEST_CASE("content: audios page by id; set_audio_variants writes only while the file is the same",
          "[content][audio]") {
    ContentDb c;
    const Id statement = c.write([](ContentTx& tx) {
        return tx.insert_statement(statement_with("Hund", "dog", "hund")).id;
    });
    std::vector<Id> ids;
    for (const char* lang : {"de", "en", "sv"}) {
        ids.push_back(c.write([&](ContentTx& tx) {
            return tx
                .upsert_audio(audio_for("statements", statement, std::string("text_") + lang, lang,
                                        std::string(lang) + ".wav"))
                .first.id;
        }));
    }
    const auto page = [&](std::optional<Id> after, int limit) {
        return c.read([&](ContentTx& tx) { return tx.audios(Page{after, limit}); });
    };
    const auto all = page(std::nullopt, 10);
    REQUIRE(all.size() == 3);
    CHECK(all[0].id == ids[0]);
    CHECK(all[2].id == ids[2]);
    CHECK(show(all[1]) ==
          show(c.read([&](ContentTx& tx) { return must(tx.audio(all[1].source)); })));
    const auto second = page(ids[0], 1);
    REQUIRE(second.size() == 1);
    CHECK(second[0].id == ids[1]);
    CHECK(page(ids[2], 10).empty());

    Audio converted = all[0];
    converted.bytes = 44100;
    converted.opus = AudioVariant{"de.opus", 2900};
    converted.aac = AudioVariant{"de.m4a", 7200};
    converted.updated_at = ts("2031-01-01T00:00:00.000Z");  // not written: derived data
    CHECK(c.write([&](ContentTx& tx) { return tx.set_audio_variants(converted); }));
    Audio want = converted;
    want.updated_at = all[0].updated_at;
    CHECK(show(must(c.read([&](ContentTx& tx) { return tx.audio(all[0].source); }))) == show(want));

    // Spoken again meanwhile (another file): nothing is written.
    Audio stale = all[1];
    stale.file_path = "an-older-file.wav";
    stale.bytes = 1;
    stale.opus = AudioVariant{"old.opus", 1};
    stale.aac = AudioVariant{"old.m4a", 1};
    CHECK_FALSE(c.write([&](ContentTx& tx) { return tx.set_audio_variants(stale); }));
    CHECK(show(must(c.read([&](ContentTx& tx) { return tx.audio(all[1].source); }))) ==
          show(all[1]));
    // A row that is gone: nothing either.
    Audio gone = all[2];
    gone.id = ids[2] + 1000;
    gone.bytes = 1;
    CHECK_FALSE(c.write([&](ContentTx& tx) { return tx.set_audio_variants(gone); }));
}

namespace {

struct AudioWorld {
    Id s1 = 0, s2 = 0, q1 = 0, w1 = 0, w2 = 0;
};

// statements: s1 {de "Hund" (has audio), en "   " (blank, but has audio)}
//             s2 {de " \t\n\r" (blank), en "Cat", sv "Katt"}
// questions:  q1 {de "Was?", sv "Vad?" (an audio under text_de/sv: not its field)}
// words:      w1 {de "Haus", en "house" (has audio)}
//             w2 {de "Baum" (an audio under text_de: not its field), en "", sv "träd"}
AudioWorld make_audio_world(ContentDb& c) {
    return c.write([](ContentTx& tx) {
        AudioWorld w;
        w.s1 = tx.insert_statement(statement_with("Hund", "   ")).id;
        w.s2 = tx.insert_statement(statement_with(" \t\n\r", "Cat", "Katt")).id;
        Question q = question_with("Was?");
        q.text_sv = "Vad?";
        w.q1 = tx.insert_question(q).id;
        Word haus = word_titled("Haus");
        haus.title_en = "house";
        w.w1 = tx.find_or_insert_word(haus).first.id;
        Word baum = word_titled("Baum");
        baum.title_en = "";
        baum.title_sv = "träd";
        w.w2 = tx.find_or_insert_word(baum).first.id;
        tx.upsert_audio(current_audio_for(tx, "statements", w.s1, "text_de", "de"));
        tx.upsert_audio(current_audio_for(tx, "statements", w.s1, "text_en", "en"));
        tx.upsert_audio(current_audio_for(tx, "questions", w.q1, "text_de", "sv"));
        tx.upsert_audio(current_audio_for(tx, "words", w.w1, "title_en", "en"));
        tx.upsert_audio(current_audio_for(tx, "words", w.w2, "text_de", "de"));
        return w;
    });
}

std::string sources(const std::vector<AudioCandidate>& candidates) {
    std::string out;
    for (const auto& c : candidates) out += show(c.source) + "\n";
    return out;
}

}  // namespace

TEST_CASE("content: audio_candidates by table, language, id; blank texts and audios left out",
          "[content][audio]") {
    ContentDb c;
    const AudioWorld w = make_audio_world(c);
    const auto line = [](const char* table, Id id, const char* field, const char* lang,
                         const char* text) {
        return show(AudioCandidate{AudioSource{table, id, field, lang}, text}) + "\n";
    };
    const std::string all = line("statements", w.s2, "text_en", "en", "Cat") +
                            line("statements", w.s2, "text_sv", "sv", "Katt") +
                            line("questions", w.q1, "text_de", "de", "Was?") +
                            line("questions", w.q1, "text_sv", "sv", "Vad?") +
                            line("words", w.w1, "title_de", "de", "Haus") +
                            line("words", w.w2, "title_de", "de", "Baum") +
                            line("words", w.w2, "title_sv", "sv", "träd");
    c.read([&](ContentTx& tx) {
        CHECK(show(tx.audio_candidates(std::nullopt, std::nullopt, 100)) == all);
        CHECK(show(tx.audio_candidates(std::nullopt, std::nullopt, 3)) ==
              line("statements", w.s2, "text_en", "en", "Cat") +
                  line("statements", w.s2, "text_sv", "sv", "Katt") +
                  line("questions", w.q1, "text_de", "de", "Was?"));
        CHECK(show(tx.audio_candidates(std::nullopt, std::nullopt, 1)) ==
              line("statements", w.s2, "text_en", "en", "Cat"));
        CHECK(show(tx.audio_candidates("words", std::nullopt, 100)) ==
              line("words", w.w1, "title_de", "de", "Haus") +
                  line("words", w.w2, "title_de", "de", "Baum") +
                  line("words", w.w2, "title_sv", "sv", "träd"));
        CHECK(show(tx.audio_candidates(std::nullopt, "de", 100)) ==
              line("questions", w.q1, "text_de", "de", "Was?") +
                  line("words", w.w1, "title_de", "de", "Haus") +
                  line("words", w.w2, "title_de", "de", "Baum"));
        CHECK(show(tx.audio_candidates("questions", "sv", 100)) ==
              line("questions", w.q1, "text_sv", "sv", "Vad?"));
        CHECK(show(tx.audio_candidates("words", "de", 1)) ==
              line("words", w.w1, "title_de", "de", "Haus"));
        CHECK(tx.audio_candidates("questions", "en", 100).empty());
        CHECK(tx.audio_candidates("statements", "de", 100).empty());
        return 0;
    });

    // An audio for a candidate takes it off the list.
    c.write([&](ContentTx& tx) {
        tx.upsert_audio(current_audio_for(tx, "words", w.w2, "title_de", "de"));
        tx.upsert_audio(current_audio_for(tx, "statements", w.s2, "text_en", "en"));
    });
    CHECK(sources(c.read([](ContentTx& tx) {
              return tx.audio_candidates(std::nullopt, std::nullopt, 100);
          })) == "statements/" + show(w.s2) + "/text_sv/sv\n" + "questions/" + show(w.q1) +
                     "/text_de/de\n" + "questions/" + show(w.q1) + "/text_sv/sv\n" + "words/" +
                     show(w.w1) + "/title_de/de\n" + "words/" + show(w.w2) + "/title_sv/sv\n");
}

TEST_CASE("content: audio_coverage per table and language, in order", "[content][audio]") {
    ContentDb c;
    const auto row = [](const char* table, const char* lang, std::int64_t items,
                        std::int64_t with_audio, std::int64_t stale = 0) {
        return show(AudioCoverageRow{table, lang, items, with_audio, stale}) + "\n";
    };
    const auto empty = c.read([](ContentTx& tx) { return tx.audio_coverage(); });
    CHECK(show(empty) == row("statements", "de", 0, 0) + row("statements", "en", 0, 0) +
                             row("statements", "sv", 0, 0) + row("questions", "de", 0, 0) +
                             row("questions", "en", 0, 0) + row("questions", "sv", 0, 0) +
                             row("words", "de", 0, 0) + row("words", "en", 0, 0) +
                             row("words", "sv", 0, 0));

    make_audio_world(c);
    // Blank texts are no items, and their audios (s1 en) do not count; an audio under another
    // field (q1 sv, w2 de) does not count either.
    CHECK(show(c.read([](ContentTx& tx) { return tx.audio_coverage(); })) ==
          row("statements", "de", 1, 1) + row("statements", "en", 1, 0) +
              row("statements", "sv", 1, 0) + row("questions", "de", 1, 0) +
              row("questions", "en", 0, 0) + row("questions", "sv", 1, 0) +
              row("words", "de", 2, 0) + row("words", "en", 1, 1) + row("words", "sv", 1, 0));
}

// docs/audio.md "Audio that follows its text": an audio whose item now holds another text is
// stale; the candidates, the coverage and the lists count it as missing until it is spoken again.
TEST_CASE("content: an audio of an older text is stale until spoken again", "[content][audio]") {
    ContentDb c;
    const AudioWorld w = make_audio_world(c);
    const auto edit = [&](const char* german) {
        c.write([&](ContentTx& tx) {
            Statement s = must(tx.statement(w.s1));
            s.text_de = german;
            tx.update_statement(s);
        });
    };
    const auto statement_de = [&] {
        return c.read([](ContentTx& tx) { return tx.audio_coverage(); }).at(0);
    };
    const auto s1_listed_without_german_audio = [&] {
        ItemListFilter f;
        f.missing_audio = {"de"};
        const auto page = c.read([&](ContentTx& tx) {
            return tx.statement_list(f, ListOrder{}, ListWindow{0, 50});
        });
        for (const auto& row : page.rows)
            if (row.item.id == w.s1) return row.missing_audio == std::vector<std::string>{"de"};
        return false;
    };
    REQUIRE(show(statement_de()) == "statements/de 1/1 stale 0");
    CHECK_FALSE(s1_listed_without_german_audio());

    edit("Hunde");
    CHECK(show(statement_de()) == "statements/de 1/0 stale 1");
    CHECK(s1_listed_without_german_audio());
    CHECK(sources(c.read([](ContentTx& tx) {
              return tx.audio_candidates("statements", "de", 100);
          })) == "statements/" + show(w.s1) + "/text_de/de\n");
    // Only the text decides, not the white space trimmed for speech: "Hunde " is another text.
    edit("Hunde ");
    c.write([&](ContentTx& tx) {
        Audio a = audio_for("statements", w.s1, "text_de", "de", "hunde.wav");
        a.spoken_text = "Hunde";
        tx.upsert_audio(a);
    });
    CHECK(show(statement_de()) == "statements/de 1/0 stale 1");

    // Spoken again from the text as it is: current.
    c.write([&](ContentTx& tx) {
        tx.upsert_audio(current_audio_for(tx, "statements", w.s1, "text_de", "de", "hunde2.wav"));
    });
    CHECK(show(statement_de()) == "statements/de 1/1 stale 0");
    CHECK_FALSE(s1_listed_without_german_audio());
    CHECK(
        c.read([](ContentTx& tx) { return tx.audio_candidates("statements", "de", 100); }).empty());
}
