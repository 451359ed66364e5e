// An operator's role and activation changes (core/app/account_admin.*) on the memory adapters:
// a demotion and a (de)activation end every session of the account, app and studio, so a
// stolen token or cookie does not come back when the role or the account is given back.
#include <catch2/catch.hpp>

#include "core/app/account_admin.hpp"
#include "core/app/login.hpp"
#include "core/app/refresh_sessions.hpp"
#include "support/fixture.hpp"
#include "tests/support/sent_requests.hpp"

using namespace ll;
using namespace ll::test;

namespace {

struct AdminWorld : World {
    NoLoginThrottle throttle;
    AccountAdminPorts admin{backend.accounts(), account_sessions(ports)};
    SessionStanding standing{backend.refresh_sessions(), clock, std::chrono::seconds(10)};

    LoginOutput sign_in(const std::string& email = "ed@example.com") {
        auto r = login_sent(ports, throttle,
                            SentCredentials{LooseValue::of(email), LooseValue::of("password1")},
                            "laptop");
        REQUIRE(r.ok());
        return std::move(r.value());
    }
    bool family_live(const LoginOutput& out) {
        return standing.live(*tokens.verify(out.token, clock.now()));
    }
};

}  // namespace

TEST_CASE("set-role: a demotion ends every session, a promotion none", "[account-admin]") {
    AdminWorld w;
    const Id ed = w.user("ed@example.com", false);
    const Id other = w.user("other@example.com", false);
    REQUIRE(w.backend.accounts().set_role("ed@example.com", kRoleAdmin));
    const auto app = w.sign_in();
    const auto studio = w.studio_session(ed, "ed-studio");
    const auto others = w.studio_session(other, "other-studio");

    // admin -> admin, then end-user -> editor elsewhere: nothing ends.
    REQUIRE(set_account_role(w.admin, "ed@example.com", kRoleAdmin).ok());
    REQUIRE(set_account_role(w.admin, "other@example.com", kRoleEditor).ok());
    CHECK_FALSE(w.studio_session_ended(studio));
    CHECK(w.family_live(app));

    // admin -> editor is a demotion too; the answer is the account as it is now.
    const auto demoted = set_account_role(w.admin, " ED@example.com ", kRoleEditor);
    REQUIRE(demoted.ok());
    CHECK(demoted->role == kRoleEditor);
    CHECK(w.backend.accounts().find_by_id(ed)->role == kRoleEditor);
    CHECK(w.studio_session_ended(studio));
    w.clock.advance(std::chrono::seconds(10));  // another process: within the recheck window
    CHECK_FALSE(w.family_live(app));
    CHECK_FALSE(w.studio_session_ended(others));

    // The recovery: demoted, then made editor again: the old sessions stay ended.
    const auto fresh = w.studio_session(ed, "ed-studio-2");
    REQUIRE(set_account_role(w.admin, "ed@example.com", kRoleEndUser).ok());
    REQUIRE(set_account_role(w.admin, "ed@example.com", kRoleEditor).ok());
    CHECK(w.studio_session_ended(fresh));
}

TEST_CASE("set-role: an unknown role or account changes nothing", "[account-admin]") {
    AdminWorld w;
    const Id ed = w.user("ed@example.com", false);
    REQUIRE(w.backend.accounts().set_role("ed@example.com", kRoleEditor));
    const auto studio = w.studio_session(ed, "ed-studio");
    CHECK(set_account_role(w.admin, "ed@example.com", "superuser").error() ==
          errors::role_required());
    CHECK(set_account_role(w.admin, "ed@example.com", "").error() == errors::role_required());
    CHECK(set_account_role(w.admin, "nobody@example.com", kRoleEndUser).error() ==
          errors::user_not_found());
    CHECK(w.backend.accounts().find_by_id(ed)->role == kRoleEditor);
    CHECK_FALSE(w.studio_session_ended(studio));
}

TEST_CASE("set-active: deactivating and reactivating both start from no sessions",
          "[account-admin]") {
    AdminWorld w;
    const Id ed = w.user("ed@example.com", false);
    const auto app = w.sign_in();
    const auto studio = w.studio_session(ed, "ed-studio");
    REQUIRE(set_account_active(w.admin, "ed@example.com", false).ok());
    CHECK_FALSE(w.backend.accounts().find_by_id(ed)->is_active);
    CHECK(w.studio_session_ended(studio));
    CHECK_FALSE(w.family_live(app));

    // A session made while inactive (written by hand: sign-in refuses) ends at reactivation.
    const auto stray = w.studio_session(ed, "ed-stray");
    const auto reactivated = set_account_active(w.admin, "ed@example.com", true);
    REQUIRE(reactivated.ok());
    CHECK(reactivated->is_active);
    CHECK(w.studio_session_ended(stray));
    CHECK(set_account_active(w.admin, "nobody@example.com", true).error() ==
          errors::user_not_found());
}
