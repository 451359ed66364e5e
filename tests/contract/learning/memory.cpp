// The card memory and review log the booking writes (core/ports/learning/memory.hpp), on every
// backend: the stored state is the memory model folded over the review log, a replay reviews
// nothing twice, a settings change is in force at the next booking, a card's memory is per
// target language, and the PostgreSQL store's remembered state (sql_booking_guesses.hpp) carries
// the memory too.
#include <catch2/catch.hpp>

#include "adapters/memory/manual_clock.hpp"
#include "core/app/book_progress.hpp"
#include "core/app/learning/cards.hpp"
#include "core/app/learning/review_retention.hpp"
#include "core/domain/time_format.hpp"
#include "tests/support/instants.hpp"
#include "tests/support/learners.hpp"
#include "tests/support/test_backends.hpp"

using namespace ll;

namespace {
using test::at;

struct World {
    std::unique_ptr<test::TestDatabase> db = test::make_test_database();
    StorageBackend& b = db->backend();

    Id learner(const std::string& name) { return test::swedish_learner(b, name); }
    BookingOutcome book(Id who, Id pair, bool correct, const char* when,
                        std::optional<fsrs::Rating> rating = std::nullopt,
                        std::optional<std::string> key = std::nullopt) {
        BookingCommand c{who, pair, correct, 5, at(when), *parse_date(std::string(when, 10))};
        c.rating = rating;
        if (key) c.idempotency = IdempotencyKey{*key, "same", at(when) - std::chrono::hours(24)};
        return book_card(b.progress(), c);
    }
    LearnerRecords records(Id who) { return *b.learner_data().read_all(who); }
};

// The memory model folded over the review log's lines of one card (as the booking stores it).
fsrs::MemoryState folded(const std::vector<ReviewLogRecord>& log, Id pair, double retention) {
    fsrs::MemoryState state;
    for (const auto& line : log) {
        if (line.pair_id != pair) continue;
        state =
            fsrs::stored_precision(fsrs::review(state, line.review.reviewed_at, line.review.rating,
                                                fsrs::kDefaultParameters, retention));
    }
    return state;
}

}  // namespace

TEST_CASE("card memory: the stored state is the model folded over the review log",
          "[learning-memory]") {
    World w;
    const Id ada = w.learner("ada"), bob = w.learner("bob");
    const Id pair = w.b.content_seeder().add_pair(SeedPair{"word", "published", {1}});
    const Id other = w.b.content_seeder().add_pair(SeedPair{"text", "published", {}});
    // Good, Again the next day, Easy (rated) three days on, Hard (rated) the same day: the
    // repeated bookings of one pair are what the PostgreSQL store answers from memory.
    REQUIRE(w.book(ada, pair, true, "2026-11-20T08:00:00.000Z").status == BookingStatus::booked);
    REQUIRE(w.book(ada, pair, false, "2026-11-21T09:00:00.000Z").status == BookingStatus::booked);
    REQUIRE(w.book(ada, other, true, "2026-11-21T09:01:00.000Z").status == BookingStatus::booked);
    REQUIRE(w.book(ada, pair, true, "2026-11-24T10:00:00.000Z", fsrs::Rating::easy).status ==
            BookingStatus::booked);
    REQUIRE(w.book(ada, pair, true, "2026-11-24T18:00:00.000Z", fsrs::Rating::hard).status ==
            BookingStatus::booked);
    REQUIRE(w.book(bob, pair, false, "2026-11-24T18:00:00.000Z").status == BookingStatus::booked);

    const LearnerRecords r = w.records(ada);
    REQUIRE(r.reviews.size() == 5);
    std::vector<int> ratings;
    for (const auto& line : r.reviews) ratings.push_back(static_cast<int>(line.review.rating));
    CHECK(ratings == std::vector<int>{3, 1, 3, 4, 2});
    // Lines of the pair: first review (no elapsed days, nothing to recall), a day, three days,
    // the same day.
    CHECK_FALSE(r.reviews[0].review.elapsed_days);
    CHECK(r.reviews[0].review.retrievability == 0);
    CHECK(r.reviews[1].review.elapsed_days == 1);
    CHECK(r.reviews[3].review.elapsed_days == 3);
    CHECK(r.reviews[4].review.elapsed_days == 0);
    CHECK(r.reviews[3].review.retrievability > 0);
    CHECK(r.reviews[3].review.retrievability < 1);
    for (const auto& line : r.reviews) CHECK(line.review.language == 3);

    REQUIRE(r.memory.size() == 2);
    const CardMemoryRecord& m = r.memory[0].pair_id == pair ? r.memory[0] : r.memory[1];
    CHECK(m.language_id == 3);
    CHECK(m.state == folded(r.reviews, pair, 0.9));
    CHECK(m.state.reps == 4);
    CHECK(m.state.last_review == at("2026-11-24T18:00:00.000Z"));
    CHECK(r.reviews[4].review.stability == m.state.stability);
    CHECK(r.reviews[4].review.difficulty == m.state.difficulty);
    // Bob's card is his own.
    const LearnerRecords rb = w.records(bob);
    REQUIRE(rb.memory.size() == 1);
    CHECK(rb.memory[0].state.reps == 1);
    CHECK(rb.memory[0].state == folded(rb.reviews, pair, 0.9));
}

TEST_CASE("card memory: a replay reviews nothing twice", "[learning-memory]") {
    World w;
    const Id ada = w.learner("ada");
    const Id pair = w.b.content_seeder().add_pair(SeedPair{"word", "published", {}});
    REQUIRE(w.book(ada, pair, true, "2026-11-20T08:00:00.000Z", std::nullopt, "k1").status ==
            BookingStatus::booked);
    const BookingOutcome again =
        w.book(ada, pair, true, "2026-11-20T08:00:05.000Z", std::nullopt, "k1");
    CHECK(again.replayed);
    const LearnerRecords r = w.records(ada);
    CHECK(r.reviews.size() == 1);
    REQUIRE(r.memory.size() == 1);
    CHECK(r.memory[0].state.reps == 1);
}

TEST_CASE("card memory: the desired retention in force is the one of the booking's time",
          "[learning-memory]") {
    World w;
    const Id ada = w.learner("ada");
    const Id pair = w.b.content_seeder().add_pair(SeedPair{"word", "published", {}});
    // Into the review phase (Easy), then a review under the default retention, which the store
    // may remember; then the learner asks for 0.97 and the next review must use it.
    REQUIRE(w.book(ada, pair, true, "2026-11-10T08:00:00.000Z", fsrs::Rating::easy).status ==
            BookingStatus::booked);
    REQUIRE(w.book(ada, pair, true, "2026-11-20T08:00:00.000Z").status == BookingStatus::booked);
    w.b.learning_settings().update(ada, LearningSettingsChange{0.97, std::nullopt},
                                   LearningSettings{}, at("2026-11-20T09:00:00.000Z"));
    REQUIRE(w.book(ada, pair, true, "2026-11-25T08:00:00.000Z").status == BookingStatus::booked);

    const LearnerRecords r = w.records(ada);
    REQUIRE(r.reviews.size() == 3);
    fsrs::MemoryState expected;
    const double retention[] = {0.9, 0.9, 0.97};
    for (std::size_t i = 0; i < 3; ++i) {
        expected = fsrs::stored_precision(fsrs::review(expected, r.reviews[i].review.reviewed_at,
                                                       r.reviews[i].review.rating,
                                                       fsrs::kDefaultParameters, retention[i]));
    }
    REQUIRE(r.memory.size() == 1);
    CHECK(r.memory[0].state == expected);
    CHECK(r.memory[0].state.phase == fsrs::Phase::review);
    // Under 0.90 the interval would have been longer.
    CHECK(r.memory[0].state.due <
          at("2026-11-25T08:00:00.000Z") + std::chrono::days{fsrs::scheduled_days(
                                               expected.stability, 0.9, fsrs::kDefaultParameters)});
}

TEST_CASE("card memory: per target language; switching back finds the old memory",
          "[learning-memory]") {
    World w;
    const Id ada = w.learner("ada");  // learns Swedish (3)
    const Id pair = w.b.content_seeder().add_pair(SeedPair{"word", "published", {}});
    REQUIRE(w.book(ada, pair, true, "2026-11-20T08:00:00.000Z", fsrs::Rating::easy).status ==
            BookingStatus::booked);
    REQUIRE(w.book(ada, pair, true, "2026-11-21T08:00:00.000Z").status == BookingStatus::booked);
    // In English the card is new: its first review there, whatever Swedish knew.
    REQUIRE(w.b.profiles().set_target_language(ada, 2));
    REQUIRE(w.book(ada, pair, false, "2026-11-22T08:00:00.000Z").status == BookingStatus::booked);
    // Back to Swedish: the card continues from its Swedish memory.
    REQUIRE(w.b.profiles().set_target_language(ada, 3));
    REQUIRE(w.book(ada, pair, true, "2026-11-25T08:00:00.000Z").status == BookingStatus::booked);

    const LearnerRecords r = w.records(ada);
    REQUIRE(r.reviews.size() == 4);
    CHECK(r.reviews[2].review.language == 2);
    CHECK_FALSE(r.reviews[2].review.elapsed_days);  // a first review, in English
    CHECK(r.reviews[3].review.language == 3);
    CHECK(r.reviews[3].review.elapsed_days == 4);  // since the Swedish review of the 21st
    REQUIRE(r.memory.size() == 2);
    CHECK(r.memory[0].language_id == 2);
    CHECK(r.memory[0].state.reps == 1);
    CHECK(r.memory[1].language_id == 3);
    CHECK(r.memory[1].state.reps == 3);
    std::vector<ReviewLogRecord> swedish, english;
    for (const auto& line : r.reviews)
        (line.review.language == 3 ? swedish : english).push_back(line);
    CHECK(r.memory[0].state == folded(english, pair, 0.9));
    CHECK(r.memory[1].state == folded(swedish, pair, 0.9));
    // EP and streak stay the learner's across languages.
    CHECK(w.b.profiles().find_by_user(ada)->total_ep == 20);
}

TEST_CASE("review log: the retention deletes old lines but each card's last, by batches",
          "[learning-memory]") {
    World w;
    const Id ada = w.learner("ada"), bob = w.learner("bob"), cy = w.learner("cy");
    const Id pair = w.b.content_seeder().add_pair(SeedPair{"word", "published", {1}});
    REQUIRE(w.book(ada, pair, true, "2026-10-01T08:00:00.000Z").status == BookingStatus::booked);
    REQUIRE(w.book(ada, pair, true, "2026-11-20T08:00:00.000Z").status == BookingStatus::booked);
    REQUIRE(w.book(bob, pair, true, "2026-10-02T08:00:00.000Z").status == BookingStatus::booked);
    REQUIRE(w.book(bob, pair, true, "2026-10-05T08:00:00.000Z").status == BookingStatus::booked);
    REQUIRE(w.book(cy, pair, false, "2026-10-03T08:00:00.000Z").status == BookingStatus::booked);
    const auto memory_before = w.records(ada).memory;
    const Timestamp cutoff = at("2026-11-01T00:00:00.000Z");
    const auto instants = [&](Id who) {
        std::vector<Timestamp> out;
        for (const auto& line : w.records(who).reviews) out.push_back(line.review.reviewed_at);
        return out;
    };

    // The first two learners: ada's and bob's first lines go; each card's last line stays, old
    // or not (cy's only line too).
    const ReviewPurgeStep first = w.b.progress().purge_reviews(cutoff, 0, 2);
    CHECK(first.removed == 2);
    CHECK(first.last_user == bob);
    CHECK(instants(ada) == std::vector<Timestamp>{at("2026-11-20T08:00:00.000Z")});
    CHECK(instants(bob) == std::vector<Timestamp>{at("2026-10-05T08:00:00.000Z")});
    const ReviewPurgeStep second = w.b.progress().purge_reviews(cutoff, bob, 2);
    CHECK(second.removed == 0);
    CHECK(second.last_user == cy);
    CHECK(instants(cy).size() == 1);
    CHECK_FALSE(w.b.progress().purge_reviews(cutoff, cy, 2).last_user);
    // The memory stays: only the history goes.
    CHECK(w.records(ada).memory == memory_before);

    // The use case walks every learner: with 30 days kept on 2026-12-21, ada's line of
    // 2026-11-20 goes once a later one is there.
    REQUIRE(w.book(ada, pair, true, "2026-12-20T08:00:00.000Z").status == BookingStatus::booked);
    struct Ports {
        ProgressStore& progress;
        ManualClock clock{at("2026-12-21T00:00:00.000Z")};
    } ports{w.b.progress()};
    CHECK(purge_old_reviews(ports, 31) == 0);
    CHECK(purge_old_reviews(ports, 30) == 1);
    CHECK(instants(ada) == std::vector<Timestamp>{at("2026-12-20T08:00:00.000Z")});
}

TEST_CASE("review log: the purge keeps each card's last line per language; positions hold",
          "[learning-memory]") {
    World w;
    const Id ada = w.learner("ada");
    const Id pair = w.b.content_seeder().add_pair(SeedPair{"word", "published", {1}});
    REQUIRE(w.book(ada, pair, true, "2026-10-01T08:00:00.000Z").status == BookingStatus::booked);
    const auto position = changed_cards(w.b.practice(), ada, CardsInput{}).value().next_cursor;
    REQUIRE(w.book(ada, pair, true, "2026-10-02T08:00:00.000Z").status == BookingStatus::booked);
    REQUIRE(w.b.profiles().set_target_language(ada, 2));
    REQUIRE(w.book(ada, pair, false, "2026-10-03T08:00:00.000Z").status == BookingStatus::booked);
    REQUIRE(w.book(ada, pair, true, "2026-10-04T08:00:00.000Z").status == BookingStatus::booked);
    const auto since = [&] {
        return changed_cards(w.b.practice(), ada, CardsInput{position, std::nullopt}).value();
    };
    const CardsOutput before = since();
    REQUIRE(before.cards.size() == 2);

    // Every line is old; the last of each language stays.
    CHECK(w.b.progress().purge_reviews(at("2026-11-01T00:00:00.000Z"), 0, 100).removed == 2);
    std::vector<std::pair<Id, Timestamp>> kept;
    for (const auto& line : w.records(ada).reviews)
        kept.emplace_back(line.review.language, line.review.reviewed_at);
    CHECK(kept == std::vector<std::pair<Id, Timestamp>>{{3, at("2026-10-02T08:00:00.000Z")},
                                                        {2, at("2026-10-04T08:00:00.000Z")}});
    // A position taken before the purge answers the same cards.
    const CardsOutput after = since();
    CHECK(after.cards == before.cards);
    CHECK(after.next_cursor == before.next_cursor);
}
