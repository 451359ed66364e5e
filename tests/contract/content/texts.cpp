// ContentStore contract: statements and questions (core/ports/content/texts.hpp) -- every field
// round-trips, nulls included.
#include <catch2/catch.hpp>

#include <tuple>

#include "tests/contract/content_support.hpp"

using namespace ll;
using namespace ll::test;

TEST_CASE("content: statements and questions round-trip every field and nulls", "[content]") {
    ContentDb c;
    Statement st = statement_with("Das ist ein Hund.", "This is a dog.", "Det är en hund.");
    st.status = status::kPublished;
    Question q = question_with("Was ist das?");
    q.text_en = "What is this?";
    q.text_sv = "Vad är det?";
    q.short_answer_de = "Hund";
    q.short_answer_en = "dog";
    q.short_answer_se = "hund";
    q.level = 100;
    q.status = status::kReviewed;
    const auto [object, s1, s2, q1, q2] = c.write([&](ContentTx& tx) {
        const Id picture = tx.insert_picture(full_picture()).id;
        const Id obj = tx.insert_object(object_of(picture)).id;
        Question with_object = q;
        with_object.object_id = obj;
        return std::tuple{obj, tx.insert_statement(st), tx.insert_statement(Statement{}),
                          tx.insert_question(with_object), tx.insert_question(Question{})};
    });
    c.read([&](ContentTx& tx) {
        Statement want = st;
        want.id = s1.id;
        CHECK(show(tx.statement(s1.id)) == show(want));
        Statement bare;
        bare.id = s2.id;
        CHECK(show(tx.statement(s2.id)) == show(bare));
        Question wq = q;
        wq.id = q1.id;
        wq.object_id = object;
        CHECK(show(tx.question(q1.id)) == show(wq));
        CHECK(show(q1) == show(wq));
        Question bq;
        bq.id = q2.id;
        CHECK(show(tx.question(q2.id)) == show(bq));
        CHECK_FALSE(tx.statement(s2.id + 100));
        CHECK_FALSE(tx.question(q2.id + 100));
        return 0;
    });

    // Updates: every field but id and created_at, to null and back.
    Statement st2 = statement_with(std::nullopt, "Only English");
    st2.id = s1.id;
    st2.created_at = ts("2030-01-01T00:00:00.000Z");
    Question q3 = question_with(std::nullopt);
    q3.id = q1.id;
    q3.short_answer_se = "ja";
    q3.level = 7;
    q3.created_at = ts("2030-01-01T00:00:00.000Z");
    Statement st3 = st;
    st3.id = s2.id;
    c.write([&](ContentTx& tx) {
        tx.update_statement(st2);
        tx.update_question(q3);
        tx.update_statement(st3);
        Statement unknown = st;
        unknown.id = s2.id + 100;
        tx.update_statement(unknown);
        Question unknown_q = q;
        unknown_q.id = q2.id + 100;
        tx.update_question(unknown_q);
    });
    c.read([&](ContentTx& tx) {
        st2.created_at = st.created_at;
        CHECK(show(tx.statement(s1.id)) == show(st2));
        q3.created_at = q.created_at;
        CHECK(show(tx.question(q1.id)) == show(q3));
        st3.created_at = Statement{}.created_at;
        CHECK(show(tx.statement(s2.id)) == show(st3));
        CHECK_FALSE(tx.statement(s2.id + 100));
        CHECK_FALSE(tx.question(q2.id + 100));
        return 0;
    });
}

// Drafts of live texts (core/domain/text_drafts.hpp): beside the item's own row, read with it by
// the item, its list and the content lists; an update of the row leaves the draft; the draft
// goes with its item.
TEST_CASE("content: a text's draft is kept beside it, read with it, and goes with it",
          "[content][drafts]") {
    ContentDb c;
    Statement st = statement_with("Der Hund bellt.");
    st.status = status::kPublished;
    Question q = question_with("Was ist das?");
    q.status = status::kPublished;
    const auto [s1, s2, q1] = c.write([&](ContentTx& tx) {
        return std::tuple{tx.insert_statement(st), tx.insert_statement(st), tx.insert_question(q)};
    });
    StatementDraft sd;
    sd.text_de = "Der Hund schläft.";
    sd.text_sv = "Hunden sover.";
    sd.updated_at = ts("2026-12-07T10:00:00.000Z");
    QuestionDraft qd;
    qd.text_de = "Wer ist das?";
    qd.short_answer_se = "hund";
    qd.level = 42;
    qd.status = status::kReviewed;
    qd.updated_at = ts("2026-12-07T11:00:00.000Z");
    c.write([&](ContentTx& tx) {
        tx.set_statement_draft(s1.id, sd);
        tx.set_question_draft(q1.id, qd);
        return 0;
    });
    Statement want = s1;
    want.draft = sd;
    Question want_q = q1;
    want_q.draft = qd;
    c.read([&](ContentTx& tx) {
        CHECK(show(tx.statement(s1.id)) == show(want));
        CHECK(show(tx.statement(s2.id)) == show(s2));  // no draft
        CHECK(show(tx.question(q1.id)) == show(want_q));
        const auto listed = tx.statements({}, Page{std::nullopt, 10});
        REQUIRE(listed.size() == 2);
        CHECK(show(listed[0]) == show(want));
        CHECK(show(listed[1]) == show(s2));
        const auto questions = tx.questions({}, Page{std::nullopt, 10});
        REQUIRE(questions.size() == 1);
        CHECK(show(questions[0]) == show(want_q));
        return 0;
    });

    // Replaced; the row updated without touching it; removed.
    sd.status = status::kReviewed;
    sd.text_de.reset();
    c.write([&](ContentTx& tx) {
        tx.set_statement_draft(s1.id, sd);
        Statement row = s1;
        row.text_en = "The dog barks.";
        row.draft.reset();
        tx.update_statement(row);
        tx.set_question_draft(q1.id, std::nullopt);
        return 0;
    });
    want.draft = sd;
    want.text_en = "The dog barks.";
    c.read([&](ContentTx& tx) {
        CHECK(show(tx.statement(s1.id)) == show(want));
        CHECK(show(tx.question(q1.id)) == show(q1));
        return 0;
    });

    // The draft goes with its statement: a new statement never finds an old draft.
    c.write([&](ContentTx& tx) {
        tx.delete_statement(s1.id);
        return 0;
    });
    c.read([&](ContentTx& tx) {
        CHECK_FALSE(tx.statement(s1.id));
        CHECK(tx.statements({}, Page{std::nullopt, 10}).size() == 1);
        return 0;
    });
}
