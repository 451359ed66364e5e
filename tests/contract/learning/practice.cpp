// The practice queue (GET /auth/practice's use case over core/ports/learning/practice.hpp) on
// every backend: new cards by level then id within the day's allowance, due cards first and the
// least likely to be recalled first, the figures beside the list, cards the feed's rule leaves
// out never in it, and a card's memory per target language.
#include <catch2/catch.hpp>

#include "adapters/memory/fake_security.hpp"
#include "adapters/memory/manual_clock.hpp"
#include "adapters/text/utf8proc_folding.hpp"
#include "core/app/book_progress.hpp"
#include "core/app/learning/practice.hpp"
#include "tests/support/feed_pairs.hpp"
#include "tests/support/instants.hpp"
#include "tests/support/learners.hpp"
#include "tests/support/test_backends.hpp"

using namespace ll;

namespace {
using std::chrono::minutes;
using test::at;

struct World {
    std::unique_ptr<test::TestDatabase> db = test::make_test_database();
    StorageBackend& b = db->backend();
    ManualClock clock{at("2026-11-20T08:00:00.000Z")};
    // The ports GET /auth/practice uses.
    PracticeQuery& practice = b.practice();
    FeedQuery& feed = b.feed();
    ProfileRepository& profiles = b.profiles();
    LanguageRepository& languages = b.languages();
    LearningSettingsRepository& learning_settings = b.learning_settings();
    AnswerKeyQuery& answer_keys = b.answer_keys();
    Utf8procFolding folding;
    FakeSecretTokens secrets;

    Id learner(const std::string& name) { return test::swedish_learner(b, name); }
    // A pair at `level`; in the feed of `audio_lang` when published.
    Id pair(int level, const std::string& audio_lang = "sv",
            const std::string& pair_status = status::kPublished) {
        return test::feed_pair(b.content(), level, audio_lang, pair_status);
    }
    void book(Id who, Id pair, bool correct, Timestamp when,
              std::optional<fsrs::Rating> rating = std::nullopt) {
        BookingCommand c{who, pair, correct, 5, when, clock.local_date(when)};
        c.rating = rating;
        REQUIRE(book_card(b.progress(), c).status == BookingStatus::booked);
    }
    PracticeOutput queue(Id who, std::optional<std::string> limit = std::nullopt) {
        auto out = get_practice(*this, who, PracticeInput{std::move(limit)});
        REQUIRE(out);
        return out.value();
    }
};

std::vector<Id> ids(const PracticeOutput& out) {
    std::vector<Id> v;
    for (const auto& e : out.entries) v.push_back(e.item.pair_id);
    return v;
}

}  // namespace

TEST_CASE("practice queue: new cards by level then id, due cards first, the day's figures",
          "[learning-practice]") {
    World w;
    const Id ada = w.learner("ada");
    const Id p1 = w.pair(2), p2 = w.pair(1), p3 = w.pair(1), p4 = w.pair(3);
    w.pair(1, "sv", status::kDraft);  // not published: never in the queue
    w.pair(1, "de");                  // no Swedish audio: never in the queue

    PracticeOutput first = w.queue(ada);
    CHECK(ids(first) == std::vector<Id>{p2, p3, p1, p4});
    CHECK(first.due_now == 0);
    CHECK(first.due_today == 0);
    CHECK(first.new_left_today == 20);
    CHECK_FALSE(first.next_due_at);
    CHECK_FALSE(first.entries[0].memory);
    CHECK(first.entries[0].item.audio_url);

    // p2 Good (the 10-minute learning step), p3 Again (the 1-minute step).
    const Timestamp t0 = w.clock.now();
    w.book(ada, p2, true, t0);
    w.book(ada, p3, false, t0);
    w.clock.set(t0 + minutes(2));
    PracticeOutput second = w.queue(ada);
    CHECK(ids(second) == std::vector<Id>{p3, p1, p4});
    REQUIRE(second.entries[0].memory);
    CHECK(second.entries[0].memory->phase == fsrs::Phase::learning);
    CHECK(second.entries[0].memory->due == t0 + minutes(1));
    CHECK_FALSE(second.entries[1].memory);
    CHECK(second.due_now == 1);
    CHECK(second.due_today == 2);
    CHECK(second.new_left_today == 18);
    CHECK(second.next_due_at == t0 + minutes(10));

    // Both due: the same retrievability (reviewed today), so the longest due first.
    w.clock.set(t0 + minutes(11));
    CHECK(ids(w.queue(ada)) == std::vector<Id>{p3, p2, p1, p4});
    CHECK(ids(w.queue(ada, "1")) == std::vector<Id>{p3});

    // No new cards left today: the due cards only; nothing due: an empty list (done for today).
    w.learning_settings.update(ada, LearningSettingsChange{std::nullopt, 2}, LearningSettings{},
                               t0);
    PracticeOutput capped = w.queue(ada);
    CHECK(ids(capped) == std::vector<Id>{p3, p2});
    CHECK(capped.new_left_today == 0);
    w.book(ada, p3, true, t0 + minutes(11), fsrs::Rating::easy);
    w.book(ada, p2, true, t0 + minutes(11), fsrs::Rating::easy);
    PracticeOutput done = w.queue(ada);
    CHECK(done.entries.empty());
    CHECK(done.due_now == 0);
    CHECK(done.due_today == 0);
    REQUIRE(done.next_due_at);
    CHECK(*done.next_due_at > t0 + std::chrono::days(1));

    // The next day the allowance is back.
    w.clock.set(t0 + std::chrono::days(1));
    CHECK(w.queue(ada).new_left_today == 2);
    CHECK(ids(w.queue(ada)) == std::vector<Id>{p1, p4});
}

TEST_CASE("practice queue: the least likely to be recalled first; limits checked",
          "[learning-practice]") {
    World w;
    const Id ada = w.learner("ada"), bob = w.learner("bob");
    const Id older = w.pair(1), newer = w.pair(1);
    const Timestamp t0 = w.clock.now();
    // Into the review phase ten and nine days ago (Easy: a first interval of about 8 days).
    w.book(ada, older, true, t0 - std::chrono::days(10), fsrs::Rating::easy);
    w.book(ada, newer, true, t0 - std::chrono::days(9), fsrs::Rating::easy);
    const PracticeOutput out = w.queue(ada);
    CHECK(ids(out) == std::vector<Id>{older, newer});
    CHECK(out.due_now == 2);
    CHECK(out.entries[0].retrievability < out.entries[1].retrievability);
    CHECK(out.entries[0].retrievability > 0.5);
    CHECK(out.entries[0].memory->phase == fsrs::Phase::review);
    // Bob's queue is his own.
    CHECK(w.queue(bob).due_now == 0);
    CHECK(ids(w.queue(bob)) == std::vector<Id>{older, newer});

    for (const char* bad : {"0", "51", "abc", "5x", "-1", ""}) {
        INFO(bad);
        CHECK(get_practice(w, ada, PracticeInput{bad}).error() == errors::practice_limit_invalid());
    }
    const Id nobody = w.b.accounts().create(NewAccount{"x@example.com", "h", "end-user"})->id;
    CHECK(get_practice(w, nobody, PracticeInput{}).error() == errors::no_profile_for_practice());
}

TEST_CASE("practice: the languages a learner practised, each with its cards and reviews",
          "[learning-practice]") {
    World w;
    const Id ada = w.learner("ada"), bob = w.learner("bob");
    const Id p1 = w.pair(1), p2 = w.pair(1);
    const Timestamp t0 = w.clock.now();
    w.book(ada, p1, false, t0 - std::chrono::hours(2));  // Again: due a minute later
    w.book(ada, p1, true, t0 - std::chrono::hours(1));   // Good: due ten minutes later
    w.book(ada, p2, true, t0 - std::chrono::hours(3));
    REQUIRE(w.profiles.set_target_language(ada, 2));  // English
    w.book(ada, p1, true, t0);                        // due ten minutes from now

    const auto languages = w.practice.languages(ada, t0);
    REQUIRE(languages.size() == 2);
    CHECK(languages[0] == LanguagePractice{2, 1, 0, 1, t0});
    CHECK(languages[1] == LanguagePractice{3, 2, 2, 3, t0 - std::chrono::hours(1)});
    CHECK(w.practice.languages(bob, t0).empty());
    // A removed pair is left out, as every read leaves it out.
    w.b.content().write([&](ContentTx& tx) { tx.delete_pair(p1); });
    const auto left = w.practice.languages(ada, t0);
    REQUIRE(left.size() == 1);
    CHECK(left[0] == LanguagePractice{3, 1, 1, 1, t0 - std::chrono::hours(3)});
}
