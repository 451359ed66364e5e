// StaffSessionRepository (core/ports/staff_sessions.hpp) on every backend: create, find,
// revoke once, purge what has expired, and a deleted account takes its sessions along.
#include <catch2/catch.hpp>

#include "core/domain/time_format.hpp"
#include "tests/support/instants.hpp"
#include "tests/support/test_backends.hpp"

using namespace ll;

using test::at;

TEST_CASE("staff sessions: create, find, revoke once, purge", "[sessions]") {
    auto db = test::make_test_database();
    StaffSessionRepository& sessions = db->backend().staff_sessions();
    const Id user =
        db->backend().accounts().create(NewAccount{"ed@example.com", "h", "editor"})->id;
    const Timestamp t0 = at("2026-11-25T08:00:00.123Z");
    sessions.create(StaffSession{"0123456789abcdef0123456789abcdef", user, t0,
                                 t0 + std::chrono::hours(12), std::nullopt});
    sessions.create(StaffSession{"fedcba9876543210fedcba9876543210", user, t0,
                                 t0 + std::chrono::hours(1), std::nullopt});

    const auto found = sessions.find("0123456789abcdef0123456789abcdef");
    REQUIRE(found);
    CHECK(found->user_id == user);
    CHECK(found->created_at == t0);
    CHECK(found->expires_at == t0 + std::chrono::hours(12));
    CHECK_FALSE(found->revoked_at);
    CHECK_FALSE(sessions.find("0123456789abcdef0123456789abcdee"));
    CHECK_FALSE(sessions.find(""));
    CHECK_FALSE(sessions.find("' OR 1=1 --"));

    CHECK(sessions.revoke("0123456789abcdef0123456789abcdef", t0 + std::chrono::minutes(5)));
    CHECK(sessions.revoke("0123456789abcdef0123456789abcdef", t0 + std::chrono::minutes(9)));
    CHECK(sessions.find("0123456789abcdef0123456789abcdef")->revoked_at ==
          t0 + std::chrono::minutes(5));  // the first end stands
    CHECK_FALSE(sessions.revoke("no-such-session", t0));

    // At the expiry a session is gone; ended or not, later ones stay.
    CHECK(sessions.purge_expired(t0 + std::chrono::minutes(59)) == 0);
    CHECK(sessions.purge_expired(t0 + std::chrono::hours(1)) == 1);
    CHECK_FALSE(sessions.find("fedcba9876543210fedcba9876543210"));
    CHECK(sessions.find("0123456789abcdef0123456789abcdef"));
    CHECK(sessions.purge_expired(t0 + std::chrono::hours(13)) == 1);
    CHECK_FALSE(sessions.find("0123456789abcdef0123456789abcdef"));
}

TEST_CASE("staff sessions: every session of one account ends at once", "[sessions]") {
    auto db = test::make_test_database();
    StaffSessionRepository& sessions = db->backend().staff_sessions();
    AccountRepository& accounts = db->backend().accounts();
    const Id ed = accounts.create(NewAccount{"ed@example.com", "h", "editor"})->id;
    const Id other = accounts.create(NewAccount{"other@example.com", "h", "editor"})->id;
    const Timestamp t0 = at("2026-11-25T08:00:00Z");
    const auto make = [&](const std::string& id, Id user) {
        sessions.create(StaffSession{id, user, t0, t0 + std::chrono::hours(12), std::nullopt});
    };
    make("ed-session-1", ed);
    make("ed-session-2", ed);
    make("ed-session-3", ed);
    make("other-session", other);
    REQUIRE(sessions.revoke("ed-session-3", t0 + std::chrono::minutes(1)));

    CHECK(sessions.revoke_user(ed, t0 + std::chrono::minutes(5)) == 2);
    CHECK(sessions.find("ed-session-1")->revoked_at == t0 + std::chrono::minutes(5));
    CHECK(sessions.find("ed-session-2")->revoked_at == t0 + std::chrono::minutes(5));
    CHECK(sessions.find("ed-session-3")->revoked_at == t0 + std::chrono::minutes(1));  // kept
    CHECK_FALSE(sessions.find("other-session")->revoked_at);
    CHECK(sessions.revoke_user(ed, t0 + std::chrono::minutes(9)) == 0);
    CHECK(sessions.revoke_user(other + 1000, t0) == 0);  // no such account
}
