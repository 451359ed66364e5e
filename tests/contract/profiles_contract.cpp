#include <catch2/catch.hpp>

#include <atomic>
#include <thread>
#include <vector>

#include "tests/support/test_backends.hpp"

using namespace ll;

namespace {
Id account(StorageBackend& b, const std::string& email) {
    return b.accounts().create(NewAccount{email, "h", "end-user"})->id;
}
}  // namespace

TEST_CASE("profiles: create, read back, duplicates refused, failures reserve nothing",
          "[profiles]") {
    auto db = test::make_test_database();
    StorageBackend& b = db->backend();
    const Id ada = account(b, "ada@example.com");
    const Id bob = account(b, "bob@example.com");
    ProfileRepository& profiles = b.profiles();
    CHECK_FALSE(profiles.find_by_user(ada));
    CHECK_FALSE(profiles.username_taken("ada_l"));

    const auto created = profiles.create(NewProfile{ada, "Ada_L", "ada_l", 1, 3});
    REQUIRE(created.status == CreateProfileStatus::created);
    CHECK(created.profile.id > 0);
    CHECK(created.profile.user_id == ada);
    CHECK(created.profile.username == "Ada_L");
    CHECK(created.profile.username_id > 0);

    const auto p = profiles.find_by_user(ada);
    REQUIRE(p);
    CHECK(p->id == created.profile.id);
    CHECK(p->username == "Ada_L");
    CHECK(p->language_native_id == 1);
    CHECK(p->language_target_id == 3);
    CHECK(p->total_ep == 0);
    CHECK(p->streak_days == 0);
    CHECK(p->daily_goal_ep == 30);
    CHECK_FALSE(p->last_practice_at);
    CHECK(profiles.username_taken("ada_l"));

    CHECK(profiles.create(NewProfile{ada, "Other", "other", 1, 2}).status ==
          CreateProfileStatus::profile_exists);
    CHECK_FALSE(profiles.username_taken("other"));  // the refused creation reserved nothing
    CHECK(profiles.create(NewProfile{bob, "ADA_L", "ada_l", 1, 2}).status ==
          CreateProfileStatus::username_taken);
    CHECK_FALSE(profiles.find_by_user(bob));
    CHECK(profiles.create(NewProfile{bob, "Bob", "bob", 2, 1}).status ==
          CreateProfileStatus::created);
}

TEST_CASE("profiles: daily goal", "[profiles]") {
    auto db = test::make_test_database();
    StorageBackend& b = db->backend();
    const Id ada = account(b, "ada@example.com");
    CHECK_FALSE(b.profiles().set_daily_goal(ada, 50));
    b.profiles().create(NewProfile{ada, "ada", "ada", 1, 3});
    CHECK(b.profiles().set_daily_goal(ada, 50));
    CHECK(b.profiles().find_by_user(ada)->daily_goal_ep == 50);
}

TEST_CASE("profiles: the account with its profile in one read", "[profiles]") {
    auto db = test::make_test_database();
    StorageBackend& b = db->backend();
    const Id ada = b.accounts().create(NewAccount{"ada@example.com", "h1", "editor"})->id;
    const Id bob = b.accounts().create(NewAccount{"bob@example.com", "h2", "end-user"})->id;
    b.accounts().set_native_language(bob, 2);
    b.profiles().create(NewProfile{ada, "Ada_L", "ada_l", 1, 3});
    b.profiles().set_daily_goal(ada, 45);

    const auto with = b.profiles().find_account_with_profile(ada);
    REQUIRE(with);
    CHECK(with->account.email == "ada@example.com");
    CHECK(with->account.role == "editor");
    CHECK(with->account.password_hash == "h1");
    CHECK(with->account.is_active);
    REQUIRE(with->profile);
    CHECK(*with->profile == *b.profiles().find_by_user(ada));
    CHECK(with->profile->username == "Ada_L");
    CHECK(with->profile->daily_goal_ep == 45);

    const auto without = b.profiles().find_account_with_profile(bob);
    REQUIRE(without);
    CHECK_FALSE(without->profile);
    CHECK(without->account.language_native_id == 2);
    CHECK_FALSE(b.profiles().find_account_with_profile(999999));
}

TEST_CASE(
    "profiles: of concurrent creations of one learner's profile, the losers are told it "
    "exists",
    "[profiles][concurrency]") {
    // The pool's sessions let the creations really overlap (SQLite serialises its writers).
    auto db = test::make_test_database(10);
    StorageBackend& b = db->backend();
    for (int round = 0; round < 20; ++round) {
        const Id learner = account(b, "racer" + std::to_string(round) + "@example.com");
        std::atomic<int> created{0}, exists{0}, other{0};
        std::vector<std::thread> threads;
        for (int i = 0; i < 10; ++i) {
            threads.emplace_back([&, i] {
                const std::string name = "r" + std::to_string(round) + "_n" + std::to_string(i);
                switch (b.profiles().create(NewProfile{learner, name, name, 1, 3}).status) {
                    case CreateProfileStatus::created:
                        ++created;
                        break;
                    case CreateProfileStatus::profile_exists:
                        ++exists;
                        break;
                    default:
                        ++other;
                        break;
                }
            });
        }
        for (auto& t : threads) t.join();
        INFO("round " << round);
        CHECK(created == 1);
        CHECK(exists == 9);
        CHECK(other == 0);  // never "Username already taken": every name was free
    }
}
