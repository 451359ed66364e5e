// POST /auth/progress/batch in the core (docs/accounts.md "Offline practice"): the
// whole-batch refusals, per-item errors, the answered_at window, booking in answered_at order on
// the learner's local dates, client_id replays and their lifetime, a late answer.
#include <catch2/catch.hpp>

#include "core/app/book_progress.hpp"
#include "core/app/book_progress_batch.hpp"
#include "core/app/get_me.hpp"
#include "core/app/get_stats.hpp"
#include "core/app/learner_zone.hpp"
#include "support/fixture.hpp"
#include "tests/support/sent_requests.hpp"

using namespace ll;
using namespace ll::test;

namespace {

LooseValue item(const std::string& client_id, Id pair, const std::string& answered_at,
                int points = 10) {
    return LooseValue::object({{"client_id", LooseValue::of(client_id)},
                               {"pair_id", LooseValue::of(static_cast<std::int64_t>(pair))},
                               {"correct", LooseValue::of(true)},
                               {"points", LooseValue::of(points)},
                               {"answered_at", LooseValue::of(answered_at)}});
}

Ep daily_ep(World& w, Id user, const char* date) {
    for (const auto& d : get_stats(w.ports, user).daily)
        if (d.date == day(date)) return d.ep;
    return -1;
}

Ep total(World& w, Id user) {
    return get_me(w.ports, user)->total_ep;
}

}  // namespace

TEST_CASE("batch: refused whole unless an array of at most 200 objects", "[batch]") {
    World w;
    const Id user = w.user();
    const Id pair = w.pair();
    std::vector<LooseValue> many;
    for (int i = 0; i < 201; ++i)
        many.push_back(item("c" + std::to_string(i), pair, "2026-11-22T09:00:00Z"));
    CHECK(book_batch_sent(w.ports, user, LooseValue::array(many)).error() ==
          errors::batch_items_invalid());
    CHECK(book_batch_sent(w.ports, user, LooseValue::missing()).error() ==
          errors::batch_items_invalid());
    CHECK(book_batch_sent(w.ports, user, LooseValue::object()).error() ==
          errors::batch_items_invalid());
    CHECK(book_batch_sent(
              w.ports, user,
              LooseValue::array({item("a", pair, "2026-11-22T09:00:00Z"), LooseValue::of(7)}))
              .error() == errors::batch_items_invalid());
    CHECK(total(w, user) == 0);  // nothing booked
    many.pop_back();             // 200 is allowed
    const auto ok = book_batch_sent(w.ports, user, LooseValue::array(many));
    REQUIRE(ok.ok());
    CHECK(ok->size() == 200);
    CHECK(total(w, user) == 2000);
    CHECK(book_batch_sent(w.ports, user, LooseValue::array())->empty());
}

TEST_CASE("batch: items with bad fields get their own error, the rest are booked", "[batch]") {
    World w;  // now: 2026-11-22 10:00 UTC
    const Id user = w.user();
    const Id pair = w.pair();
    auto no_client = item("x", pair, "2026-11-22T09:00:00Z");
    no_client.members[0].second = LooseValue::of(5);
    auto no_pair = item("p", pair, "2026-11-22T09:00:00Z");
    no_pair.members[1].second = LooseValue::missing();
    const auto r = book_batch_sent(
        w.ports, user,
        LooseValue::array({item("good1", pair, "2026-11-22T09:00:00Z"), no_client, no_pair,
                           item("zero", 0, "2026-11-22T09:00:00Z"),
                           item("gone", 999999, "2026-11-22T09:00:00Z"),
                           item("noz", pair, "2026-11-22T09:00:00"),  // no offset
                           item("junk", pair, "yesterday"),
                           item("old", pair, "2026-11-15T09:59:59Z"),         // 7 days + 1 s
                           item("edge", pair, "2026-11-15T10:00:00Z"),        // exactly 7 days
                           item("ahead", pair, "2026-11-22T10:05:01Z"),       // 5 min + 1 s
                           item("slack", pair, "2026-11-22T11:04:59+01:00"),  // 4:59 ahead
                           item(std::string(101, 'k'), pair, "2026-11-22T09:00:00Z")}));
    REQUIRE(r.ok());
    const auto& v = r.value();
    REQUIRE(v.size() == 12);
    CHECK(v[0].result.ok());
    CHECK(v[0].client_id == "good1");
    CHECK(v[1].result.error() == errors::client_id_invalid());
    CHECK_FALSE(v[1].client_id);
    CHECK(v[2].result.error() == errors::pair_id_required());
    CHECK(v[3].result.error() == errors::pair_id_not_positive());
    CHECK(v[4].result.error() == errors::pair_not_found());
    CHECK(v[5].result.error() == errors::answered_at_invalid());
    CHECK(v[6].result.error() == errors::answered_at_invalid());
    CHECK(v[7].result.error() == errors::answered_at_too_old());
    CHECK(v[8].result.ok());
    CHECK(v[9].result.error() == errors::answered_at_in_future());
    CHECK(v[10].result.ok());
    CHECK(v[11].result.error() == errors::client_id_invalid());
    CHECK(total(w, user) == 30);
}

TEST_CASE("batch: offline answers across two days keep the streak", "[batch]") {
    World w;  // APP_TIMEZONE at UTC+1
    const Id user = w.user();
    const Id pair = w.pair();
    // Practised online on Friday 2026-11-20; offline on Saturday and Sunday; synced Sunday.
    w.clock.set(at("2026-11-20T08:00:00.000Z"));
    REQUIRE(book_sent(w.ports, user,
                      {LooseValue::of(static_cast<std::int64_t>(pair)), LooseValue::of(true),
                       LooseValue::of(10)})
                .ok());
    w.clock.set(at("2026-11-22T18:00:00.000Z"));
    // Sent out of order: booked in answered_at order.
    const auto r = book_batch_sent(
        w.ports, user,
        LooseValue::array({item("sun", pair, "2026-11-22T17:00:00Z", 20),
                           item("sat-late", pair, "2026-11-21T22:30:00Z", 5),  // 23:30 local
                           item("sat", pair, "2026-11-21T09:00:00+01:00", 10)}));
    REQUIRE(r.ok());
    const auto& v = r.value();
    CHECK(v[2].result->streak_days == 2);  // Saturday, first booked
    CHECK(v[2].result->streak_increased);
    CHECK(v[1].result->streak_days == 2);
    CHECK(v[1].result->daily_ep == 15);
    CHECK(v[0].result->streak_days == 3);  // Sunday
    CHECK(v[0].result->daily_ep == 20);
    CHECK(daily_ep(w, user, "2026-11-21") == 15);
    CHECK(daily_ep(w, user, "2026-11-22") == 20);
    const auto me = get_me(w.ports, user);
    CHECK(me->streak_days == 3);
    CHECK(me->last_practice_at == at("2026-11-22T17:00:00.000Z"));
}

TEST_CASE("batch: the daily goal follows the practice date", "[batch]") {
    World w;
    const Id user = w.user();
    const Id pair = w.pair();
    const auto r =
        book_batch_sent(w.ports, user,
                        LooseValue::array({item("a", pair, "2026-11-21T10:00:00Z", 20),
                                           item("b", pair, "2026-11-21T10:01:00Z", 15),
                                           item("c", pair, "2026-11-22T09:00:00Z", 15)}));
    REQUIRE(r.ok());
    CHECK_FALSE(r.value()[0].result->goal_just_reached);
    CHECK(r.value()[1].result->goal_just_reached);        // 35 >= 30 on Saturday
    CHECK_FALSE(r.value()[2].result->goal_just_reached);  // 15 on Sunday
    CHECK(r.value()[2].result->daily_ep == 15);
}

TEST_CASE("batch: a client_id is replayed, never booked twice, for 30 days", "[batch]") {
    World w;
    const Id user = w.user();
    const Id pair = w.pair();
    const auto batch = LooseValue::array(
        {item("k1", pair, "2026-11-22T09:00:00Z"), item("k2", pair, "2026-11-22T09:01:00Z")});
    const auto first = book_batch_sent(w.ports, user, batch);
    REQUIRE(first.ok());
    CHECK(total(w, user) == 20);
    const auto again = book_batch_sent(w.ports, user, batch);
    REQUIRE(again.ok());
    CHECK(total(w, user) == 20);
    CHECK(again.value()[0].result->total_ep == first.value()[0].result->total_ep);
    CHECK(again.value()[1].result->total_ep == 20);
    // The same client_id twice in one batch: the second is the first's replay.
    const auto twice =
        book_batch_sent(w.ports, user,
                        LooseValue::array({item("k3", pair, "2026-11-22T09:02:00Z"),
                                           item("k3", pair, "2026-11-22T09:02:00Z")}));
    CHECK(twice.value()[1].result->total_ep == 30);
    CHECK(total(w, user) == 30);
    // Another answer under a used client_id.
    const auto other = book_batch_sent(
        w.ports, user, LooseValue::array({item("k1", pair, "2026-11-22T09:00:00Z", 99)}));
    CHECK(other.value()[0].result.error() == errors::client_id_reused());
    // An Idempotency-Key of the single route with the same text is another namespace.
    SentProgress single{LooseValue::of(static_cast<std::int64_t>(pair)), LooseValue::of(true),
                        LooseValue::of(1), std::string("k1")};
    CHECK(book_sent(w.ports, user, single)->total_ep == 31);

    // The 24-hour purge of Idempotency-Keys leaves client ids; after 30 days they go.
    w.clock.advance(std::chrono::hours(25));
    CHECK(purge_expired_idempotency_keys(w.ports) == 1);  // the header key
    CHECK(book_batch_sent(w.ports, user, batch).value()[0].result->total_ep == 10);
    CHECK(total(w, user) == 31);
    w.clock.advance(std::chrono::hours(24 * 29));
    CHECK(purge_expired_idempotency_keys(w.ports) == 3);  // k1, k2, k3
}

TEST_CASE("batch: a late answer for a day before the last practice", "[batch]") {
    World w;
    const Id user = w.user();
    const Id pair = w.pair();
    const SentProgress online{LooseValue::of(static_cast<std::int64_t>(pair)), LooseValue::of(true),
                              LooseValue::of(10)};
    // Sunday online, Monday offline (not yet sent), Tuesday online: the streak broke on Tuesday.
    w.clock.set(at("2026-11-22T09:00:00.000Z"));
    REQUIRE(book_sent(w.ports, user, online).ok());
    w.clock.set(at("2026-11-24T09:00:00.000Z"));
    REQUIRE(book_sent(w.ports, user, online)->streak_days == 1);
    // Monday's answers arrive on Tuesday: they count for Monday's row, EP and goal; the streak
    // and the last practice stay (docs/accounts.md "Offline practice").
    const auto r = book_batch_sent(
        w.ports, user, LooseValue::array({item("mon", pair, "2026-11-23T12:00:00Z", 30)}));
    REQUIRE(r.ok());
    const auto& booked = r.value()[0].result;
    REQUIRE(booked.ok());
    CHECK(booked->streak_days == 1);
    CHECK_FALSE(booked->streak_increased);
    CHECK(booked->daily_ep == 30);
    CHECK(booked->goal_just_reached);
    CHECK(booked->total_ep == 50);
    CHECK(daily_ep(w, user, "2026-11-23") == 30);
    CHECK(daily_ep(w, user, "2026-11-24") == 10);
    const auto me = get_me(w.ports, user);
    CHECK(me->last_practice_at == at("2026-11-24T09:00:00.000Z"));
    CHECK(me->practiced_today);
    // Wednesday online continues from Tuesday.
    w.clock.set(at("2026-11-25T09:00:00.000Z"));
    CHECK(book_sent(w.ports, user, online)->streak_days == 2);
}

TEST_CASE("batch: local dates in the learner's zone, DST in Berlin", "[batch][timezone]") {
    World w;
    w.clock.set(at("2026-10-27T12:00:00.000Z"));
    const Id user = w.user();
    const Id pair = w.pair();
    REQUIRE(timezone_sent(w.ports, user, LooseValue::of("Europe/Berlin")).ok());
    // 2026-10-24 22:30 UTC is 00:30 on the 25th (CEST); 2026-10-25 22:30 UTC is 23:30 (CET).
    const auto r = book_batch_sent(w.ports, user,
                                   LooseValue::array({item("a", pair, "2026-10-24T22:30:00Z"),
                                                      item("b", pair, "2026-10-25T22:30:00Z")}));
    REQUIRE(r.ok());
    CHECK(r.value()[1].result->streak_days == 1);  // one day, one streak step
    CHECK(r.value()[1].result->daily_ep == 20);
    CHECK(daily_ep(w, user, "2026-10-25") == 20);
    CHECK(daily_ep(w, user, "2026-10-24") == 0);
}

TEST_CASE("batch: without a profile every item is refused, and booked once the profile exists",
          "[batch]") {
    World w;
    const Id user = w.user("np@example.com", false, "np");
    const Id pair = w.pair();
    const auto batch = LooseValue::array({item("a", pair, "2026-11-22T09:00:00Z")});
    const auto r = book_batch_sent(w.ports, user, batch);
    CHECK(r.value()[0].result.error() == errors::no_profile_for_progress());
    // The refusal is not kept under the client_id: the queue sent again after the learner made
    // a profile books (a kept 409 would lose the offline answers).
    REQUIRE(create_profile_sent(
                w.ports, user,
                SentProfile{LooseValue::of("np_l"), LooseValue::of(1), LooseValue::of(3)})
                .ok());
    const auto again = book_batch_sent(w.ports, user, batch);
    REQUIRE(again.value()[0].result.ok());
    CHECK(again.value()[0].result->total_ep == 10);
}

TEST_CASE("batch: a refused client_id is not echoed back", "[batch]") {
    World w;
    const Id user = w.user();
    const Id pair = w.pair();
    const auto r = book_batch_sent(
        w.ports, user,
        LooseValue::array({item(std::string(101, 'x'), pair, "2026-11-22T09:00:00Z"),
                           item("", pair, "2026-11-22T09:00:00Z"),
                           item("ok-1", pair, "not a time")}));
    REQUIRE(r.ok());
    CHECK_FALSE(r.value()[0].client_id);
    CHECK(r.value()[0].result.error() == errors::client_id_invalid());
    CHECK_FALSE(r.value()[1].client_id);
    CHECK(r.value()[2].client_id == "ok-1");  // usable: echoed, though the item was refused
    CHECK(r.value()[2].result.error() == errors::answered_at_invalid());
}

TEST_CASE("batch: a replay outlives the answered_at window", "[batch]") {
    World w;
    const Id user = w.user();
    const Id pair = w.pair();
    const auto batch = LooseValue::array({item("r1", pair, "2026-11-22T09:00:00Z")});
    REQUIRE(book_batch_sent(w.ports, user, batch).value()[0].result.ok());
    w.clock.advance(std::chrono::hours(24 * 10));  // answered_at is now 10 days old
    const auto again = book_batch_sent(w.ports, user, batch);
    CHECK(again.value()[0].result->total_ep == 10);  // the stored result, not "too old"
    const auto fresh = book_batch_sent(
        w.ports, user, LooseValue::array({item("r2", pair, "2026-11-22T09:00:00Z")}));
    CHECK(fresh.value()[0].result.error() == errors::answered_at_too_old());
    CHECK(total(w, user) == 10);
}

TEST_CASE("batch: answers dated before the account was made are refused on their own", "[batch]") {
    World w;
    const Id pair = w.pair();
    // Registered just now (10:00 UTC on 2026-11-22), not eight days ago as World::user does.
    auto registered = register_sent(
        w.ports, SentCredentials{LooseValue::of("new@example.com"), LooseValue::of("password1")});
    REQUIRE(registered.ok());
    const Id user = registered->user.id;
    REQUIRE(create_profile_sent(
                w.ports, user,
                SentProfile{LooseValue::of("newbie"), LooseValue::of(1), LooseValue::of(3)})
                .ok());
    // A week of made-up history: one answer a day, 8 days, the last one after the sign-up.
    std::vector<LooseValue> items;
    for (int day_back = 7; day_back >= 1; --day_back)
        items.push_back(item("d" + std::to_string(day_back), pair,
                             format_timestamp(w.clock.now() - std::chrono::days(day_back))));
    items.push_back(item("today", pair, "2026-11-22T10:00:00.001Z"));
    const auto r = book_batch_sent(w.ports, user, LooseValue::array(items));
    REQUIRE(r.ok());
    const auto& v = r.value();
    for (std::size_t i = 0; i + 1 < v.size(); ++i) {
        INFO(i);
        CHECK(v[i].result.error() == errors::answered_at_before_account());
        CHECK(v[i].client_id == "d" + std::to_string(7 - i));
    }
    REQUIRE(v.back().result.ok());
    CHECK(v.back().result->streak_days == 1);
    CHECK(total(w, user) == 10);
    // One day of practice: no streak achievement (streak_3, streak_7) comes with it.
    for (const auto& a : v.back().result->unlocked_achievements)
        CHECK(a.definition.id.rfind("streak_", 0) == std::string::npos);
    // The answer at the very instant of the sign-up is the account's too.
    w.clock.advance(std::chrono::minutes(1));
    const auto at_signup = book_batch_sent(
        w.ports, user, LooseValue::array({item("signup", pair, "2026-11-22T10:00:00.000Z")}));
    CHECK(at_signup.value()[0].result.ok());
}
