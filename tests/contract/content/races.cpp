// ContentStore contract: writes that meet another transaction's uncommitted work on a unique
// or a foreign key. PostgreSQL's write transactions are READ COMMITTED, so a check made before
// a write does not see what a concurrent transaction is about to commit; the store must then
// answer as if the check had seen it (a name taken: false; a category gone: left out), never
// throw the constraint's error, and leave its transaction usable. SQLite and memory serialise
// writers, so there the same cases run one after the other and must answer the same.
#include <catch2/catch.hpp>

#include <atomic>
#include <chrono>
#include <mutex>
#include <thread>

#include "tests/contract/content_support.hpp"

using namespace ll;
using namespace ll::test;

namespace {

// How long `first` keeps its transaction open after its work: `second` begins as soon as that
// work is done, so on PostgreSQL it runs its statements against `first`'s uncommitted rows (a
// generous bound: a second that starts later only makes the case easier).
constexpr auto kHold = std::chrono::milliseconds(300);

// `first` in a write transaction held open for kHold after its work, `second` in another write
// transaction begun once that work is done. Answers the exceptions either let out, as text
// (Catch's macros are not thread-safe).
template <typename First, typename Second>
std::vector<std::string> overlapping(ContentStore& store, First first, Second second) {
    std::mutex mutex;
    std::vector<std::string> failures;
    const auto failed = [&](const char* who, const std::exception& e) {
        std::lock_guard lock(mutex);
        failures.push_back(std::string(who) + ": " + e.what());
    };
    std::atomic<bool> first_done{false};
    std::thread holder([&] {
        try {
            store.write([&](ContentTx& tx) {
                first(tx);
                first_done = true;
                std::this_thread::sleep_for(kHold);
            });
        } catch (const std::exception& e) {
            failed("first", e);
        }
        first_done = true;  // also when it failed: the second must not wait forever
    });
    while (!first_done) std::this_thread::sleep_for(std::chrono::milliseconds(1));
    try {
        store.write([&](ContentTx& tx) { second(tx); });
    } catch (const std::exception& e) {
        failed("second", e);
    }
    holder.join();
    return failures;
}

}  // namespace

TEST_CASE("content: two categories renamed to one name at once: the second is refused",
          "[content][categories][concurrency]") {
    ContentDb c;
    const auto [x, y] = c.write([](ContentTx& tx) {
        return std::pair{must(tx.insert_category("Erste")).id,
                         must(tx.insert_category("Zweite")).id};
    });
    bool first = false, second = true;
    std::optional<Category> after_refusal;
    const auto failures = overlapping(
        c.store, [&](ContentTx& tx) { first = tx.rename_category(x, "Gleich"); },
        [&](ContentTx& tx) {
            second = tx.rename_category(y, "Gleich");
            after_refusal = tx.category(y);  // the transaction goes on after a refusal
        });
    CHECK(failures == std::vector<std::string>{});
    CHECK(first);
    CHECK_FALSE(second);
    CHECK(show(after_refusal) == show(std::optional<Category>(Category{y, "Zweite"})));
    c.read([&](ContentTx& tx) {
        CHECK(must(tx.category(x)).titel_de == "Gleich");
        CHECK(must(tx.category(y)).titel_de == "Zweite");
        return 0;
    });
}

TEST_CASE("content: two words renamed to one title at once: the second is refused",
          "[content][words][concurrency]") {
    ContentDb c;
    const auto [a, b] = c.write([](ContentTx& tx) {
        return std::pair{tx.find_or_insert_word(word_titled("Eins")).first,
                         tx.find_or_insert_word(word_titled("Zwei")).first};
    });
    bool first = false, second = true;
    std::optional<Word> holder_of_title;
    const auto failures = overlapping(
        c.store,
        [&](ContentTx& tx) {
            Word w = a;
            w.title_de = "Drei";
            first = tx.update_word(w);
        },
        [&](ContentTx& tx) {
            Word w = b;
            w.title_de = "drei";  // the same title_de_key
            second = tx.update_word(w);
            holder_of_title = tx.word_by_title("DREI");  // what the 409 names
        });
    CHECK(failures == std::vector<std::string>{});
    CHECK(first);
    CHECK_FALSE(second);
    REQUIRE(holder_of_title);
    CHECK(holder_of_title->id == a.id);
    CHECK(c.read([&](ContentTx& tx) { return must(tx.word(b.id)).title_de; }) == "Zwei");
}

TEST_CASE("content: links to a category deleted meanwhile leave it out, with no error",
          "[content][categories][concurrency]") {
    ContentDb c;
    struct Setup {
        Id gone, kept, pair;
        Word word;
    };
    const Setup s = c.write([](ContentTx& tx) {
        const Id picture = tx.insert_picture(full_picture()).id;
        return Setup{must(tx.insert_category("Weg")).id, must(tx.insert_category("Bleibt")).id,
                     tx.insert_pair(pair_of(picture, std::nullopt)).id,
                     tx.find_or_insert_word(word_titled("Hund")).first};
    });
    Id created = 0;
    const auto failures = overlapping(
        c.store, [&](ContentTx& tx) { tx.delete_category(s.gone); },
        [&](ContentTx& tx) {
            Word w = s.word;
            w.categories = {Category{s.gone, "Weg"}, Category{s.kept, "Bleibt"}};
            CHECK(tx.update_word(w));
            created = tx.find_or_insert_word(word_titled("Katze", {s.gone, s.kept})).first.id;
            tx.set_pair_categories(s.pair, {s.gone, s.kept});
        });
    CHECK(failures == std::vector<std::string>{});
    c.read([&](ContentTx& tx) {
        CHECK_FALSE(tx.category(s.gone));
        CHECK(ids_of(must(tx.word(s.word.id)).categories) == std::vector<Id>{s.kept});
        CHECK(ids_of(must(tx.word(created)).categories) == std::vector<Id>{s.kept});
        CHECK(ids_of(tx.pair_categories(s.pair)) == std::vector<Id>{s.kept});
        CHECK(tx.category_pairs(s.gone).empty());
        return 0;
    });
}

TEST_CASE("content: keep_category holds a category against a delete until the write ends",
          "[content][categories][concurrency]") {
    ContentDb c;
    const auto [category, pair] = c.write([](ContentTx& tx) {
        const Id picture = tx.insert_picture(full_picture()).id;
        return std::pair{must(tx.insert_category("Gehalten")).id,
                         tx.insert_pair(pair_of(picture, std::nullopt)).id};
    });
    SECTION("kept first: the delete waits and sees the link made meanwhile") {
        std::optional<Category> kept;
        bool locked = false;
        std::vector<Id> pairs_seen;
        const auto failures = overlapping(
            c.store,
            [&](ContentTx& tx) {
                kept = tx.keep_category(category);
                tx.set_pair_categories(pair, {category});
            },
            [&](ContentTx& tx) {
                locked = tx.lock_item(ItemKind::category, category);
                pairs_seen = tx.category_pairs(category);
                tx.delete_category(category);
            });
        CHECK(failures == std::vector<std::string>{});
        CHECK(show(kept) == show(std::optional<Category>(Category{category, "Gehalten"})));
        CHECK(locked);
        CHECK(pairs_seen == std::vector<Id>{pair});
    }
    SECTION("deleted first: keeping it waits and finds nothing") {
        bool locked = false;
        std::optional<Category> kept{Category{}};
        const auto failures = overlapping(
            c.store,
            [&](ContentTx& tx) {
                locked = tx.lock_item(ItemKind::category, category);
                tx.delete_category(category);
            },
            [&](ContentTx& tx) { kept = tx.keep_category(category); });
        CHECK(failures == std::vector<std::string>{});
        CHECK(locked);
        CHECK_FALSE(kept);
    }
    c.read([&](ContentTx& tx) {
        CHECK_FALSE(tx.category(category));
        CHECK(tx.pair_categories(pair).empty());
        return 0;
    });
    // An unknown id: nothing to keep or lock.
    c.write([&](ContentTx& tx) {
        CHECK_FALSE(tx.keep_category(category + 1000));
        CHECK_FALSE(tx.lock_item(ItemKind::category, category + 1000));
        CHECK(must(tx.keep_category(1)).id == 1);  // a seeded one
    });
}
