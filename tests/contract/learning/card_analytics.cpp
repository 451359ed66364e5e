// The editors' card analytics (core/app/authoring/card_analytics.hpp over CardAnalyticsQuery) on
// every backend: graded answers counted per card and language, a pass rate only from 20
// answers, the wrong choices picked, the recall probability at reviews, the learners' mean
// difficulty, the hardest first, filters, and the split at the card's last revision.
#include <catch2/catch.hpp>

#include "core/app/authoring/card_analytics.hpp"
#include "core/app/authoring/unit_of_work.hpp"
#include "core/app/learning/answers.hpp"
#include "tests/support/graded_cards.hpp"
#include "tests/support/graded_world.hpp"
#include "tests/support/learners.hpp"
#include "tests/support/sent_requests.hpp"

using ll::test::answer_sent;
using ll::test::SentAnswer;

using namespace ll;

namespace {

struct World : test::GradedWorld {
    CardAnalyticsPorts analytics{b.card_analytics(), b.languages(), b.content()};

    void choose(Id who, Id pair, Id word) {
        const auto r =
            answer_sent(*this, who,
                        SentAnswer{LooseValue::of(pair),
                                   LooseValue::of(word_choice_id(secrets, who, pair, word))});
        REQUIRE(r);
    }
    void type(Id who, Id pair, const std::string& text) {
        const auto r = answer_sent(
            *this, who,
            SentAnswer{LooseValue::of(pair), LooseValue::missing(), LooseValue::of(text)});
        REQUIRE(r);
    }
    CardFiguresList list(CardFiguresQuery q) {
        auto r = list_card_figures(analytics, q);
        REQUIRE(r);
        return r.value();
    }
    const CardFigures* card(const CardFiguresList& l, Id pair) {
        for (const auto& c : l.cards)
            if (c.pair_id == pair) return &c;
        return nullptr;
    }
};

const test::CardWord kDog{"Hund", "dog", "hund"};
const test::CardWord kCat{"Katze", "cat", "katt"};
const test::CardWord kHorse{"Pferd", "horse", "häst"};

}  // namespace

TEST_CASE("card analytics: answers, pass rate from 20 answers, picks, difficulty, hardest first",
          "[card-analytics]") {
    World w;
    const auto dog = test::graded_card(w.b.content(), {"word", 4, kDog, kDog, {}, {kCat}});
    const auto horse = test::graded_card(w.b.content(), {"word", 9, kHorse, kHorse, {}, {}});
    CHECK(w.list({"sv"}).cards.empty());  // nobody has answered yet

    // 24 learners: on the dog card 18 right, 6 pick "katt"; 3 of them answer the horse card.
    std::vector<Id> learners;
    for (int i = 0; i < 24; ++i)
        learners.push_back(test::swedish_learner(w.b, "l" + std::to_string(i)));
    for (int i = 0; i < 24; ++i) {
        if (i < 18)
            w.choose(learners[i], dog.pair_id, *dog.label_word);
        else
            w.choose(learners[i], dog.pair_id, dog.distractor_words[0]);
    }
    for (int i = 0; i < 3; ++i) w.type(learners[i], horse.pair_id, "häst");

    const auto list = w.list({"sv"});
    REQUIRE(list.cards.size() == 2);
    // The rated card first, then the one with too few answers.
    CHECK(list.cards[0].pair_id == dog.pair_id);
    const CardFigures& d = list.cards[0];
    CHECK(d.lang == "sv");
    CHECK(d.answer_type == "word");
    CHECK(d.level == 4);
    CHECK(d.statement == "Det är en hund.");
    CHECK(d.current.answers == 24);
    CHECK(d.current.passed == 18);
    REQUIRE(d.current.pass_rate);
    CHECK(*d.current.pass_rate == Approx(0.75));
    CHECK_FALSE(d.current.small_sample);
    CHECK(d.previous.answers == 0);
    CHECK_FALSE(d.revision_started_at);
    CHECK(d.learners == 24);
    REQUIRE(d.mean_difficulty);
    CHECK(*d.mean_difficulty > 1);
    CHECK(*d.mean_difficulty < 10);
    CHECK_FALSE(d.mean_retrievability);  // first reviews only: no recall to speak of
    REQUIRE(d.distractors.size() == 1);
    CHECK(d.distractors[0].word_id == dog.distractor_words[0]);
    CHECK(d.distractors[0].text == "katt");
    CHECK(d.distractors[0].picks == 6);
    const CardFigures& h = list.cards[1];
    CHECK(h.pair_id == horse.pair_id);
    CHECK(h.current.answers == 3);
    CHECK(h.current.small_sample);
    CHECK_FALSE(h.current.pass_rate);  // 3 answers: no rate
    CHECK(h.distractors.empty());

    // A review two days later: the recall probability the model gave at it.
    w.clock.advance(std::chrono::hours(48));
    w.type(learners[0], horse.pair_id, "häst");
    const auto later = w.list({"sv"});
    const CardFigures* h2 = w.card(later, horse.pair_id);
    REQUIRE(h2);
    REQUIRE(h2->mean_retrievability);
    CHECK(*h2->mean_retrievability > 0.5);
    CHECK(*h2->mean_retrievability < 1.0);

    // Filters: level, category, another language, the limit.
    CardFiguresQuery by_level{"sv"};
    by_level.level = 9;
    const auto level9 = w.list(by_level);
    REQUIRE(level9.cards.size() == 1);
    CHECK(level9.cards[0].pair_id == horse.pair_id);
    CardFiguresQuery by_category{"sv"};
    by_category.category_id = 999999;
    CHECK(w.list(by_category).cards.empty());
    CHECK(w.list({"de"}).cards.empty());
    CardFiguresQuery one{"sv"};
    one.limit = 1;
    CHECK(w.list(one).cards.size() == 1);

    // One pair in every language; German and English without answers.
    const auto pair = pair_figures(w.analytics, dog.pair_id);
    REQUIRE(pair);
    REQUIRE(pair->languages.size() == 3);
    CHECK(pair->languages[0].lang == "de");
    CHECK(pair->languages[0].current.answers == 0);
    CHECK(pair->languages[0].current.small_sample);
    CHECK(pair->languages[2].lang == "sv");
    CHECK(pair->languages[2].current.answers == 24);
    // A learner of German picks "Katze": the German figures name it in German.
    const Id german = w.accounts.create(NewAccount{"de@example.com", "h", "end-user"})->id;
    w.profiles.create(NewProfile{german, "de", "de", 3, 1});
    w.choose(german, dog.pair_id, dog.distractor_words[0]);
    const auto with_german = pair_figures(w.analytics, dog.pair_id);
    REQUIRE(with_german);
    const CardFigures& de = with_german->languages[0];
    CHECK(de.current.answers == 1);
    REQUIRE(de.distractors.size() == 1);
    CHECK(de.distractors[0].text == "Katze");
    CHECK(de.distractors[0].picks == 1);
    const auto unknown = pair_figures(w.analytics, dog.pair_id + 1000);
    REQUIRE_FALSE(unknown);
    CHECK(unknown.error().status == 404);
}

TEST_CASE("card analytics: a wrong choice from the category pool is counted by its word",
          "[card-analytics]") {
    World w;
    test::GradedCardSpec dog_spec{"word", 1, kDog, kDog, {}, {}};
    dog_spec.category = "Tiere";
    test::GradedCardSpec cat_spec{"word", 1, kCat, kCat, {}, {}};
    cat_spec.category = "Tiere";
    const auto dog = test::graded_card(w.b.content(), dog_spec);
    const auto cat = test::graded_card(w.b.content(), cat_spec);
    const Id ada = test::swedish_learner(w.b, "ada");
    w.choose(ada, dog.pair_id, *cat.label_word);  // "katt", offered beside "hund"
    const auto list = w.list({"sv"});
    REQUIRE(list.cards.size() == 1);
    REQUIRE(list.cards[0].distractors.size() == 1);
    CHECK(list.cards[0].distractors[0].word_id == *cat.label_word);
    CHECK(list.cards[0].distractors[0].text == "katt");
}

TEST_CASE("card analytics: answers before the card's last revision are the previous ones",
          "[card-analytics]") {
    World w;
    const auto dog = test::graded_card(w.b.content(), {"word", 4, kDog, kDog, {}, {kCat}});
    for (int i = 0; i < 3; ++i)
        w.type(test::swedish_learner(w.b, "r" + std::to_string(i)), dog.pair_id, "hund");
    w.clock.advance(std::chrono::minutes(5));
    const Timestamp revised = w.clock.now();
    w.b.content().write([&](ContentTx& tx) {
        Pair p = *tx.pair(dog.pair_id);
        p.revised_at = revised;
        tx.update_pair(p);
    });
    w.clock.advance(std::chrono::minutes(5));
    w.choose(test::swedish_learner(w.b, "after"), dog.pair_id, dog.distractor_words[0]);

    const auto list = w.list({"sv"});
    REQUIRE(list.cards.size() == 1);
    const CardFigures& d = list.cards[0];
    REQUIRE(d.revision_started_at);
    CHECK(*d.revision_started_at == revised);
    CHECK(d.current.answers == 1);
    CHECK(d.current.passed == 0);
    CHECK(d.previous.answers == 3);
    CHECK(d.previous.passed == 3);
    REQUIRE(d.distractors.size() == 1);  // picked after the revision
    CHECK(d.distractors[0].picks == 1);
}
