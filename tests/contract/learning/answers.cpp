// Graded answers (POST /auth/answers' use case, core/app/learning/answers.hpp) and CLIENT_SCORING
// (core/app/learning/client_scoring.hpp) on every backend: what a card accepts read through
// AnswerKeyQuery, the grade, the points of the table booked whatever else the body says, replays,
// and the answers a card of another type refuses.
#include <catch2/catch.hpp>

#include "adapters/memory/fake_security.hpp"
#include "adapters/memory/manual_clock.hpp"
#include "adapters/text/utf8proc_folding.hpp"
#include "core/app/learning/answers.hpp"
#include "core/app/learning/client_scoring.hpp"
#include "core/domain/time_format.hpp"
#include "tests/support/graded_cards.hpp"
#include "tests/support/graded_world.hpp"
#include "tests/support/instants.hpp"
#include "tests/support/learners.hpp"
#include "tests/support/sent_requests.hpp"
#include "tests/support/test_backends.hpp"

using ll::test::answer_batch_sent;
using ll::test::answer_sent;
using ll::test::SentAnswer;
using ll::test::SentProgress;

using namespace ll;

namespace {
using test::at;

// The ports POST /auth/answers and POST /auth/progress use.
struct World : test::GradedWorld {
    ClientScoring client_scoring = ClientScoring::accept;

    Ep total(Id who) { return profiles.find_by_user(who)->total_ep; }
    // An answered_at must not be before the account, which the SQL backends date at their own
    // now: the clock set this long after the system's.
    void clock_after_accounts(std::chrono::minutes ahead) {
        clock.set(std::chrono::time_point_cast<std::chrono::milliseconds>(
            std::chrono::system_clock::now() + ahead));
    }
    // The choice id of `word` for `who` on `pair`, as the practice queue sends it.
    std::string choice(Id who, Id pair, Id word) {
        return word_choice_id(secrets, who, pair, word);
    }
    Result<AnswerOutput> choose(Id who, Id pair, const std::string& choice) {
        return answer_sent(*this, who, SentAnswer{LooseValue::of(pair), LooseValue::of(choice)});
    }
    Result<AnswerOutput> type(Id who, Id pair, const std::string& text) {
        return answer_sent(
            *this, who,
            SentAnswer{LooseValue::of(pair), LooseValue::missing(), LooseValue::of(text)});
    }
};

const test::CardWord kDog{"Hund", "dog", "hund"};
const test::CardWord kCat{"Katze", "cat", "katt"};
const test::CardWord kHorse{"Pferd", "horse", "häst"};
// A question answered in German and English only.
const test::GradedCardSpec kNoSwedishAnswer{"question", 1, kDog, test::CardWord{"Hund", "dog", ""},
                                            {},         {}};

}  // namespace

TEST_CASE("answer keys: the label word, the question's short answers and words, by word id",
          "[learning-answers]") {
    World w;
    const auto card = test::graded_card(
        w.b.content(),
        {"question", 23, kDog, test::CardWord{"Bello", "Rex", "Fido"}, {kHorse}, {kCat}});
    const auto key = w.answer_keys.answer_key(card.pair_id);
    REQUIRE(key);
    CHECK(key->answer_type == "question");
    CHECK(key->level == 23);
    CHECK(key->short_answer_se == "Fido");
    CHECK(key->short_answer_en == "Rex");
    // A question card: its label word is no answer.
    REQUIRE(key->answers.size() == 1);
    CHECK(key->answers[0] == AnswerWord{card.answer_words[0], "Pferd", "horse", "häst"});
    REQUIRE(key->distractors.size() == 1);
    CHECK(key->distractors[0].word_id == card.distractor_words[0]);
    CHECK_FALSE(w.answer_keys.answer_key(card.pair_id + 1000));

    // A word card: the label answers too, once when the question names it as well.
    const auto word = test::graded_card(w.b.content(), {"word", 1, kDog, kDog, {kDog}, {kCat}});
    const auto word_key = w.answer_keys.answer_key(word.pair_id);
    REQUIRE(word_key);
    REQUIRE(word_key->answers.size() == 1);
    CHECK(word_key->answers[0].word_id == *word.label_word);
    CHECK(word_key->answers[0].title_sv == "hund");

    // The label first even when a question's answer word has a lower id; then by word id.
    const auto cat = test::graded_card(w.b.content(), {"word", 1, kCat, {}, {kHorse, kDog}, {}});
    REQUIRE(*cat.label_word > card.answer_words[0]);
    const auto cat_key = w.answer_keys.answer_key(cat.pair_id);
    REQUIRE(cat_key);
    REQUIRE(cat_key->answers.size() == 3);
    CHECK(cat_key->answers[0].word_id == *cat.label_word);
    CHECK(cat_key->answers[1].word_id == *word.label_word);  // Hund, id 1
    CHECK(cat_key->answers[2].word_id == card.answer_words[0]);
    // The batch read gives the same keys, by pair id; unknown ids are left out.
    const auto keys = w.answer_keys.answer_keys({cat.pair_id, 999999, card.pair_id});
    REQUIRE(keys.size() == 2);
    CHECK(keys[0] == *key);
    CHECK(keys[1] == *cat_key);
    // The outline: the object's shape and the picture's size (the helper stores no size).
    REQUIRE(key->outline.size() == 1);
    CHECK(key->outline[0].w == 30);
}

TEST_CASE(
    "graded answers: a choice, a typed text, a self-rating, each booked with the table's "
    "points",
    "[learning-answers]") {
    World w;
    const Id ada = test::swedish_learner(w.b, "ada");
    const auto word = test::graded_card(w.b.content(), {"word", 12, kDog, kDog, {}, {kCat}});

    // The right choice: Good, the word card's 10 and one for level 12.
    auto right = w.choose(ada, word.pair_id, w.choice(ada, word.pair_id, *word.label_word));
    REQUIRE(right);
    CHECK(right->correct);
    CHECK_FALSE(right->near_miss);
    CHECK(right->expected == "hund");
    CHECK(right->points == 11);
    CHECK(right->rating == fsrs::Rating::good);
    CHECK(right->booking.total_ep == 11);
    CHECK(w.total(ada) == 11);

    // A distractor: Again, nothing earned, the right text given.
    auto wrong = w.choose(ada, word.pair_id, w.choice(ada, word.pair_id, word.distractor_words[0]));
    REQUIRE(wrong);
    CHECK_FALSE(wrong->correct);
    CHECK(wrong->points == 0);
    CHECK(wrong->expected == "hund");
    CHECK(w.total(ada) == 11);

    // Right again within 12 hours of the card's last review: reviewed, but no points.
    auto soon = w.choose(ada, word.pair_id, w.choice(ada, word.pair_id, *word.label_word));
    REQUIRE(soon);
    CHECK(soon->correct);
    CHECK(soon->points == 0);
    CHECK(w.total(ada) == 11);

    // 12 hours later, typed: case, article, punctuation and spaces do not matter.
    w.clock.advance(std::chrono::hours(12));
    auto typed = w.type(ada, word.pair_id, "  En   HUND! ");
    REQUIRE(typed);
    CHECK(typed->correct);
    CHECK(typed->points == 11);
    CHECK(w.total(ada) == 22);

    // A near miss on a long answer: booked as Hard for half the points.
    const auto long_word = test::graded_card(
        w.b.content(),
        {"word", 1, test::CardWord{"Schmetterling", "butterfly", "fjäril"}, {}, {}, {}});
    auto near = w.type(ada, long_word.pair_id, "fjärli");
    REQUIRE(near);
    CHECK(near->correct);
    CHECK(near->near_miss);
    CHECK(near->expected == "fjäril");
    CHECK(near->rating == fsrs::Rating::hard);
    CHECK(near->points == 5);
    CHECK(w.total(ada) == 27);
    // Two edits away is wrong.
    w.clock.advance(std::chrono::hours(12));
    auto far = w.type(ada, long_word.pair_id, "fjärlii");
    REQUIRE(far);
    CHECK_FALSE(far->correct);
    CHECK(w.total(ada) == 27);

    // A text card is rated by the learner: Hard half of 10, Again nothing.
    const auto text = test::graded_card(w.b.content(), {"text", 1, {}, {}, {}, {}});
    auto hard = answer_sent(w, ada,
                            SentAnswer{LooseValue::of(text.pair_id), LooseValue::missing(),
                                       LooseValue::missing(), LooseValue::of(2)});
    REQUIRE(hard);
    CHECK(hard->correct);
    CHECK(hard->points == 5);
    CHECK_FALSE(hard->expected);
    CHECK(w.total(ada) == 32);
}

TEST_CASE("graded answers: yes_no cards take yes or no, in the learner's language",
          "[learning-answers]") {
    World w;
    const Id ada = test::swedish_learner(w.b, "ada");
    const auto yes = test::graded_card(
        w.b.content(), {"yes_no", 1, kDog, test::CardWord{"ja", "yes", "ja"}, {}, {}});
    const auto no = test::graded_card(
        w.b.content(), {"yes_no", 1, kDog, test::CardWord{"Nein.", "No", "Nej"}, {}, {}});
    CHECK(w.choose(ada, yes.pair_id, kYesChoice)->correct);
    CHECK_FALSE(w.choose(ada, yes.pair_id, kNoChoice)->correct);
    auto right_no = w.choose(ada, no.pair_id, kNoChoice);
    CHECK(right_no->correct);
    CHECK(right_no->expected == "nej");
    CHECK(right_no->points == 5);
    CHECK(w.type(ada, no.pair_id, "Nej!")->correct);
    CHECK_FALSE(w.type(ada, no.pair_id, "ja")->correct);
    // A word's choice on a yes_no card, or yes on a word card, is no choice of the card.
    CHECK(w.choose(ada, no.pair_id, w.choice(ada, no.pair_id, 1)).error() ==
          errors::choice_id_invalid());
    const auto word = test::graded_card(w.b.content(), {"word", 1, kCat, {}, {}, {}});
    CHECK(w.choose(ada, word.pair_id, kYesChoice).error() == errors::choice_id_invalid());
    // A blank short answer in the learner's language is none: the German one tells.
    const auto german = test::graded_card(
        w.b.content(), {"yes_no", 1, kDog, test::CardWord{"Nein", "no", "  "}, {}, {}});
    CHECK(w.choose(ada, german.pair_id, kNoChoice)->correct);
    // Nothing to tell at all: 409, nothing booked.
    const auto silent = test::graded_card(w.b.content(), {"yes_no", 1, kDog, {}, {}, {}});
    const Ep before = w.total(ada);
    CHECK(w.choose(ada, silent.pair_id, kYesChoice).error() == errors::card_has_no_answer());
    CHECK(w.type(ada, silent.pair_id, "ja").error() == errors::card_has_no_answer());
    // A question card with no answer in Swedish: typed answers cannot be graded either.
    const auto bare = test::graded_card(w.b.content(), {"question", 1, kDog, {}, {}, {kCat}});
    CHECK(w.type(ada, bare.pair_id, "hund").error() == errors::card_has_no_answer());
    CHECK(w.choose(ada, bare.pair_id, w.choice(ada, bare.pair_id, bare.distractor_words[0]))
              .error() == errors::card_has_no_answer());
    CHECK(w.total(ada) == before);
}

TEST_CASE(
    "graded answers: graded in the language the learner practises as the booking reads it, "
    "booked there",
    "[learning-answers]") {
    World w;
    const Id ada = test::swedish_learner(w.b, "ada");
    const auto card = test::graded_card(w.b.content(), kNoSwedishAnswer);
    CHECK(w.type(ada, card.pair_id, "hund").error() == errors::card_has_no_answer());
    CHECK(w.total(ada) == 0);
    CHECK(w.b.learner_data().read_all(ada)->reviews.empty());

    // In German the same text is right, and the card's German memory is reviewed.
    REQUIRE(w.profiles.set_target_language(ada, 1));
    auto german = w.type(ada, card.pair_id, "hund");
    REQUIRE(german);
    CHECK(german->correct);
    CHECK(german->expected == "Hund");
    CHECK(german->points == 15);
    REQUIRE(german->memory);
    CHECK(german->memory->reps == 1);
    // In English it is wrong, and the right text is the English one.
    REQUIRE(w.profiles.set_target_language(ada, 2));
    auto english = w.type(ada, card.pair_id, "hund");
    REQUIRE(english);
    CHECK_FALSE(english->correct);
    CHECK(english->expected == "dog");
    CHECK(w.total(ada) == 15);

    const auto reviews = w.b.learner_data().read_all(ada)->reviews;
    REQUIRE(reviews.size() == 2);
    CHECK(reviews[0].review.language == 1);
    CHECK(reviews[0].review.rating == fsrs::Rating::good);
    CHECK(reviews[1].review.language == 2);
    CHECK(reviews[1].review.rating == fsrs::Rating::again);
}

TEST_CASE(
    "graded answers: a learner who switched language is graded in the new one although this "
    "process remembered the old",
    "[learning-answers]") {
    // On PostgreSQL the booking may answer its read from what the process remembers of the
    // learner (their profile, the pairs they practised); a switch of language made elsewhere is
    // not in it. A grade refused in the remembered language must be read again, not answered.
    World w;
    const Id ada = test::swedish_learner(w.b, "ada");
    const auto card = test::graded_card(w.b.content(), kNoSwedishAnswer);
    BookingCommand practised;  // the card booked in Swedish, as POST /auth/progress books it
    practised.user_id = ada;
    practised.pair_id = card.pair_id;
    practised.correct = true;
    practised.now = w.clock.now();
    REQUIRE(book_card_in_zone(w.progress, w.clock, practised).status == BookingStatus::booked);
    REQUIRE(w.profiles.set_target_language(ada, 1));

    auto german = w.type(ada, card.pair_id, "der Hund");
    REQUIRE(german);
    CHECK(german->correct);
    CHECK(german->expected == "Hund");
    const auto reviews = w.b.learner_data().read_all(ada)->reviews;
    REQUIRE(reviews.size() == 2);
    CHECK(reviews[1].review.language == 1);
}

TEST_CASE("graded answers: refused bodies book nothing", "[learning-answers]") {
    World w;
    const Id ada = test::swedish_learner(w.b, "ada");
    const auto word = test::graded_card(w.b.content(), {"word", 1, kDog, {}, {}, {}});
    const auto text = test::graded_card(w.b.content(), {"text", 1, {}, {}, {}, {}});
    const auto refused = [&](SentAnswer in) {
        auto r = answer_sent(w, ada, in);
        REQUIRE_FALSE(r);
        return r.error();
    };
    const LooseValue pair = LooseValue::of(word.pair_id);
    const LooseValue none = LooseValue::missing();
    CHECK(refused({pair}) == errors::answer_kind_invalid());
    CHECK(refused({pair, LooseValue::of("yes"), LooseValue::of("hund")}) ==
          errors::answer_kind_invalid());
    CHECK(refused({pair, LooseValue::of("x1")}) == errors::choice_id_invalid());
    CHECK(refused({pair, LooseValue::of("w1")}) == errors::choice_id_invalid());  // a word id
    CHECK(refused({pair, LooseValue::of("c0123456789ABCDEF")}) == errors::choice_id_invalid());
    CHECK(refused({pair, LooseValue::of(7)}) == errors::choice_id_invalid());
    CHECK(refused({pair, none, LooseValue::of("   ")}) == errors::answer_text_invalid());
    CHECK(refused({pair, none, LooseValue::of(std::string(201, 'a'))}) ==
          errors::answer_text_invalid());
    CHECK(refused({pair, none, none, LooseValue::of(5)}) == errors::rating_invalid());
    // The kind a card takes: a rating for a text card, a choice or a text for the others.
    CHECK(refused({pair, none, none, LooseValue::of(3)}) == errors::answer_kind_not_for_card());
    CHECK(refused({LooseValue::of(text.pair_id), none, LooseValue::of("hund")}) ==
          errors::answer_kind_not_for_card());
    CHECK(refused({LooseValue::of(word.pair_id + 1000), none, LooseValue::of("hund")}) ==
          errors::pair_not_found());
    CHECK(refused({LooseValue::missing(), none, LooseValue::of("hund")}) ==
          errors::pair_id_required());
    const Id nobody = w.b.accounts().create(NewAccount{"n@example.com", "h", "end-user"})->id;
    CHECK(answer_sent(w, nobody, {pair, none, LooseValue::of("hund")}).error() ==
          errors::no_profile_for_progress());
    CHECK(w.total(ada) == 0);
}

TEST_CASE(
    "graded answers: a retry under the same client_id books once, another answer under it "
    "is refused",
    "[learning-answers]") {
    World w;
    const Id ada = test::swedish_learner(w.b, "ada");
    const auto word = test::graded_card(w.b.content(), {"word", 1, kDog, {}, {}, {}});
    SentAnswer in{LooseValue::of(word.pair_id), LooseValue::missing(), LooseValue::of("hund")};
    in.client_id = LooseValue::of("phone-1");
    auto first = answer_sent(w, ada, in);
    REQUIRE(first);
    auto again = answer_sent(w, ada, in);
    REQUIRE(again);
    CHECK(again->booking.total_ep == first->booking.total_ep);
    CHECK(w.total(ada) == 10);
    in.text = LooseValue::of("katt");
    CHECK(answer_sent(w, ada, in).error() == errors::client_id_reused());
    CHECK(w.total(ada) == 10);
}

TEST_CASE(
    "graded answers: a retry after a switch of language replays the booking, graded in the "
    "language practised now",
    "[learning-answers]") {
    World w;
    const Id ada = test::swedish_learner(w.b, "ada");
    const auto card = test::graded_card(w.b.content(), kNoSwedishAnswer);
    REQUIRE(w.profiles.set_target_language(ada, 1));
    SentAnswer in{LooseValue::of(card.pair_id), LooseValue::missing(), LooseValue::of("hund")};
    in.client_id = LooseValue::of("phone-1");
    auto first = answer_sent(w, ada, in);
    REQUIRE(first);
    CHECK(first->correct);
    CHECK(first->points == 15);

    REQUIRE(w.profiles.set_target_language(ada, 2));
    auto again = answer_sent(w, ada, in);
    REQUIRE(again);
    CHECK(again->points == 15);  // the first answer's booking
    CHECK(again->booking.total_ep == 15);
    CHECK_FALSE(again->memory);
    CHECK_FALSE(again->correct);  // "hund" is not English
    CHECK(again->expected == "dog");
    // In Swedish the card has nothing to grade against: 409, as a first answer would be.
    REQUIRE(w.profiles.set_target_language(ada, 3));
    CHECK(answer_sent(w, ada, in).error() == errors::card_has_no_answer());
    CHECK(w.total(ada) == 15);
    CHECK(w.b.learner_data().read_all(ada)->reviews.size() == 1);
}

TEST_CASE("graded answers: a batch item with nothing to grade against is 409, the others book",
          "[learning-answers]") {
    World w;
    w.clock_after_accounts(std::chrono::minutes(10));
    const Id ada = test::swedish_learner(w.b, "ada");
    const auto bare = test::graded_card(w.b.content(), kNoSwedishAnswer);
    const auto word = test::graded_card(w.b.content(), {"word", 1, kDog, {}, {}, {}});
    const auto item = [&](const char* client_id, Id pair) {
        return LooseValue::object({{"client_id", LooseValue::of(client_id)},
                                   {"pair_id", LooseValue::of(pair)},
                                   {"text", LooseValue::of("hund")},
                                   {"answered_at", LooseValue::of(format_timestamp(
                                                       w.clock.now() - std::chrono::minutes(1)))}});
    };
    auto batch = answer_batch_sent(
        w, ada, LooseValue::array({item("b1", bare.pair_id), item("b2", word.pair_id)}));
    REQUIRE(batch);
    const auto& results = batch.value();
    REQUIRE(results.size() == 2);
    CHECK(results[0].result.error() == errors::card_has_no_answer());
    REQUIRE(results[1].result);
    CHECK(results[1].result->correct);
    CHECK(w.total(ada) == 10);
}

TEST_CASE("CLIENT_SCORING: accept books the sent points, cap the table's, refuse nothing",
          "[learning-answers]") {
    World w;
    w.clock_after_accounts(std::chrono::minutes(10));  // for the batch's answered_at
    const Id ada = test::swedish_learner(w.b, "ada");
    const auto word = test::graded_card(w.b.content(), {"word", 20, kDog, {}, {}, {}});
    // The bodies as the route decodes them (adapters/http/learner/progress.cpp).
    const auto forged = [&](bool correct) {
        return decode_progress(LooseValue::object({{"pair_id", LooseValue::of(word.pair_id)},
                                                   {"correct", LooseValue::of(correct)},
                                                   {"points", LooseValue::of(5000)}}),
                               std::nullopt);
    };
    const auto batch_of = [](LooseValue items) {
        return decode<ProgressBatchRequest>(LooseValue::object({{"items", std::move(items)}}));
    };
    REQUIRE(book_client_scored(w, ada, forged(true)));
    CHECK(w.total(ada) == 1000);  // the seed's clamp
    w.client_scoring = ClientScoring::cap;
    REQUIRE(book_client_scored(w, ada, forged(true)));
    CHECK(w.total(ada) == 1012);  // the word card's 10 and 2 for level 20
    REQUIRE(book_client_scored(w, ada, forged(false)));
    CHECK(w.total(ada) == 1012);  // a wrong answer earns nothing
    auto batch = book_batch_client_scored(
        w, ada,
        batch_of(LooseValue::array({LooseValue::object(
            {{"client_id", LooseValue::of("b1")},
             {"pair_id", LooseValue::of(word.pair_id)},
             {"correct", LooseValue::of(true)},
             {"points", LooseValue::of(900)},
             {"answered_at",
              LooseValue::of(format_timestamp(w.clock.now() - std::chrono::minutes(1)))}})})));
    REQUIRE(batch);
    INFO((batch.value()[0].result ? std::string() : batch.value()[0].result.error().message));
    REQUIRE(batch.value()[0].result);
    CHECK(w.total(ada) == 1024);
    w.client_scoring = ClientScoring::refuse;
    CHECK(book_client_scored(w, ada, forged(true)).error() == errors::client_scoring_refused());
    CHECK(book_batch_client_scored(w, ada, batch_of(LooseValue::array({}))).error() ==
          errors::client_scoring_refused());
    // Refused before the body is read: a body the route would refuse gets the 403 too.
    CHECK(book_batch_client_scored(w, ada, batch_of(LooseValue::of(3))).error() ==
          errors::client_scoring_refused());
    CHECK(book_client_scored(w, ada, decode_progress(LooseValue::object(), std::nullopt)).error() ==
          errors::client_scoring_refused());
    CHECK(w.total(ada) == 1024);
}

TEST_CASE("graded answers: an answered_at before the card's last review is 422 and books nothing",
          "[learning-answers]") {
    World w;
    w.clock_after_accounts(std::chrono::minutes(30));
    const Id ada = test::swedish_learner(w.b, "ada");
    const auto word = test::graded_card(w.b.content(), {"word", 1, kDog, {}, {}, {}});
    const auto at = [&](std::chrono::minutes back) {
        SentAnswer in{LooseValue::of(word.pair_id), LooseValue::missing(), LooseValue::of("hund")};
        in.answered_at = LooseValue::of(format_timestamp(w.clock.now() - back));
        return answer_sent(w, ada, in);
    };
    REQUIRE(at(std::chrono::minutes(10)));
    CHECK(w.total(ada) == 10);
    // Earlier than that review: it would move the memory back, and the points gap with it.
    CHECK(at(std::chrono::minutes(20)).error() == errors::answered_at_before_last_review());
    CHECK(w.total(ada) == 10);
    // Later: booked (within 12 hours: no points).
    auto later = at(std::chrono::minutes(5));
    REQUIRE(later);
    CHECK(later->points == 0);
    CHECK(w.total(ada) == 10);
}
