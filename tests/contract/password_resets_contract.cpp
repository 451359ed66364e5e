// PasswordResetRepository (core/ports/password_resets.hpp) and
// RefreshSessionRepository::revoke_others on every backend: issue supersedes, consume once (also
// under concurrency) and never after expiry, cancel_open, the hourly count, purge, deletion with
// the account.
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
constexpr auto kMinute = std::chrono::minutes(1);

PasswordResetToken token(std::string digest, Id user, Timestamp created) {
    return PasswordResetToken{std::move(digest), user, created, created + 30 * kMinute,
                              std::nullopt};
}

Id account(StorageBackend& backend, const char* email) {
    return backend.accounts().create(NewAccount{email, "h", "end-user"})->id;
}

// A fresh database with two learners, ada and bo, and its reset tokens.
struct TwoLearners {
    explicit TwoLearners(int pool_size = 4) : db(test::make_test_database(pool_size)) {}
    std::unique_ptr<test::TestDatabase> db;
    PasswordResetRepository& resets = db->backend().password_resets();
    const Id ada = account(db->backend(), "ada@example.com");
    const Id bo = account(db->backend(), "bo@example.com");
};
}  // namespace

TEST_CASE("password resets: issue, find, a newer one supersedes", "[password-resets]") {
    TwoLearners t;
    auto& [db, resets, ada, bo] = t;
    resets.issue(token("d1", ada, t0));
    resets.issue(token("b1", bo, t0));

    const auto found = resets.find("d1");
    REQUIRE(found);
    CHECK(found->digest == "d1");
    CHECK(found->user_id == ada);
    CHECK(found->created_at == t0);
    CHECK(found->expires_at == t0 + 30 * kMinute);
    CHECK_FALSE(found->used_at);
    CHECK_FALSE(resets.find("d2"));
    CHECK_FALSE(resets.find("' OR 1=1 --"));

    resets.issue(token("d2", ada, t0 + kMinute));
    CHECK(resets.find("d1")->used_at == t0 + kMinute);  // superseded
    CHECK_FALSE(resets.find("d2")->used_at);
    CHECK_FALSE(resets.find("b1")->used_at);  // another account's stays
    CHECK_FALSE(resets.consume("d1", t0 + 2 * kMinute));
    CHECK(resets.issued_since(ada, t0 - kMinute) == 2);
    CHECK(resets.issued_since(ada, t0) == 1);  // after, not at
    CHECK(resets.issued_since(bo, t0 - kMinute) == 1);
}

TEST_CASE("password resets: consumed once, not after expiry", "[password-resets]") {
    TwoLearners t;
    auto& [db, resets, ada, bo] = t;
    resets.issue(token("d1", ada, t0));
    CHECK_FALSE(resets.consume("nope", t0 + kMinute));
    CHECK(resets.consume("d1", t0 + kMinute) == ada);
    CHECK(resets.find("d1")->used_at == t0 + kMinute);
    CHECK_FALSE(resets.consume("d1", t0 + 2 * kMinute));
    CHECK(resets.find("d1")->used_at == t0 + kMinute);

    resets.issue(token("d2", ada, t0));
    CHECK_FALSE(resets.consume("d2", t0 + 30 * kMinute));  // expires at, not after
    CHECK_FALSE(resets.find("d2")->used_at);
}

TEST_CASE("password resets: cancel_open uses up the account's open tokens only",
          "[password-resets]") {
    TwoLearners t;
    auto& [db, resets, ada, bo] = t;
    resets.issue(token("d1", ada, t0));
    resets.issue(token("b1", bo, t0));
    resets.cancel_open(ada, t0 + kMinute);
    CHECK(resets.find("d1")->used_at == t0 + kMinute);
    CHECK_FALSE(resets.consume("d1", t0 + 2 * kMinute));
    CHECK_FALSE(resets.find("b1")->used_at);
    CHECK(resets.consume("b1", t0 + 2 * kMinute) == bo);
}

TEST_CASE("password resets: of concurrent consumptions exactly one wins", "[password-resets]") {
    TwoLearners t(8);
    auto& [db, resets, ada, bo] = t;
    resets.issue(token("d1", ada, t0));
    std::atomic<int> wins{0};
    std::vector<std::thread> threads;
    for (int i = 0; i < 6; ++i)
        threads.emplace_back([&] {
            if (resets.consume("d1", t0 + kMinute) == ada) ++wins;
        });
    for (auto& t : threads) t.join();
    CHECK(wins == 1);
}

TEST_CASE("password resets: purge and deletion with the account", "[password-resets]") {
    TwoLearners t;
    auto& [db, resets, ada, bo] = t;
    resets.issue(token("old", ada, t0));
    resets.issue(token("new", bo, t0 + 60 * kMinute));
    CHECK(resets.purge(t0 + 30 * kMinute) == 0);  // expired at, not before
    CHECK(resets.purge(t0 + 31 * kMinute) == 1);
    CHECK_FALSE(resets.find("old"));
    CHECK(resets.find("new"));
    CHECK(db->backend().learner_data().erase(bo));
    CHECK_FALSE(resets.find("new"));
}

TEST_CASE("refresh sessions: revoke_others keeps one family", "[refresh-sessions]") {
    TwoLearners t;
    auto& [db, resets, ada, bo] = t;
    RefreshSessionRepository& sessions = db->backend().refresh_sessions();
    const auto family = [&](const char* id, Id user) {
        sessions.open(RefreshFamily{id, user, "", t0, t0, t0 + 60 * kMinute, std::nullopt},
                      std::string("digest-") + id);
    };
    family("phone", ada);
    family("tablet", ada);
    family("laptop", ada);
    family("bo", bo);
    sessions.revoke_family("laptop", t0);
    auto revoked = sessions.revoke_others(ada, "phone", t0 + kMinute);
    CHECK(revoked == std::vector<std::string>{"tablet"});
    CHECK_FALSE(sessions.find_family("phone")->revoked_at);
    CHECK(sessions.find_family("tablet")->revoked_at == t0 + kMinute);
    CHECK(sessions.find_family("laptop")->revoked_at == t0);  // keeps its first time
    CHECK_FALSE(sessions.find_family("bo")->revoked_at);
    // No family kept (a token without `sid`): all of them.
    CHECK(sessions.revoke_others(ada, "", t0 + 2 * kMinute) == std::vector<std::string>{"phone"});
}
