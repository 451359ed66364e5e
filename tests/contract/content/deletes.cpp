// ContentStore contract: what each delete removes (links, audios) and what it sets null.
// After every delete purge_orphans finds nothing: no link record or audio was left behind.
#include <catch2/catch.hpp>

#include "tests/contract/content_support.hpp"

using namespace ll;
using namespace ll::test;

namespace {

// Two of everything, every link table filled, audios on every source item.
struct World {
    Id picture = 0, picture2 = 0;
    Id object = 0, child = 0, object2 = 0;
    Id statement = 0, statement2 = 0, question = 0, question2 = 0;
    Id word = 0, word2 = 0;
    Id pair = 0, pair2 = 0;
};

World make_world(ContentDb& c) {
    return c.write([](ContentTx& tx) {
        World w;
        w.picture = tx.insert_picture(full_picture()).id;
        w.picture2 = tx.insert_picture(full_picture()).id;
        w.object = tx.insert_object(object_of(w.picture)).id;
        w.child = tx.insert_object(object_of(w.picture, w.object)).id;
        w.object2 = tx.insert_object(object_of(w.picture2)).id;
        w.statement = tx.insert_statement(statement_with("Ein Hund", "A dog")).id;
        w.statement2 = tx.insert_statement(statement_with("Eine Katze")).id;
        w.question = tx.insert_question(question_with("Was?", w.object)).id;
        w.question2 = tx.insert_question(question_with("Wer?", w.object2)).id;
        w.word = tx.find_or_insert_word(word_titled("Hund", {1, 2})).first.id;
        w.word2 = tx.find_or_insert_word(word_titled("Katze", {1})).first.id;
        for (Id word : {w.word, w.word2}) {
            tx.link_picture_word(w.picture, word);
            tx.link_picture_word(w.picture2, word);
            tx.link_object_word(w.object, word, word == w.word);
            tx.link_object_word(w.object2, word, false);
            tx.link_object_word(w.child, word, false);
            tx.link_question_word(w.question, word, kRoleAnswer);
            tx.link_question_word(w.question2, word, kRoleDistractor);
            tx.link_statement_word(w.statement, word);
            tx.link_statement_word(w.statement2, word);
        }
        for (const auto& [table, id] : {std::pair<const char*, Id>{"statements", w.statement},
                                        {"statements", w.statement2},
                                        {"questions", w.question},
                                        {"questions", w.question2},
                                        {"words", w.word},
                                        {"words", w.word2}}) {
            const std::string field = std::string(table) == "words" ? "title_" : "text_";
            tx.upsert_audio(audio_for(table, id, field + "de", "de"));
            tx.upsert_audio(audio_for(table, id, field + "en", "en"));
        }
        w.pair = tx.insert_pair(pair_of(w.picture, w.statement, w.question, w.object)).id;
        w.pair2 = tx.insert_pair(pair_of(w.picture2, w.statement2, w.question2, w.object2)).id;
        tx.set_pair_categories(w.pair, {1, 2});
        tx.set_pair_categories(w.pair2, {1});
        return w;
    });
}

template <typename Link>
std::vector<Id> word_ids(const std::vector<Link>& links) {
    std::vector<Id> out;
    for (const auto& l : links) out.push_back(l.word_id);
    return out;
}

bool has_audio(ContentTx& tx, const char* table, Id id, const char* field, const char* lang) {
    return tx.audio(AudioSource{table, id, field, lang}).has_value();
}

void check_no_orphans(ContentDb& c) {
    CHECK(show(c.write([](ContentTx& tx) { return tx.purge_orphans(); })) == show(no_orphans()));
}

}  // namespace

TEST_CASE("content: delete_word removes its categories, every link and its audios",
          "[content][delete]") {
    ContentDb c;
    const World w = make_world(c);
    c.write([&](ContentTx& tx) { tx.delete_word(w.word); });
    c.read([&](ContentTx& tx) {
        CHECK_FALSE(tx.word(w.word));
        CHECK_FALSE(tx.word_by_title("hund"));
        const std::vector<Id> only{w.word2};
        CHECK(word_ids(tx.picture_word_links(w.picture)) == only);
        CHECK(word_ids(tx.picture_word_links(w.picture2)) == only);
        CHECK(word_ids(tx.object_word_links(w.object)) == only);
        CHECK(word_ids(tx.object_word_links(w.child)) == only);
        CHECK(word_ids(tx.object_word_links(w.object2)) == only);
        CHECK(word_ids(tx.question_word_links(w.question)) == only);
        CHECK(word_ids(tx.question_word_links(w.question2)) == only);
        CHECK(word_ids(tx.statement_word_links(w.statement)) == only);
        CHECK(word_ids(tx.statement_word_links(w.statement2)) == only);
        CHECK_FALSE(has_audio(tx, "words", w.word, "title_de", "de"));
        CHECK_FALSE(has_audio(tx, "words", w.word, "title_en", "en"));
        CHECK(has_audio(tx, "words", w.word2, "title_de", "de"));
        CHECK(has_audio(tx, "statements", w.statement, "text_de", "de"));
        CHECK(ids_of(must(tx.word(w.word2)).categories) == std::vector<Id>{1});
        CHECK(tx.categories().size() == 12);  // categories themselves stay
        return 0;
    });
    check_no_orphans(c);
}

TEST_CASE("content: delete_object removes its word links; children, questions, pairs get null",
          "[content][delete]") {
    ContentDb c;
    const World w = make_world(c);
    c.write([&](ContentTx& tx) { tx.delete_object(w.object); });
    c.read([&](ContentTx& tx) {
        CHECK_FALSE(tx.object(w.object));
        CHECK(tx.object_word_links(w.object).empty());
        const auto child = tx.object(w.child);
        REQUIRE(child);
        CHECK_FALSE(child->parent_id);
        CHECK(tx.object_word_links(w.child).size() == 2);
        const auto question = tx.question(w.question);
        REQUIRE(question);
        CHECK_FALSE(question->object_id);
        CHECK(tx.question_word_links(w.question).size() == 2);
        const auto pair = tx.pair(w.pair);
        REQUIRE(pair);
        CHECK_FALSE(pair->object_id);
        CHECK(pair->picture_id == w.picture);
        CHECK(pair->question_id == w.question);
        CHECK(tx.picture(w.picture));
        CHECK(must(tx.pair(w.pair2)).object_id == w.object2);
        CHECK(must(tx.question(w.question2)).object_id == w.object2);
        CHECK(tx.words({}, {}).size() == 2);
        return 0;
    });
    check_no_orphans(c);
}

TEST_CASE("content: delete_picture removes its objects and picture words; pairs keep existing",
          "[content][delete]") {
    ContentDb c;
    const World w = make_world(c);
    c.write([&](ContentTx& tx) { tx.delete_picture(w.picture); });
    c.read([&](ContentTx& tx) {
        CHECK_FALSE(tx.picture(w.picture));
        CHECK(tx.picture_word_links(w.picture).empty());
        CHECK_FALSE(tx.object(w.object));
        CHECK_FALSE(tx.object(w.child));
        CHECK(tx.object_word_links(w.object).empty());
        CHECK(tx.object_word_links(w.child).empty());
        CHECK(ids_of(tx.objects({}, {})) == std::vector<Id>{w.object2});
        const auto pair = tx.pair(w.pair);
        REQUIRE(pair);
        CHECK_FALSE(pair->picture_id);
        CHECK_FALSE(pair->object_id);  // its object went with the picture
        CHECK(pair->statement_id == w.statement);
        CHECK(ids_of(tx.pair_categories(w.pair)) == std::vector<Id>{1, 2});
        CHECK_FALSE(must(tx.question(w.question)).object_id);
        CHECK(tx.picture_word_links(w.picture2).size() == 2);
        CHECK(must(tx.pair(w.pair2)).picture_id == w.picture2);
        CHECK(tx.words({}, {}).size() == 2);
        return 0;
    });
    check_no_orphans(c);
}

TEST_CASE("content: delete_statement and delete_question remove links and audios, null pairs",
          "[content][delete]") {
    ContentDb c;
    const World w = make_world(c);
    c.write([&](ContentTx& tx) {
        tx.delete_statement(w.statement);
        tx.delete_question(w.question2);
    });
    c.read([&](ContentTx& tx) {
        CHECK_FALSE(tx.statement(w.statement));
        CHECK(tx.statement_word_links(w.statement).empty());
        CHECK_FALSE(has_audio(tx, "statements", w.statement, "text_de", "de"));
        CHECK_FALSE(has_audio(tx, "statements", w.statement, "text_en", "en"));
        CHECK(tx.pair(w.pair));
        CHECK_FALSE(must(tx.pair(w.pair)).statement_id);
        CHECK(must(tx.pair(w.pair)).question_id == w.question);

        CHECK_FALSE(tx.question(w.question2));
        CHECK(tx.question_word_links(w.question2).empty());
        CHECK_FALSE(has_audio(tx, "questions", w.question2, "text_de", "de"));
        CHECK_FALSE(must(tx.pair(w.pair2)).question_id);
        CHECK(must(tx.pair(w.pair2)).statement_id == w.statement2);

        // The others keep theirs.
        CHECK(tx.statement_word_links(w.statement2).size() == 2);
        CHECK(has_audio(tx, "statements", w.statement2, "text_de", "de"));
        CHECK(tx.question_word_links(w.question).size() == 2);
        CHECK(has_audio(tx, "questions", w.question, "text_en", "en"));
        CHECK(tx.words({}, {}).size() == 2);
        return 0;
    });
    check_no_orphans(c);
}

TEST_CASE("content: delete_pair removes its categories, not its statement or question",
          "[content][delete]") {
    ContentDb c;
    const World w = make_world(c);
    c.write([&](ContentTx& tx) { tx.delete_pair(w.pair); });
    c.read([&](ContentTx& tx) {
        CHECK_FALSE(tx.pair(w.pair));
        CHECK(tx.pair_categories(w.pair).empty());
        CHECK(tx.statement(w.statement));
        CHECK(tx.question(w.question));
        CHECK(tx.picture(w.picture));
        CHECK(ids_of(tx.pair_categories(w.pair2)) == std::vector<Id>{1});
        CHECK(tx.count_pairs({}) == 1);
        return 0;
    });
    check_no_orphans(c);
}

TEST_CASE("content: deletes of unknown ids do nothing", "[content][delete]") {
    ContentDb c;
    const World w = make_world(c);
    const auto before = c.read([](ContentTx& tx) {
        return show(tx.pictures({}, {})) + show(tx.objects({}, {})) + show(tx.words({}, {})) +
               show(tx.statements({}, {})) + show(tx.questions({}, {})) + show(tx.pairs({}, {})) +
               show(tx.audio_coverage());
    });
    c.write([&](ContentTx& tx) {
        const Id unknown = 1000000;
        tx.delete_picture(unknown);
        tx.delete_object(unknown);
        tx.delete_word(unknown);
        tx.delete_statement(unknown);
        tx.delete_question(unknown);
        tx.delete_pair(unknown);
        tx.delete_object_word_link(unknown);
        tx.delete_question_word_link(unknown);
        tx.delete_statement_word_link(unknown);
    });
    const auto after = c.read([](ContentTx& tx) {
        return show(tx.pictures({}, {})) + show(tx.objects({}, {})) + show(tx.words({}, {})) +
               show(tx.statements({}, {})) + show(tx.questions({}, {})) + show(tx.pairs({}, {})) +
               show(tx.audio_coverage());
    });
    CHECK(after == before);
    c.read([&](ContentTx& tx) {
        CHECK(tx.picture_word_links(w.picture).size() == 2);
        CHECK(tx.object_word_links(w.object).size() == 2);
        CHECK(tx.question_word_links(w.question).size() == 2);
        CHECK(tx.statement_word_links(w.statement).size() == 2);
        CHECK(ids_of(tx.pair_categories(w.pair)) == std::vector<Id>{1, 2});
        return 0;
    });
    check_no_orphans(c);
}
