// ContentStore contract: pairs (core/ports/content/pairs.hpp) -- every field round-trips, their
// categories, count_pairs.
#include <catch2/catch.hpp>

#include "tests/contract/content_support.hpp"

using namespace ll;
using namespace ll::test;

TEST_CASE("content: a pair round-trips every field; its categories; count_pairs", "[content]") {
    ContentDb c;
    const auto [full, bare] = c.write([](ContentTx& tx) {
        const Id picture = tx.insert_picture(full_picture()).id;
        const Id object = tx.insert_object(object_of(picture)).id;
        const Id statement = tx.insert_statement(statement_with("Ein Hund.")).id;
        const Id question = tx.insert_question(question_with("Was?")).id;
        Pair p = pair_of(picture, statement, question, object);
        p.answer_type = "yes_no";
        p.level = 42;
        p.status = status::kPublished;
        return std::pair{tx.insert_pair(p), tx.insert_pair(Pair{})};
    });
    c.read([&](ContentTx& tx) {
        CHECK(show(tx.pair(full.id)) == show(full));
        CHECK(full.picture_id);
        CHECK(full.object_id);
        CHECK(full.statement_id);
        CHECK(full.question_id);
        CHECK(full.answer_type == "yes_no");
        CHECK(full.level == 42);
        Pair empty;
        empty.id = bare.id;
        CHECK(show(tx.pair(bare.id)) == show(empty));
        CHECK_FALSE(tx.pair(bare.id + 100));
        CHECK(tx.pair_categories(full.id).empty());
        return 0;
    });

    Pair changed = pair_of(std::nullopt, std::nullopt);
    changed.id = full.id;
    changed.answer_type = "word";
    changed.created_at = ts("2030-01-01T00:00:00.000Z");
    c.write([&](ContentTx& tx) {
        tx.update_pair(changed);
        tx.set_pair_categories(full.id, {5, 2, 9});
        tx.set_pair_categories(bare.id, {1});
    });
    changed.created_at = full.created_at;
    c.read([&](ContentTx& tx) {
        CHECK(show(tx.pair(full.id)) == show(changed));
        CHECK(show(tx.pair_categories(full.id)) ==
              "category 2 'Essen'\ncategory 5 'Haus'\ncategory 9 'Körper'\n");
        return 0;
    });
    // set_pair_categories replaces the set.
    c.write([&](ContentTx& tx) { tx.set_pair_categories(full.id, {9, 12}); });
    c.read([&](ContentTx& tx) {
        CHECK(ids_of(tx.pair_categories(full.id)) == std::vector<Id>{9, 12});
        CHECK(ids_of(tx.pair_categories(bare.id)) == std::vector<Id>{1});
        return 0;
    });
    c.write([&](ContentTx& tx) { tx.set_pair_categories(full.id, {}); });
    CHECK(c.read([&](ContentTx& tx) { return tx.pair_categories(full.id); }).empty());
}
