#include <catch2/catch.hpp>

#include "core/app/book_progress.hpp"
#include "core/app/get_stats.hpp"
#include "support/fixture.hpp"
#include "tests/support/sent_requests.hpp"

using namespace ll;
using namespace ll::test;

TEST_CASE("stats: the 84-day window, zero-filled, ascending, ending today", "[stats]") {
    StatsSnapshot snap;
    const Date today = day("2026-11-22");
    snap.daily = {DailyActivityRow{today - std::chrono::days{83}, 5, 1, 1},
                  DailyActivityRow{today - std::chrono::days{84}, 7, 1, 0},
                  DailyActivityRow{today, 9, 3, 2}};
    const Stats s = aggregate_stats(snap, today);
    REQUIRE(s.daily.size() == 84);
    CHECK(s.daily.front().date == day("2026-08-31"));
    CHECK(s.daily.front().ep == 5);  // 83 days ago: inside
    CHECK(s.daily.back().date == today);
    CHECK(s.daily[1].ep == 0);
    for (std::size_t i = 1; i < s.daily.size(); ++i)
        CHECK(s.daily[i].date == s.daily[i - 1].date + std::chrono::days{1});
    std::int64_t ep_sum = 0;
    for (const auto& d : s.daily) ep_sum += d.ep;
    CHECK(ep_sum == 14);  // 84 days ago is outside
    CHECK(s.today.ep == 9);
    CHECK(s.today.cards == 3);
    CHECK(s.today.daily_goal_ep == 30);
    CHECK(stats_window_start(today) == day("2026-08-31"));
}

TEST_CASE("stats: totals, skills in fixed order, categories", "[stats]") {
    StatsSnapshot snap;
    snap.pairs_practiced = 4;
    snap.total_seen = 10;
    snap.total_correct = 4;
    snap.daily_goal_ep = 50;
    snap.by_answer_type = {{"text", 4, 1}, {"word", 2, 2}, {"question", 2, 0}, {"other", 2, 1}};
    snap.categories = {
        {1, "Tiere", 10, 3}, {2, "Essen", 0, 4}, {3, "Farben", 25, 1}, {4, "Haus", 10, 2}};
    const Stats s = aggregate_stats(snap, day("2026-11-22"));
    CHECK(s.totals.accuracy == Approx(0.4));
    CHECK(s.today.daily_goal_ep == 50);
    REQUIRE(s.skills.size() == 3);
    CHECK(s.skills[0].label == "Vokabular");
    CHECK(s.skills[0].seen == 4);
    CHECK(s.skills[0].value == Approx(0.5));
    CHECK(s.skills[1].label == "Lesen");
    CHECK(s.skills[1].value == Approx(0.25));
    CHECK(s.skills[2].label == "Verständnis");
    CHECK(s.skills[2].seen == 0);
    CHECK(s.skills[2].value == 0.0);
    REQUIRE(s.categories.size() == 3);
    CHECK(s.categories[0].label == "Farben");
    CHECK(s.categories[1].id == 1);  // equal points: by id
    CHECK(s.categories[2].id == 4);
}

TEST_CASE("stats through the use case: no profile, several categories per pair", "[stats]") {
    World w;
    const Id bare = w.user("bare@example.com", false);
    Stats s = get_stats(w.ports, bare);
    CHECK(s.daily.size() == 84);
    CHECK(s.today.daily_goal_ep == 30);
    CHECK(s.totals.accuracy == 0.0);
    CHECK(s.skills.size() == 3);
    CHECK(s.categories.empty());

    const Id user = w.user();
    auto& content = w.backend.content_seeder();
    const Id animals = content.add_category("Tiere");
    const Id food = content.add_category("Essen");
    const Id both = w.pair("yes_no", {animals, food});
    const Id only_food = w.pair("text", {food});
    REQUIRE(
        book_sent(w.ports, user, {LooseValue::of(both), LooseValue::of(true), LooseValue::of(10)})
            .ok());
    REQUIRE(book_sent(w.ports, user,
                      {LooseValue::of(only_food), LooseValue::of(false), LooseValue::of(4)})
                .ok());
    s = get_stats(w.ports, user);
    REQUIRE(s.categories.size() == 2);
    CHECK(s.categories[0].label == "Essen");
    CHECK(s.categories[0].points == 14);
    CHECK(s.categories[0].seen == 2);
    CHECK(s.categories[1].label == "Tiere");
    CHECK(s.categories[1].points == 10);
    CHECK(s.skills[2].seen == 1);
    CHECK(s.skills[2].value == 1.0);
    CHECK(s.skills[1].seen == 1);
    CHECK(s.skills[1].value == 0.0);
    CHECK(s.daily.back().date == w.clock.today());
    CHECK(s.daily.back().cards == 2);
}
