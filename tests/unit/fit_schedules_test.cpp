// langlearn-admin fit-schedules' use case (core/app/learning/fit_schedules.hpp) on the memory
// backend: a learner whose fit fails is reported with its problem and the others are still
// fitted; a learner whose check scores too few reviews keeps the defaults.
#include <catch2/catch.hpp>

#include <stdexcept>

#include "adapters/memory/manual_clock.hpp"
#include "adapters/memory/memory_backend.hpp"
#include "core/app/book_progress.hpp"
#include "core/app/learning/fit_schedules.hpp"
#include "core/domain/time_format.hpp"
#include "tests/support/instants.hpp"
#include "tests/support/learners.hpp"
#include "tests/support/review_simulation.hpp"

using namespace ll;

namespace {

// The real log, but reading one learner's lines fails (the database went away mid-run).
class FailingFor final : public ReviewLogReader {
  public:
    FailingFor(ReviewLogReader& real, Id broken) : real_(real), broken_(broken) {}
    std::vector<Id> learners_with_reviews(std::int64_t min, Id after, int limit) override {
        return real_.learners_with_reviews(min, after, limit);
    }
    std::vector<ReviewLogRecord> reviews_of(Id user_id, std::int64_t max_lines) override {
        if (user_id == broken_) throw std::runtime_error("connection to the database lost");
        return real_.reviews_of(user_id, max_lines);
    }

  private:
    ReviewLogReader& real_;
    Id broken_;
};

// A memory backend with 60 published pairs and a clock after every simulated answer.
struct World {
    MemoryBackend b;
    ManualClock clock{test::at("2027-06-01T00:00:00.000Z")};
    std::vector<Id> pairs;
    World() {
        for (int i = 0; i < 60; ++i)
            pairs.push_back(b.content_seeder().add_pair(SeedPair{"word", "published", {}}));
    }
    // A learner who answers `cards` simulated cards (pairs[0..cards)) ten times each.
    Id learner(const std::string& name, unsigned seed, int cards = 60) {
        const Id id = test::swedish_learner(b, name);
        const auto simulated = test::simulated_reviews(test::slow_forgetter(), cards, 10, seed);
        for (const auto& a : test::answers_in_time_order(simulated)) {
            BookingCommand c{id, pairs[a.card], a.rating != fsrs::Rating::again,
                             5,  a.at,          std::chrono::floor<std::chrono::days>(a.at)};
            c.rating = a.rating;
            REQUIRE(book_card(b.progress(), c).status == BookingStatus::booked);
        }
        return id;
    }
};

}  // namespace

TEST_CASE("fit-schedules: a learner whose fit fails is reported, the others are fitted", "[fit]") {
    World w;
    MemoryBackend& b = w.b;
    const Id ada = w.learner("ada", 6);
    const Id bo = w.learner("bo", 5);

    FailingFor log(b.review_log(), ada);
    std::vector<LearnerFit> fits;
    fit_schedules(FitSchedulesPorts{log, b.learning_settings(), w.clock}, 400,
                  [&](const LearnerFit& fit) { fits.push_back(fit); });
    REQUIRE(fits.size() == 2);
    CHECK(fits[0].user_id == ada);
    CHECK(fits[0].problem == "connection to the database lost");
    CHECK_FALSE(fits[0].adopted);
    CHECK(fits[1].user_id == bo);
    CHECK(fits[1].problem.empty());
    CHECK(fits[1].adopted);
    CHECK_FALSE(b.learning_settings().find(ada));
    CHECK(b.learning_settings().find(bo)->fitted);
}

TEST_CASE("fit-schedules: too few reviews in the check keep the defaults", "[fit]") {
    World w;
    MemoryBackend& b = w.b;
    // Three cards, ten reviews each: the last fifth holds six reviews, fewer than the check needs.
    const Id ada = w.learner("ada", 9, 3);
    const LearnerFit fit =
        fit_schedule(FitSchedulesPorts{b.review_log(), b.learning_settings(), w.clock}, ada);
    CHECK(fit.reviews == 30);
    CHECK(fit.checked > 0);
    CHECK(fit.checked < kMinCheckedReviews);
    CHECK_FALSE(fit.adopted);
    CHECK_FALSE(b.learning_settings().find(ada));
}
