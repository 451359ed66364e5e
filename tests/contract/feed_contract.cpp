#include <catch2/catch.hpp>

#include <soci/soci.h>

#include "adapters/persistence/database.hpp"
#include "tests/support/test_backends.hpp"

using namespace ll;

namespace {

// Writes content rows directly: the authoring routes that will create them come later.
struct Content {
    sql::Database raw;
    explicit Content(const std::string& url) : raw(sql::parse_database_url(url), 1) {}

    long long insert(const std::string& statement) {
        return raw.write([&](soci::session& s) {
            long long id = 0;
            s << statement + " RETURNING id", soci::into(id);
            return id;
        });
    }
    // A pair; `image` and `audio_lang` empty mean "without".
    long long pair(const std::string& status, bool image, const std::string& audio_lang,
                   bool question = false) {
        const long long picture = insert(
            std::string("INSERT INTO pictures (status, image_path) VALUES ('objects_created', ") +
            (image ? "'abc123.png'" : "NULL") + ")");
        const long long statement = insert(
            "INSERT INTO statements (text_de, text_en, text_sv, status) VALUES "
            "('Das ist ein Hund.', 'This is a dog.', 'Det är en hund.', 'published')");
        if (!audio_lang.empty()) {
            insert(
                "INSERT INTO audios (source_table, source_id, source_field, language, file_path, "
                "mime) VALUES "
                "('statements', " +
                std::to_string(statement) + ", 'text_" + audio_lang + "', '" + audio_lang +
                "', 'aud" + std::to_string(statement) + ".wav', 'audio/wav')");
        }
        std::string question_id = "NULL";
        if (question) {
            question_id = std::to_string(
                insert("INSERT INTO questions (text_de, short_answer_de, short_answer_en, "
                       "short_answer_se, status) "
                       "VALUES ('Was ist das?', 'Hund', 'dog', 'hund', 'published')"));
        }
        return insert(
            "INSERT INTO pairs (picture_id, statement_id, question_id, answer_type, level, status) "
            "VALUES (" +
            std::to_string(picture) + ", " + std::to_string(statement) + ", " + question_id +
            ", 'question', 3, '" + status + "')");
    }
};

}  // namespace

TEST_CASE("feed: only published pairs with an image and audio in the language", "[sql][feed]") {
    auto db = test::make_test_database();
    Content content(db->url());
    const long long good = content.pair("published", true, "de", true);
    content.pair("reviewed", true, "de");    // not published
    content.pair("published", false, "de");  // no image
    content.pair("published", true, "");     // no audio
    const long long swedish = content.pair("published", true, "sv");
    const long long second = content.pair("published", true, "de");
    const Id tiere = db->backend().content_seeder().add_category("Feedtiere");
    content.raw.write([&](soci::session& s) {
        long long cat = tiere;
        s << "INSERT INTO pair_categories (pair_id, category_id) VALUES (:p, :c)", soci::use(good),
            soci::use(cat);
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
    CHECK(items[0].audio_url.rfind("/media/aud", 0) == 0);
    REQUIRE(items[0].question);
    CHECK(items[0].question->de == "Was ist das?");
    CHECK(items[0].question->short_answer_se == "hund");
    CHECK_FALSE(items[1].question);
    REQUIRE(items[0].categories.size() == 1);
    CHECK(items[0].categories[0].label == "Feedtiere");

    CHECK(db->backend().feed().page("de", good, 20).front().pair_id == second);
    CHECK(db->backend().feed().page("de", std::nullopt, 1).size() == 1);
    const auto sv = db->backend().feed().page("sv", std::nullopt, 20);
    REQUIRE(sv.size() == 1);
    CHECK(sv[0].pair_id == swedish);
}
