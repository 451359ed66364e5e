// The booking with an idempotency key (docs/spec/decisions.md 11), on memory, SQLite and
// PostgreSQL: the first outcome is kept with the booking, replayed for the same request, refused
// for another; concurrent twins book once, also from two backends on one database (two processes).
#include <catch2/catch.hpp>

#include <atomic>
#include <thread>

#include "adapters/persistence/database.hpp"
#include "core/app/book_progress.hpp"
#include "core/domain/time_format.hpp"
#include "tests/support/one_learner.hpp"

using namespace ll;

namespace {

struct World : test::OneLearner {
    Timestamp now = *parse_timestamp("2026-11-22T10:00:00.000Z");

    BookingCommand card(Ep points, const std::string& key, const std::string& fingerprint,
                        Timestamp at) const {
        BookingCommand c{user, pair, true, points, at, std::chrono::floor<std::chrono::days>(at)};
        if (!key.empty()) {
            c.idempotency = IdempotencyKey{key, fingerprint, at - std::chrono::hours(24)};
        }
        return c;
    }
    Ep total() { return b.profiles().find_by_user(user)->total_ep; }
};

}  // namespace

TEST_CASE("idempotency: the same request replays the first outcome, another is refused",
          "[idempotency]") {
    World w;
    const auto first = book_card(w.b.progress(), w.card(25, "k1", "same", w.now));
    REQUIRE(first.status == BookingStatus::booked);
    CHECK_FALSE(first.replayed);
    REQUIRE(first.unlocked.size() == 1);  // first_steps at 20 EP

    const auto again =
        book_card(w.b.progress(), w.card(25, "k1", "same", w.now + std::chrono::minutes(5)));
    CHECK(again.status == BookingStatus::booked);
    CHECK(again.replayed);
    CHECK(again.total_ep == first.total_ep);
    CHECK(again.previous_total_ep == first.previous_total_ep);
    CHECK(again.streak_days == first.streak_days);
    CHECK(again.previous_streak_days == first.previous_streak_days);
    CHECK(again.daily_ep == first.daily_ep);
    CHECK(again.daily_goal_ep == first.daily_goal_ep);
    REQUIRE(again.unlocked.size() == 1);
    CHECK(again.unlocked[0].definition == first.unlocked[0].definition);
    CHECK(again.unlocked[0].unlocked_at == first.unlocked[0].unlocked_at);
    CHECK(w.total() == 25);  // booked once

    const auto other = book_card(w.b.progress(), w.card(30, "k1", "different", w.now));
    CHECK(other.status == BookingStatus::key_reused);
    CHECK(w.total() == 25);

    // Another key, and no key, book for real; a key is per user.
    CHECK_FALSE(book_card(w.b.progress(), w.card(5, "k2", "same", w.now)).replayed);
    CHECK(book_card(w.b.progress(), w.card(5, "", "", w.now)).status == BookingStatus::booked);
    CHECK(w.total() == 35);
    const Id bob = w.b.accounts().create(NewAccount{"bob@example.com", "h", "end-user"})->id;
    w.b.profiles().create(NewProfile{bob, "bob", "bob", 1, 3});
    BookingCommand bobs = w.card(7, "k1", "same", w.now);
    bobs.user_id = bob;
    CHECK_FALSE(book_card(w.b.progress(), bobs).replayed);
    CHECK(w.b.profiles().find_by_user(bob)->total_ep == 7);
}

TEST_CASE("idempotency: refusals are kept too, and expired keys count as absent", "[idempotency]") {
    World w;
    BookingCommand missing = w.card(5, "k404", "fp", w.now);
    missing.pair_id = 999999;
    CHECK(book_card(w.b.progress(), missing).status == BookingStatus::pair_not_found);
    const auto replayed = book_card(w.b.progress(), missing);
    CHECK(replayed.status == BookingStatus::pair_not_found);
    CHECK(replayed.replayed);

    CHECK(book_card(w.b.progress(), w.card(5, "old", "fp", w.now)).status == BookingStatus::booked);
    // A day and a minute later the key has expired: the same request books again.
    const Timestamp later = w.now + std::chrono::hours(24) + std::chrono::minutes(1);
    const auto fresh = book_card(w.b.progress(), w.card(5, "old", "fp", later));
    CHECK_FALSE(fresh.replayed);
    CHECK(w.total() == 10);
    // ... and is now kept from `later` on.
    CHECK(book_card(w.b.progress(), w.card(5, "old", "fp", later)).replayed);

    // The purge removes what was stored before the cutoff, not what came after.
    CHECK(w.b.progress().purge_idempotency_keys(w.now + std::chrono::hours(1)) == 1);  // k404
    CHECK(book_card(w.b.progress(), w.card(5, "old", "fp", later)).replayed);
    CHECK(w.b.progress().purge_idempotency_keys(later + std::chrono::seconds(1)) == 1);
    CHECK_FALSE(book_card(w.b.progress(), w.card(5, "old", "fp", later)).replayed);
    CHECK(w.total() == 15);
}

TEST_CASE("idempotency: concurrent twins book once", "[idempotency][concurrency]") {
    World w;
    std::unique_ptr<StorageBackend> second;
    std::vector<StorageBackend*> backends{&w.b};
    if (w.db->name() != "memory") {
        second = test::open_again(*w.db, 4);  // another process on the same database
        backends.push_back(second.get());
    }
    std::atomic<int> booked{0}, replayed{0};
    std::vector<std::thread> threads;
    for (int t = 0; t < 8; ++t) {
        threads.emplace_back([&, t] {
            StorageBackend& b = *backends[static_cast<std::size_t>(t) % backends.size()];
            const auto out = book_card(b.progress(), w.card(9, "twin", "fp", w.now));
            if (out.status == BookingStatus::booked) ++(out.replayed ? replayed : booked);
        });
    }
    for (auto& t : threads) t.join();
    CHECK(booked == 1);
    CHECK(replayed == 7);
    CHECK(w.total() == 9);
}

// The booking looks at the achievement definitions only when a threshold kept on the profile
// is reached (core/domain/booking.hpp); an achievement added later or an unlock taken back
// later must still be seen by the next booking.
TEST_CASE("achievements: added later or removed later, the next booking sees it",
          "[achievements]") {
    World w;
    REQUIRE(book_card(w.b.progress(), w.card(25, "", "", w.now)).unlocked.size() == 1);
    CHECK(book_card(w.b.progress(), w.card(1, "", "", w.now)).unlocked.empty());
    w.b.achievements().save_definition(
        AchievementDefinition{"ep_25", "ep", 25, "Fünfundzwanzig", "Twenty-five", "Tjugofem", 99});
    const auto added = book_card(w.b.progress(), w.card(1, "", "", w.now));
    REQUIRE(added.unlocked.size() == 1);
    CHECK(added.unlocked[0].definition.id == "ep_25");
    CHECK(added.unlocked[0].definition.title_de == "Fünfundzwanzig");
    w.b.achievements().revoke(w.user, "first_steps");
    const auto again = book_card(w.b.progress(), w.card(1, "", "", w.now));
    REQUIRE(again.unlocked.size() == 1);
    CHECK(again.unlocked[0].definition.id == "first_steps");
    CHECK(book_card(w.b.progress(), w.card(1, "", "", w.now)).unlocked.empty());
}
