// The staff requests' decoders (core/app/authoring/requests): a good body decodes fully, a bad
// field of each kind gives the 400 naming it, several bad fields give the first one's, and the
// problems a use case answers only after a lookup (404, "no such picture") stay behind it.
#include "core/app/authoring/audio.hpp"
#include "core/app/authoring/generation.hpp"
#include "core/app/authoring/objects.hpp"
#include "core/app/authoring/pairs.hpp"
#include "core/app/authoring/pictures.hpp"
#include "core/app/authoring/texts.hpp"
#include "core/app/authoring/words.hpp"
#include "tests/unit/support/authoring_world.hpp"
#include "tests/unit/support/image_fixtures.hpp"

using namespace ll;
using namespace ll::test;

namespace {

// The 400 message decoding `json` as T gives ("(no error)" when it decodes).
template <typename T>
std::string refused(const std::string& json) {
    const auto r = decode<T>(body(json));
    if (r) return "(no error)";
    CHECK(r.error().status == 400);
    return r.error().message;
}

}  // namespace

TEST_CASE("requests: good bodies decode fully", "[authoring][requests]") {
    const auto object =
        ok(decode<NewObject>(body(R"({"picture_id":"7","parent_id":3,"user_notes":"  Ecke ",)"
                                  R"("selections":[{"type":"bbox","x":1,"y":2,"w":3,"h":4}]})")));
    CHECK(object.picture_id == 7);
    CHECK(object.parent_id == Id{3});
    CHECK(object.user_notes == "Ecke");
    REQUIRE(object.selections.value.size() == 1);
    CHECK(object.selections.value[0].h == 4);
    CHECK_FALSE(object.selections.error);

    const auto patch = ok(decode<ObjectPatch>(body(R"({"parent_id":null,"user_notes":""})")));
    CHECK(patch.parent_id.present);
    CHECK_FALSE(patch.parent_id.value);
    CHECK(patch.user_notes.present);
    CHECK_FALSE(patch.user_notes.value);
    CHECK_FALSE(patch.selections);

    const auto list = ok(decode<PictureListQuery>(
        body(R"({"limit":"20","after":"4","objects_created":"true","status":"new",)"
             R"("list":"annotation"})")));
    CHECK(list.page.limit == 20);
    CHECK(list.page.after == Id{4});
    CHECK(list.filter.objects_created == true);
    CHECK(list.filter.status == "new");
    CHECK(list.list == "annotation");
    CHECK(ok(decode<PairListQuery>(body("{}"))).page.limit == kDefaultListLimit);

    const auto word = ok(decode<NewWord>(
        body(R"({"title_de":"Hund","title_en":"dog","level":"3","status":"published",)"
             R"("category_ids":[2,"1",2]})")));
    CHECK(word.word.title_de == "Hund");
    CHECK(word.word.title_en == "dog");
    CHECK_FALSE(word.word.title_sv);
    CHECK(word.word.level == 3);
    CHECK(word.word.status == "published");
    CHECK(word.category_ids == std::vector<Id>{2, 1});
    CHECK(ok(decode<ObjectWord>(body(R"({"title_de":"Hund"})"))).word.level == 1);

    const auto pair =
        ok(decode<NewPair>(body(R"({"picture_id":1,"object_id":2,"answer_type":"word","level":5,)"
                                R"("statement":{"text_de":"Ein Hund."},"question_id":9,)"
                                R"("words_add":[{"word_id":4,"link_to":"statement"}]})")));
    CHECK(pair.picture_id == 1);
    CHECK(pair.object_id == Id{2});
    CHECK(pair.answer_type == "word");
    CHECK(pair.level == 5);
    REQUIRE(pair.statement);
    CHECK(pair.statement->value.text_de.value == "Ein Hund.");
    CHECK_FALSE(pair.question);
    CHECK(pair.question_id == Id{9});
    REQUIRE(pair.words_add.size() == 1);
    CHECK(pair.words_add[0].word_id == 4);
    CHECK(pair.words_add[0].to_statement);
    CHECK_FALSE(pair.words_add[0].to_question);

    const auto removal = ok(decode<PairPatch>(body(R"({"question":null,"words_remove":[3]})")));
    CHECK(removal.question.present);
    CHECK_FALSE(removal.question.value);
    CHECK(removal.words_remove == std::vector<Id>{3});

    const auto audio = ok(decode<GenerateAudio>(
        body(R"({"source_table":"questions","source_id":"5","source_field":"short_answer_se",)"
             R"("language":"sv"})")));
    CHECK(audio.source == AudioSource{"questions", 5, "short_answer_se", "sv"});
    const auto batch = ok(decode<GenerateAudioBatch>(body("{}")));
    CHECK(batch.limit == kDefaultAudioBatch);
    CHECK_FALSE(batch.table);

    const auto words = ok(decode<GenerateWords>(body(R"({"picture_id":1})")));
    CHECK(words.count == kDefaultGeneratedWords);
    CHECK(words.status == "draft");
    CHECK(ok(decode<GenerateQuestions>(body(R"({"count":"4"})"))).count == 4);
    CHECK(ok(decode<PublishQuestions>(body(R"({"ids":[3,3,"4"]})"))).ids == std::vector<Id>{3, 4});
}

TEST_CASE("requests: a bad field of each kind names the field", "[authoring][requests]") {
    // required
    CHECK(refused<NewObject>("{}") == "picture_id is required");
    CHECK(refused<NewWord>(R"({"title_de":"Hund"})") == "level is required");
    CHECK(refused<NewCategory>(R"({"titel_de":"  "})") == "titel_de is required");
    CHECK(refused<NewPair>(R"({"picture_id":1})") == "answer_type is required");
    CHECK(refused<GenerateAudio>(R"({"source_table":"words","source_id":1})") ==
          "source_field is required");
    // id
    CHECK(refused<NewObject>(R"({"picture_id":0})") == "picture_id must be a positive integer");
    CHECK(refused<ObjectPatch>(R"({"parent_id":"x"})") == "parent_id must be a positive integer");
    // text
    CHECK(refused<NewPicture>(R"({"title":5})") == "title must be a string");
    CHECK(refused<StatementTexts>(R"({"text_en":[]})") == "text_en must be a string");
    CHECK(refused<NewObject>(R"({"picture_id":1,"user_notes":")" + std::string(5001, 'x') +
                             R"("})") == "user_notes must be at most 5000 characters");
    // integer, level, boolean, choice
    CHECK(refused<ObjectListQuery>(R"({"limit":"0"})") == "limit must be an integer from 1 to 200");
    CHECK(refused<GenerateQuestions>(R"({"count":21})") == "count must be an integer from 1 to 20");
    CHECK(refused<NewQuestion>(R"({"text_de":"Was?","level":101})") ==
          "level must be an integer from 1 to 100");
    CHECK(refused<PictureListQuery>(R"({"objects_created":"ja"})") ==
          "objects_created must be true or false");
    CHECK(refused<WordListQuery>(R"({"status":"reviewed"})") ==
          "status must be one of draft, published");
    // lists and nested fields
    CHECK(refused<WordPatch>(R"({"category_ids":[1,-2]})") ==
          "category_ids[1] must be a positive integer");
    CHECK(refused<NewPair>(R"({"picture_id":1,"answer_type":"word","statement_id":2,)"
                           R"("words_add":[{"word_id":4,"link_to":"nowhere"}]})") ==
          "words_add[0].link_to must be one of question, statement, both");
    CHECK(refused<PairPatch>(R"({"words_add":[{"link_to":"both"}]})") ==
          "words_add[0].word_id is required");
    // checks across fields
    CHECK(refused<PicturePatch>(R"({"objects_created":null})") ==
          "objects_created must be true or false");
    CHECK(refused<WordPatch>(R"({"title_de":""})") == "title_de is required");
    CHECK(refused<PairPatch>(R"({"level":null})") == "level is required");
    CHECK(refused<PairPatch>(R"({"statement":null})") ==
          "statement cannot be removed: a pair needs one");
    CHECK(refused<GenerateWords>("{}") == "object_id or picture_id is required");
    CHECK(refused<PublishQuestions>(R"({"ids":[]})") == "ids must list at least one question");
    CHECK(
        refused<GenerateAudio>(
            R"({"source_table":"words","source_id":1,"source_field":"text_de","language":"de"})") ==
        "source_field must be one of title_de, title_en, title_sv");
    CHECK(
        refused<GenerateAudio>(
            R"({"source_table":"words","source_id":1,"source_field":"title_en","language":"de"})") ==
        "language must be en for source_field title_en");
}

TEST_CASE("requests: several bad fields give the first one's error", "[authoring][requests]") {
    CHECK(refused<NewObject>(R"({"parent_id":"x","user_notes":5})") == "picture_id is required");
    CHECK(refused<ObjectPatch>(R"({"status":"draft","picture_id":2})")
              .rfind("status is changed by", 0) == 0);
    CHECK(refused<PicturePatch>(R"({"title":5,"objects_created":"x"})") ==
          "title must be a string");
    CHECK(refused<NewWord>(R"({"title_de":"Hund","title_sv":5,"level":0})") ==
          "title_sv must be a string");
    CHECK(refused<PairListQuery>(R"({"status":"x","limit":"x","object_id":"x"})") ==
          "limit must be an integer from 1 to 200");
    CHECK(
        refused<NewPair>(R"({"picture_id":1,"answer_type":"word","level":0,"statement_id":"x"})") ==
        "level must be an integer from 1 to 100");
    CHECK(refused<GenerateWords>(R"({"object_id":1,"picture_id":2,"count":99})") ==
          "object_id and picture_id: give one of them");
    CHECK(refused<QuestionListQuery>(R"({"object_id":"x","status":"x"})") ==
          "object_id must be a positive integer");
}

TEST_CASE("requests: problems answered after a lookup stay behind it", "[authoring][requests]") {
    AuthoringWorld w;
    // A missing item answers 404 before the texts of its PATCH are looked at.
    CHECK(status_of(decoded(patch_statement, w.ports, 99, body(R"({"text_de":5})"))) == 404);
    CHECK(status_of(decoded(patch_question, w.ports, 99, body(R"({"text_de":5})"))) == 404);
    CHECK(status_of(decoded(patch_object, w.ports, 99, body(R"({"selections":5})"))) == 404);
    CHECK(status_of(decoded(patch_pair, w.ports, 99, body(R"({"statement":"x"})"))) == 404);
    // ... and the PATCH status rule before that.
    CHECK(error_of(decoded(patch_statement, w.ports, 99, body(R"({"status":"draft"})")))
              .rfind("status is changed by", 0) == 0);

    // The picture is looked up before the selections' shapes, and each selection is checked
    // against the picture's size before the next one's shape.
    CHECK(error_of(decoded(create_object, w.ports,
                           body(R"({"picture_id":99,"selections":[{"type":"x"}]})"))) ==
          "picture_id: no such picture");
    const auto jpeg = images::bytes(images::kJpegBaseline5x3);  // 5 x 3
    const Picture picture = ok(with_decoded<NewPicture>(body("{}"), [&](const NewPicture& r) {
        return upload_picture(w.ports, r, ImageUpload{jpeg, "image/jpeg"});
    }));
    const std::string inside = R"({"type":"bbox","x":0,"y":0,"w":1,"h":1})";
    const std::string outside = R"({"type":"bbox","x":4,"y":0,"w":2,"h":1})";
    const auto create = [&](const std::string& selections) {
        return error_of(decoded(create_object, w.ports,
                                body(R"({"picture_id":)" + std::to_string(picture.id) +
                                     R"(,"selections":[)" + selections + "]}")));
    };
    CHECK(create(outside + R"(,{"type":"x"})") ==
          "selections[0] must lie within the picture (5 x 3)");
    CHECK(create(inside + R"(,{"type":"x"},)" + outside) ==
          "selections[1].type must be bbox or polygon");
    CHECK(create(inside + "," + outside) == "selections[1] must lie within the picture (5 x 3)");
    // The selections before the parent.
    CHECK(error_of(decoded(create_object, w.ports,
                           body(R"({"picture_id":)" + std::to_string(picture.id) +
                                R"(,"parent_id":99,"selections":[)" + outside + "]}"))) ==
          "selections[0] must lie within the picture (5 x 3)");

    // A pair's picture and object before its statement's texts, the statement before the question.
    CHECK(error_of(decoded(create_pair, w.ports,
                           body(R"({"picture_id":99,"answer_type":"word","statement":"x"})"))) ==
          "picture_id: no such picture");
    CHECK(error_of(decoded(create_pair, w.ports,
                           body(R"({"picture_id":)" + std::to_string(picture.id) +
                                R"(,"answer_type":"word","statement":"x","question":5})"))) ==
          "statement must be an object");
    CHECK(error_of(decoded(create_pair, w.ports,
                           body(R"({"picture_id":)" + std::to_string(picture.id) +
                                R"(,"answer_type":"word","statement":{"text_de":"Hund"},)"
                                R"("question":{"text_en":7}})"))) ==
          "question.text_en must be a string");
    CHECK(error_of(decoded(create_pair, w.ports,
                           body(R"({"picture_id":)" + std::to_string(picture.id) +
                                R"(,"answer_type":"word","statement":{"text_de":" "}})"))) ==
          "statement.text_de, statement.text_en or statement.text_sv is required");
}
