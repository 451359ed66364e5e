// ContentStore contract: words -- every field, categories, title uniqueness by fold_case()
// (umlauts included), update conflicts, words_by_ids, concurrent find_or_insert_word.
#include <catch2/catch.hpp>

#include <atomic>
#include <mutex>
#include <thread>

#include "tests/contract/content_support.hpp"

using namespace ll;
using namespace ll::test;

TEST_CASE("content: a word round-trips every field, categories ordered by id with titel_de",
          "[content][words]") {
    ContentDb c;
    Word w = word_titled("Äpfel", {9, 2});  // Körper, Essen: given out of order
    w.title_en = "apples";
    w.title_sv = "äpplen";
    w.level = 100;
    w.status = status::kPublished;
    Word bare = word_titled("Birne");
    const auto [full, plain] = c.write([&](ContentTx& tx) {
        Word given = w;
        given.id = 555;
        return std::pair{tx.find_or_insert_word(given), tx.find_or_insert_word(bare)};
    });
    CHECK(full.second);
    CHECK(plain.second);
    CHECK(full.first.id > 0);
    CHECK(full.first.id != 555);
    Word want = w;
    want.id = full.first.id;
    want.categories = {Category{2, "Essen"}, Category{9, "Körper"}};
    CHECK(show(full.first) == show(want));
    Word want_bare = bare;
    want_bare.id = plain.first.id;
    c.read([&](ContentTx& tx) {
        CHECK(show(tx.word(want.id)) == show(want));
        CHECK(show(tx.word(want_bare.id)) == show(want_bare));
        CHECK_FALSE(tx.word(want_bare.id + 100));
        CHECK(show(tx.words({}, {})) == show(std::vector<Word>{want, want_bare}));
        CHECK(show(tx.words_by_ids({want.id})) == show(std::vector<Word>{want}));
        return 0;
    });
}

TEST_CASE("content: word titles are unique case-insensitively, umlauts included",
          "[content][words]") {
    ContentDb c;
    Word first = word_titled("Äpfel", {1});
    first.title_en = "apples";
    const Word stored = c.write([&](ContentTx& tx) { return tx.find_or_insert_word(first); }).first;
    CHECK(stored.title_de == "Äpfel");

    // Another spelling of the same title gives the stored word, unchanged.
    for (const char* title : {"äpfel", "ÄPFEL", "Äpfel", "äPfEl"}) {
        Word again = word_titled(title, {3});
        again.title_en = "other";
        again.level = 50;
        const auto [found, inserted] =
            c.write([&](ContentTx& tx) { return tx.find_or_insert_word(again); });
        CHECK_FALSE(inserted);
        CHECK(show(found) == show(stored));
    }
    c.read([&](ContentTx& tx) {
        CHECK(tx.words({}, {}).size() == 1);
        CHECK(show(tx.word_by_title("äPFEL")) == show(stored));
        CHECK(show(tx.word_by_title("Äpfel")) == show(stored));
        CHECK_FALSE(tx.word_by_title("Apfel"));
        CHECK_FALSE(tx.word_by_title("Äpfe"));
        return 0;
    });

    // Different letters are different words: A is not Ä, Ö is not O.
    const auto [apfel, inserted] =
        c.write([](ContentTx& tx) { return tx.find_or_insert_word(word_titled("Apfel")); });
    CHECK(inserted);
    CHECK(apfel.id != stored.id);
    const auto [oel, oel_new] =
        c.write([](ContentTx& tx) { return tx.find_or_insert_word(word_titled("ÖL")); });
    CHECK(oel_new);
    const auto [ol, ol_new] =
        c.write([](ContentTx& tx) { return tx.find_or_insert_word(word_titled("ol")); });
    CHECK(ol_new);
    CHECK(must(c.read([](ContentTx& tx) { return tx.word_by_title("öl"); })).id == oel.id);
    CHECK(must(c.read([](ContentTx& tx) { return tx.word_by_title("OL"); })).id == ol.id);
    // Swedish letters fold too.
    const auto [sv, sv_new] =
        c.write([](ContentTx& tx) { return tx.find_or_insert_word(word_titled("ÅÄÖ")); });
    CHECK(sv_new);
    CHECK(must(c.read([](ContentTx& tx) { return tx.word_by_title("åäö"); })).id == sv.id);
}

TEST_CASE("content: update_word changes every field but id/created_at, categories replaced",
          "[content][words]") {
    ContentDb c;
    const auto [a, b] = c.write([](ContentTx& tx) {
        return std::pair{tx.find_or_insert_word(word_titled("Hund", {1, 4})).first,
                         tx.find_or_insert_word(word_titled("Katze", {1})).first};
    });
    Word changed = word_titled("Hündin", {12, 3});
    changed.id = a.id;
    changed.title_en = "bitch";
    changed.title_sv = "tik";
    changed.level = 3;
    changed.status = status::kPublished;
    changed.created_at = ts("2030-01-01T00:00:00.000Z");
    changed.updated_at = ts("2026-12-24T18:00:00.001Z");
    CHECK(c.write([&](ContentTx& tx) { return tx.update_word(changed); }));
    Word want = changed;
    want.created_at = a.created_at;
    want.categories = {Category{3, "Farben"}, Category{12, "Zeit"}};
    CHECK(show(c.read([&](ContentTx& tx) { return tx.word(a.id); })) == show(want));

    // Its own title in another case: allowed.
    Word recased = want;
    recased.title_de = "HÜNDIN";
    recased.categories = {};
    CHECK(c.write([&](ContentTx& tx) { return tx.update_word(recased); }));
    recased.created_at = a.created_at;
    CHECK(show(c.read([&](ContentTx& tx) { return tx.word(a.id); })) == show(recased));
    CHECK(must(c.read([&](ContentTx& tx) { return tx.word_by_title("hündin"); })).id == a.id);

    // Another word's title, in any case: false, and nothing changed (categories neither).
    Word clash = word_titled("kATZE", {5});
    clash.id = a.id;
    clash.level = 99;
    CHECK_FALSE(c.write([&](ContentTx& tx) { return tx.update_word(clash); }));
    c.read([&](ContentTx& tx) {
        CHECK(show(tx.word(a.id)) == show(recased));
        CHECK(show(tx.word(b.id)) == show(b));
        return 0;
    });

    // Unknown id: nothing happens.
    Word unknown = word_titled("Maus");
    unknown.id = b.id + 100;
    c.write([&](ContentTx& tx) { tx.update_word(unknown); });
    c.read([&](ContentTx& tx) {
        CHECK_FALSE(tx.word(b.id + 100));
        CHECK_FALSE(tx.word_by_title("Maus"));
        CHECK(tx.words({}, {}).size() == 2);
        return 0;
    });
}

TEST_CASE("content: words_by_ids gives the existing ones by id, duplicates once",
          "[content][words]") {
    ContentDb c;
    const std::vector<Id> ids = c.write([](ContentTx& tx) {
        std::vector<Id> out;
        for (const char* t : {"eins", "zwei", "drei"})
            out.push_back(tx.find_or_insert_word(word_titled(t)).first.id);
        return out;
    });
    c.read([&](ContentTx& tx) {
        CHECK(ids_of(tx.words_by_ids({ids[2], ids[0], ids[2], ids[2] + 100, ids[0]})) ==
              std::vector<Id>{ids[0], ids[2]});
        CHECK(tx.words_by_ids({}).empty());
        CHECK(tx.words_by_ids({ids[2] + 100}).empty());
        CHECK(tx.words_by_ids({ids[1]})[0].title_de == "zwei");
        return 0;
    });
}

TEST_CASE("content: find_or_insert_word of one title from 8 threads ends with one word",
          "[content][words][concurrency]") {
    ContentDb c(8);
    constexpr int kThreads = 8;
    std::vector<std::thread> threads;
    std::vector<Id> got(kThreads, 0);
    std::atomic<int> inserted{0};
    std::mutex mutex;
    std::vector<std::string> failures;  // Catch's macros are not thread-safe: report after join
    for (int t = 0; t < kThreads; ++t) {
        threads.emplace_back([&, t] {
            try {
                // Each thread spells the title differently: one word all the same.
                Word w = word_titled(t % 2 ? "Schmetterling" : "SCHMETTERLING", {1});
                const auto [word, created] =
                    write_tx(c.store, [&](ContentTx& tx) { return tx.find_or_insert_word(w); });
                got[static_cast<std::size_t>(t)] = word.id;
                if (created) ++inserted;
            } catch (const std::exception& e) {
                std::lock_guard lock(mutex);
                failures.push_back("thread " + std::to_string(t) + ": " + e.what());
            }
        });
    }
    for (auto& t : threads) t.join();
    CHECK(failures == std::vector<std::string>{});
    CHECK(inserted == 1);
    const auto words = c.read([](ContentTx& tx) { return tx.words({}, {}); });
    REQUIRE(words.size() == 1);
    for (Id id : got) CHECK(id == words[0].id);
    CHECK(ids_of(words[0].categories) == std::vector<Id>{1});
}
