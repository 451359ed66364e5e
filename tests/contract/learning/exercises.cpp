// The practice queue's exercises (core/app/learning/exercises.hpp, docs/learning.md "Exercises")
// on every backend: what each answer type gets, wrong choices from the question's distractors,
// then words of the same category, then any words; the same order for a learner's card all day;
// choice ids that POST /auth/answers grades as the card says; nothing says which is right.
#include <catch2/catch.hpp>

#include <algorithm>
#include <set>

#include "adapters/memory/fake_security.hpp"
#include "adapters/memory/manual_clock.hpp"
#include "adapters/text/utf8proc_folding.hpp"
#include "core/app/learning/answers.hpp"
#include "core/app/learning/practice.hpp"
#include "tests/support/graded_cards.hpp"
#include "tests/support/instants.hpp"
#include "tests/support/learners.hpp"
#include "tests/support/sent_requests.hpp"
#include "tests/support/test_backends.hpp"

using ll::test::answer_sent;
using ll::test::SentAnswer;

using namespace ll;

namespace {
using test::at;
using test::CardWord;

struct World {
    std::unique_ptr<test::TestDatabase> db = test::make_test_database();
    StorageBackend& b = db->backend();
    ManualClock clock{at("2026-11-20T08:00:00.000Z")};
    Utf8procFolding folding;
    FakeSecretTokens secrets;  // the choice ids' key
    PracticeQuery& practice = b.practice();
    FeedQuery& feed = b.feed();
    ProfileRepository& profiles = b.profiles();
    LanguageRepository& languages = b.languages();
    LearningSettingsRepository& learning_settings = b.learning_settings();
    AnswerKeyQuery& answer_keys = b.answer_keys();
    AccountRepository& accounts = b.accounts();
    ProgressStore& progress = b.progress();

    // The exercise of `pair` in `who`'s queue.
    Exercise exercise(Id who, Id pair) {
        auto out = get_practice(*this, who, PracticeInput{std::string("50")});
        REQUIRE(out);
        for (const auto& e : out.value().entries) {
            if (e.item.pair_id != pair) continue;
            REQUIRE(e.exercise);
            return *e.exercise;
        }
        FAIL("the card is not in the queue");
        return {};
    }
};

std::set<std::string> texts(const Exercise& e) {
    std::set<std::string> out;
    for (const auto& c : e.choices) out.insert(c.text);
    return out;
}

const CardWord kDog{"Hund", "dog", "hund"};
const CardWord kCat{"Katze", "cat", "katt"};
const CardWord kHorse{"Pferd", "horse", "häst"};
const CardWord kCow{"Kuh", "cow", "ko"};
const CardWord kApple{"Apfel", "apple", "äpple"};

}  // namespace

TEST_CASE("exercises: a word card names its object among its answer and three wrong choices",
          "[learning-exercises]") {
    World w;
    const Id ada = test::swedish_learner(w.b, "ada");
    // Other cards' words: two animals (the dog's category) and an apple (another).
    test::graded_card(w.b.content(), {"word", 1, kCat, {}, {}, {}, "Tiere"});
    test::graded_card(w.b.content(), {"word", 1, kHorse, {}, {}, {}, "Tiere"});
    test::graded_card(w.b.content(), {"word", 1, kApple, {}, {}, {}, "Essen"});
    const auto dog = test::graded_card(
        w.b.content(), {"word", 1, kDog, CardWord{"Hund", "dog", "hund"}, {}, {kCow}, "Tiere"});

    const Exercise e = w.exercise(ada, dog.pair_id);
    CHECK(e.type == "word");
    CHECK(e.prompt == "Vad är det här?");
    CHECK(e.accepts_text);
    CHECK_FALSE(e.self_rated);
    // The question's own distractor first, then the two animals; the apple is not needed.
    CHECK(texts(e) == std::set<std::string>{"hund", "ko", "katt", "häst"});
    // Opaque ids: none is a word's id.
    for (const auto& c : e.choices) CHECK(is_word_choice_id(c.id));
    // No short answer beside the exercise: it would give the answer away.
    auto queue = get_practice(w, ada, PracticeInput{});
    for (const auto& entry : queue.value().entries) {
        REQUIRE(entry.item.question);
        CHECK_FALSE(entry.item.question->short_answer_se);
    }
    REQUIRE(e.outline.size() == 1);
    CHECK(e.outline[0].h == 40);
    // The same order all day; every choice graded as the card says.
    CHECK(w.exercise(ada, dog.pair_id).choices == e.choices);
    for (const auto& c : e.choices) {
        auto graded =
            answer_sent(w, ada, SentAnswer{LooseValue::of(dog.pair_id), LooseValue::of(c.id)});
        REQUIRE(graded);
        CHECK(graded->correct == (c.text == "hund"));
    }
}

TEST_CASE(
    "exercises: a catalogue of two words still gives a choice; question, yes_no and text "
    "cards",
    "[learning-exercises]") {
    World w;
    const Id ada = test::swedish_learner(w.b, "ada");
    const auto apple = test::graded_card(w.b.content(), {"word", 1, kApple, {}, {}, {}});
    const auto dog = test::graded_card(w.b.content(), {"word", 1, kDog, {}, {}, {}});
    // No category, no distractor: the other word of the catalogue.
    CHECK(texts(w.exercise(ada, dog.pair_id)) == std::set<std::string>{"hund", "äpple"});
    CHECK(texts(w.exercise(ada, apple.pair_id)) == std::set<std::string>{"hund", "äpple"});

    const auto question = test::graded_card(w.b.content(), {"question",
                                                            1,
                                                            kDog,
                                                            CardWord{"braun", "brown", "brun"},
                                                            {CardWord{"braun", "brown", "brun"}},
                                                            {CardWord{"rot", "red", "röd"}}});
    const Exercise q = w.exercise(ada, question.pair_id);
    CHECK(q.type == "question");
    CHECK(q.accepts_text);
    CHECK(q.outline.empty());  // only a word card shows its object
    CHECK(texts(q).count("brun") == 1);
    CHECK(texts(q).count("röd") == 1);

    const auto yes_no =
        test::graded_card(w.b.content(), {"yes_no", 1, kDog, CardWord{"ja", "yes", "ja"}, {}, {}});
    const Exercise yn = w.exercise(ada, yes_no.pair_id);
    CHECK(texts(yn) == std::set<std::string>{"ja", "nej"});
    for (const auto& c : yn.choices) CHECK((c.id == kYesChoice || c.id == kNoChoice));

    // A yes_no card without a short answer cannot be graded: no choices.
    const auto silent = test::graded_card(w.b.content(), {"yes_no", 1, kDog, {}, {}, {}});
    CHECK(w.exercise(ada, silent.pair_id).choices.empty());
    // A wrong choice whose text the card accepts typed is never offered.
    const auto puppy =
        test::graded_card(w.b.content(), {"word",
                                          1,
                                          CardWord{"Welpe", "puppy", "valp"},
                                          CardWord{"Hündchen", "doggy", "vovve"},
                                          {},
                                          {CardWord{"Wauwau", "woof", "vovve"}, kCat}});
    CHECK(texts(w.exercise(ada, puppy.pair_id)).count("vovve") == 0);
    CHECK(texts(w.exercise(ada, puppy.pair_id)).count("katt") == 1);

    const auto text = test::graded_card(w.b.content(), {"text", 1, {}, {}, {}, {}});
    const Exercise t = w.exercise(ada, text.pair_id);
    CHECK(t.self_rated);
    CHECK(t.choices.empty());
    CHECK_FALSE(t.accepts_text);
}

TEST_CASE("exercises: a card's choices do not depend on the other cards of its page",
          "[learning-exercises]") {
    World w;
    const Id ada = test::swedish_learner(w.b, "ada");
    // Three distractors, one without a Swedish title: in Swedish two of them, and one word of
    // the catalogue (the first published: the label word "hund") to fill up, whether the card is
    // alone on its page or not.
    const auto question = test::graded_card(
        w.b.content(), {"question",
                        1,
                        kDog,
                        CardWord{"braun", "brown", "brun"},
                        {CardWord{"braun", "brown", "brun"}},
                        {CardWord{"rot", "red", "röd"}, CardWord{"grün", "green", "grön"},
                         CardWord{"Zebra", "zebra", ""}}});
    test::graded_card(w.b.content(), {"word", 2, kApple, {}, {}, {}});
    const auto alone = get_practice(w, ada, PracticeInput{std::string("1")});
    REQUIRE(alone);
    REQUIRE(alone.value().entries.size() == 1);
    REQUIRE(alone.value().entries.front().exercise);
    const Exercise first = *alone.value().entries.front().exercise;
    CHECK(texts(first) == std::set<std::string>{"brun", "röd", "grön", "hund"});
    CHECK(w.exercise(ada, question.pair_id).choices == first.choices);  // on a page of two
}

TEST_CASE("exercises: the choices' order depends on the learner, the card and the day",
          "[learning-exercises]") {
    // Which choice comes first is the digest's: over 12 learners the right one is not always in
    // the same place.
    World w;
    for (const auto& word : {kCat, kHorse, kCow})
        test::graded_card(w.b.content(), {"word", 1, word, {}, {}, {}});
    const auto dog = test::graded_card(w.b.content(), {"word", 1, kDog, {}, {}, {}});
    std::set<std::size_t> places;
    for (int i = 0; i < 12; ++i) {
        const Id who = test::swedish_learner(w.b, "l" + std::to_string(i));
        const auto choices = w.exercise(who, dog.pair_id).choices;
        REQUIRE(choices.size() == 4);
        for (std::size_t p = 0; p < choices.size(); ++p)
            if (choices[p].text == "hund") places.insert(p);
    }
    CHECK(places.size() > 1);
}

TEST_CASE("answer keys: words of a category near a word, the nearest first, bounded",
          "[learning-exercises]") {
    World w;
    std::vector<Id> ids;
    w.b.content().write([&](ContentTx& tx) {
        // A category of its own (the seeded ones may hold words of other tests' cards).
        const auto made = tx.insert_category("Nahe Tiere");
        REQUIRE(made);
        const Category tiere = *made;
        for (int i = 0; i < 300; ++i) {
            Word word;
            word.title_de = "Tier " + std::to_string(i);
            word.status = i == 5 ? status::kDraft : status::kPublished;
            word.categories.push_back(tiere);
            ids.push_back(tx.find_or_insert_word(word).first.id);
        }
    });
    const Id first = ids[0];
    // The 8 nearest published ones (the draft left out), reported by id.
    const auto near = w.answer_keys.category_words({first}, 8);
    REQUIRE(near.size() == 8);
    std::vector<Id> got;
    for (const auto& [shared, word] : near) {
        CHECK(shared == first);
        got.push_back(word.word_id);
    }
    CHECK(got == std::vector<Id>{ids[1], ids[2], ids[3], ids[4], ids[6], ids[7], ids[8], ids[9]});
    // No further than kCategoryWordsNear ids away, however many the category holds.
    const auto all = w.answer_keys.category_words({first}, 1000);
    CHECK(all.size() == static_cast<std::size_t>(kCategoryWordsNear) - 1);  // less the draft
    const Id middle = ids[150];
    const auto around = w.answer_keys.category_words({middle}, 2);
    REQUIRE(around.size() == 2);
    CHECK(around[0].second.word_id == ids[149]);
    CHECK(around[1].second.word_id == ids[151]);
}
