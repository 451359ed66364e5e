// ContentStore contract: categories, pictures, objects, statements, questions and pairs --
// round trips of every field, lists, filters, paging and ids.
#include <catch2/catch.hpp>

#include <tuple>

#include "tests/contract/content_support.hpp"

using namespace ll;
using namespace ll::test;

TEST_CASE("content: the seeded categories; insert_category refuses an existing titel_de",
          "[content]") {
    ContentDb c;
    const auto seeded = c.read([](ContentTx& tx) { return tx.categories(); });
    REQUIRE(seeded.size() == 12);
    const char* titles[] = {"Tiere", "Essen",   "Farben", "Familie", "Haus",   "Kleidung",
                            "Natur", "Verkehr", "Körper", "Berufe",  "Zahlen", "Zeit"};
    for (std::size_t i = 0; i < seeded.size(); ++i) {
        CHECK(seeded[i].id == static_cast<Id>(i) + 1);
        CHECK(seeded[i].titel_de == titles[i]);
    }
    const auto added = c.write([](ContentTx& tx) { return tx.insert_category("Möbel"); });
    REQUIRE(added);
    CHECK(added->id > 12);
    CHECK(added->titel_de == "Möbel");
    CHECK(c.write([](ContentTx& tx) { return tx.insert_category("Möbel"); }) == std::nullopt);
    CHECK(c.write([](ContentTx& tx) { return tx.insert_category("Tiere"); }) == std::nullopt);
    // Exact titel_de: another spelling is another category.
    const auto lower = c.write([](ContentTx& tx) { return tx.insert_category("tiere"); });
    REQUIRE(lower);
    CHECK(lower->id > added->id);  // ids may have gaps (PostgreSQL sequences), never reuse
    c.read([&](ContentTx& tx) {
        CHECK(show(tx.category(added->id)) == show(added));
        CHECK(show(tx.category(9)) == "category 9 'Körper'");
        CHECK_FALSE(tx.category(999));
        CHECK(tx.categories().size() == 14);
        return 0;
    });
}

TEST_CASE("content: a picture round-trips every field and nulls; update keeps id, created_at",
          "[content]") {
    ContentDb c;
    const Picture want = full_picture();
    Picture bare;  // every optional field null, timestamps with milliseconds
    bare.created_at = ts("2026-01-02T03:04:05.006Z");
    bare.updated_at = ts("2026-01-02T03:04:05.007Z");
    const auto [full, empty] = c.write([&](ContentTx& tx) {
        Picture given = want;
        given.id = 777;  // ignored: the store assigns ids
        return std::pair{tx.insert_picture(given), tx.insert_picture(bare)};
    });
    CHECK(full.id > 0);
    CHECK(full.id != 777);
    CHECK(empty.id > full.id);
    Picture expected = want;
    expected.id = full.id;
    CHECK(show(full) == show(expected));
    c.read([&](ContentTx& tx) {
        CHECK(show(tx.picture(full.id)) == show(expected));
        Picture expected_bare = bare;
        expected_bare.id = empty.id;
        CHECK(show(tx.picture(empty.id)) == show(expected_bare));
        CHECK_FALSE(tx.picture(empty.id + 100));
        return 0;
    });

    // Update: every field but id and created_at, nulls included.
    Picture changed = bare;
    changed.id = full.id;
    changed.status = status::kNew;
    changed.created_at = ts("2030-01-01T00:00:00.000Z");  // not written
    changed.updated_at = ts("2026-09-09T09:09:09.909Z");
    c.write([&](ContentTx& tx) { tx.update_picture(changed); });
    Picture after = changed;
    after.created_at = want.created_at;
    CHECK(show(c.read([&](ContentTx& tx) { return tx.picture(full.id); })) == show(after));

    // And back to every field set.
    Picture refilled = want;
    refilled.id = empty.id;
    refilled.status = status::kDrawingCreated;
    c.write([&](ContentTx& tx) { tx.update_picture(refilled); });
    refilled.created_at = bare.created_at;
    CHECK(show(c.read([&](ContentTx& tx) { return tx.picture(empty.id); })) == show(refilled));

    // Unknown ids: nothing happens.
    changed.id = empty.id + 100;
    c.write([&](ContentTx& tx) { tx.update_picture(changed); });
    CHECK_FALSE(c.read([&](ContentTx& tx) { return tx.picture(empty.id + 100); }));
}

TEST_CASE("content: an object round-trips selections exactly, parent and notes", "[content]") {
    ContentDb c;
    const Id picture = c.write([](ContentTx& tx) { return tx.insert_picture(full_picture()).id; });
    ContentObject want = object_of(picture);
    want.user_notes = "links oben, \"Zitat\" und Ümlaut";
    want.status = status::kReviewed;
    Selection box;
    box.x = 10.5;
    box.y = 1.0 / 3.0;  // needs all 17 digits
    box.w = 0.1;
    box.h = 123456.789;
    Selection polygon;
    polygon.type = Selection::Type::polygon;
    polygon.points = {{3.25, 4}, {0, 0}, {-1.5, 2e-7}, {640, 480}};
    want.selections = {box, polygon};

    const auto [parent, child, plain] = c.write([&](ContentTx& tx) {
        const ContentObject p = tx.insert_object(want);
        ContentObject kid = object_of(picture, p.id);
        const ContentObject k = tx.insert_object(kid);
        return std::tuple{p, k, tx.insert_object(object_of(picture))};
    });
    ContentObject expected = want;
    expected.id = parent.id;
    CHECK(show(parent) == show(expected));
    c.read([&](ContentTx& tx) {
        const auto stored = tx.object(parent.id);
        REQUIRE(stored);
        CHECK(show(*stored) == show(expected));
        CHECK(stored->selections == want.selections);
        CHECK(must(tx.object(child.id)).parent_id == parent.id);
        // Nulls and an empty selection list.
        const auto bare = tx.object(plain.id);
        REQUIRE(bare);
        CHECK_FALSE(bare->parent_id);
        CHECK_FALSE(bare->user_notes);
        CHECK(bare->selections.empty());
        CHECK(bare->status == status::kDraft);
        CHECK_FALSE(tx.object(plain.id + 100));
        return 0;
    });

    ContentObject changed = object_of(picture, child.id);
    changed.id = parent.id;
    changed.status = status::kPublished;
    changed.selections = {polygon};
    changed.created_at = ts("2030-01-01T00:00:00.000Z");
    changed.updated_at = ts("2026-10-10T10:10:10.101Z");
    c.write([&](ContentTx& tx) { tx.update_object(changed); });
    changed.created_at = want.created_at;
    CHECK(show(c.read([&](ContentTx& tx) { return tx.object(parent.id); })) == show(changed));

    c.write([&](ContentTx& tx) {
        CHECK(tx.lock_object(parent.id));
        CHECK_FALSE(tx.lock_object(plain.id + 100));
    });
}

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

TEST_CASE("content: pictures by a title's text, ASCII letters without case, alike everywhere",
          "[content]") {
    ContentDb c;
    const std::vector<Id> P = c.write([](ContentTx& tx) {
        std::vector<Id> ids;
        for (const std::optional<std::string>& title :
             {std::optional<std::string>("Black Cat"), std::optional<std::string>("two cats"),
              std::optional<std::string>("Äpfel 100%"), std::optional<std::string>()}) {
            Picture p = full_picture();
            p.title = title;
            ids.push_back(tx.insert_picture(p).id);
        }
        return ids;
    });
    c.read([&](ContentTx& tx) {
        // The needle comes lower-cased by the use case (core/ports/content/pictures.hpp).
        const auto titled = [&](const char* text) {
            return ids_of(tx.pictures({std::nullopt, std::nullopt, text}, {}));
        };
        CHECK(titled("cat") == std::vector<Id>{P[0], P[1]});
        CHECK(titled("black c") == std::vector<Id>{P[0]});
        CHECK(titled("Äpfel") == std::vector<Id>{P[2]});
        CHECK(titled("äpfel").empty());  // beyond ASCII, as written
        CHECK(titled("%") == std::vector<Id>{P[2]});
        CHECK(titled("_").empty());
        CHECK(titled("horse").empty());
        return 0;
    });
}

TEST_CASE("content: lists are by id, after/limit paged, filters combine with AND", "[content]") {
    ContentDb c;
    struct Made {
        std::vector<Id> pictures, objects, statements, questions, pairs, words;
    };
    const Made m = c.write([](ContentTx& tx) {
        Made made;
        // pictures: (objects_created, status) = (F,draft) (T,objects_created) (F,new)
        // (T,objects_created) (F,draft)
        const std::pair<bool, const char*> kinds[] = {{false, status::kDraft},
                                                      {true, status::kObjectsCreated},
                                                      {false, status::kNew},
                                                      {true, status::kObjectsCreated},
                                                      {false, status::kDraft}};
        for (const auto& [created, st] : kinds) {
            Picture p = full_picture();
            p.objects_created = created;
            p.status = st;
            made.pictures.push_back(tx.insert_picture(p).id);
        }
        // objects: two on picture 0 (draft, reviewed), two on picture 1 (reviewed, draft)
        const std::pair<int, const char*> objects[] = {{0, status::kDraft},
                                                       {0, status::kReviewed},
                                                       {1, status::kReviewed},
                                                       {1, status::kDraft}};
        for (const auto& [picture, st] : objects) {
            ContentObject o = object_of(made.pictures[static_cast<std::size_t>(picture)]);
            o.status = st;
            made.objects.push_back(tx.insert_object(o).id);
        }
        const char* statuses[] = {status::kDraft, status::kPublished, status::kReviewed,
                                  status::kPublished};
        for (const char* st : statuses) {
            Statement s = statement_with("x");
            s.status = st;
            made.statements.push_back(tx.insert_statement(s).id);
            Question q = question_with("y", made.objects[made.statements.size() % 2]);
            q.status = st;
            made.questions.push_back(tx.insert_question(q).id);
            Word w = word_titled("Wort " + std::to_string(made.statements.size()));
            w.status = st == std::string(status::kPublished) ? status::kPublished : status::kDraft;
            made.words.push_back(tx.find_or_insert_word(w).first.id);
        }
        for (std::size_t i = 0; i < 4; ++i) {
            Pair p = pair_of(made.pictures[i % 2], made.statements[i], made.questions[i],
                             made.objects[i % 3]);
            p.status = statuses[i];
            made.pairs.push_back(tx.insert_pair(p).id);
        }
        return made;
    });
    const auto& P = m.pictures;
    c.read([&](ContentTx& tx) {
        CHECK(ids_of(tx.pictures({}, {})) == P);
        CHECK(ids_of(tx.pictures({}, {P[1], 2})) == std::vector<Id>{P[2], P[3]});
        CHECK(ids_of(tx.pictures({}, {P[3], 50})) == std::vector<Id>{P[4]});
        CHECK(tx.pictures({}, {P[4], 50}).empty());
        CHECK(ids_of(tx.pictures({}, {std::nullopt, 1})) == std::vector<Id>{P[0]});
        CHECK(ids_of(tx.pictures({true, std::nullopt, std::nullopt}, {})) ==
              std::vector<Id>{P[1], P[3]});
        CHECK(ids_of(tx.pictures({false, std::nullopt, std::nullopt}, {})) ==
              std::vector<Id>{P[0], P[2], P[4]});
        CHECK(ids_of(tx.pictures({false, status::kDraft, std::nullopt}, {})) ==
              std::vector<Id>{P[0], P[4]});
        CHECK(tx.pictures({true, status::kDraft, std::nullopt}, {}).empty());
        CHECK(ids_of(tx.pictures({std::nullopt, status::kNew, std::nullopt}, {})) ==
              std::vector<Id>{P[2]});
        CHECK(ids_of(tx.pictures({false, status::kDraft, std::nullopt}, {P[0], 50})) ==
              std::vector<Id>{P[4]});

        const auto& O = m.objects;
        CHECK(ids_of(tx.objects({}, {})) == O);
        CHECK(ids_of(tx.objects({P[0], std::nullopt}, {})) == std::vector<Id>{O[0], O[1]});
        CHECK(ids_of(tx.objects({P[1], status::kDraft}, {})) == std::vector<Id>{O[3]});
        CHECK(ids_of(tx.objects({std::nullopt, status::kReviewed}, {O[1], 1})) ==
              std::vector<Id>{O[2]});
        CHECK(tx.objects({P[2], std::nullopt}, {}).empty());

        const auto& S = m.statements;
        CHECK(ids_of(tx.statements({}, {})) == S);
        CHECK(ids_of(tx.statements({status::kPublished}, {})) == std::vector<Id>{S[1], S[3]});
        CHECK(ids_of(tx.statements({status::kPublished}, {S[1], 50})) == std::vector<Id>{S[3]});
        CHECK(ids_of(tx.statements({}, {S[0], 2})) == std::vector<Id>{S[1], S[2]});

        const auto& Q = m.questions;  // objects: O[1], O[0], O[1], O[0]
        CHECK(ids_of(tx.questions({}, {})) == Q);
        CHECK(ids_of(tx.questions({O[1], std::nullopt}, {})) == std::vector<Id>{Q[0], Q[2]});
        CHECK(ids_of(tx.questions({O[0], status::kPublished}, {})) == std::vector<Id>{Q[1], Q[3]});
        CHECK(ids_of(tx.questions({O[0], status::kDraft}, {})).empty());
        CHECK(ids_of(tx.questions({std::nullopt, status::kReviewed}, {})) == std::vector<Id>{Q[2]});
        CHECK(ids_of(tx.questions({}, {Q[2], 1})) == std::vector<Id>{Q[3]});

        const auto& W = m.words;
        CHECK(ids_of(tx.words({}, {})) == W);
        CHECK(ids_of(tx.words({status::kPublished}, {})) == std::vector<Id>{W[1], W[3]});
        CHECK(ids_of(tx.words({status::kDraft}, {W[0], 1})) == std::vector<Id>{W[2]});

        // pairs i: picture P[i%2], statement S[i], question Q[i], object O[i%3], status[i]
        const auto& R = m.pairs;
        CHECK(ids_of(tx.pairs({}, {})) == R);
        CHECK(ids_of(tx.pairs(pair_filter(P[0]), {})) == std::vector<Id>{R[0], R[2]});
        CHECK(ids_of(tx.pairs(pair_filter({}, O[0]), {})) == std::vector<Id>{R[0], R[3]});
        CHECK(ids_of(tx.pairs(pair_filter({}, {}, S[2]), {})) == std::vector<Id>{R[2]});
        CHECK(ids_of(tx.pairs(pair_filter({}, {}, {}, Q[3]), {})) == std::vector<Id>{R[3]});
        const PairFilter published = pair_filter({}, {}, {}, {}, status::kPublished);
        CHECK(ids_of(tx.pairs(published, {})) == std::vector<Id>{R[1], R[3]});
        const PairFilter p1_published = pair_filter(P[1], {}, {}, {}, status::kPublished);
        CHECK(ids_of(tx.pairs(p1_published, {})) == std::vector<Id>{R[1], R[3]});
        const PairFilter p0_o0 = pair_filter(P[0], O[0]);
        CHECK(ids_of(tx.pairs(p0_o0, {})) == std::vector<Id>{R[0]});
        CHECK(ids_of(tx.pairs({}, {R[0], 2})) == std::vector<Id>{R[1], R[2]});
        CHECK(ids_of(tx.pairs(published, {R[1], 50})) == std::vector<Id>{R[3]});

        CHECK(tx.count_pairs({}) == 4);
        CHECK(tx.count_pairs(published) == 2);
        CHECK(tx.count_pairs(p0_o0) == 1);
        CHECK(tx.count_pairs(pair_filter(P[2])) == 0);
        return 0;
    });
}

TEST_CASE("content: ids are positive, ascending and never reused, not even the highest",
          "[content]") {
    ContentDb c;
    struct Ids {
        Id picture, object, word, statement, question, pair, object_word, statement_word,
            question_word, audio;
    };
    const auto make = [&] {
        return c.write([](ContentTx& tx) {
            Ids ids{};
            ids.picture = tx.insert_picture(full_picture()).id;
            ids.object = tx.insert_object(object_of(ids.picture)).id;
            ids.word =
                tx.find_or_insert_word(word_titled("Id " + std::to_string(ids.picture))).first.id;
            ids.statement = tx.insert_statement(statement_with("s")).id;
            ids.question = tx.insert_question(question_with("q")).id;
            ids.pair = tx.insert_pair(pair_of(ids.picture, ids.statement)).id;
            ids.object_word = tx.link_object_word(ids.object, ids.word, false).first.id;
            ids.statement_word = tx.link_statement_word(ids.statement, ids.word).first.id;
            ids.question_word = tx.link_question_word(ids.question, ids.word, kRoleAnswer).first.id;
            ids.audio =
                tx.upsert_audio(audio_for("statements", ids.statement, "text_de", "de")).first.id;
            return ids;
        });
    };
    const Ids first = make();
    for (Id id :
         {first.picture, first.object, first.word, first.statement, first.question, first.pair,
          first.object_word, first.statement_word, first.question_word, first.audio}) {
        CHECK(id > 0);
    }
    const Ids second = make();
    // Delete the newest rows (the highest ids) in one transaction, then insert again.
    c.write([&](ContentTx& tx) {
        tx.delete_object_word_link(second.object_word);
        tx.delete_statement_word_link(second.statement_word);
        tx.delete_question_word_link(second.question_word);
        tx.delete_pair(second.pair);
        tx.delete_statement(second.statement);  // and its audio
        tx.delete_question(second.question);
        tx.delete_word(second.word);
        tx.delete_picture(second.picture);  // and its object
    });
    const Ids third = make();
    CHECK(third.picture > second.picture);
    CHECK(third.object > second.object);
    CHECK(third.word > second.word);
    CHECK(third.statement > second.statement);
    CHECK(third.question > second.question);
    CHECK(third.pair > second.pair);
    CHECK(third.object_word > second.object_word);
    CHECK(third.statement_word > second.statement_word);
    CHECK(third.question_word > second.question_word);
    CHECK(third.audio > second.audio);
    CHECK(second.picture > first.picture);
    CHECK(second.audio > first.audio);
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
