// Fitted parameters (docs/learning.md "Fitted parameters") on every backend: stored beside the
// settings and read back exactly, kept by a change of the settings, removed again; the review
// log as the fit reads it; a booking schedules with the learner's parameters; and
// langlearn-admin fit-schedules' use case end to end (core/app/learning/fit_schedules.hpp).
#include <catch2/catch.hpp>

#include "adapters/memory/manual_clock.hpp"
#include "adapters/persistence/database.hpp"
#include "adapters/persistence/database_url.hpp"
#include "core/app/book_progress.hpp"
#include "core/app/learning/fit_schedules.hpp"
#include "core/domain/time_format.hpp"
#include "tests/support/instants.hpp"
#include "tests/support/learners.hpp"
#include "tests/support/review_simulation.hpp"
#include "tests/support/test_backends.hpp"

using namespace ll;

namespace {
using test::at;
const Timestamp t0 = at("2026-11-27T08:00:00.123Z");

// Parameters no default has: every weight moved within its bound, with digits that a float or
// a short decimal would lose.
fsrs::Parameters odd_parameters() {
    fsrs::Parameters w = fsrs::kDefaultParameters;
    for (std::size_t i = 0; i < w.size(); ++i) {
        const auto& bound = fsrs::kParameterBounds[i];
        w[i] = bound.low + (bound.high - bound.low) * (0.3 + 0.01 * static_cast<double>(i)) + 1e-13;
    }
    return w;
}

BookingOutcome book(StorageBackend& b, Id who, Id pair, const char* when,
                    fsrs::Rating rating = fsrs::Rating::good) {
    BookingCommand c{who, pair,     rating != fsrs::Rating::again,
                     5,   at(when), *parse_date(std::string(when, 10))};
    c.rating = rating;
    return book_card(b.progress(), c);
}

}  // namespace

TEST_CASE("fitted parameters: stored beside the settings, read back exactly, removed again",
          "[fitted-parameters]") {
    auto db = test::make_test_database();
    StorageBackend& b = db->backend();
    LearningSettingsRepository& settings = b.learning_settings();
    const Id ada = test::swedish_learner(b, "ada");
    const Id bo = test::swedish_learner(b, "bo");

    // A learner without settings gets a row with the defaults given.
    const FittedParameters fitted{odd_parameters(), 1234, at("2026-11-27T07:00:00.456Z")};
    settings.store_parameters(ada, fitted, LearningSettings{0.9, 20}, t0);
    auto stored = settings.find(ada);
    REQUIRE(stored);
    CHECK(stored->settings == LearningSettings{0.9, 20});
    CHECK(stored->updated_at == t0);
    REQUIRE(stored->fitted);
    CHECK(stored->fitted->weights == fitted.weights);  // every bit
    CHECK(*stored->fitted == fitted);
    CHECK_FALSE(settings.find(bo));

    // A change of the settings keeps them; new parameters keep the settings.
    const Timestamp t1 = t0 + std::chrono::hours(1);
    settings.update(ada, LearningSettingsChange{0.8, std::nullopt}, LearningSettings{}, t1);
    CHECK(settings.find(ada)->fitted == fitted);
    FittedParameters refit = fitted;
    refit.weights[20] = 0.5;
    refit.reviews = 2000;
    settings.store_parameters(ada, refit, LearningSettings{}, t1 + std::chrono::hours(1));
    stored = settings.find(ada);
    CHECK(stored->settings == LearningSettings{0.8, 20});
    CHECK(stored->updated_at == t1);
    CHECK(stored->fitted == refit);

    // Back to the defaults; for a learner without a row that creates none.
    settings.store_parameters(ada, std::nullopt, LearningSettings{}, t1 + std::chrono::hours(2));
    stored = settings.find(ada);
    CHECK_FALSE(stored->fitted);
    CHECK(stored->settings == LearningSettings{0.8, 20});
    settings.store_parameters(bo, std::nullopt, LearningSettings{}, t1);
    CHECK_FALSE(settings.find(bo));

    // An account deleted while its fit ran gets nothing stored, and nothing fails.
    const Id cy = test::swedish_learner(b, "cy");
    REQUIRE(b.learner_data().erase(cy));
    settings.store_parameters(cy, fitted, LearningSettings{}, t1);
    CHECK_FALSE(settings.find(cy));
}

TEST_CASE("fitted parameters: a damaged stored value schedules with the defaults",
          "[fitted-parameters][sql]") {
    auto db = test::make_test_database();
    if (db->name() == "memory") return;  // only a database can hold a damaged text
    StorageBackend& b = db->backend();
    const Id ada = test::swedish_learner(b, "ada");
    b.learning_settings().store_parameters(ada, FittedParameters{odd_parameters(), 500, t0},
                                           LearningSettings{}, t0);
    sql::Database raw(sql::parse_database_url(db->url()), 1);
    for (const char* damaged : {"1,2,3", "x", "",
                                "0.2,1,2,8,6,0.8,3,0.001,1.8,0.1,0.7,1.4,0.06,"
                                "0.2,1.6,0.6,1.8,0.5,0.09,0.06,5"}) {
        long long user = ada;
        std::string text = damaged;
        raw.write([&](soci::session& s) {
            s << "UPDATE learning_settings SET weights = :w WHERE user_id = :u", soci::use(text),
                soci::use(user);
        });
        CAPTURE(damaged);
        CHECK_FALSE(b.learning_settings().find(ada)->fitted);
    }
    // Good weights without the other two columns: all three or none.
    b.learning_settings().store_parameters(ada, FittedParameters{odd_parameters(), 500, t0},
                                           LearningSettings{}, t0);
    REQUIRE(b.learning_settings().find(ada)->fitted);
    raw.write([&](soci::session& s) {
        long long user = ada;
        s << "UPDATE learning_settings SET fitted_reviews = NULL WHERE user_id = :u",
            soci::use(user);
    });
    CHECK_FALSE(b.learning_settings().find(ada)->fitted);
    // Going back to the defaults clears a damaged value too.
    b.learning_settings().store_parameters(ada, std::nullopt, LearningSettings{}, t0);
    const int left = raw.read([&](soci::session& s) {
        long long user = ada;
        int n = -1;
        s << "SELECT COUNT(*) FROM learning_settings WHERE user_id = :u AND weights IS NULL "
             "AND fitted_reviews IS NULL AND fitted_at IS NULL",
            soci::into(n), soci::use(user);
        return n;
    });
    CHECK(left == 1);
    // The booking reads the same column: a review under the defaults.
    const Id pair = b.content_seeder().add_pair(SeedPair{"word", "published", {}});
    REQUIRE(book(b, ada, pair, "2026-11-20T08:00:00.000Z").status == BookingStatus::booked);
    const LearnerRecords r = *b.learner_data().read_all(ada);
    REQUIRE(r.memory.size() == 1);
    CHECK(r.memory[0].state.stability == fsrs::stored_value(fsrs::initial_stability(
                                             fsrs::Rating::good, fsrs::kDefaultParameters)));
}

TEST_CASE("fitted parameters: the booking schedules with the learner's parameters",
          "[fitted-parameters]") {
    auto db = test::make_test_database();
    StorageBackend& b = db->backend();
    const Id ada = test::swedish_learner(b, "ada");
    const Id bo = test::swedish_learner(b, "bo");
    const Id pair = b.content_seeder().add_pair(SeedPair{"word", "published", {}});
    // A first review under the defaults (a store may remember the learner's state after it).
    REQUIRE(book(b, ada, pair, "2026-11-10T08:00:00.000Z", fsrs::Rating::easy).status ==
            BookingStatus::booked);
    const fsrs::Parameters w = odd_parameters();
    b.learning_settings().store_parameters(ada, FittedParameters{w, 900, t0}, LearningSettings{},
                                           at("2026-11-11T08:00:00.000Z"));
    REQUIRE(book(b, ada, pair, "2026-11-20T08:00:00.000Z").status == BookingStatus::booked);
    REQUIRE(book(b, bo, pair, "2026-11-20T08:00:00.000Z").status == BookingStatus::booked);

    const LearnerRecords r = *b.learner_data().read_all(ada);
    REQUIRE(r.reviews.size() == 2);
    const fsrs::MemoryState first = fsrs::stored_precision(fsrs::review(
        {}, at("2026-11-10T08:00:00.000Z"), fsrs::Rating::easy, fsrs::kDefaultParameters, 0.9));
    const fsrs::MemoryState second = fsrs::stored_precision(
        fsrs::review(first, at("2026-11-20T08:00:00.000Z"), fsrs::Rating::good, w, 0.9));
    REQUIRE(r.memory.size() == 1);
    CHECK(r.memory[0].state == second);
    // The log's retrievability is the learner's curve's too.
    CHECK(r.reviews[1].review.retrievability ==
          fsrs::stored_value(fsrs::retrievability(first, at("2026-11-20T08:00:00.000Z"), w)));
    CHECK(r.reviews[1].review.retrievability !=
          fsrs::stored_value(fsrs::retrievability(first, at("2026-11-20T08:00:00.000Z"),
                                                  fsrs::kDefaultParameters)));
    // Bo has none: his first review is the defaults'.
    const LearnerRecords rb = *b.learner_data().read_all(bo);
    REQUIRE(rb.memory.size() == 1);
    CHECK(rb.memory[0].state.stability == fsrs::stored_value(fsrs::initial_stability(
                                              fsrs::Rating::good, fsrs::kDefaultParameters)));
    // The export carries them.
    REQUIRE(r.learning_settings);
    CHECK(r.learning_settings->fitted->weights == w);
}

TEST_CASE("review log reader: learners with enough lines, and one learner's lines in order",
          "[fitted-parameters]") {
    auto db = test::make_test_database();
    StorageBackend& b = db->backend();
    const Id ada = test::swedish_learner(b, "ada");
    const Id bo = test::swedish_learner(b, "bo");
    const Id cy = test::swedish_learner(b, "cy");
    const Id p1 = b.content_seeder().add_pair(SeedPair{"word", "published", {}});
    const Id p2 = b.content_seeder().add_pair(SeedPair{"word", "published", {}});
    REQUIRE(book(b, ada, p1, "2026-11-10T08:00:00.000Z").status == BookingStatus::booked);
    REQUIRE(book(b, ada, p2, "2026-11-10T08:01:00.000Z", fsrs::Rating::again).status ==
            BookingStatus::booked);
    REQUIRE(book(b, ada, p1, "2026-11-12T08:00:00.000Z").status == BookingStatus::booked);
    REQUIRE(book(b, bo, p1, "2026-11-10T08:00:00.000Z").status == BookingStatus::booked);
    for (const char* when :
         {"2026-11-10T09:00:00.000Z", "2026-11-11T09:00:00.000Z", "2026-11-13T09:00:00.000Z"})
        REQUIRE(book(b, cy, p2, when).status == BookingStatus::booked);

    ReviewLogReader& log = b.review_log();
    const bool ada_first = ada < cy;
    CHECK(log.learners_with_reviews(3, 0, 10) ==
          (ada_first ? std::vector<Id>{ada, cy} : std::vector<Id>{cy, ada}));
    CHECK(log.learners_with_reviews(1, 0, 10).size() == 3);
    CHECK(log.learners_with_reviews(4, 0, 10).empty());
    CHECK(log.learners_with_reviews(3, 0, 1).size() == 1);
    CHECK(log.learners_with_reviews(3, std::min(ada, cy), 10) ==
          std::vector<Id>{std::max(ada, cy)});

    const auto lines = log.reviews_of(ada, 100);
    REQUIRE(lines.size() == 3);
    CHECK(lines[0].pair_id == p1);
    CHECK(lines[1].pair_id == p2);
    CHECK(lines[1].review.rating == fsrs::Rating::again);
    CHECK(lines[2].review.reviewed_at == at("2026-11-12T08:00:00.000Z"));
    CHECK(lines == b.learner_data().read_all(ada)->reviews);
    CHECK(log.reviews_of(bo, 100).size() == 1);
    // The latest lines by review instant, still in booking order: an answer booked late (offline)
    // with an earlier instant is not among the latest two.
    REQUIRE(book(b, ada, p2, "2026-11-09T08:00:00.000Z").status == BookingStatus::booked);
    const auto latest = log.reviews_of(ada, 2);
    REQUIRE(latest.size() == 2);
    CHECK(latest[0].review.reviewed_at == at("2026-11-10T08:01:00.000Z"));
    CHECK(latest[1].review.reviewed_at == at("2026-11-12T08:00:00.000Z"));
    CHECK(log.reviews_of(ada, 100).size() == 4);
    CHECK(log.reviews_of(ada, 100).back().review.reviewed_at == at("2026-11-09T08:00:00.000Z"));
    CHECK(log.reviews_of(ada, 0).empty());
}

TEST_CASE("fit-schedules: learners with enough reviews get parameters that predict them better",
          "[fitted-parameters]") {
    auto db = test::make_test_database();
    StorageBackend& b = db->backend();
    ManualClock clock(at("2027-06-01T00:00:00.000Z"));
    const Id ada = test::swedish_learner(b, "ada");
    const Id bo = test::swedish_learner(b, "bo");
    // Ada reviews 60 cards ten times each on a schedule unlike the defaults; Bo a handful.
    std::vector<Id> pairs;
    for (int i = 0; i < 60; ++i)
        pairs.push_back(b.content_seeder().add_pair(SeedPair{"word", "published", {}}));
    const auto cards = test::simulated_reviews(test::slow_forgetter(), 60, 10, 5);
    for (const auto& a : test::answers_in_time_order(cards)) {
        const std::string when = format_timestamp(a.at);
        REQUIRE(book(b, ada, pairs[a.card], when.c_str(), a.rating).status ==
                BookingStatus::booked);
    }
    REQUIRE(book(b, bo, pairs[0], "2025-01-02T08:00:00.000Z").status == BookingStatus::booked);

    const FitSchedulesPorts ports{b.review_log(), b.learning_settings(), clock};
    std::vector<LearnerFit> fits;
    fit_schedules(ports, 400, [&](const LearnerFit& fit) { fits.push_back(fit); });
    REQUIRE(fits.size() == 1);
    const LearnerFit& fit = fits[0];
    CHECK(fit.user_id == ada);
    CHECK(fit.reviews == 600);
    CHECK(fit.checked > 50);
    INFO("defaults " << fit.default_log_loss << ", fitted " << fit.fitted_log_loss);
    CHECK(fit.adopted);
    CHECK(fit.fitted_log_loss < fit.default_log_loss);

    const auto stored = b.learning_settings().find(ada);
    REQUIRE(stored);
    REQUIRE(stored->fitted);
    CHECK(stored->fitted->reviews == 600);
    CHECK(stored->fitted->fitted_at == clock.now());
    CHECK(fsrs::within_bounds(stored->fitted->weights));
    CHECK(stored->fitted->weights != fsrs::kDefaultParameters);
    // The fit reads what the booking logged: the same fit again gives the same parameters.
    const auto histories = card_histories(b.review_log().reviews_of(ada, kMaxReviewsToFit));
    CHECK(histories.size() == 60);
    CHECK(fsrs::fit_parameters(histories).weights == stored->fitted->weights);
    CHECK_FALSE(b.learning_settings().find(bo));
}

TEST_CASE("fit-schedules: parameters that do not predict better are not kept",
          "[fitted-parameters]") {
    auto db = test::make_test_database();
    StorageBackend& b = db->backend();
    ManualClock clock(at("2027-06-01T00:00:00.000Z"));
    const Id ada = test::swedish_learner(b, "ada");
    const Id pair = b.content_seeder().add_pair(SeedPair{"word", "published", {}});
    // Parameters from an earlier fit; now the log has nothing the check can score (only
    // same-day reviews): the defaults come back.
    b.learning_settings().store_parameters(ada, FittedParameters{odd_parameters(), 900, t0},
                                           LearningSettings{}, t0);
    for (const char* when :
         {"2026-11-20T08:00:00.000Z", "2026-11-20T08:05:00.000Z", "2026-11-20T09:00:00.000Z"})
        REQUIRE(book(b, ada, pair, when).status == BookingStatus::booked);
    const LearnerFit fit =
        fit_schedule(FitSchedulesPorts{b.review_log(), b.learning_settings(), clock}, ada);
    CHECK(fit.reviews == 3);
    CHECK(fit.checked == 0);
    CHECK_FALSE(fit.adopted);
    CHECK_FALSE(b.learning_settings().find(ada)->fitted);
}
