// ContentStore contract: transactions -- a write whose work throws leaves nothing behind and
// rethrows unchanged; a read is one snapshot; committed writes are seen by later reads.
#include <catch2/catch.hpp>

#include <atomic>
#include <chrono>
#include <mutex>
#include <stdexcept>
#include <thread>

#include "tests/contract/content_support.hpp"

using namespace ll;
using namespace ll::test;

namespace {

// The core aborts a transaction with an exception type of its own.
struct Abort : std::runtime_error {
    explicit Abort(int code) : std::runtime_error("abort"), code(code) {}
    int code;
};

// 4 threads x 5 transactions: each takes `lock`, reads the counter `get` shows, waits, and
// writes it back + 1 with `set`. Without the lock serialising them, updates get lost.
template <typename Lock, typename Get, typename Set>
void count_up_under_lock(ContentDb& c, Lock lock, Get get, Set set) {
    constexpr int kThreads = 4, kRounds = 5;
    std::mutex mutex;
    std::vector<std::string> failures;  // Catch's macros are not thread-safe: report after join
    std::vector<std::thread> threads;
    for (int t = 0; t < kThreads; ++t) {
        threads.emplace_back([&] {
            for (int i = 0; i < kRounds; ++i) {
                try {
                    c.store.write([&](ContentTx& tx) {
                        if (!lock(tx)) throw std::runtime_error("no item");
                        const int n = std::stoi(get(tx));
                        std::this_thread::sleep_for(std::chrono::milliseconds(5));
                        set(tx, std::to_string(n + 1));
                    });
                } catch (const std::exception& e) {
                    std::lock_guard guard(mutex);
                    failures.emplace_back(e.what());
                }
            }
        });
    }
    for (auto& t : threads) t.join();
    CHECK(failures == std::vector<std::string>{});
    CHECK(c.read([&](ContentTx& tx) { return get(tx); }) == std::to_string(kThreads * kRounds));
}

}  // namespace

TEST_CASE("content: a write whose work throws is rolled back whole and the exception rethrown",
          "[content][tx]") {
    ContentDb c;
    struct Before {
        Picture picture;
        Word word;
        Id statement = 0, pair = 0;
    };
    const Before b = c.write([](ContentTx& tx) {
        Before out;
        Picture p = full_picture();
        p.title = "vorher";
        out.picture = tx.insert_picture(p);
        out.word = tx.find_or_insert_word(word_titled("Vorher", {1})).first;
        out.statement = tx.insert_statement(statement_with("Satz")).id;
        tx.upsert_audio(audio_for("statements", out.statement, "text_de", "de"));
        out.pair = tx.insert_pair(pair_of(out.picture.id, out.statement)).id;
        tx.set_pair_categories(out.pair, {1});
        return out;
    });
    const std::string before = c.read([](ContentTx& tx) {
        return show(tx.pictures({}, {})) + show(tx.words({}, {})) + show(tx.statements({}, {})) +
               show(tx.pairs({}, {})) + show(tx.categories()) + show(tx.audio_coverage());
    });

    Id new_picture = 0, new_word = 0, new_object = 0, new_question = 0, new_pair = 0;
    try {
        c.store.write([&](ContentTx& tx) {
            new_picture = tx.insert_picture(full_picture()).id;
            // A transaction sees its own writes.
            CHECK(tx.picture(new_picture));
            new_object = tx.insert_object(object_of(new_picture)).id;
            new_word = tx.find_or_insert_word(word_titled("Neu", {2})).first.id;
            new_question = tx.insert_question(question_with("Neu?", new_object)).id;
            new_pair = tx.insert_pair(pair_of(new_picture, b.statement, new_question)).id;
            tx.link_picture_word(b.picture.id, new_word);
            tx.link_object_word(new_object, b.word.id, true);
            tx.link_statement_word(b.statement, new_word);
            tx.link_question_word(new_question, b.word.id, kRoleAnswer);
            tx.upsert_audio(audio_for("statements", b.statement, "text_de", "de", "new.wav"));
            tx.upsert_audio(audio_for("words", b.word.id, "title_de", "de"));
            tx.insert_category("Zurückgerollt");
            Picture changed = b.picture;
            changed.title = "nachher";
            tx.update_picture(changed);
            Word w = b.word;
            w.level = 77;
            w.categories = {Category{5, ""}};
            tx.update_word(w);
            tx.set_pair_categories(b.pair, {2, 3});
            tx.delete_pair(new_pair);
            tx.delete_statement(b.statement);
            CHECK_FALSE(tx.statement(b.statement));
            throw Abort(42);
        });
        FAIL("the exception did not come through");
    } catch (const Abort& e) {
        CHECK(e.code == 42);  // the very exception, not a copy of its base
    }
    CHECK(new_picture > 0);

    c.read([&](ContentTx& tx) {
        CHECK_FALSE(tx.picture(new_picture));
        CHECK_FALSE(tx.object(new_object));
        CHECK_FALSE(tx.word(new_word));
        CHECK_FALSE(tx.word_by_title("Neu"));
        CHECK_FALSE(tx.question(new_question));
        CHECK_FALSE(tx.pair(new_pair));
        CHECK(tx.picture_word_links(b.picture.id).empty());
        CHECK(tx.object_word_links(new_object).empty());
        CHECK(tx.statement_word_links(b.statement).empty());
        CHECK(tx.question_word_links(new_question).empty());
        CHECK_FALSE(tx.audio({"words", b.word.id, "title_de", "de"}));
        CHECK(must(tx.audio({"statements", b.statement, "text_de", "de"})).file_path == "a.wav");
        CHECK(ids_of(tx.pair_categories(b.pair)) == std::vector<Id>{1});
        CHECK(show(tx.word(b.word.id)) == show(b.word));
        CHECK(show(tx.picture(b.picture.id)) == show(b.picture));
        return 0;
    });
    const std::string after = c.read([](ContentTx& tx) {
        return show(tx.pictures({}, {})) + show(tx.words({}, {})) + show(tx.statements({}, {})) +
               show(tx.pairs({}, {})) + show(tx.categories()) + show(tx.audio_coverage());
    });
    CHECK(after == before);

    // The store works on after a rollback.
    const Id next = c.write([](ContentTx& tx) { return tx.insert_picture(full_picture()).id; });
    CHECK(c.read([&](ContentTx& tx) { return tx.picture(next).has_value(); }));
}

TEST_CASE("content: a read is one snapshot; what a write committed is seen afterwards",
          "[content][tx]") {
    ContentDb c;
    c.write([](ContentTx& tx) { tx.insert_picture(full_picture()); });
    std::atomic<bool> written{false};
    std::thread writer;
    std::size_t first = 0, second = 0;
    c.store.read([&](ContentTx& tx) {
        first = tx.pictures({}, {}).size();
        // A write commits meanwhile (on the memory backend it waits for this read instead).
        writer = std::thread([&] {
            c.store.write([](ContentTx& w) { w.insert_picture(full_picture()); });
            written = true;
        });
        const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(1);
        while (!written && std::chrono::steady_clock::now() < until)
            std::this_thread::sleep_for(std::chrono::milliseconds(10));
        second = tx.pictures({}, {}).size();
    });
    writer.join();
    CHECK(first == 1);
    CHECK(second == 1);
    CHECK(c.read([](ContentTx& tx) { return tx.pictures({}, {}).size(); }) == 2);
}

TEST_CASE("content: another process sees committed content", "[content][tx][sql]") {
    ContentDb c;
    const Id picture = c.write([](ContentTx& tx) { return tx.insert_picture(full_picture()).id; });
    auto other = open_again(*c.db);
    const auto seen = read_tx(other->content(), [&](ContentTx& tx) { return tx.picture(picture); });
    Picture want = full_picture();
    want.id = picture;
    CHECK(show(seen) == show(want));
}

TEST_CASE("content: lock_object serialises transactions on one object", "[content][tx]") {
    ContentDb c(8);
    const Id object = c.write([](ContentTx& tx) {
        const Id picture = tx.insert_picture(full_picture()).id;
        ContentObject o = object_of(picture);
        o.user_notes = "0";
        return tx.insert_object(o).id;
    });
    count_up_under_lock(
        c, [&](ContentTx& tx) { return tx.lock_object(object); },
        [&](ContentTx& tx) { return must(must(tx.object(object)).user_notes); },
        [&](ContentTx& tx, const std::string& n) {
            ContentObject o = must(tx.object(object));
            o.user_notes = n;
            tx.update_object(o);
        });
}

TEST_CASE("content: lock_item serialises transactions on one item and finds unknown ids",
          "[content][tx]") {
    ContentDb c(8);
    const Id statement = c.write([](ContentTx& tx) {
        Statement s;
        s.text_de = "0";
        return tx.insert_statement(s).id;
    });
    count_up_under_lock(
        c, [&](ContentTx& tx) { return tx.lock_item(ItemKind::statement, statement); },
        [&](ContentTx& tx) { return must(must(tx.statement(statement)).text_de); },
        [&](ContentTx& tx, const std::string& n) {
            Statement s = must(tx.statement(statement));
            s.text_de = n;
            tx.update_statement(s);
        });
    c.write([&](ContentTx& tx) {
        const Id picture = tx.insert_picture(full_picture()).id;
        CHECK(tx.lock_item(ItemKind::picture, picture));
        CHECK_FALSE(tx.lock_item(ItemKind::picture, picture + 1000));
        CHECK_FALSE(tx.lock_item(ItemKind::object, 1000));
        CHECK_FALSE(tx.lock_item(ItemKind::word, 1000));
        CHECK_FALSE(tx.lock_item(ItemKind::statement, statement + 1000));
        CHECK(tx.lock_item(ItemKind::statement, statement));
        CHECK_FALSE(tx.lock_item(ItemKind::question, 1000));
        CHECK_FALSE(tx.lock_item(ItemKind::pair, 1000));
    });
}
