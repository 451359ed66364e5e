// ContentStore contract: categories (core/ports/content/categories.hpp) -- the seeded ones,
// inserting, renaming and deleting (rename refuses another category's exact name; delete takes
// the word and pair links, never reuses the id), the pairs in a category, and the audios of one
// item.
#include <catch2/catch.hpp>

#include <algorithm>

#include "tests/contract/content_support.hpp"

using namespace ll;
using namespace ll::test;

TEST_CASE("content: rename_category refuses another category's name, not its own",
          "[content][categories]") {
    ContentDb c;
    const Id tools = c.write([](ContentTx& tx) { return must(tx.insert_category("Werkzeug")).id; });
    CHECK(c.write([&](ContentTx& tx) { return tx.rename_category(tools, "Werkzeuge"); }));
    CHECK(c.read([&](ContentTx& tx) { return must(tx.category(tools)).titel_de; }) == "Werkzeuge");
    CHECK(c.write([&](ContentTx& tx) { return tx.rename_category(tools, "Werkzeuge"); }));
    CHECK_FALSE(c.write([&](ContentTx& tx) { return tx.rename_category(tools, "Tiere"); }));
    CHECK(c.read([&](ContentTx& tx) { return must(tx.category(tools)).titel_de; }) == "Werkzeuge");
    CHECK(c.read([&](ContentTx& tx) { return must(tx.category(1)).titel_de; }) == "Tiere");
}

TEST_CASE("content: set_category_titles writes the titles it is given and keeps the others",
          "[content][categories]") {
    ContentDb c;
    const Id tools = c.write([](ContentTx& tx) { return must(tx.insert_category("Werkzeug")).id; });
    const auto given = [](std::optional<std::string> v) {
        return fields::Change<std::string>{true, std::move(v)};
    };
    const fields::Change<std::string> kept;
    c.write([&](ContentTx& tx) {
        tx.set_category_titles(tools, given("Tools"), given("Verktyg"));
        return 0;
    });
    c.write([&](ContentTx& tx) {  // only Swedish: English stays as stored
        tx.set_category_titles(tools, kept, given(std::nullopt));
        return 0;
    });
    const Category now = c.read([&](ContentTx& tx) { return must(tx.category(tools)); });
    CHECK(now.titel_de == "Werkzeug");
    CHECK(now.titel_en == "Tools");
    CHECK_FALSE(now.titel_sv);
    // Every reading of a category carries them: the list, a pair's or a word's categories.
    const auto listed = c.read([](ContentTx& tx) { return tx.categories(); });
    const auto it = std::find_if(listed.begin(), listed.end(),
                                 [&](const Category& x) { return x.id == tools; });
    REQUIRE(it != listed.end());
    CHECK(it->titel_en == "Tools");
    // The seeded ones come with both (migration 0020; the memory store seeds them alike).
    const Category animals = c.read([](ContentTx& tx) { return must(tx.category(1)); });
    CHECK(animals.titel_en == "Animals");
    CHECK(animals.titel_sv == "Djur");
}

TEST_CASE("content: delete_category takes its links; the pairs in it; its id never again",
          "[content][categories]") {
    ContentDb c;
    const auto [gone, kept] = c.write([](ContentTx& tx) {
        return std::pair{must(tx.insert_category("Weg")).id, must(tx.insert_category("Bleibt")).id};
    });
    const auto [word, first, second] = c.write([&](ContentTx& tx) {
        const Id w = tx.find_or_insert_word(word_titled("Hund", {gone, kept})).first.id;
        const Id picture = tx.insert_picture(full_picture()).id;
        const Id p1 = tx.insert_pair(pair_of(picture, std::nullopt)).id;
        const Id p2 = tx.insert_pair(pair_of(picture, std::nullopt)).id;
        tx.set_pair_categories(p1, {gone, kept});
        tx.set_pair_categories(p2, {gone});
        return std::tuple{w, p1, p2};
    });
    CHECK(c.read([&](ContentTx& tx) { return tx.category_pairs(gone); }) ==
          std::vector<Id>{first, second});
    CHECK(c.read([&](ContentTx& tx) { return tx.category_pairs(kept); }) == std::vector<Id>{first});

    c.write([&](ContentTx& tx) { tx.delete_category(gone); });
    c.read([&](ContentTx& tx) {
        CHECK_FALSE(tx.category(gone));
        CHECK(tx.category(kept));
        CHECK(tx.category_pairs(gone).empty());
        const Word w = must(tx.word(word));
        REQUIRE(w.categories.size() == 1);
        CHECK(w.categories[0].id == kept);
        REQUIRE(tx.pair_categories(first).size() == 1);
        CHECK(tx.pair_categories(first)[0].id == kept);
        CHECK(tx.pair_categories(second).empty());
        CHECK(tx.pair(second));
        return 0;
    });
    // The highest id went: the next category gets a new one.
    const Id next = c.write([](ContentTx& tx) { return must(tx.insert_category("Neu")).id; });
    CHECK(next > kept);
    CHECK(next != gone);
}

TEST_CASE("content: audios_of_item answers one item's audios, any field and language",
          "[content][audio]") {
    ContentDb c;
    const auto [statement, other] = c.write([](ContentTx& tx) {
        return std::pair{tx.insert_statement(statement_with("Hund", "dog")).id,
                         tx.insert_statement(statement_with("Katze")).id};
    });
    c.write([&](ContentTx& tx) {
        tx.upsert_audio(audio_for("statements", statement, "text_en", "en", "en.wav"));
        tx.upsert_audio(audio_for("statements", statement, "text_de", "de", "de.wav"));
        tx.upsert_audio(audio_for("statements", other, "text_de", "de", "other.wav"));
        tx.upsert_audio(audio_for("words", statement, "title_de", "de", "word.wav"));
    });
    auto files = c.read([&](ContentTx& tx) {
        std::vector<std::string> out;
        for (const auto& a : tx.audios_of_item("statements", statement)) out.push_back(a.file_path);
        return out;
    });
    std::sort(files.begin(), files.end());
    CHECK(files == std::vector<std::string>{"de.wav", "en.wav"});
    CHECK(c.read([](ContentTx& tx) { return tx.audios_of_item("questions", 1); }).empty());
}

TEST_CASE("content: the seeded categories; insert_category refuses an existing titel_de",
          "[content]") {
    ContentDb c;
    const auto seeded = c.read([](ContentTx& tx) { return tx.categories(); });
    REQUIRE(seeded.size() == 12);
    const char* titles[] = {"Tiere", "Essen",   "Farben", "Familie", "Haus",   "Kleidung",
                            "Natur", "Verkehr", "Körper", "Berufe",  "Zahlen", "Zeit"};
    for (std::size_t i = 0; i < seeded.size(); ++i) {
        CHECK(seeded[i].id == static_cast<Id>(i) + 1);
        CHECK(seeded[i].titel_de == titles[i]);
    }
    const auto added = c.write([](ContentTx& tx) { return tx.insert_category("Möbel"); });
    REQUIRE(added);
    CHECK(added->id > 12);
    CHECK(added->titel_de == "Möbel");
    CHECK(c.write([](ContentTx& tx) { return tx.insert_category("Möbel"); }) == std::nullopt);
    CHECK(c.write([](ContentTx& tx) { return tx.insert_category("Tiere"); }) == std::nullopt);
    // Exact titel_de: another spelling is another category.
    const auto lower = c.write([](ContentTx& tx) { return tx.insert_category("tiere"); });
    REQUIRE(lower);
    CHECK(lower->id > added->id);  // ids may have gaps (PostgreSQL sequences), never reuse
    c.read([&](ContentTx& tx) {
        CHECK(show(tx.category(added->id)) == show(added));
        CHECK(show(tx.category(9)) == "category 9 'Körper'");
        CHECK_FALSE(tx.category(999));
        CHECK(tx.categories().size() == 14);
        return 0;
    });
}
