// Items' versions (the ETag) and the If-Match check in the use cases, on the memory adapters
// (docs/authoring-guide.md "Two editors at once").
#include <functional>

#include "core/app/authoring/objects.hpp"
#include "core/app/authoring/pairs.hpp"
#include "core/app/authoring/pictures.hpp"
#include "core/app/authoring/review.hpp"
#include "core/app/authoring/texts.hpp"
#include "core/app/authoring/versions.hpp"
#include "core/app/authoring/words.hpp"
#include "tests/unit/support/authoring_world.hpp"

using namespace ll;
using namespace ll::test;

namespace {

const std::string kChanged = "Changed by someone else: reload";

VersionCondition only(const std::string& version) {
    return VersionCondition::listed({version});
}

// Each change of one member gives another version, and the same item the same one.
template <typename T>
void each_change_is_seen(const T& item, const std::vector<std::function<void(T&)>>& changes) {
    const std::string base = version_of(item);
    CHECK(base.size() == 16);
    CHECK(version_of(T(item)) == base);
    for (std::size_t i = 0; i < changes.size(); ++i) {
        T changed = item;
        changes[i](changed);
        INFO("change " << i);
        CHECK(version_of(changed) != base);
    }
}

}  // namespace

TEST_CASE("versions: every member of an answer changes the version", "[authoring][versions]") {
    const Timestamp later = *parse_timestamp("2026-11-23T10:00:00.000Z");
    Picture p;
    p.id = 1;
    each_change_is_seen<Picture>(
        p, {[](Picture& x) { x.id = 2; }, [](Picture& x) { x.status = "new"; },
            [](Picture& x) { x.title = ""; }, [](Picture& x) { x.image_path = "a.png"; },
            [](Picture& x) { x.image_mime = "image/png"; }, [](Picture& x) { x.width = 1; },
            [](Picture& x) { x.height = 1; }, [](Picture& x) { x.objects_created = true; },
            [&](Picture& x) { x.objects_created_at = later; },
            [&](Picture& x) { x.created_at = later; }, [&](Picture& x) { x.updated_at = later; }});

    ContentObject o;
    o.selections.push_back(Selection{Selection::Type::bbox, 1, 2, 3, 4, {}});
    each_change_is_seen<ContentObject>(
        o, {[](ContentObject& x) { x.picture_id = 2; }, [](ContentObject& x) { x.parent_id = 0; },
            [](ContentObject& x) { x.user_notes = "n"; },
            [](ContentObject& x) { x.selections[0].h = 5; },
            [](ContentObject& x) { x.selections[0].type = Selection::Type::polygon; },
            [](ContentObject& x) { x.selections.clear(); },
            [](ContentObject& x) { x.status = "reviewed"; },
            [&](ContentObject& x) { x.updated_at = later; }});

    Word w;
    w.title_de = "Hund";
    each_change_is_seen<Word>(
        w, {[](Word& x) { x.title_de = "Hunde"; }, [](Word& x) { x.title_en = "dog"; },
            [](Word& x) { x.title_sv = "hund"; }, [](Word& x) { x.level = 2; },
            [](Word& x) { x.status = "published"; },
            [](Word& x) {
                x.categories.push_back({1, "Tiere"});
            },
            [&](Word& x) { x.updated_at = later; }});

    // Neighbouring optional texts cannot trade places unseen.
    Statement s;
    s.text_de = "ab";
    each_change_is_seen<Statement>(
        s, {[](Statement& x) {
                x.text_de = "a";
                x.text_en = "b";
            },
            [](Statement& x) {
                x.text_de.reset();
                x.text_en = "ab";
            },
            [](Statement& x) { x.text_sv = ""; }, [](Statement& x) { x.status = "reviewed"; },
            [](Statement& x) { x.draft = StatementDraft{}; },
            [](Statement& x) {
                x.draft = StatementDraft{};
                x.draft->text_de = "ab";
            },
            [](Statement& x) {
                x.draft = StatementDraft{};
                x.draft->status = "reviewed";
            }});

    // Each member of a draft too (docs/authoring-guide.md "Drafts of published content").
    Statement drafted;
    drafted.draft = StatementDraft{};
    each_change_is_seen<Statement>(drafted, {[](Statement& x) { x.draft->text_de = "a"; },
                                             [](Statement& x) { x.draft->text_en = "a"; },
                                             [](Statement& x) { x.draft->text_sv = "a"; },
                                             [](Statement& x) { x.draft->status = "reviewed"; },
                                             [&](Statement& x) { x.draft->updated_at = later; }});
    Question drafted_q;
    drafted_q.draft = QuestionDraft{};
    each_change_is_seen<Question>(
        drafted_q,
        {[](Question& x) { x.draft->text_de = "a"; }, [](Question& x) { x.draft->text_en = "a"; },
         [](Question& x) { x.draft->text_sv = "a"; },
         [](Question& x) { x.draft->short_answer_de = "a"; },
         [](Question& x) { x.draft->short_answer_en = "a"; },
         [](Question& x) { x.draft->short_answer_se = "a"; },
         [](Question& x) { x.draft->level = 9; }, [](Question& x) { x.draft->status = "reviewed"; },
         [&](Question& x) { x.draft->updated_at = later; }});

    Question q;
    each_change_is_seen<Question>(
        q,
        {[](Question& x) { x.object_id = 3; }, [](Question& x) { x.text_de = "Was?"; },
         [](Question& x) { x.short_answer_de = "a"; }, [](Question& x) { x.short_answer_en = "a"; },
         [](Question& x) { x.short_answer_se = "a"; }, [](Question& x) { x.level = 9; },
         [](Question& x) { x.draft = QuestionDraft{}; },
         [](Question& x) {
             x.draft = QuestionDraft{};
             x.draft->short_answer_de = "a";
         },
         [](Question& x) {
             x.draft = QuestionDraft{};
             x.draft->level = 9;
         }});

    PairView v;
    v.statement = Statement{};
    each_change_is_seen<PairView>(
        v, {[](PairView& x) { x.pair.level = 4; }, [](PairView& x) { x.pair.answer_type = "text"; },
            [](PairView& x) { x.pair.question_id = 1; },
            [](PairView& x) { x.statement->text_en = "A dog."; },
            [](PairView& x) { x.statement.reset(); }, [](PairView& x) { x.question = Question{}; },
            [](PairView& x) {
                x.words.push_back({1, "statement", 2, "Hund"});
            },
            [](PairView& x) {
                x.categories.push_back({1, "Tiere"});
            }});
}

TEST_CASE("versions: If-Match conditions", "[authoring][versions]") {
    CHECK_FALSE(VersionCondition{}.conditional());
    CHECK(VersionCondition{}.matches("x"));
    CHECK(VersionCondition::any().matches("x"));
    CHECK(VersionCondition::listed({"a", "b"}).matches("b"));
    CHECK_FALSE(VersionCondition::listed({"a", "b"}).matches("c"));
    CHECK_FALSE(VersionCondition::listed({}).matches("a"));
}

TEST_CASE("versions: a stale PATCH or DELETE is 412 and changes nothing", "[authoring][versions]") {
    AuthoringWorld w;
    const Statement s = ok(decoded(create_statement, w.ports, body(R"({"text_de":"Ein Hund."})")));
    const std::string v1 = version_of(s);
    CHECK(version_of(ok(get_statement(w.ports, s.id))) == v1);

    w.clock.advance(std::chrono::seconds(1));
    const Statement changed =
        ok(decoded(patch_statement, w.ports, s.id, body(R"({"text_en":"A dog."})"), only(v1)));
    const std::string v2 = version_of(changed);
    CHECK(v2 != v1);

    // The editor who read v1 is refused, whatever the body, and the store keeps v2.
    const auto stale =
        decoded(patch_statement, w.ports, s.id, body(R"({"text_en":"Lost."})"), only(v1));
    CHECK(status_of(stale) == 412);
    CHECK(error_of(stale) == kChanged);
    CHECK(version_of(ok(get_statement(w.ports, s.id))) == v2);
    CHECK(status_of(delete_statement(w.ports, s.id, only(v1))) == 412);
    CHECK(w.stored([&](ContentTx& tx) { return tx.statement(s.id).has_value(); }));

    // A list naming the current version, and `*`, match; an empty list matches nothing.
    CHECK(status_of(decoded(patch_statement, w.ports, s.id, body(R"({"text_sv":"En hund."})"),
                            VersionCondition::listed({v1, v2}))) == 200);
    CHECK(status_of(decoded(patch_statement, w.ports, s.id, body("{}"),
                            VersionCondition::listed({}))) == 412);
    CHECK(status_of(decoded(patch_statement, w.ports, s.id, body("{}"), VersionCondition::any())) ==
          200);
    // Without a condition, as before.
    CHECK(status_of(decoded(patch_statement, w.ports, s.id, body("{}"))) == 200);

    // 404 comes before 412.
    CHECK(status_of(delete_statement(w.ports, s.id + 100, only(v1))) == 404);
    CHECK(status_of(decoded(patch_statement, w.ports, s.id + 100, body("{}"),
                            VersionCondition::any())) == 404);

    const std::string now = version_of(ok(get_statement(w.ports, s.id)));
    CHECK(status_of(delete_statement(w.ports, s.id, only(now))) == 200);
    CHECK_FALSE(w.stored([&](ContentTx& tx) { return tx.statement(s.id).has_value(); }));
}

TEST_CASE("versions: each kind checks If-Match; a review moves the version",
          "[authoring][versions]") {
    AuthoringWorld w;
    const Picture picture = ok(decoded(create_picture, w.ports, body(R"({"title":"Hof"})")));
    const ContentObject object = ok(decoded(
        create_object, w.ports, body(R"({"picture_id":)" + std::to_string(picture.id) + "}")));
    const Word word = ok(decoded(create_word, w.ports, body(R"({"title_de":"Hund","level":2})")));
    const Question question =
        ok(decoded(create_question, w.ports, body(R"({"text_de":"Was ist das?"})")));
    const PairView pair =
        ok(decoded(create_pair, w.ports,
                   body(R"({"picture_id":)" + std::to_string(picture.id) +
                        R"(,"answer_type":"word","statement":{"text_de":"Ein Hund."}})")));
    const VersionCondition stale = only("0000000000000000");

    CHECK(status_of(decoded(patch_picture, w.ports, picture.id, body(R"({"title":"x"})"), stale)) ==
          412);
    CHECK(ok(get_picture(w.ports, picture.id)).title == "Hof");
    CHECK(status_of(decoded(patch_picture, w.ports, picture.id, body(R"({"title":"x"})"),
                            only(version_of(picture)))) == 200);
    CHECK(status_of(delete_picture(w.ports, picture.id, stale)) == 412);

    CHECK(status_of(decoded(patch_object, w.ports, object.id, body(R"({"user_notes":"x"})"),
                            stale)) == 412);
    CHECK(ok(get_object(w.ports, object.id)).user_notes == std::nullopt);
    CHECK(status_of(delete_object(w.ports, object.id, stale)) == 412);
    const ContentObject reviewed =
        ok(change_object_status(w.ports, object.id, ReviewAction::review));
    CHECK(version_of(reviewed) != version_of(object));
    CHECK(status_of(decoded(patch_object, w.ports, object.id, body(R"({"user_notes":"x"})"),
                            only(version_of(object)))) == 412);

    CHECK(status_of(decoded(patch_word, w.ports, word.id, body(R"({"level":5})"), stale)) == 412);
    CHECK(ok(get_word(w.ports, word.id)).level == 2);
    CHECK(status_of(delete_word(w.ports, word.id, stale)) == 412);
    CHECK(status_of(delete_word(w.ports, word.id, only(version_of(word)))) == 200);

    CHECK(status_of(decoded(patch_question, w.ports, question.id, body(R"({"level":5})"), stale)) ==
          412);
    CHECK(ok(get_question(w.ports, question.id)).level == 1);
    CHECK(status_of(delete_question(w.ports, question.id, stale)) == 412);

    // A pair's version covers its statement: a change through the statement route moves it.
    CHECK(status_of(decoded(patch_pair, w.ports, pair.pair.id, body(R"({"level":5})"), stale)) ==
          412);
    CHECK(ok(get_pair(w.ports, pair.pair.id)).pair.level == pair.pair.level);
    CHECK(status_of(delete_pair(w.ports, pair.pair.id, stale)) == 412);
    ok(decoded(patch_statement, w.ports, *pair.pair.statement_id, body(R"({"text_en":"A dog."})")));
    const PairView after = ok(get_pair(w.ports, pair.pair.id));
    CHECK(version_of(after) != version_of(pair));
    CHECK(status_of(delete_pair(w.ports, pair.pair.id, only(version_of(pair)))) == 412);
    CHECK(status_of(delete_pair(w.ports, pair.pair.id, only(version_of(after)))) == 200);
}
