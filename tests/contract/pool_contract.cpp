// The session pool's figures (langlearn_db_pool_in_use, langlearn_db_pool_waiting, docs/
// observability.md): a thread that finds every session taken is counted as waiting until it
// gets one.
#include <catch2/catch.hpp>

#include <atomic>
#include <chrono>
#include <future>
#include <thread>

#include <soci/soci.h>

#include "adapters/persistence/database.hpp"
#include "tests/support/test_backends.hpp"

using namespace ll;

namespace {
template <typename Condition>
bool eventually(Condition condition) {
    for (int i = 0; i < 500 && !condition(); ++i) {
        std::this_thread::sleep_for(std::chrono::milliseconds(2));
    }
    return condition();
}
}  // namespace

TEST_CASE("pool: a thread waiting for the only session is counted until it gets it", "[sql]") {
    auto db = test::make_test_database();
    sql::Database pool(sql::parse_database_url(db->url()), 1);
    std::promise<void> release;
    std::atomic<bool> holding{false};
    const auto hold = std::async(std::launch::async, [&] {
        pool.read([&](soci::session&) {
            holding = true;
            release.get_future().wait();
        });
    });
    REQUIRE(eventually([&] { return holding.load(); }));
    CHECK(pool.in_use() == 1);
    CHECK(pool.waiting() == 0);

    auto waiter = std::async(std::launch::async, [&] {
        return pool.read([](soci::session& s) {
            int one = 0;
            s << "SELECT 1", soci::into(one);
            return one;
        });
    });
    CHECK(eventually([&] { return pool.waiting() == 1; }));
    release.set_value();
    CHECK(waiter.get() == 1);
    hold.wait();
    CHECK(pool.waiting() == 0);
    CHECK(pool.in_use() == 0);
}

TEST_CASE("pool: a write whose COMMIT fails changes nothing and the next write goes through",
          "[sql]") {
    auto db = test::make_test_database();
    sql::Database pool(sql::parse_database_url(db->url()), 1);
    if (pool.dialect() != sql::Dialect::sqlite) return;  // SQLite's deferred keys fail at COMMIT
    // Every SQLite write runs on one writer session (database.hpp): left inside its failed
    // transaction, it would refuse every later BEGIN of the process.
    CHECK_THROWS(pool.write([](soci::session& s) {
        s << "PRAGMA defer_foreign_keys = ON";
        s << "INSERT INTO user_pair_progress (user_id, pair_id) VALUES (987654, 987654)";
    }));
    CHECK_NOTHROW(pool.write(
        [](soci::session& s) { s << "DELETE FROM user_pair_progress WHERE user_id = 987654"; }));
    const int left = pool.read([](soci::session& s) {
        int n = -1;
        s << "SELECT COUNT(*) FROM user_pair_progress WHERE user_id = 987654", soci::into(n);
        return n;
    });
    CHECK(left == 0);
}
