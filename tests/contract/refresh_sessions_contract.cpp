// RefreshSessionRepository (core/ports/refresh_sessions.hpp) on every backend: open, find, rotate
// once (also under concurrency), revoke a family or a user's, purge.
#include <catch2/catch.hpp>

#include <atomic>
#include <thread>

#include "core/domain/time_format.hpp"
#include "tests/support/instants.hpp"
#include "tests/support/test_backends.hpp"

using namespace ll;

namespace {
using test::at;
const Timestamp t0 = at("2026-11-25T08:00:00.123Z");
constexpr auto kDay = std::chrono::hours(24);

RefreshFamily family(std::string id, Id user, Timestamp expires) {
    return RefreshFamily{std::move(id), user, "Mozilla/5.0 (Ä)", t0, t0, expires, std::nullopt};
}
}  // namespace

TEST_CASE("refresh sessions: open, find, rotate once", "[refresh-sessions]") {
    auto db = test::make_test_database();
    RefreshSessionRepository& sessions = db->backend().refresh_sessions();
    const Id user =
        db->backend().accounts().create(NewAccount{"ada@example.com", "h", "end-user"})->id;
    sessions.open(family("fam-1", user, t0 + 60 * kDay), "digest-1");

    const auto found = sessions.find_family("fam-1");
    REQUIRE(found);
    CHECK(found->user_id == user);
    CHECK(found->device == "Mozilla/5.0 (Ä)");
    CHECK(found->created_at == t0);
    CHECK(found->last_used_at == t0);
    CHECK(found->expires_at == t0 + 60 * kDay);
    CHECK_FALSE(found->revoked_at);
    CHECK_FALSE(sessions.find_family("fam-2"));
    CHECK_FALSE(sessions.find_family("' OR 1=1 --"));

    const auto token = sessions.find_token("digest-1");
    REQUIRE(token);
    CHECK(token->family_id == "fam-1");
    CHECK(token->created_at == t0);
    CHECK_FALSE(token->used_at);
    CHECK_FALSE(sessions.find_token("digest-2"));

    const Timestamp t1 = t0 + kDay;
    CHECK(sessions.rotate("digest-1", "digest-2", t1, t1 + 60 * kDay));
    CHECK(sessions.find_token("digest-1")->used_at == t1);
    const auto next = sessions.find_token("digest-2");
    REQUIRE(next);
    CHECK(next->family_id == "fam-1");
    CHECK(next->created_at == t1);
    CHECK_FALSE(next->used_at);
    CHECK(sessions.find_family("fam-1")->last_used_at == t1);
    CHECK(sessions.find_family("fam-1")->expires_at == t1 + 60 * kDay);

    // A used token, an unknown one: nothing changes.
    CHECK_FALSE(sessions.rotate("digest-1", "digest-3", t1, t1 + 90 * kDay));
    CHECK_FALSE(sessions.rotate("digest-x", "digest-3", t1, t1 + 90 * kDay));
    CHECK_FALSE(sessions.find_token("digest-3"));
    CHECK(sessions.find_family("fam-1")->expires_at == t1 + 60 * kDay);
}

TEST_CASE("refresh sessions: revoked families rotate no more; revoke keeps its first time",
          "[refresh-sessions]") {
    auto db = test::make_test_database();
    RefreshSessionRepository& sessions = db->backend().refresh_sessions();
    auto& accounts = db->backend().accounts();
    const Id ada = accounts.create(NewAccount{"ada@example.com", "h", "end-user"})->id;
    const Id bo = accounts.create(NewAccount{"bo@example.com", "h", "end-user"})->id;
    sessions.open(family("ada-phone", ada, t0 + kDay), "d-phone");
    sessions.open(family("ada-tablet", ada, t0 + kDay), "d-tablet");
    sessions.open(family("bo-phone", bo, t0 + kDay), "d-bo");

    CHECK(sessions.revoke_family("ada-phone", t0 + std::chrono::minutes(1)));
    CHECK(sessions.revoke_family("ada-phone", t0 + std::chrono::minutes(2)));
    CHECK(sessions.find_family("ada-phone")->revoked_at == t0 + std::chrono::minutes(1));
    CHECK_FALSE(sessions.revoke_family("no-such-family", t0));
    CHECK_FALSE(sessions.rotate("d-phone", "d-phone-2", t0, t0 + kDay));
    CHECK_FALSE(sessions.find_token("d-phone")->used_at);

    // Every family of the user not revoked yet; the other user's stay.
    const auto revoked = sessions.revoke_others(ada, {}, t0 + std::chrono::minutes(3));
    CHECK(revoked == std::vector<std::string>{"ada-tablet"});
    CHECK(sessions.find_family("ada-tablet")->revoked_at == t0 + std::chrono::minutes(3));
    CHECK(sessions.find_family("ada-phone")->revoked_at == t0 + std::chrono::minutes(1));
    CHECK_FALSE(sessions.find_family("bo-phone")->revoked_at);
    CHECK(sessions.revoke_others(ada, {}, t0 + std::chrono::minutes(4)).empty());
}

TEST_CASE("refresh sessions: of concurrent rotations of one token exactly one wins",
          "[refresh-sessions]") {
    auto db = test::make_test_database(8);
    RefreshSessionRepository& sessions = db->backend().refresh_sessions();
    const Id user =
        db->backend().accounts().create(NewAccount{"ada@example.com", "h", "end-user"})->id;
    sessions.open(family("fam", user, t0 + kDay), "d0");
    std::atomic<int> wins{0};
    std::vector<std::thread> threads;
    for (int i = 0; i < 6; ++i) {
        threads.emplace_back([&, i] {
            if (sessions.rotate("d0", "d-next-" + std::to_string(i), t0, t0 + 2 * kDay)) ++wins;
        });
    }
    for (auto& t : threads) t.join();
    CHECK(wins == 1);
    int successors = 0;
    for (int i = 0; i < 6; ++i)
        successors += sessions.find_token("d-next-" + std::to_string(i)) ? 1 : 0;
    CHECK(successors == 1);
}

TEST_CASE("refresh sessions: purge takes expired and revoked families and old used tokens",
          "[refresh-sessions]") {
    auto db = test::make_test_database();
    RefreshSessionRepository& sessions = db->backend().refresh_sessions();
    const Id user =
        db->backend().accounts().create(NewAccount{"ada@example.com", "h", "end-user"})->id;
    sessions.open(family("live", user, t0 + 60 * kDay), "live-0");
    sessions.open(family("expired", user, t0 + kDay), "expired-0");
    sessions.open(family("revoked", user, t0 + 60 * kDay), "revoked-0");
    sessions.revoke_family("revoked", t0);
    REQUIRE(sessions.rotate("live-0", "live-1", t0 + kDay, t0 + 61 * kDay));
    REQUIRE(sessions.rotate("live-1", "live-2", t0 + 3 * kDay, t0 + 63 * kDay));

    // At t0 + 1 day: "expired" ends (expiry not after now); "revoked" goes; used tokens up to
    // t0 + 1 day ("live-0") go.
    CHECK(sessions.purge(t0 + kDay, t0 + kDay) == 2 + 2 + 1);
    CHECK_FALSE(sessions.find_family("expired"));
    CHECK_FALSE(sessions.find_token("expired-0"));
    CHECK_FALSE(sessions.find_family("revoked"));
    CHECK_FALSE(sessions.find_token("revoked-0"));
    CHECK_FALSE(sessions.find_token("live-0"));
    CHECK(sessions.find_token("live-1"));
    CHECK(sessions.find_token("live-2"));
    CHECK(sessions.find_family("live"));
    CHECK(sessions.purge(t0 + kDay, t0 + kDay) == 0);
}

TEST_CASE("refresh sessions: revoke_beyond keeps the last used", "[refresh-sessions]") {
    auto db = test::make_test_database();
    RefreshSessionRepository& sessions = db->backend().refresh_sessions();
    auto& accounts = db->backend().accounts();
    const Id ada = accounts.create(NewAccount{"ada@example.com", "h", "end-user"})->id;
    const Id bo = accounts.create(NewAccount{"bo@example.com", "h", "end-user"})->id;
    for (int i = 0; i < 4; ++i) {
        RefreshFamily f = family("ada-" + std::to_string(i), ada, t0 + 60 * kDay);
        f.created_at = f.last_used_at = t0 + std::chrono::minutes(i);
        sessions.open(f, "d-ada-" + std::to_string(i));
    }
    sessions.open(family("bo-0", bo, t0 + 60 * kDay), "d-bo-0");
    // ada-0 was used last; ada-3 is already revoked and does not count.
    REQUIRE(sessions.rotate("d-ada-0", "d-ada-0b", t0 + kDay, t0 + 61 * kDay));
    sessions.revoke_family("ada-3", t0);

    const auto revoked = sessions.revoke_beyond(ada, 2, t0 + 2 * kDay);
    CHECK(revoked == std::vector<std::string>{"ada-1"});
    CHECK(sessions.find_family("ada-1")->revoked_at == t0 + 2 * kDay);
    CHECK_FALSE(sessions.find_family("ada-0")->revoked_at);
    CHECK_FALSE(sessions.find_family("ada-2")->revoked_at);
    CHECK(sessions.find_family("ada-3")->revoked_at == t0);
    CHECK_FALSE(sessions.find_family("bo-0")->revoked_at);
    CHECK(sessions.revoke_beyond(ada, 2, t0 + 2 * kDay).empty());
}
