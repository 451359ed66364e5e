#include <catch2/catch.hpp>

#include "core/ports/content_store.hpp"
#include "tests/support/test_backends.hpp"

using namespace ll;

namespace {

// Builds feed content through the ContentStore port, so the feed runs on every backend.
struct Content {
    ContentStore& store;

    Id write_pair(ContentTx& tx, const std::string& pair_status, bool image,
                  const std::string& audio_lang, bool question) {
        Picture picture;
        picture.status = status::kObjectsCreated;
        if (image) picture.image_path = "abc123.png";
        const Id picture_id = tx.insert_picture(picture).id;
        Statement statement;
        statement.text_de = "Das ist ein Hund.";
        statement.text_en = "This is a dog.";
        statement.text_sv = "Det är en hund.";
        statement.status = status::kPublished;
        const Id statement_id = tx.insert_statement(statement).id;
        if (!audio_lang.empty()) {
            Audio audio;
            audio.source =
                AudioSource{"statements", statement_id, "text_" + audio_lang, audio_lang};
            audio.file_path = "aud" + std::to_string(statement_id) + ".wav";
            audio.mime = "audio/wav";
            tx.upsert_audio(audio);
        }
        std::optional<Id> question_id;
        if (question) {
            Question q;
            q.text_de = "Was ist das?";
            q.short_answer_de = "Hund";
            q.short_answer_en = "dog";
            q.short_answer_se = "hund";
            q.status = status::kPublished;
            question_id = tx.insert_question(q).id;
        }
        Pair pair;
        pair.picture_id = picture_id;
        pair.statement_id = statement_id;
        pair.question_id = question_id;
        pair.answer_type = "question";
        pair.level = 3;
        pair.status = pair_status;
        return tx.insert_pair(pair).id;
    }

    // A pair; `image` false and `audio_lang` empty mean "without".
    Id pair(const std::string& pair_status, bool image, const std::string& audio_lang,
            bool question = false) {
        Id id = 0;
        store.write(
            [&](ContentTx& tx) { id = write_pair(tx, pair_status, image, audio_lang, question); });
        return id;
    }
};

}  // namespace

TEST_CASE("feed: only published pairs with an image and audio in the language", "[feed]") {
    auto db = test::make_test_database();
    Content content{db->backend().content()};
    const Id good = content.pair("published", true, "de", true);
    content.pair("reviewed", true, "de");    // not published
    content.pair("published", false, "de");  // no image
    content.pair("published", true, "");     // no audio
    const Id swedish = content.pair("published", true, "sv");
    const Id second = content.pair("published", true, "de");
    const Id tiere = db->backend().content_seeder().add_category("Feedtiere");
    const Id haus = db->backend().content_seeder().add_category("Feedhaus");
    db->backend().content().write([&](ContentTx& tx) {
        tx.set_pair_categories(good, {tiere});
        tx.set_pair_categories(second, {haus, tiere});
    });

    auto items = db->backend().feed().page("de", std::nullopt, 20);
    REQUIRE(items.size() == 2);
    CHECK(items[0].pair_id == good);
    CHECK(items[1].pair_id == second);
    CHECK(items[0].answer_type == "question");
    CHECK(items[0].level == 3);
    CHECK(items[0].statement_de == "Das ist ein Hund.");
    CHECK(items[0].statement_sv == "Det är en hund.");
    CHECK(items[0].image_url == "/media/abc123.png");
    REQUIRE(items[0].audio_url);
    CHECK(items[0].audio_url->rfind("/media/aud", 0) == 0);
    REQUIRE(items[0].question);
    CHECK(items[0].question->de == "Was ist das?");
    CHECK(items[0].question->short_answer_se == "hund");
    CHECK_FALSE(items[1].question);
    REQUIRE(items[0].categories.size() == 1);
    CHECK(items[0].categories[0].label == "Feedtiere");
    // Each page's categories are read at once: each item has its own, by id.
    REQUIRE(items[1].categories.size() == 2);
    CHECK(items[1].categories[0].id == tiere);
    CHECK(items[1].categories[1].label == "Feedhaus");
    CHECK(db->backend().feed().items("de", {second})[0].categories.size() == 2);

    CHECK(db->backend().feed().page("de", good, 20).front().pair_id == second);
    CHECK(db->backend().feed().page("de", std::nullopt, 1).size() == 1);
    const auto sv = db->backend().feed().page("sv", std::nullopt, 20);
    REQUIRE(sv.size() == 1);
    CHECK(sv[0].pair_id == swedish);
}

TEST_CASE("feed: a pair with many categories has them all; a page holds every entry", "[feed]") {
    // The SQL feed reads a page's rows in one go into room for the expected rows (two
    // categories a pair); more rows than that are read again, never cut off.
    auto db = test::make_test_database();
    Content content{db->backend().content()};
    const Id first = content.pair("published", true, "de");
    const Id second = content.pair("published", true, "de");
    std::vector<Id> categories;
    for (const char* title : {"Viele1", "Viele2", "Viele3", "Viele4", "Viele5"})
        categories.push_back(db->backend().content_seeder().add_category(title));
    db->backend().content().write([&](ContentTx& tx) {
        tx.set_pair_categories(first, categories);
        tx.set_pair_categories(second, {categories[4]});
    });
    for (const auto& items : {db->backend().feed().page("de", std::nullopt, 1),
                              db->backend().feed().items("de", {first})}) {
        REQUIRE(items.size() == 1);
        REQUIRE(items[0].categories.size() == 5);
        for (std::size_t i = 0; i < 5; ++i) CHECK(items[0].categories[i].id == categories[i]);
        CHECK(items[0].categories[4].label == "Viele5");
    }
    const auto both = db->backend().feed().items("de", {second, first});
    REQUIRE(both.size() == 2);
    CHECK(both[0].categories.size() == 5);
    CHECK(both[1].categories.size() == 1);
    CHECK(db->backend().feed().page("de", std::nullopt, 20).size() == 2);
}

TEST_CASE("feed: the audio of field text_<lang> first; media names without their directory",
          "[feed]") {
    auto db = test::make_test_database();
    ContentStore& store = db->backend().content();
    Content content{store};
    const auto audio = [](Id statement, const char* field, const char* lang, const char* file) {
        Audio a;
        a.source = AudioSource{"statements", statement, field, lang};
        a.file_path = file;
        a.mime = "audio/wav";
        return a;
    };
    Id both = 0, other_field = 0;
    store.write([&](ContentTx& tx) {
        both = content.write_pair(tx, "published", true, "", false);
        other_field = content.write_pair(tx, "published", true, "", false);
        const Id s1 = *tx.pair(both)->statement_id;
        const Id s2 = *tx.pair(other_field)->statement_id;
        // The first audio in German is of another field; the one of text_de wins.
        tx.upsert_audio(audio(s1, "text_en", "de", "other.wav"));
        tx.upsert_audio(audio(s1, "text_de", "de", "sub/dir/right.wav"));
        tx.upsert_audio(audio(s1, "text_de", "sv", "swedish.wav"));
        // Only an audio of another field in German: the pair is in the feed with it.
        tx.upsert_audio(audio(s2, "text_sv", "de", "only.wav"));
        Picture picture = *tx.picture(*tx.pair(other_field)->picture_id);
        picture.image_path = "images/ab/cd.png";
        tx.update_picture(picture);
    });
    const auto items = db->backend().feed().page("de", std::nullopt, 20);
    REQUIRE(items.size() == 2);
    CHECK(items[0].pair_id == both);
    CHECK(items[0].audio_url == "/media/right.wav");
    CHECK(items[0].categories.empty());
    CHECK(items[1].pair_id == other_field);
    CHECK(items[1].audio_url == "/media/only.wav");
    CHECK(items[1].image_url == "/media/cd.png");
}

TEST_CASE(
    "feed: an entry's audio lists its copies smallest first; the question spoken in the "
    "language",
    "[feed]") {
    auto db = test::make_test_database();
    ContentStore& store = db->backend().content();
    Content content{store};
    Id pair = 0, old = 0;
    store.write([&](ContentTx& tx) {
        pair = content.write_pair(tx, "published", true, "", true);
        old = content.write_pair(tx, "published", true, "", true);
        // An audio with its size and copies, named after `name`.
        const auto audio = [](AudioSource source, const std::string& name, std::int64_t ms,
                              std::int64_t bytes, const std::string& aac_dir) {
            Audio a;
            a.source = std::move(source);
            a.file_path = name + ".wav";
            a.mime = "audio/wav";
            a.duration_ms = ms;
            a.bytes = bytes;
            a.opus = AudioVariant{name + ".opus", bytes / 14};
            a.aac = AudioVariant{aac_dir + name + ".m4a", bytes / 7};
            return a;
        };
        tx.upsert_audio(audio({"statements", *tx.pair(pair)->statement_id, "text_sv", "sv"}, "s",
                              1500, 66194, "dir/"));
        // The question spoken in Swedish (its text), and a short answer: not the question.
        const Audio question =
            audio({"questions", *tx.pair(pair)->question_id, "text_sv", "sv"}, "q", 800, 35324, "");
        tx.upsert_audio(question);
        Audio answer = question;
        answer.source.field = "short_answer_se";
        answer.file_path = "a.wav";
        tx.upsert_audio(answer);
        // Stored before the copies existed: no size, no copies.
        Audio before;
        before.source = AudioSource{"statements", *tx.pair(old)->statement_id, "text_sv", "sv"};
        before.file_path = "b.wav";
        before.mime = "audio/wav";
        before.duration_ms = 1200;
        tx.upsert_audio(before);
        Audio in_german = question;
        in_german.source = AudioSource{"questions", *tx.pair(old)->question_id, "text_de", "de"};
        tx.upsert_audio(in_german);
    });
    for (const auto& items : {db->backend().feed().page("sv", std::nullopt, 20),
                              db->backend().feed().items("sv", {pair, old})}) {
        REQUIRE(items.size() == 2);
        const FeedItem& item = items[0];
        CHECK(item.audio_url == "/media/s.wav");
        REQUIRE(item.audio);
        CHECK(item.audio->duration_ms == 1500);
        REQUIRE(item.audio->variants.size() == 3);
        CHECK(item.audio->variants[0].type == "audio/ogg; codecs=opus");
        CHECK(item.audio->variants[0].url == "/media/s.opus");
        CHECK(item.audio->variants[0].bytes == 66194 / 14);
        CHECK(item.audio->variants[1].type == "audio/mp4; codecs=mp4a.40.2");
        CHECK(item.audio->variants[1].url == "/media/s.m4a");
        CHECK(item.audio->variants[1].bytes == 66194 / 7);
        CHECK(item.audio->variants[2].type == "audio/wav");
        CHECK(item.audio->variants[2].url == "/media/s.wav");
        CHECK(item.audio->variants[2].bytes == 66194);
        REQUIRE(item.question);
        CHECK(item.question->audio_url == "/media/q.wav");
        REQUIRE(item.question->audio);
        CHECK(item.question->audio->duration_ms == 800);
        REQUIRE(item.question->audio->variants.size() == 3);
        CHECK(item.question->audio->variants[0].url == "/media/q.opus");

        const FeedItem& before = items[1];
        CHECK(before.audio_url == "/media/b.wav");
        REQUIRE(before.audio);
        CHECK(before.audio->duration_ms == 1200);
        CHECK(before.audio->variants.empty());
        // Its question is spoken in German only: nothing in the Swedish feed.
        REQUIRE(before.question);
        CHECK_FALSE(before.question->audio_url);
        CHECK_FALSE(before.question->audio);
    }
}
