// DELETE /auth/me, GET /auth/me/export and langlearn-admin delete-user: the core's rules on the
// in-memory adapters. The stores' side is in tests/contract.
#include <catch2/catch.hpp>

#include "core/app/book_progress.hpp"
#include "core/app/delete_account.hpp"
#include "core/app/export_account.hpp"
#include "tests/support/sent_requests.hpp"
#include "tests/unit/support/counting_throttle.hpp"
#include "tests/unit/support/fixture.hpp"

using namespace ll;
using namespace ll::test;

namespace {

Result<Done> delete_with(World& w, LoginThrottle& throttle, Id user, LooseValue password) {
    // The body as DELETE /auth/me decodes it.
    return with_decoded<DeleteAccountRequest>(
        LooseValue::object({{"password", std::move(password)}}),
        [&](const DeleteAccountRequest& r) {
            return delete_own_account(w.ports, throttle, user, r);
        });
}

void book(World& w, Id user, Id pair, const std::string& key = {}) {
    SentProgress input{LooseValue::of(pair), LooseValue::of(true), LooseValue::of(25)};
    if (!key.empty()) input.idempotency_key = key;
    REQUIRE(book_sent(w.ports, user, input).ok());
}

}  // namespace

TEST_CASE("delete own account: a missing or wrong password is 401 and changes nothing",
          "[delete]") {
    World w;
    CountingThrottle throttle;
    const Id ada = w.user();
    for (const LooseValue& bad : {LooseValue{}, LooseValue::of(""), LooseValue::of(12345678),
                                  LooseValue::of("wrong-password")}) {
        const auto r = delete_with(w, throttle, ada, bad);
        REQUIRE_FALSE(r.ok());
        CHECK(r.error() == errors::wrong_password());
    }
    CHECK(w.ports.accounts.find_by_id(ada));
    CHECK(w.ports.profiles.find_by_user(ada));
    CHECK(w.ports.profiles.username_taken("ada"));
    // Only a wrong password is a failed attempt (a missing one tried nothing).
    CHECK(throttle.failures.size() == 1);
    CHECK(throttle.failures.begin()->second == 1);
}

TEST_CASE("delete own account: the login's lockout holds here too", "[delete]") {
    World w;
    CountingThrottle throttle;
    throttle.limit = 3;
    const Id ada = w.user();
    for (int i = 0; i < throttle.limit; ++i)
        CHECK(delete_with(w, throttle, ada, LooseValue::of("nope-nope")).error().status == 401);
    const int verified = w.hasher.verifications;
    const auto locked = delete_with(w, throttle, ada, LooseValue::of("password1"));
    REQUIRE_FALSE(locked.ok());
    CHECK(locked.error().status == 429);
    CHECK(locked.error().retry_after_seconds == 60);
    CHECK(w.hasher.verifications == verified);  // not even tried
    CHECK(w.ports.accounts.find_by_id(ada));
}

TEST_CASE("delete own account: staff accounts are refused with 403", "[delete]") {
    World w;
    NoLoginThrottle throttle;
    const Id editor = w.user("ed@example.com", false);
    REQUIRE(w.ports.accounts.set_role("ed@example.com", "editor"));
    const auto r = delete_with(w, throttle, editor, LooseValue::of("password1"));
    REQUIRE_FALSE(r.ok());
    CHECK(r.error() == errors::insufficient_permissions());
    CHECK(w.ports.accounts.find_by_id(editor));
    const auto by_email =
        delete_account_by_email(w.ports.accounts, w.ports.learner_data, "ED@example.com");
    CHECK(by_email.error() == errors::insufficient_permissions());
    CHECK(w.ports.accounts.find_by_id(editor));
}

TEST_CASE("delete own account: everything of the learner goes, the other learner stays",
          "[delete]") {
    World w;
    NoLoginThrottle throttle;
    const Id ada = w.user("ada@example.com", true, "Ada");
    const Id bob = w.user("bob@example.com", true, "bob");
    const Id pair = w.pair();
    book(w, ada, pair, "key-1");
    book(w, bob, pair, "key-1");

    REQUIRE(delete_with(w, throttle, ada, LooseValue::of("password1")).ok());
    CHECK_FALSE(w.ports.accounts.find_by_id(ada));
    CHECK_FALSE(w.ports.accounts.find_by_email("ada@example.com"));
    CHECK_FALSE(w.ports.profiles.find_by_user(ada));
    CHECK_FALSE(w.ports.profiles.username_taken("ada"));
    CHECK_FALSE(w.ports.learner_data.read_all(ada));
    // A second delete (another device, the same token): what the spec says of an unknown user.
    CHECK(delete_with(w, throttle, ada, LooseValue::of("password1")).error() ==
          errors::user_not_found());

    const auto others = w.ports.learner_data.read_all(bob);
    REQUIRE(others);
    CHECK(others->profile->username == "bob");
    CHECK(others->progress.size() == 1);
    CHECK(others->daily.size() == 1);
    CHECK(others->idempotency_keys.size() == 1);
    // The freed name can be taken again by someone else.
    const Id carl = w.user("carl@example.com", true, "ADA");
    CHECK(w.ports.profiles.find_by_user(carl)->username == "ADA");
}

TEST_CASE("delete-user by e-mail: 404 for an unknown address, the account otherwise", "[delete]") {
    World w;
    const Id ada = w.user();
    CHECK(delete_account_by_email(w.ports.accounts, w.ports.learner_data, "nobody@example.com")
              .error() == errors::user_not_found());
    const auto deleted =
        delete_account_by_email(w.ports.accounts, w.ports.learner_data, "  ADA@example.com ");
    REQUIRE(deleted.ok());
    CHECK(deleted->id == ada);
    CHECK_FALSE(w.ports.accounts.find_by_id(ada));
}

TEST_CASE("export: every row of the learner, never the password hash", "[export]") {
    World w;
    const Id ada = w.user("ada@example.com", true, "Ada");
    const Id pair = w.pair();
    book(w, ada, pair, "retry-key");
    book(w, ada, pair);

    const auto out = export_account(w.ports, ada);
    REQUIRE(out.ok());
    CHECK(out->exported_at == w.clock.now());
    const LearnerRecords& r = out->records;
    CHECK(r.account.id == ada);
    CHECK(r.account.email == "ada@example.com");
    CHECK(r.account.password_hash.empty());
    REQUIRE(r.profile);
    CHECK(r.profile->username == "Ada");
    CHECK(r.profile->total_ep == 50);
    REQUIRE(r.progress.size() == 1);
    CHECK(r.progress[0] == PairProgressRecord{pair, 2, 2, 0, 50});
    REQUIRE(r.daily.size() == 1);
    CHECK(r.daily[0].date == day("2026-11-22"));
    CHECK(r.daily[0].ep == 50);
    CHECK(r.daily[0].cards == 2);
    REQUIRE(r.achievements.size() == 1);
    CHECK(r.achievements[0].achievement_id == "first_steps");
    REQUIRE(r.idempotency_keys.size() == 1);
    CHECK(r.idempotency_keys[0].key == "retry-key");

    CHECK(export_account(w.ports, ada + 1000).error() == errors::user_not_found());
}
