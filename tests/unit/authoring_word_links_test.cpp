// The word-link use cases of the studio on the memory adapters: suggestions that store nothing,
// words beside an object's label, unlinking, and a question's words with one role each.
#include "core/app/authoring/generation.hpp"
#include "core/app/authoring/objects.hpp"
#include "core/app/authoring/pictures.hpp"
#include "core/app/authoring/question_words.hpp"
#include "core/app/authoring/texts.hpp"
#include "core/app/authoring/words.hpp"
#include "tests/unit/support/authoring_world.hpp"

using namespace ll;
using namespace ll::test;

namespace {

struct LinkWorld : ObjectWorld {
    std::size_t word_count() {
        return stored([](ContentTx& tx) { return tx.words({}, Page{std::nullopt, 200}).size(); });
    }
    std::size_t link_count() {
        return stored([&](ContentTx& tx) {
            return tx.object_word_links(object).size() + tx.picture_word_links(picture).size();
        });
    }
    Id word(const std::string& title_de) {
        return ok(decoded(create_word, ports,
                          body(R"({"level":5,"title_de":")" + title_de + "\"}")))
            .id;
    }
};

GeneratedWord gw(const char* de, int level = 10) {
    return GeneratedWord{de, std::string(de) + "-en", std::string(de) + "-sv", level};
}

std::vector<std::pair<Id, std::string>> roles(const std::vector<WordView>& views) {
    std::vector<std::pair<Id, std::string>> out;
    for (const auto& v : views) out.emplace_back(v.word.id, v.role.value_or("?"));
    return out;
}

}  // namespace

TEST_CASE("suggest_words: the words generate_words would make or link, nothing stored",
          "[authoring][generation]") {
    LinkWorld w;
    const auto request = body(R"({"object_id":)" + std::to_string(w.object) + R"(,"count":4})");
    CHECK(status_of(decoded(suggest_words, w.ports, request)) == 409);  // no label yet
    const Id dog = ok(decoded(add_object_word, w.ports, w.object, body(R"({"title_de":"Hund"})")))
                       .words.at(0)
                       .word.id;
    const Id pup = w.word("Welpe");
    const auto words = w.word_count();
    const auto links = w.link_count();

    w.words.next_words = {gw(" hund "), gw("WELPE", 40), gw("Leine"), gw("leine"), gw("Napf")};
    const auto s = ok(decoded(suggest_words, w.ports, request));
    CHECK(s.generator == w.words.name());
    REQUIRE(s.words.size() == 3);  // count 4: Napf not taken; "leine" is "Leine"
    CHECK(s.words[0].title_de == "Hund");
    CHECK(s.words[0].word_id == dog);
    CHECK(s.words[0].linked);
    CHECK(s.words[0].title_en == "hund -en");  // the stored word has none: the proposal's
    CHECK(s.words[1].title_de == "Welpe");
    CHECK(s.words[1].level == 5);  // the stored word's
    CHECK(s.words[1].word_id == pup);
    CHECK(!s.words[1].linked);
    CHECK(s.words[2].title_de == "Leine");
    CHECK(s.words[2].word_id == std::nullopt);
    CHECK(w.word_count() == words);
    CHECK(w.link_count() == links);

    // Invalid output: the same refusal as generate_words.
    w.words.next_words = {gw("Hund", 101)};
    CHECK(decoded(suggest_words, w.ports, request).error().detail ==
          "word 0: level 101 is outside 1..100");
    w.words.fail = true;
    CHECK(status_of(decoded(suggest_words, w.ports, request)) == 502);
    CHECK(error_of(decoded(suggest_words, w.ports, body(R"({"count":3})"))) ==
          "object_id or picture_id is required");
    CHECK(w.word_count() == words);
}

TEST_CASE("add_object_word: is_label false leaves the label; unlinking keeps the word",
          "[authoring][words]") {
    LinkWorld w;
    const Id dog = ok(decoded(add_object_word, w.ports, w.object, body(R"({"title_de":"Hund"})")))
                       .words.at(0)
                       .word.id;
    const auto beside = ok(decoded(add_object_word, w.ports, w.object,
                                   body(R"({"title_de":"Leine","is_label":false})")));
    CHECK(beside.created);
    REQUIRE(beside.words.size() == 2);
    CHECK(*beside.words[0].is_label);
    CHECK(!*beside.words[1].is_label);
    const auto label_kept = ok(decoded(add_object_word, w.ports, w.object,
                                       body(R"({"title_de":"HUND","is_label":false})")));
    CHECK(!label_kept.created);
    CHECK(*label_kept.words[0].is_label);
    CHECK(error_of(decoded(add_object_word, w.ports, w.object,
                           body(R"({"title_de":"Ohr","is_label":1})"))) ==
          "is_label must be true or false");

    CHECK(status_of(unlink_object_word(w.ports, w.object, 999)) == 404);
    CHECK(status_of(unlink_object_word(w.ports, 999, dog)) == 404);
    ok(unlink_object_word(w.ports, w.object, dog));
    CHECK(ok(list_object_words(w.ports, w.object)).size() == 1);
    CHECK(ok(get_word(w.ports, dog)).title_de == "Hund");
    CHECK(status_of(unlink_object_word(w.ports, w.object, dog)) == 404);

    ok(decoded(add_picture_word, w.ports, w.picture, body(R"({"title_de":"Hund","level":1})")));
    CHECK(status_of(unlink_picture_word(w.ports, 999, dog)) == 404);
    ok(unlink_picture_word(w.ports, w.picture, dog));
    CHECK(ok(list_picture_words(w.ports, w.picture)).empty());
    CHECK(status_of(unlink_picture_word(w.ports, w.picture, dog)) == 404);
    CHECK(w.word_count() == 2);
}

TEST_CASE("question words: one role per word, unlinking every link of the word",
          "[authoring][words]") {
    LinkWorld w;
    const Id q =
        ok(decoded(create_question, w.ports,
                   body(R"({"text_de":"Was?","object_id":)" + std::to_string(w.object) + "}")))
            .id;
    const auto dog =
        ok(decoded(add_question_word, w.ports, q, body(R"({"title_de":"Hund","role":"answer"})")));
    CHECK(dog.created);
    const Id dog_id = dog.words.at(0).word.id;
    const Id cat_id = ok(decoded(add_question_word, w.ports, q,
                                 body(R"({"title_de":"Katze","role":"distractor"})")))
                          .words.at(1)
                          .word.id;
    // Both roles stored by generation for one word: choosing a role leaves that one only.
    w.backend.content().write(
        [&](ContentTx& tx) { tx.link_question_word(q, cat_id, kRoleAnswer); });
    const auto chosen =
        ok(decoded(add_question_word, w.ports, q, body(R"({"title_de":"katze","role":"answer"})")));
    CHECK(!chosen.created);
    using Roles = std::vector<std::pair<Id, std::string>>;
    CHECK(roles(chosen.words) == Roles{{dog_id, "answer"}, {cat_id, "answer"}});
    CHECK(error_of(decoded(add_question_word, w.ports, q, body(R"({"title_de":"Maus"})"))) ==
          "role must be one of answer, distractor");
    CHECK(status_of(decoded(add_question_word, w.ports, 999,
                            body(R"({"title_de":"Maus","role":"answer"})"))) == 404);

    w.backend.content().write(
        [&](ContentTx& tx) { tx.link_question_word(q, dog_id, kRoleDistractor); });
    ok(unlink_question_word(w.ports, q, dog_id));  // both of its links
    CHECK(roles(ok(list_question_words(w.ports, q))) == Roles{{cat_id, "answer"}});
    CHECK(status_of(unlink_question_word(w.ports, q, dog_id)) == 404);
    CHECK(status_of(list_question_words(w.ports, 999)) == 404);
    CHECK(ok(get_word(w.ports, dog_id)).title_de == "Hund");
}
