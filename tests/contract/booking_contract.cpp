#include <catch2/catch.hpp>

#include "core/app/book_progress.hpp"
#include "core/domain/time_format.hpp"
#include "tests/support/one_learner.hpp"

using namespace ll;

namespace {

struct Learner : test::OneLearner {
    BookingOutcome book(const char* instant, const char* local_day, Ep points, bool correct = true,
                        std::optional<Id> on_pair = std::nullopt) {
        return book_card(b.progress(),
                         BookingCommand{user, on_pair.value_or(pair), correct, points,
                                        *parse_timestamp(instant), *parse_date(local_day)});
    }
};

std::vector<std::string> ids(const std::vector<UnlockedAchievement>& list) {
    std::vector<std::string> out;
    for (const auto& a : list) out.push_back(a.definition.id);
    return out;
}

}  // namespace

TEST_CASE("booking: the first card and every outcome field", "[booking]") {
    Learner l;
    const auto out = l.book("2026-11-22T10:00:00.123Z", "2026-11-22", 25);
    REQUIRE(out.status == BookingStatus::booked);
    CHECK(out.previous_total_ep == 0);
    CHECK(out.total_ep == 25);
    CHECK(out.previous_streak_days == 0);
    CHECK(out.streak_days == 1);
    CHECK(out.daily_ep == 25);
    CHECK(out.daily_goal_ep == 30);
    REQUIRE(ids(out.unlocked) == std::vector<std::string>{"first_steps"});
    CHECK(out.unlocked[0].unlocked_at == *parse_timestamp("2026-11-22T10:00:00.123Z"));
    CHECK(out.unlocked[0].definition.title_en == "First steps");
    CHECK(out.unlocked[0].definition.kind == "ep");
    CHECK(out.unlocked[0].definition.threshold == 20);

    const auto p = l.b.profiles().find_by_user(l.user);
    CHECK(p->total_ep == 25);
    CHECK(p->streak_days == 1);
    CHECK(p->last_practice_at == *parse_timestamp("2026-11-22T10:00:00.123Z"));
}

TEST_CASE("booking: per-pair counters, daily rows and the goal", "[booking]") {
    Learner l;
    l.b.profiles().set_daily_goal(l.user, 50);
    const Id other = l.b.content_seeder().add_pair(SeedPair{"text", "published", {}});
    l.book("2026-11-22T08:00:00.000Z", "2026-11-22", 10, true);
    l.book("2026-11-22T09:00:00.000Z", "2026-11-22", 7, false);
    const auto out = l.book("2026-11-22T09:30:00.000Z", "2026-11-22", 3, true, other);
    CHECK(out.daily_ep == 20);
    CHECK(out.daily_goal_ep == 50);
    CHECK(out.total_ep == 20);
    CHECK(out.previous_total_ep == 17);

    const auto snap =
        l.b.stats().load(l.user, *parse_date("2026-08-31"), *parse_date("2026-11-22"));
    CHECK(snap.pairs_practiced == 2);
    CHECK(snap.total_seen == 3);
    CHECK(snap.total_correct == 2);
    REQUIRE(snap.daily.size() == 1);
    CHECK(snap.daily[0].date == *parse_date("2026-11-22"));
    CHECK(snap.daily[0].ep == 20);
    CHECK(snap.daily[0].cards == 3);
    CHECK(snap.daily[0].correct == 2);
    CHECK(snap.daily_goal_ep == 50);
}

TEST_CASE("booking: streak today, yesterday and after a gap", "[booking][streak]") {
    Learner l;
    CHECK(l.book("2026-11-20T12:00:00.000Z", "2026-11-20", 1).streak_days == 1);
    auto out = l.book("2026-11-20T13:00:00.000Z", "2026-11-20", 1);
    CHECK(out.previous_streak_days == 1);
    CHECK(out.streak_days == 1);
    out = l.book("2026-11-21T12:00:00.000Z", "2026-11-21", 1);
    CHECK(out.streak_days == 2);
    out = l.book("2026-11-22T12:00:00.000Z", "2026-11-22", 1);
    CHECK(out.streak_days == 3);
    CHECK(ids(out.unlocked) == std::vector<std::string>{"streak_3"});
    out = l.book("2026-11-25T12:00:00.000Z", "2026-11-25", 1);
    CHECK(out.previous_streak_days == 3);
    CHECK(out.streak_days == 1);
    // The local day decides, not the UTC one: 23:30Z on the 25th is the 26th at UTC+1.
    out = l.book("2026-11-25T23:30:00.000Z", "2026-11-26", 1);
    CHECK(out.streak_days == 2);
}

TEST_CASE("booking: nothing written for an unknown pair or a missing profile", "[booking]") {
    Learner l;
    const Id bare = l.b.accounts().create(NewAccount{"bare@example.com", "h", "end-user"})->id;
    CHECK(l.book("2026-11-22T10:00:00.000Z", "2026-11-22", 5, true, l.pair + 999).status ==
          BookingStatus::pair_not_found);
    const auto no_profile =
        book_card(l.b.progress(), BookingCommand{bare, l.pair, true, 500,
                                                 *parse_timestamp("2026-11-22T10:00:00.000Z"),
                                                 *parse_date("2026-11-22")});
    CHECK(no_profile.status == BookingStatus::no_profile);
    for (Id user : {l.user, bare}) {
        const auto snap =
            l.b.stats().load(user, *parse_date("2026-01-01"), *parse_date("2026-12-31"));
        CHECK(snap.daily.empty());
        CHECK(snap.pairs_practiced == 0);
        CHECK(snap.total_seen == 0);
    }
    CHECK(l.b.profiles().find_by_user(l.user)->total_ep == 0);
    for (const auto& a : l.b.achievements().list_for_user(bare)) CHECK_FALSE(a.unlocked_at);
}

TEST_CASE("achievements: listed in table order, unlocked once per user", "[achievements]") {
    Learner l;
    auto list = l.b.achievements().list_for_user(l.user);
    REQUIRE(list.size() == 10);
    CHECK(list[0].definition.id == "first_steps");
    CHECK(list[4].definition.id == "ep_5000");
    CHECK(list[5].definition.id == "streak_3");
    CHECK(list[9].definition.id == "streak_365");
    CHECK(list[9].definition.title_de == "Ein Jahr");
    CHECK(list[9].definition.threshold == 365);
    for (const auto& a : list) CHECK_FALSE(a.unlocked_at);

    CHECK(ids(l.book("2026-11-22T10:00:00.000Z", "2026-11-22", 600).unlocked) ==
          std::vector<std::string>{"first_steps", "ep_100", "ep_500"});
    CHECK(l.book("2026-11-22T10:01:00.000Z", "2026-11-22", 1).unlocked.empty());
    list = l.b.achievements().list_for_user(l.user);
    CHECK(list[0].unlocked_at == *parse_timestamp("2026-11-22T10:00:00.000Z"));
    CHECK(list[2].unlocked_at);
    CHECK_FALSE(list[3].unlocked_at);

    // Another user's unlocks are their own.
    const Id bob = l.b.accounts().create(NewAccount{"bob@example.com", "h", "end-user"})->id;
    for (const auto& a : l.b.achievements().list_for_user(bob)) CHECK_FALSE(a.unlocked_at);
}
