// LearningSettingsRepository (core/ports/learning/settings.hpp) on every backend: nothing
// stored until a change, a change over the defaults, a later change keeps the fields it does not
// name, concurrent changes of different fields lose neither, one learner's settings are theirs
// alone and go with the account.
#include <catch2/catch.hpp>

#include <thread>
#include <vector>

#include "tests/support/instants.hpp"
#include "tests/support/test_backends.hpp"

using namespace ll;

namespace {
using test::at;
const Timestamp t0 = at("2026-11-27T08:00:00.123Z");

Id account(StorageBackend& backend, const char* email) {
    return backend.accounts().create(NewAccount{email, "h", "end-user"})->id;
}

LearningSettingsChange retention(double r) {
    return LearningSettingsChange{r, std::nullopt};
}
LearningSettingsChange new_per_day(std::int32_t n) {
    return LearningSettingsChange{std::nullopt, n};
}
}  // namespace

TEST_CASE("learning settings: stored once changed, each change keeps what it does not name",
          "[learning-settings]") {
    auto db = test::make_test_database();
    StorageBackend& b = db->backend();
    LearningSettingsRepository& settings = b.learning_settings();
    const Id ada = account(b, "ada@example.com");
    const Id bo = account(b, "bo@example.com");
    CHECK_FALSE(settings.find(ada));

    const LearningSettings defaults{0.9, 20};
    const auto first = settings.update(ada, retention(0.85), defaults, t0);
    CHECK(first == StoredLearningSettings{{0.85, 20}, t0, std::nullopt});
    CHECK(settings.find(ada) == first);

    const Timestamp t1 = t0 + std::chrono::minutes(5);
    const auto second = settings.update(ada, new_per_day(0), defaults, t1);
    CHECK(second == StoredLearningSettings{{0.85, 0}, t1, std::nullopt});
    CHECK(settings.find(ada) == second);
    // Both at once, and the extremes of the ranges as stored.
    CHECK(settings.update(ada, {0.97, 200}, defaults, t1).settings == LearningSettings{0.97, 200});
    CHECK(settings.find(ada)->settings == LearningSettings{0.97, 200});
    CHECK_FALSE(settings.find(bo));  // ada's alone

    // Defaults are the caller's: a first change of bo's takes the ones given.
    CHECK(settings.update(bo, new_per_day(7), {0.8, 3}, t0).settings == LearningSettings{0.8, 7});
}

TEST_CASE("learning settings: changes of different fields at once lose neither",
          "[learning-settings]") {
    auto db = test::make_test_database(8);
    StorageBackend& b = db->backend();
    LearningSettingsRepository& settings = b.learning_settings();
    const Id ada = account(b, "ada@example.com");
    // Rounds of two writers, one per field, on a learner with no row yet: the row's insert
    // races too. A read-then-write store keeps only one of the two.
    for (int round = 0; round < 20; ++round) {
        const Id user =
            round == 0 ? ada : account(b, ("l" + std::to_string(round) + "@x.org").c_str());
        std::thread one([&] { settings.update(user, retention(0.75), {0.9, 20}, t0); });
        std::thread two([&] { settings.update(user, new_per_day(50), {0.9, 20}, t0); });
        one.join();
        two.join();
        INFO("round " << round);
        CHECK(settings.find(user)->settings == LearningSettings{0.75, 50});
    }
}

TEST_CASE("learning settings: removed with the account", "[learning-settings]") {
    auto db = test::make_test_database();
    StorageBackend& b = db->backend();
    const Id ada = account(b, "ada@example.com");
    b.learning_settings().update(ada, retention(0.8), {0.9, 20}, t0);
    REQUIRE(b.learner_data().erase(ada));
    CHECK_FALSE(b.learning_settings().find(ada));
}
