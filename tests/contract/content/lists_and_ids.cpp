// ContentStore contract across the aggregates (core/ports/content_store.hpp): lists are by id,
// paged after/limit, filters combine with AND; ids are positive, ascending and never reused.
#include <catch2/catch.hpp>

#include "tests/contract/content_support.hpp"

using namespace ll;
using namespace ll::test;

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
