#include <catch2/catch.hpp>

#include "core/app/create_staff.hpp"
#include "support/fixture.hpp"

using namespace ll;
using namespace ll::test;

TEST_CASE("create_staff: a staff account with the registration's rules", "[staff]") {
    World w;
    auto& accounts = w.backend.accounts();
    const auto create = [&](std::string email, std::string password, std::string role) {
        return create_staff(accounts, w.hasher, CreateStaffInput{email, password, role});
    };

    SECTION("stored normalised, with the role and a hashed password") {
        const auto account = create("  Editor@Example.COM ", "a long password", "editor");
        REQUIRE(account.ok());
        CHECK(account->email == "editor@example.com");
        CHECK(account->role == "editor");
        const auto stored = accounts.find_by_email("editor@example.com");
        REQUIRE(stored);
        CHECK(stored->role == "editor");
        CHECK(stored->is_active);
        CHECK(stored->password_hash != "a long password");
        CHECK(w.hasher.verify(stored->password_hash, "a long password"));
    }
    SECTION("refusals change nothing") {
        CHECK(create("not-an-address", "a long password", "editor").error() ==
              errors::invalid_email_format());
        CHECK(create("a@example.com", "short", "editor").error() == errors::password_too_short());
        CHECK(create("a@example.com", std::string(1025, 'x'), "admin").error() ==
              errors::password_too_long());
        CHECK(create("a@example.com", "a long password", "end-user").error() ==
              errors::staff_role_required());
        CHECK(create("a@example.com", "a long password", "root").error() ==
              errors::staff_role_required());
        CHECK_FALSE(accounts.find_by_email("a@example.com"));
    }
    SECTION("an e-mail that is registered already: 409, the account unchanged") {
        w.user("taken@example.com", false);
        CHECK(create("TAKEN@example.com", "a long password", "admin").error() ==
              errors::email_already_registered());
        CHECK(accounts.find_by_email("taken@example.com")->role == "end-user");
    }
}
