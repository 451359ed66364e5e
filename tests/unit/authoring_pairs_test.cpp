// Pairs and their words, categories and publishing, on the memory adapters.
#include "core/app/authoring/objects.hpp"
#include "core/app/authoring/pairs.hpp"
#include "core/app/authoring/pictures.hpp"
#include "core/app/authoring/words.hpp"
#include "tests/unit/support/authoring_world.hpp"

using namespace ll;
using namespace ll::test;

namespace {

struct PairWorld : ObjectWorld {
    Id animals = 1, food = 2;  // seeded categories (Tiere, Essen)

    Id word(const std::string& title, Id category) {
        return ok(decoded(create_word, ports,
                          body(R"({"title_de":")" + title + R"(","level":2,"category_ids":[)" +
                               std::to_string(category) + "]}")))
            .id;
    }
    PairView pair(const std::string& extra = "") {
        return ok(decoded(create_pair, ports,
                          body(R"({"picture_id":)" + std::to_string(picture) + R"(,"object_id":)" +
                               std::to_string(object) +
                               R"(,"answer_type":"word","statement":{"text_de":"Ein Hund."},)"
                               R"("question":{"text_de":"Was ist das?"})" +
                               extra + "}")));
    }
};

}  // namespace

TEST_CASE("pairs: words_add both makes two links with ids unique across both tables",
          "[authoring][pairs]") {
    PairWorld w;
    const Id dog = w.word("Hund", w.animals);
    const PairView p =
        w.pair(R"(,"words_add":[{"word_id":)" + std::to_string(dog) + R"(,"link_to":"both"}])");
    REQUIRE(p.words.size() == 2);
    CHECK(p.words[0].link_id != p.words[1].link_id);
    CHECK(p.words[0].word_id == dog);
    CHECK(p.words[0].title_de == "Hund");
    std::set<std::string> targets{p.words[0].link_to, p.words[1].link_to};
    CHECK(targets == std::set<std::string>{"question", "statement"});
    // Adding the same links again changes nothing.
    const auto again = ok(decoded(
        patch_pair, w.ports, p.pair.id,
        body(R"({"words_add":[{"word_id":)" + std::to_string(dog) + R"(,"link_to":"both"}]})")));
    CHECK(again.words.size() == 2);
}

TEST_CASE("pairs: a PATCH is one transaction", "[authoring][pairs]") {
    PairWorld w;
    const PairView p = w.pair();
    const auto refused =
        decoded(patch_pair, w.ports, p.pair.id,
                body(R"({"level":9,"statement":{"text_de":"Neu."},"words_remove":[999]})"));
    CHECK(refused.error().status == 400);
    CHECK(refused.error().message == "words_remove[0]: link 999 does not belong to this pair");
    const PairView now = ok(get_pair(w.ports, p.pair.id));
    CHECK(now.pair.level == 1);
    CHECK(now.statement->text_de == "Ein Hund.");
}

TEST_CASE("pairs: question created, updated, removed with null", "[authoring][pairs]") {
    PairWorld w;
    const PairView p =
        ok(decoded(create_pair, w.ports,
                   body(R"({"picture_id":)" + std::to_string(w.picture) +
                        R"(,"answer_type":"text","statement":{"text_en":"A dog."}})")));
    CHECK_FALSE(p.question);
    const auto with =
        ok(decoded(patch_pair, w.ports, p.pair.id,
                   body(R"({"question":{"text_de":"Was?","short_answer_de":"Hund"}})")));
    REQUIRE(with.question);
    const Id question = with.question->id;
    const auto updated =
        ok(decoded(patch_pair, w.ports, p.pair.id, body(R"({"question":{"text_en":"What?"}})")));
    CHECK(updated.question->id == question);
    CHECK(updated.question->text_de == "Was?");
    CHECK(updated.question->text_en == "What?");
    const auto removed = ok(decoded(patch_pair, w.ports, p.pair.id, body(R"({"question":null})")));
    CHECK_FALSE(removed.question);
    CHECK_FALSE(w.stored([&](ContentTx& tx) { return tx.question(question); }));
    CHECK(error_of(decoded(patch_pair, w.ports, p.pair.id, body(R"({"statement":null})"))) ==
          "statement cannot be removed: a pair needs one");
}

TEST_CASE("pairs: publish gating and categories from statement and object words",
          "[authoring][pairs]") {
    PairWorld w;
    const Id dog = w.word("Hund", w.animals);
    const Id bone = w.word("Knochen", w.food);
    ok(decoded(add_object_word, w.ports, w.object,
               body(R"({"title_de":"Hund"})")));  // dog: via the object
    const PairView p = w.pair(R"(,"words_add":[{"word_id":)" + std::to_string(bone) +
                              R"(,"link_to":"statement"}])");
    const auto draft = change_pair_status(w.ports, p.pair.id, ReviewAction::publish);
    CHECK(draft.error().status == 409);
    CHECK(draft.error().message == "Only reviewed items can be published");
    CHECK(ok(get_pair(w.ports, p.pair.id)).pair.status == "draft");
    ok(change_pair_status(w.ports, p.pair.id, ReviewAction::review));
    const auto published = ok(change_pair_status(w.ports, p.pair.id, ReviewAction::publish));
    REQUIRE(published.categories.size() == 2);
    CHECK(published.categories[0].id == w.animals);
    CHECK(published.categories[1].id == w.food);
    (void)dog;
    // Recomputed on the next publish after the words changed.
    ok(decoded(patch_pair, w.ports, p.pair.id,
               body(R"({"words_remove":[)" + std::to_string(published.words[0].link_id) + "]}")));
    ok(change_pair_status(w.ports, p.pair.id, ReviewAction::unpublish));
    CHECK(ok(change_pair_status(w.ports, p.pair.id, ReviewAction::publish)).categories.size() == 1);
}

TEST_CASE("pairs: the pipeline publishes exactly the reviewed pairs of the picture",
          "[authoring][pairs]") {
    PairWorld w;
    const PairView a = w.pair(), b = w.pair(), c = w.pair();
    ok(change_pair_status(w.ports, a.pair.id, ReviewAction::review));
    ok(change_pair_status(w.ports, c.pair.id, ReviewAction::review));
    const Id other_picture = ok(decoded(create_picture, w.ports, body("{}"))).id;
    const PairView elsewhere =
        ok(decoded(create_pair, w.ports,
                   body(R"({"picture_id":)" + std::to_string(other_picture) +
                        R"(,"answer_type":"word","statement":{"text_de":"X"}})")));
    ok(change_pair_status(w.ports, elsewhere.pair.id, ReviewAction::review));

    const auto result = ok(decoded(publish_pipeline, w.ports,
                                   body(R"({"picture_id":)" + std::to_string(w.picture) + "}")));
    REQUIRE(result.published.size() == 2);
    CHECK(result.published[0].pair.id == a.pair.id);
    CHECK(result.published[1].pair.id == c.pair.id);
    CHECK(ok(get_pair(w.ports, b.pair.id)).pair.status == "draft");
    CHECK(ok(get_pair(w.ports, elsewhere.pair.id)).pair.status == "reviewed");
    CHECK(status_of(decoded(publish_pipeline, w.ports, body(R"({"picture_id":999})"))) == 404);
}

TEST_CASE("pairs: delete takes the statement and question unless shared", "[authoring][pairs]") {
    PairWorld w;
    const PairView first = w.pair();
    const PairView shared = ok(decoded(create_pair, w.ports,
                                       body(R"({"picture_id":)" + std::to_string(w.picture) +
                                            R"(,"answer_type":"text","statement_id":)" +
                                            std::to_string(first.statement->id) + "}")));
    ok(delete_pair(w.ports, first.pair.id));
    CHECK(w.stored([&](ContentTx& tx) { return tx.statement(first.statement->id).has_value(); }));
    CHECK_FALSE(
        w.stored([&](ContentTx& tx) { return tx.question(first.question->id).has_value(); }));
    ok(delete_pair(w.ports, shared.pair.id));
    CHECK_FALSE(
        w.stored([&](ContentTx& tx) { return tx.statement(first.statement->id).has_value(); }));
    CHECK(status_of(delete_pair(w.ports, shared.pair.id)) == 404);
}

TEST_CASE("pictures and objects used by pairs cannot be deleted", "[authoring][pairs]") {
    PairWorld w;
    w.pair();
    CHECK(error_of(delete_picture(w.ports, w.picture)) ==
          "Picture " + std::to_string(w.picture) + " is used by 1 pair(s): delete them first");
    CHECK(status_of(delete_object(w.ports, w.object)) == 409);
    CHECK(w.stored([&](ContentTx& tx) { return tx.picture(w.picture).has_value(); }));
}
