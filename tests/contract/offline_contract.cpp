// Offline practice and time zones on memory, SQLite and PostgreSQL (docs/accounts.md "Time zone
// per learner and offline practice"): the learner's time zone on the profile, a late answer that
// leaves the last practice where it was, a batch's client ids (recorded when booked, kept beside
// Idempotency-Keys and purged on their own), replay-only commands.
#include <catch2/catch.hpp>

#include "adapters/memory/manual_clock.hpp"
#include "core/app/book_progress.hpp"
#include "core/domain/time_format.hpp"
#include "tests/support/one_learner.hpp"

using namespace ll;

namespace {

const Timestamp kNow = *parse_timestamp("2026-11-24T10:00:00.000Z");

BookingCommand card(const test::OneLearner& w, Ep points, const char* answered_at) {
    const Timestamp at = *parse_timestamp(answered_at);
    return BookingCommand{w.user, w.pair, true,
                          points, at,     std::chrono::floor<std::chrono::days>(at)};
}

IdempotencyKey batch_key(const std::string& client_id) {
    return IdempotencyKey{kBatchClientIdPrefix + client_id, "fp-" + client_id,
                          kNow - std::chrono::hours(24 * 30)};
}

}  // namespace

TEST_CASE("offline: the profile's time zone is stored, read, changed and cleared",
          "[offline][timezone]") {
    auto db = test::make_test_database();
    StorageBackend& b = db->backend();
    const Id ada = b.accounts().create(NewAccount{"ada@example.com", "h", "end-user"})->id;
    const Id bob = b.accounts().create(NewAccount{"bob@example.com", "h", "end-user"})->id;
    const Id cy = b.accounts().create(NewAccount{"cy@example.com", "h", "end-user"})->id;
    ProfileRepository& profiles = b.profiles();
    CHECK_FALSE(profiles.set_timezone(ada, std::string("Europe/Berlin")));  // no profile yet
    const auto made = profiles.create(NewProfile{ada, "ada", "ada", 1, 3, "Europe/Berlin"});
    REQUIRE(made.status == CreateProfileStatus::created);
    CHECK(made.profile.timezone == "Europe/Berlin");
    REQUIRE(profiles.create(NewProfile{bob, "bob", "bob", 1, 3}).status ==
            CreateProfileStatus::created);
    CHECK(profiles.find_by_user(ada)->timezone == "Europe/Berlin");
    CHECK_FALSE(profiles.find_by_user(bob)->timezone);
    CHECK(profiles.find_account_with_profile(ada)->profile->timezone == "Europe/Berlin");
    CHECK_FALSE(profiles.find_account_with_profile(cy)->profile);

    CHECK(profiles.set_timezone(bob, std::string("America/Sao_Paulo")));
    CHECK(profiles.find_account_with_profile(bob)->profile->timezone == "America/Sao_Paulo");
    CHECK(profiles.find_by_user(ada)->timezone == "Europe/Berlin");  // only bob's changed
    CHECK(profiles.set_timezone(ada, std::nullopt));
    CHECK_FALSE(profiles.find_by_user(ada)->timezone);
}

TEST_CASE("offline: an answer dated before the last practice keeps the last practice",
          "[offline]") {
    test::OneLearner w;
    ProgressStore& store = w.b.progress();
    REQUIRE(book_card(store, card(w, 10, "2026-11-22T09:00:00.000Z")).streak_days == 1);
    REQUIRE(book_card(store, card(w, 10, "2026-11-24T09:00:00.000Z")).streak_days == 1);
    const auto late = book_card(store, card(w, 30, "2026-11-23T09:00:00.000Z"));
    CHECK(late.status == BookingStatus::booked);
    CHECK(late.streak_days == 1);
    CHECK(late.daily_ep == 30);
    CHECK(late.total_ep == 50);
    const auto p = w.b.profiles().find_by_user(w.user);
    CHECK(p->last_practice_at == *parse_timestamp("2026-11-24T09:00:00.000Z"));
    CHECK(p->total_ep == 50);
    // Monday's row holds the late card, Tuesday's its own: a second Monday card adds to 30.
    CHECK(book_card(store, card(w, 5, "2026-11-23T10:00:00.000Z")).daily_ep == 35);
    CHECK(book_card(store, card(w, 1, "2026-11-24T10:00:00.000Z")).daily_ep == 11);
    // The last practice date stayed Tuesday: Wednesday continues the streak.
    CHECK(book_card(store, card(w, 1, "2026-11-25T10:00:00.000Z")).streak_days == 2);
}

TEST_CASE("offline: client ids live beside Idempotency-Keys and are purged on their own",
          "[offline][idempotency]") {
    test::OneLearner w;
    ProgressStore& store = w.b.progress();
    BookingCommand offline = card(w, 10, "2026-11-19T09:00:00.000Z");  // answered 5 days ago
    offline.recorded_at = kNow;
    offline.idempotency = batch_key("c1");
    REQUIRE(book_card(store, offline).status == BookingStatus::booked);
    BookingCommand header = card(w, 1, "2026-11-24T09:00:00.000Z");
    header.idempotency = IdempotencyKey{"c1", "fp", kNow - std::chrono::hours(24)};
    REQUIRE(book_card(store, header).status == BookingStatus::booked);  // another namespace

    // Recorded now, not when answered: still there for the 24-hour purge of its time ...
    CHECK(store.purge_batch_client_ids(kNow - std::chrono::hours(1)) == 0);
    CHECK(book_card(store, offline).replayed);
    // ... and the header keys' purge never takes it.
    CHECK(store.purge_idempotency_keys(kNow + std::chrono::hours(48)) == 1);
    CHECK(book_card(store, offline).replayed);
    CHECK(store.purge_batch_client_ids(kNow + std::chrono::hours(1)) == 1);
    CHECK(w.b.profiles().find_by_user(w.user)->total_ep == 11);
}

TEST_CASE("offline: a replay-only command books nothing", "[offline][idempotency]") {
    test::OneLearner w;
    ProgressStore& store = w.b.progress();
    BookingCommand c = card(w, 10, "2026-11-24T09:00:00.000Z");
    c.recorded_at = kNow;
    c.idempotency = batch_key("r1");
    c.replay_only = true;
    CHECK(book_card(store, c).status == BookingStatus::not_stored);
    CHECK(w.b.profiles().find_by_user(w.user)->total_ep == 0);
    c.replay_only = false;
    REQUIRE(book_card(store, c).status == BookingStatus::booked);
    c.replay_only = true;
    const auto again = book_card(store, c);
    CHECK(again.replayed);
    CHECK(again.total_ep == 10);
    CHECK(w.b.profiles().find_by_user(w.user)->total_ep == 10);
}

TEST_CASE("offline: a booking is dated in the zone its read returns, also after a zone change",
          "[offline][timezone]") {
    // 12:00 UTC is the 24th in APP_TIMEZONE (UTC here) and the 25th in Pacific/Kiritimati
    // (UTC+14). On PostgreSQL the second booking of each zone is answered from the remembered
    // state: a zone change must make that state stale (the version), not book the old day.
    test::OneLearner w;
    ProgressStore& store = w.b.progress();
    const ManualClock clock(*parse_timestamp("2026-11-24T12:00:00.000Z"));
    const auto answer = [&](Ep points) {
        BookingCommand c{w.user, w.pair, true, points, clock.now(), Date{}};
        return book_card_in_zone(store, clock, c);
    };
    REQUIRE(w.b.profiles().set_timezone(w.user, std::string("Pacific/Kiritimati")));
    REQUIRE(answer(10).daily_ep == 10);
    CHECK(answer(5).daily_ep == 15);

    REQUIRE(w.b.profiles().set_timezone(w.user, std::nullopt));
    CHECK(answer(1).daily_ep == 1);  // the 24th: a day of its own, before the last practice
    CHECK(answer(2).daily_ep == 3);

    REQUIRE(w.b.profiles().set_timezone(w.user, std::string("Pacific/Kiritimati")));
    CHECK(answer(4).daily_ep == 19);  // the 25th again, its 15 kept
}
