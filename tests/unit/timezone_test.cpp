// A time zone per learner (docs/accounts.md "A time zone per learner"): the tz database reader (DST
// in Europe/Berlin), the profile's zone, and what it moves (bookings, the stats window, /auth/me's
// practiced_today and streak_at_risk).
#include <catch2/catch.hpp>

#include "adapters/clock/system_clock.hpp"
#include "adapters/clock/tz_database.hpp"
#include "core/app/book_progress.hpp"
#include "core/app/get_me.hpp"
#include "core/app/get_stats.hpp"
#include "core/app/learner_zone.hpp"
#include "support/fixture.hpp"
#include "tests/support/sent_requests.hpp"

using namespace ll;
using namespace ll::test;

namespace {
Date berlin(const char* iso) {
    return *system_tz_database().local_date(at(iso), "Europe/Berlin");
}
SentProgress card(Id pair, int points = 10) {
    return {LooseValue::of(static_cast<std::int64_t>(pair)), LooseValue::of(true),
            LooseValue::of(points)};
}
}  // namespace

TEST_CASE("timezone: local dates across Berlin's DST changes", "[timezone]") {
    // Winter (CET, +1): 23:30 UTC is already the next day.
    CHECK(berlin("2026-01-10T22:59:59.000Z") == day("2026-01-10"));
    CHECK(berlin("2026-01-10T23:00:00.000Z") == day("2026-01-11"));
    // Summer (CEST, +2) starts 2026-03-29 01:00 UTC: 22:00 UTC is midnight.
    CHECK(berlin("2026-03-28T22:30:00.000Z") == day("2026-03-28"));  // still CET: 23:30
    CHECK(berlin("2026-03-29T22:00:00.000Z") == day("2026-03-30"));  // CEST: 00:00
    CHECK(berlin("2026-03-29T21:59:59.000Z") == day("2026-03-29"));
    // Back to CET on 2026-10-25 01:00 UTC: 22:30 UTC is the next day before, the same day after.
    CHECK(berlin("2026-10-24T22:30:00.000Z") == day("2026-10-25"));
    CHECK(berlin("2026-10-25T22:30:00.000Z") == day("2026-10-25"));
    // Zones far apart on one instant; summer time in 2037 (Debian writes every
    // transition out to 2037; past it the last offset holds, docs/accounts.md).
    const auto& tz = system_tz_database();
    CHECK(tz.local_date(at("2026-11-22T10:00:00.000Z"), "Pacific/Kiritimati") == day("2026-11-23"));
    CHECK(tz.local_date(at("2026-11-22T07:00:00.000Z"), "America/Los_Angeles") ==
          day("2026-11-21"));
    CHECK(tz.local_date(at("2026-11-22T23:59:00.000Z"), "UTC") == day("2026-11-22"));
    CHECK(tz.local_date(at("2037-07-01T22:30:00.000Z"), "Europe/Berlin") == day("2037-07-02"));
}

TEST_CASE("timezone: names the tz database does not hold are refused", "[timezone]") {
    const auto& tz = system_tz_database();
    for (const char* bad :
         {"", "Mars/Olympus", "Europe/../../etc/passwd", "/etc/passwd", "Europe/Berlin/",
          "Europe//Berlin", "zone.tab", "Europe", "Europe/Berlin\n", "tzdata.zi",
          // files that are no zone of their own (the host's link, internals, copies of the tree)
          "localtime", "posixrules", "Factory", "posix/Europe/Berlin", "right/UTC"}) {
        INFO(bad);
        CHECK(tz.find(bad) == nullptr);
    }
    CHECK(tz.find("Europe/Berlin") != nullptr);
    CHECK(tz.find("Etc/GMT+5") != nullptr);
    CHECK_FALSE(parse_tzif("TZif2 but not really").has_value());
    CHECK_FALSE(parse_tzif("").has_value());
}

TEST_CASE("timezone: APP_TIMEZONE is checked by the same rules at start", "[timezone]") {
    for (const char* bad : {"Europe", "zone.tab", "leapseconds", "localtime", "Mars/Olympus"}) {
        INFO(bad);
        CHECK_THROWS_AS(SystemClock(bad), std::invalid_argument);
    }
    // A zone that passes sets the process's TZ: one equal to UTC, so no other test is moved.
    CHECK_NOTHROW(SystemClock("Etc/GMT"));
    CHECK_NOTHROW(SystemClock("UTC"));
}

TEST_CASE("timezone: set on the profile, checked, changed and cleared", "[timezone]") {
    World w;
    const Id no_profile = w.user("bo@example.com", false, "bo");
    const Id user = w.user("cy@example.com", false, "cy");
    const auto make = [&](LooseValue zone) {
        return create_profile_sent(w.ports, user,
                                   SentProfile{LooseValue::of("cyra"), LooseValue::of(1),
                                               LooseValue::of(3), std::move(zone)});
    };
    CHECK(make(LooseValue::of("Mars/Olympus")).error() == errors::invalid_timezone());
    CHECK(make(LooseValue::of(5)).error() == errors::invalid_timezone());
    CHECK_FALSE(w.ports.profiles.find_by_user(user));  // nothing stored
    REQUIRE(make(LooseValue::of("America/New_York")).ok());
    CHECK(w.ports.profiles.find_by_user(user)->timezone == "America/New_York");
    CHECK(get_me(w.ports, user)->timezone == "America/New_York");

    CHECK(timezone_sent(w.ports, user, LooseValue::of("Nowhere")).error() ==
          errors::invalid_timezone());
    CHECK(timezone_sent(w.ports, user, LooseValue::missing()).error() ==
          errors::invalid_timezone());
    CHECK(w.ports.profiles.find_by_user(user)->timezone == "America/New_York");
    CHECK(timezone_sent(w.ports, user, LooseValue::of("Asia/Tokyo"))->timezone == "Asia/Tokyo");
    CHECK(w.ports.profiles.find_by_user(user)->timezone == "Asia/Tokyo");
    CHECK_FALSE(timezone_sent(w.ports, user, LooseValue::null())->timezone);
    CHECK_FALSE(w.ports.profiles.find_by_user(user)->timezone);
    CHECK(timezone_sent(w.ports, no_profile, LooseValue::of("Asia/Tokyo")).error() ==
          errors::no_profile_for_timezone());
}

TEST_CASE("timezone: the learner's today books the card and ends the stats window", "[timezone]") {
    World w;  // 2026-11-22 10:00 UTC: already 2026-11-23 in Kiritimati (+14)
    const Id user = w.user();
    const Id pair = w.pair();
    REQUIRE(timezone_sent(w.ports, user, LooseValue::of("Pacific/Kiritimati")).ok());
    REQUIRE(book_sent(w.ports, user, card(pair)).ok());
    const Stats stats = get_stats(w.ports, user);
    CHECK(stats.daily.back().date == day("2026-11-23"));
    CHECK(stats.daily.back().ep == 10);
    CHECK(stats.today.ep == 10);

    // The next day in APP_TIMEZONE (UTC+1) is the same day in Kiritimati: no streak step.
    w.clock.set(at("2026-11-22T23:30:00.000Z"));  // 11-23 00:30 at UTC+1, 11-23 13:30 at +14
    CHECK(book_sent(w.ports, user, card(pair))->streak_days == 1);
    w.clock.set(at("2026-11-23T10:30:00.000Z"));  // 11-24 00:30 at +14
    CHECK(book_sent(w.ports, user, card(pair))->streak_days == 2);
}

TEST_CASE("timezone: practiced_today and streak_at_risk in the learner's zone", "[timezone]") {
    World w;  // APP_TIMEZONE stands at UTC+1
    const Id user = w.user();
    const Id pair = w.pair();
    auto me = get_me(w.ports, user);
    CHECK_FALSE(me->practiced_today);
    CHECK_FALSE(me->streak_at_risk);

    REQUIRE(book_sent(w.ports, user, card(pair)).ok());  // 2026-11-22 11:00 local
    me = get_me(w.ports, user);
    CHECK(me->practiced_today);
    CHECK_FALSE(me->streak_at_risk);

    w.clock.set(at("2026-11-23T09:00:00.000Z"));  // the next day: not yet practised
    me = get_me(w.ports, user);
    CHECK_FALSE(me->practiced_today);
    CHECK(me->streak_at_risk);
    CHECK(me->streak_days == 1);  // stored streak as the spec says

    // The card was answered at 02:00 on 11-22 in Los Angeles (-8).
    REQUIRE(timezone_sent(w.ports, user, LooseValue::of("America/Los_Angeles")).ok());
    w.clock.set(at("2026-11-22T20:00:00.000Z"));  // 11-22 12:00 in LA: practised today there
    me = get_me(w.ports, user);
    CHECK(me->practiced_today);
    CHECK_FALSE(me->streak_at_risk);

    w.clock.set(at("2026-11-25T09:00:00.000Z"));  // two days later: the streak is gone, no risk
    me = get_me(w.ports, user);
    CHECK_FALSE(me->practiced_today);
    CHECK_FALSE(me->streak_at_risk);
}
