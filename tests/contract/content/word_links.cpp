// ContentStore contract: word links (core/ports/content/word_links.hpp) -- idempotent links,
// is_label updates, one label per object, roles, deletes of single links, lists by link id, and
// the one id sequence of statement_words and question_words.
#include <catch2/catch.hpp>

#include "tests/contract/content_support.hpp"

using namespace ll;
using namespace ll::test;

namespace {

struct Items {
    Id picture = 0, object = 0, other_object = 0, statement = 0, question = 0;
    std::vector<Id> words;
};

Items make_items(ContentDb& c) {
    return c.write([](ContentTx& tx) {
        Items it;
        it.picture = tx.insert_picture(full_picture()).id;
        it.object = tx.insert_object(object_of(it.picture)).id;
        it.other_object = tx.insert_object(object_of(it.picture)).id;
        it.statement = tx.insert_statement(statement_with("s")).id;
        it.question = tx.insert_question(question_with("q", it.object)).id;
        for (const char* t : {"Hund", "Katze", "Maus"})
            it.words.push_back(tx.find_or_insert_word(word_titled(t)).first.id);
        return it;
    });
}

}  // namespace

TEST_CASE("content: picture word links are made once and listed by link id", "[content][links]") {
    ContentDb c;
    const Items it = make_items(c);
    const auto& W = it.words;
    const auto [l1, l2, again] = c.write([&](ContentTx& tx) {
        return std::tuple{tx.link_picture_word(it.picture, W[2]),
                          tx.link_picture_word(it.picture, W[0]),
                          tx.link_picture_word(it.picture, W[2])};
    });
    CHECK(l1.second);
    CHECK(l2.second);
    CHECK(l1.first.id > 0);
    CHECK(l2.first.id > l1.first.id);
    CHECK_FALSE(again.second);
    CHECK(show(again.first) == show(l1.first));
    CHECK(show(l1.first) ==
          show(PictureWordLink{l1.first.id, it.picture, W[2]}));  // every field as given
    // And in a later transaction too.
    const auto later =
        c.write([&](ContentTx& tx) { return tx.link_picture_word(it.picture, W[0]); });
    CHECK_FALSE(later.second);
    CHECK(later.first.id == l2.first.id);
    c.read([&](ContentTx& tx) {
        CHECK(show(tx.picture_word_links(it.picture)) ==
              show(std::vector<PictureWordLink>{l1.first, l2.first}));
        CHECK(tx.picture_word_links(it.picture + 100).empty());
        return 0;
    });

    // Deleting one link by its id; unknown ids do nothing; the word and other links stay.
    const Id object_link = c.write(
        [&](ContentTx& tx) { return tx.link_object_word(it.object, W[1], false).first.id; });
    c.write([&](ContentTx& tx) {
        tx.delete_picture_word_link(l1.first.id);
        tx.delete_picture_word_link(l2.first.id + 100);
    });
    c.read([&](ContentTx& tx) {
        CHECK(show(tx.picture_word_links(it.picture)) ==
              show(std::vector<PictureWordLink>{l2.first}));
        CHECK(ids_of(tx.object_word_links(it.object)) == std::vector<Id>{object_link});
        CHECK(tx.word(W[2]).has_value());
        return 0;
    });
    // Linked again: a new link record.
    CHECK(c.write([&](ContentTx& tx) { return tx.link_picture_word(it.picture, W[2]); }).second);
}

TEST_CASE("content: object word links: once per word, is_label updated, one label per object",
          "[content][links]") {
    ContentDb c;
    const Items it = make_items(c);
    const auto& W = it.words;
    const auto [label, plain] = c.write([&](ContentTx& tx) {
        return std::pair{tx.link_object_word(it.object, W[0], true),
                         tx.link_object_word(it.object, W[1], false)};
    });
    CHECK(label.second);
    CHECK(plain.second);
    CHECK(show(label.first) == show(ObjectWordLink{label.first.id, it.object, W[0], true}));
    CHECK(show(plain.first) == show(ObjectWordLink{plain.first.id, it.object, W[1], false}));

    // The same link again: not created; is_label set as given.
    const auto same =
        c.write([&](ContentTx& tx) { return tx.link_object_word(it.object, W[0], true); });
    CHECK_FALSE(same.second);
    CHECK(show(same.first) == show(label.first));
    const auto unlabelled =
        c.write([&](ContentTx& tx) { return tx.link_object_word(it.object, W[0], false); });
    CHECK_FALSE(unlabelled.second);
    CHECK(unlabelled.first.id == label.first.id);
    CHECK_FALSE(unlabelled.first.is_label);
    const auto relabelled =
        c.write([&](ContentTx& tx) { return tx.link_object_word(it.object, W[1], true); });
    CHECK_FALSE(relabelled.second);
    CHECK(relabelled.first.id == plain.first.id);
    CHECK(relabelled.first.is_label);
    c.read([&](ContentTx& tx) {
        CHECK(show(tx.object_word_links(it.object)) ==
              show(std::vector<ObjectWordLink>{{label.first.id, it.object, W[0], false},
                                               {plain.first.id, it.object, W[1], true}}));
        return 0;
    });

    // A second label on the object: the schema refuses it (the caller removes the old one
    // first), and the transaction is rolled back.
    CHECK_THROWS(c.write([&](ContentTx& tx) {
        tx.link_object_word(it.object, W[2], false);
        tx.link_object_word(it.object, W[0], true);
    }));
    CHECK(c.read([&](ContentTx& tx) { return tx.object_word_links(it.object); }).size() == 2);
    // Another object has its own label.
    CHECK(c.write([&](ContentTx& tx) {
               return tx.link_object_word(it.other_object, W[0], true);
           }).second);

    // Deleting one link by its id; unknown ids do nothing.
    c.write([&](ContentTx& tx) {
        tx.delete_object_word_link(plain.first.id);
        tx.delete_object_word_link(plain.first.id + 100);
    });
    c.read([&](ContentTx& tx) {
        CHECK(ids_of(tx.object_word_links(it.object)) == std::vector<Id>{label.first.id});
        CHECK(tx.object_word_links(it.other_object).size() == 1);
        return 0;
    });
    // With the old label gone, another word may be the label.
    const auto new_label =
        c.write([&](ContentTx& tx) { return tx.link_object_word(it.object, W[2], true); });
    CHECK(new_label.second);
    CHECK(new_label.first.id > plain.first.id);
}

TEST_CASE("content: question word links per role, statement word links once", "[content][links]") {
    ContentDb c;
    const Items it = make_items(c);
    const auto& W = it.words;
    const auto made = c.write([&](ContentTx& tx) {
        return std::vector<std::pair<QuestionWordLink, bool>>{
            tx.link_question_word(it.question, W[0], kRoleAnswer),
            tx.link_question_word(it.question, W[0], kRoleDistractor),  // another role: new
            tx.link_question_word(it.question, W[1], kRoleDistractor),
            tx.link_question_word(it.question, W[0], kRoleAnswer),  // the same: existing
        };
    });
    CHECK(made[0].second);
    CHECK(made[1].second);
    CHECK(made[2].second);
    CHECK_FALSE(made[3].second);
    CHECK(show(made[3].first) == show(made[0].first));
    CHECK(show(made[1].first) ==
          show(QuestionWordLink{made[1].first.id, it.question, W[0], kRoleDistractor}));

    const auto st = c.write([&](ContentTx& tx) {
        return std::vector<std::pair<StatementWordLink, bool>>{
            tx.link_statement_word(it.statement, W[2]),
            tx.link_statement_word(it.statement, W[1]),
            tx.link_statement_word(it.statement, W[2]),
        };
    });
    CHECK(st[0].second);
    CHECK(st[1].second);
    CHECK_FALSE(st[2].second);
    CHECK(show(st[2].first) == show(st[0].first));
    CHECK(show(st[0].first) == show(StatementWordLink{st[0].first.id, it.statement, W[2]}));

    c.read([&](ContentTx& tx) {
        CHECK(show(tx.question_word_links(it.question)) ==
              show(std::vector<QuestionWordLink>{made[0].first, made[1].first, made[2].first}));
        CHECK(show(tx.statement_word_links(it.statement)) ==
              show(std::vector<StatementWordLink>{st[0].first, st[1].first}));
        CHECK(tx.question_word_links(it.question + 100).empty());
        CHECK(tx.statement_word_links(it.statement + 100).empty());
        return 0;
    });

    c.write([&](ContentTx& tx) {
        tx.delete_question_word_link(made[1].first.id);
        tx.delete_statement_word_link(st[0].first.id);
        tx.delete_question_word_link(st[1].first.id);     // a statement link's id: not a question's
        tx.delete_statement_word_link(made[2].first.id);  // and the other way round
        tx.delete_question_word_link(made[2].first.id + 1000);
    });
    c.read([&](ContentTx& tx) {
        CHECK(ids_of(tx.question_word_links(it.question)) ==
              std::vector<Id>{made[0].first.id, made[2].first.id});
        CHECK(ids_of(tx.statement_word_links(it.statement)) == std::vector<Id>{st[1].first.id});
        return 0;
    });
}

TEST_CASE("content: statement_words and question_words ids come from one sequence", "[content]") {
    ContentDb c;
    const auto links = c.write([](ContentTx& tx) {
        const Id s = tx.insert_statement(statement_with("s")).id;
        const Id q = tx.insert_question(question_with("q")).id;
        std::vector<Id> ids;
        for (int i = 0; i < 3; ++i) {
            const Id w = tx.find_or_insert_word(word_titled("Link " + std::to_string(i))).first.id;
            ids.push_back(tx.link_statement_word(s, w).first.id);
            ids.push_back(tx.link_question_word(q, w, kRoleAnswer).first.id);
            ids.push_back(tx.link_question_word(q, w, kRoleDistractor).first.id);
        }
        return ids;
    });
    // Interleaved inserts into both tables: every id distinct, ascending in insert order.
    for (std::size_t i = 1; i < links.size(); ++i) CHECK(links[i] > links[i - 1]);
    // And across transactions too.
    const Id later = c.write([](ContentTx& tx) {
        const Id s = tx.insert_statement(statement_with("t")).id;
        const Id w = tx.find_or_insert_word(word_titled("Später")).first.id;
        return tx.link_statement_word(s, w).first.id;
    });
    CHECK(later > links.back());
}
