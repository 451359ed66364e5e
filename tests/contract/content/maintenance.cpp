// ContentStore contract: maintenance -- purge_orphans and purge_object_orphans on real orphans
// (rows deleted behind the store's back, foreign keys off), ensure_link_tables.
#include <catch2/catch.hpp>

#include <algorithm>
#include <functional>
#include <map>

#include "tests/contract/content_support.hpp"
#include "tests/support/content_hooks.hpp"

using namespace ll;
using namespace ll::test;

namespace {

// `word`, `category`, `picture2`, `object3`, `question3`, `statement2` and `pair2` go behind
// the store's back; `keep` and the others stay.
struct Orphanage {
    Id category = 0, word = 0, keep = 0;
    Id picture = 0, picture2 = 0, object = 0, object2 = 0, object3 = 0;
    Id question = 0, question2 = 0, question3 = 0;
    Id statement = 0, statement2 = 0, pair = 0, pair2 = 0;
};

Orphanage make_orphanage(ContentDb& c) {
    return c.write([](ContentTx& tx) {
        Orphanage o;
        o.category = must(tx.insert_category("Waisen")).id;
        o.word = tx.find_or_insert_word(word_titled("Weg", {2, o.category})).first.id;
        o.keep = tx.find_or_insert_word(word_titled("Bleibt", {1, o.category})).first.id;
        o.picture = tx.insert_picture(full_picture()).id;
        o.picture2 = tx.insert_picture(full_picture()).id;
        o.object = tx.insert_object(object_of(o.picture)).id;
        o.object2 = tx.insert_object(object_of(o.picture)).id;
        o.object3 = tx.insert_object(object_of(o.picture)).id;
        o.question = tx.insert_question(question_with("Was?", o.object)).id;
        o.question2 = tx.insert_question(question_with("Wer?", o.object2)).id;
        o.question3 = tx.insert_question(question_with("Wie?")).id;
        o.statement = tx.insert_statement(statement_with("Eins")).id;
        o.statement2 = tx.insert_statement(statement_with("Zwei")).id;
        o.pair = tx.insert_pair(pair_of(o.picture, o.statement, o.question, o.object)).id;
        o.pair2 = tx.insert_pair(pair_of(o.picture, o.statement2)).id;
        tx.set_pair_categories(o.pair, {1, o.category});
        tx.set_pair_categories(o.pair2, {1});
        for (Id w : {o.word, o.keep}) {
            tx.link_picture_word(o.picture, w);
            tx.link_object_word(o.object, w, w == o.word);
            tx.link_question_word(o.question, w, kRoleAnswer);
            tx.link_statement_word(o.statement, w);
            tx.upsert_audio(audio_for("words", w, "title_de", "de"));
        }
        tx.link_object_word(o.object2, o.word, false);
        tx.link_question_word(o.question2, o.word, kRoleDistractor);
        tx.link_statement_word(o.statement2, o.keep);
        tx.link_picture_word(o.picture2, o.keep);
        tx.link_object_word(o.object3, o.keep, true);
        tx.link_question_word(o.question3, o.keep, kRoleAnswer);
        tx.upsert_audio(audio_for("questions", o.question3, "text_de", "de"));
        tx.upsert_audio(audio_for("statements", o.statement, "text_de", "de"));
        tx.upsert_audio(audio_for("statements", o.statement2, "text_de", "de"));
        return o;
    });
}

// Legacy data: rows gone without their link records and audios.
void orphan(ContentDb& c, const Orphanage& o) {
    erase_row_unchecked(*c.db, "words", o.word);
    erase_row_unchecked(*c.db, "categories", o.category);
    erase_row_unchecked(*c.db, "statements", o.statement2);
    erase_row_unchecked(*c.db, "pairs", o.pair2);
    erase_row_unchecked(*c.db, "pictures", o.picture2);
    erase_row_unchecked(*c.db, "objects", o.object3);
    erase_row_unchecked(*c.db, "questions", o.question3);
}

template <typename Link>
std::vector<Id> word_ids(const std::vector<Link>& links) {
    std::vector<Id> out;
    for (const auto& l : links) out.push_back(l.word_id);
    return out;
}

}  // namespace

TEST_CASE("content: purge_orphans deletes link records and audios whose either end is gone",
          "[content][maintenance]") {
    ContentDb c;
    const Orphanage o = make_orphanage(c);
    CHECK(show(c.write([](ContentTx& tx) { return tx.purge_orphans(); })) == show(no_orphans()));
    orphan(c, o);
    // The orphans are there (the port lists link records as they are).
    CHECK(c.read([&](ContentTx& tx) { return tx.picture_word_links(o.picture).size(); }) == 2);

    const std::vector<std::pair<std::string, std::int64_t>> want{
        {"word_categories", 3},  // (word, 2), (word, category), (keep, category)
        {"picture_words", 2},    // (picture, word), (picture2, keep)
        {"object_words", 3},     // (object, word), (object2, word), (object3, keep)
        {"question_words", 3},   // (question, word), (question2, word), (question3, keep)
        {"statement_words", 2},  // (statement, word), (statement2, keep)
        {"pair_categories", 2},  // (pair, category), (pair2, 1)
        {"audios", 3},           // the word's, statement2's, question3's
    };
    CHECK(show(c.write([](ContentTx& tx) { return tx.purge_orphans(); })) == show(want));
    CHECK(show(c.write([](ContentTx& tx) { return tx.purge_orphans(); })) == show(no_orphans()));

    c.read([&](ContentTx& tx) {
        const std::vector<Id> keep{o.keep};
        CHECK(word_ids(tx.picture_word_links(o.picture)) == keep);
        CHECK(word_ids(tx.object_word_links(o.object)) == keep);
        CHECK(tx.object_word_links(o.object2).empty());
        CHECK(word_ids(tx.question_word_links(o.question)) == keep);
        CHECK(tx.question_word_links(o.question2).empty());
        CHECK(word_ids(tx.statement_word_links(o.statement)) == keep);
        CHECK(ids_of(must(tx.word(o.keep)).categories) == std::vector<Id>{1});
        CHECK(ids_of(tx.pair_categories(o.pair)) == std::vector<Id>{1});
        CHECK(tx.audio({"words", o.keep, "title_de", "de"}));
        CHECK_FALSE(tx.audio({"words", o.word, "title_de", "de"}));
        CHECK(tx.audio({"statements", o.statement, "text_de", "de"}));
        CHECK_FALSE(tx.audio({"statements", o.statement2, "text_de", "de"}));
        CHECK_FALSE(tx.audio({"questions", o.question3, "text_de", "de"}));
        CHECK(tx.picture_word_links(o.picture2).empty());
        CHECK(tx.object_word_links(o.object3).empty());
        CHECK(tx.question_word_links(o.question3).empty());
        return 0;
    });
}

TEST_CASE("content: purge_object_orphans cleans one object's word links and its questions'",
          "[content][maintenance]") {
    ContentDb c;
    const Orphanage o = make_orphanage(c);
    CHECK(c.write([&](ContentTx& tx) { return tx.purge_object_orphans(o.object); }) == 0);
    orphan(c, o);
    // (object, word) and (question of object, word); object2's stay.
    CHECK(c.write([&](ContentTx& tx) { return tx.purge_object_orphans(o.object); }) == 2);
    CHECK(c.write([&](ContentTx& tx) { return tx.purge_object_orphans(o.object); }) == 0);
    c.read([&](ContentTx& tx) {
        CHECK(word_ids(tx.object_word_links(o.object)) == std::vector<Id>{o.keep});
        CHECK(word_ids(tx.question_word_links(o.question)) == std::vector<Id>{o.keep});
        CHECK(word_ids(tx.object_word_links(o.object2)) == std::vector<Id>{o.word});
        CHECK(word_ids(tx.question_word_links(o.question2)) == std::vector<Id>{o.word});
        CHECK(word_ids(tx.picture_word_links(o.picture)).size() == 2);  // not the object's
        return 0;
    });
    CHECK(c.write([&](ContentTx& tx) { return tx.purge_object_orphans(o.object2); }) == 2);
    CHECK(c.write([&](ContentTx& tx) { return tx.purge_object_orphans(o.object2 + 100); }) == 0);
    const auto rest = c.write([](ContentTx& tx) { return tx.purge_orphans(); });
    const std::map<std::string, std::int64_t> counts(rest.begin(), rest.end());
    CHECK(counts.at("object_words") == 1);    // object3's: its object is gone, not its word
    CHECK(counts.at("question_words") == 1);  // question3's, likewise
    CHECK(counts.at("picture_words") == 2);   // never an object's business
}

TEST_CASE("content: ensure_link_tables reports every link table as existing", "[content]") {
    ContentDb c;
    const LinkTableCheck check = c.write([](ContentTx& tx) { return tx.ensure_link_tables(); });
    CHECK(check.created.empty());
    CHECK(check.existing ==
          std::vector<std::string>(std::begin(kLinkTables), std::end(kLinkTables)));
}

TEST_CASE("content: ensure_link_tables recreates a dropped link table with its indexes",
          "[content][sql]") {
    ContentDb c;
    const auto made = c.write([](ContentTx& tx) {
        const Id picture = tx.insert_picture(full_picture()).id;
        const Id object = tx.insert_object(object_of(picture)).id;
        const Id statement = tx.insert_statement(statement_with("s")).id;
        const Id question = tx.insert_question(question_with("q")).id;
        const Id pair = tx.insert_pair(pair_of(picture, statement)).id;
        return std::vector<Id>{picture, object, statement, question, pair};
    });
    const Id picture = made[0], object = made[1], statement = made[2], question = made[3],
             pair = made[4];
    int n = 0;
    Id last_word_link = 0;
    // Uses one link table twice: the second time must find the first link.
    const std::map<std::string, std::function<void(ContentTx&)>> use{
        {"word_categories",
         [&](ContentTx& tx) {
             const Word w =
                 tx.find_or_insert_word(word_titled("Kat " + std::to_string(++n), {3})).first;
             CHECK(ids_of(w.categories) == std::vector<Id>{3});
             Word u = w;
             u.categories = {Category{3, ""}, Category{4, ""}};
             CHECK(tx.update_word(u));
             CHECK(ids_of(must(tx.word(w.id)).categories) == std::vector<Id>{3, 4});
         }},
        {"picture_words",
         [&](ContentTx& tx) {
             const Id w =
                 tx.find_or_insert_word(word_titled("Pic " + std::to_string(++n))).first.id;
             CHECK(tx.link_picture_word(picture, w).second);
             CHECK_FALSE(tx.link_picture_word(picture, w).second);
         }},
        {"object_words",
         [&](ContentTx& tx) {
             const Id w =
                 tx.find_or_insert_word(word_titled("Obj " + std::to_string(++n))).first.id;
             for (const auto& l : tx.object_word_links(object)) tx.delete_object_word_link(l.id);
             CHECK(tx.link_object_word(object, w, true).second);
             CHECK_FALSE(tx.link_object_word(object, w, true).second);
         }},
        {"question_words",
         [&](ContentTx& tx) {
             const Id w = tx.find_or_insert_word(word_titled("Q " + std::to_string(++n))).first.id;
             const auto link = tx.link_question_word(question, w, kRoleAnswer);
             CHECK(link.second);
             CHECK(link.first.id > last_word_link);  // the shared sequence goes on
             last_word_link = link.first.id;
             CHECK_FALSE(tx.link_question_word(question, w, kRoleAnswer).second);
         }},
        {"statement_words",
         [&](ContentTx& tx) {
             const Id w = tx.find_or_insert_word(word_titled("S " + std::to_string(++n))).first.id;
             const auto link = tx.link_statement_word(statement, w);
             CHECK(link.second);
             CHECK(link.first.id > last_word_link);
             last_word_link = link.first.id;
             CHECK_FALSE(tx.link_statement_word(statement, w).second);
         }},
        {"pair_categories",
         [&](ContentTx& tx) {
             tx.set_pair_categories(pair, {7, 8});
             CHECK(ids_of(tx.pair_categories(pair)) == std::vector<Id>{7, 8});
         }},
    };
    // Every table in use before the drops.
    c.write([&](ContentTx& tx) {
        for (const char* table : kLinkTables) use.at(table)(tx);
    });

    for (const char* table : kLinkTables) {
        INFO("link table " << table);
        const std::set<std::string> indexes = index_names(*c.db, table);
        CHECK_FALSE(indexes.empty());
        drop_table(*c.db, table);
        CHECK(index_names(*c.db, table).empty());
        const LinkTableCheck check = c.write([](ContentTx& tx) { return tx.ensure_link_tables(); });
        CHECK(check.created == std::vector<std::string>{table});
        std::vector<std::string> others;
        for (const char* t : kLinkTables) {
            if (std::string(t) != table) others.emplace_back(t);
        }
        std::vector<std::string> existing = check.existing;
        std::sort(existing.begin(), existing.end());
        std::sort(others.begin(), others.end());
        CHECK(existing == others);
        CHECK(index_names(*c.db, table) == indexes);  // the migration's DDL, indexes included
        c.write([&](ContentTx& tx) { use.at(table)(tx); });
        // Every other table works on too.
        c.write([&](ContentTx& tx) {
            for (const char* t : kLinkTables) use.at(t)(tx);
        });
    }
    const LinkTableCheck last = c.write([](ContentTx& tx) { return tx.ensure_link_tables(); });
    CHECK(last.created.empty());
    CHECK(last.existing.size() == std::size(kLinkTables));
}
