#include <catch2/catch.hpp>

#include <atomic>
#include <chrono>
#include <map>
#include <mutex>
#include <thread>

#include "core/app/book_progress.hpp"
#include "core/domain/time_format.hpp"
#include "tests/support/one_learner.hpp"
#include "tests/support/test_backends.hpp"

using namespace ll;

namespace {

// 8 threads x 50 bookings of 5 points for one user; `backends` share one database.
void hammer(std::vector<StorageBackend*> backends, Id user, Id pair) {
    constexpr int kThreads = 8, kPerThread = 50;
    std::mutex mutex;
    std::map<std::string, int> unlocked;
    std::vector<std::thread> threads;
    std::atomic<int> failures{0};
    for (int t = 0; t < kThreads; ++t) {
        threads.emplace_back([&, t] {
            StorageBackend& b = *backends[static_cast<std::size_t>(t) % backends.size()];
            for (int i = 0; i < kPerThread; ++i) {
                const auto out =
                    book_card(b.progress(), BookingCommand{user, pair, i % 2 == 0, 5,
                                                           *parse_timestamp("2026-11-22T10:00:00Z"),
                                                           *parse_date("2026-11-22")});
                if (out.status != BookingStatus::booked) ++failures;
                std::lock_guard lock(mutex);
                for (const auto& a : out.unlocked) ++unlocked[a.definition.id];
            }
        });
    }
    for (auto& t : threads) t.join();
    CHECK(failures == 0);

    StorageBackend& b = *backends[0];
    CHECK(b.profiles().find_by_user(user)->total_ep == kThreads * kPerThread * 5);
    const auto snap = b.stats().load(user, *parse_date("2026-11-22"), *parse_date("2026-11-22"));
    REQUIRE(snap.daily.size() == 1);
    CHECK(snap.daily[0].cards == kThreads * kPerThread);
    CHECK(snap.daily[0].ep == kThreads * kPerThread * 5);
    CHECK(snap.daily[0].correct == kThreads * kPerThread / 2);
    CHECK(snap.total_seen == kThreads * kPerThread);
    CHECK(snap.total_correct == kThreads * kPerThread / 2);
    // 2000 EP: first_steps, ep_100, ep_500, ep_1000 exactly once each; streak 1 unlocks nothing.
    CHECK(unlocked == std::map<std::string, int>{
                          {"ep_100", 1}, {"ep_1000", 1}, {"ep_500", 1}, {"first_steps", 1}});
}

}  // namespace

TEST_CASE("concurrency: 8 threads x 50 bookings of one user are exact", "[booking][concurrency]") {
    test::OneLearner w(8);
    hammer({&w.b}, w.user, w.pair);
}

TEST_CASE("concurrency: two backends (two processes' pools) on one database stay exact",
          "[booking][concurrency][sql]") {
    auto db = test::make_test_database(4);
    auto second = test::open_again(*db, 4);
    StorageBackend& b = db->backend();
    const Id user = b.accounts().create(NewAccount{"ada@example.com", "h", "end-user"})->id;
    b.profiles().create(NewProfile{user, "ada", "ada", 1, 3});
    const Id pair = b.content_seeder().add_pair(SeedPair{"word", "published", {}});
    hammer({&b, second.get()}, user, pair);
}

// ProgressStore::book_locked: another booking of the learner, from this process or another,
// waits until the locked work is done. The work reads, lets a second booking start, gives it
// time to write, and still stores its own decision without a conflict; the second booking is
// stored after it.
TEST_CASE("concurrency: a booking under the learner's lock is not overtaken",
          "[booking][concurrency]") {
    test::OneLearner w;
    std::unique_ptr<StorageBackend> second;  // another process's pool; memory has one store
    if (!w.db->url().empty()) second = test::open_again(*w.db);
    StorageBackend& other = second ? *second : w.b;
    const auto command = [&](Ep points) {
        return BookingCommand{w.user,
                              w.pair,
                              true,
                              points,
                              *parse_timestamp("2026-11-22T10:00:00Z"),
                              *parse_date("2026-11-22")};
    };
    std::atomic<bool> other_booked{false};
    std::thread racer;
    bool stored = false;
    const BookingOutcome mine = w.b.progress().book_locked(w.user, [&](BookingAccess& locked) {
        const BookingCommand c = command(5);
        const BookingDecision decision = decide_booking(c, locked.load_booking(c, true));
        if (!racer.joinable()) {
            racer = std::thread([&] {
                other_booked =
                    book_card(other.progress(), command(7)).status == BookingStatus::booked;
            });
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(500));  // its write would be in
        CHECK_FALSE(other_booked);
        stored = decision.write && locked.store_booking(*decision.write);
        return decision.outcome;
    });
    racer.join();
    CHECK(stored);
    CHECK(mine.total_ep == 5);
    CHECK(other_booked);
    CHECK(w.b.profiles().find_by_user(w.user)->total_ep == 12);
}
