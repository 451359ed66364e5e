#include <catch2/catch.hpp>

#include <thread>

#include "tests/support/test_backends.hpp"

using namespace ll;

TEST_CASE("accounts: create, find case-insensitively, unique e-mail", "[accounts]") {
    auto db = test::make_test_database();
    AccountRepository& accounts = db->backend().accounts();
    const auto created = accounts.create(NewAccount{"ada@example.com", "hash-1", "end-user"});
    REQUIRE(created);
    CHECK(created->id > 0);
    CHECK(created->email == "ada@example.com");
    CHECK(created->role == "end-user");
    CHECK(created->is_active);
    CHECK_FALSE(created->language_native_id);

    const auto found = accounts.find_by_email("ADA@example.com");
    REQUIRE(found);
    CHECK(found->id == created->id);
    CHECK(found->password_hash == "hash-1");
    CHECK(accounts.find_by_id(created->id)->email == "ada@example.com");
    CHECK_FALSE(accounts.find_by_id(created->id + 1000));
    CHECK_FALSE(accounts.find_by_email("bob@example.com"));
    CHECK_FALSE(accounts.create(NewAccount{"Ada@Example.com", "hash-2", "end-user"}));
    CHECK(accounts.find_by_email("ada@example.com")->password_hash == "hash-1");
}

TEST_CASE("accounts: updates of hash, native language, role and activity", "[accounts]") {
    auto db = test::make_test_database();
    AccountRepository& accounts = db->backend().accounts();
    const Id id = accounts.create(NewAccount{"ada@example.com", "h", "end-user"})->id;
    accounts.update_password_hash(id, "h2");
    accounts.set_native_language(id, 2);
    CHECK(accounts.set_role("ADA@example.com", "editor"));
    CHECK(accounts.set_active("ada@example.com", false));
    CHECK_FALSE(accounts.set_role("nobody@example.com", "admin"));
    CHECK_FALSE(accounts.set_active("nobody@example.com", true));
    const auto a = accounts.find_by_id(id);
    CHECK(a->password_hash == "h2");
    CHECK(a->language_native_id == 2);
    CHECK(a->role == "editor");
    CHECK_FALSE(a->is_active);
    CHECK(accounts.set_active("ada@example.com", true));
    CHECK(accounts.find_by_id(id)->is_active);
}

TEST_CASE("accounts: of 20 concurrent creates of one e-mail exactly one wins",
          "[accounts][concurrency]") {
    auto db = test::make_test_database(8);
    std::atomic<int> wins{0};
    std::vector<std::thread> threads;
    for (int i = 0; i < 20; ++i) {
        threads.emplace_back([&, i] {
            const std::string email = i % 2 ? "race@example.com" : "RACE@example.com";
            if (db->backend().accounts().create(NewAccount{email, "h", "end-user"})) ++wins;
        });
    }
    for (auto& t : threads) t.join();
    CHECK(wins == 1);
}

TEST_CASE("blocklist: blocked e-mails, case-insensitive", "[blocklist]") {
    auto db = test::make_test_database();
    BlocklistRepository& blocklist = db->backend().blocklist();
    CHECK_FALSE(blocklist.is_blocked("spam@example.com"));
    blocklist.block("Spam@Example.com");
    blocklist.block("spam@example.com");  // twice is fine
    CHECK(blocklist.is_blocked("spam@example.com"));
    CHECK(blocklist.is_blocked("SPAM@EXAMPLE.COM"));
    CHECK_FALSE(blocklist.is_blocked("ham@example.com"));
}

TEST_CASE("languages: the seeded three, published", "[languages]") {
    auto db = test::make_test_database();
    auto languages = db->backend().languages().list_published();
    std::sort(languages.begin(), languages.end(), [](auto& a, auto& b) { return a.id < b.id; });
    REQUIRE(languages.size() == 3);
    CHECK(languages[0].id == 1);
    CHECK(languages[0].short_en == "de");
    CHECK(languages[0].titel_de == "Deutsch");
    CHECK(languages[0].titel_en == "German");
    CHECK(languages[0].titel_sv == "Tyska");
    CHECK(languages[0].greeting == "Hallo!");
    CHECK(languages[1].short_en == "en");
    CHECK(languages[1].greeting == "Hello!");
    CHECK(languages[2].short_en == "sv");
    CHECK(languages[2].titel_de == "Schwedisch");
    CHECK(languages[2].greeting == "Hej!");
}
