// A staff account's credentials end on both services together (docs/accounts.md "Staff
// credentials"): a sign-out everywhere, a password change or reset, and a demotion end the JWTs
// learner-api issued for the account (their refresh family, `sid`) and the studio's cookies, so
// a stolen copy of either stops working on authoring-api: a cookie at once, a JWT within
// ACCOUNT_RECHECK_SECONDS. Both services on one database, on SQLite and PostgreSQL.
#include <catch2/catch.hpp>

#include <thread>

#include <boost/json.hpp>

#include "core/app/account_admin.hpp"
#include "tests/http/authoring/support/staff_api.hpp"
#include "tests/support/recording_mailer.hpp"

using namespace ll;
using namespace ll::test;

namespace {

namespace json = boost::json;

constexpr const char* kPassword = "correct horse battery";
constexpr const char* kEmail = "editor@example.com";
constexpr const char* kLink = "https://app.example/reset#token=";
// The authoring routes' ACCOUNT_RECHECK_SECONDS (http::AuthoringAccess's default), and a little.
constexpr auto kPastRecheck = std::chrono::seconds(31);

std::string credentials(const std::string& password = kPassword) {
    return json::serialize(json::object{{"email", kEmail}, {"password", password}});
}

struct StudioCookie {
    std::string cookie;  // "ll_staff=..."
    std::string csrf;
};

// Both services on one database; learner-api records its reset mails.
struct TwoServices {
    StaffApi api;
    std::shared_ptr<RecordingMailer> mailer = std::make_shared<RecordingMailer>();
    TestServer learner{
        {},
        {},
        api.db,
        api.media_dir,
        http::PasswordResetMail{mailer, PasswordResetSettings{kLink, std::chrono::minutes(30), 3}}};
    HttpClient app{learner.port()};
    Id editor = api.storage()
                    .accounts()
                    .create(NewAccount{kEmail, api.hasher.hash(kPassword), "editor"})
                    ->id;
    Id picture = api.picture();

    // A JWT of a sign-in on learner-api (one device's session).
    std::string jwt(const std::string& password = kPassword) {
        const Reply r = app.post("/auth/login", credentials(password));
        INFO(text(r));
        REQUIRE(r.status == 200);
        return std::string(r.json.at("token").as_string());
    }
    StudioCookie studio() {
        const Reply r = api.client->call("POST", "/api/session", credentials());
        INFO(text(r));
        REQUIRE(r.status == 200);
        const std::string set = r.header("set-cookie");
        return {set.substr(0, set.find(';')), std::string(r.json.at("csrf_token").as_string())};
    }
    int patch_with(const std::string& jwt) {
        return api.patch("/api/pictures/" + std::to_string(picture), R"({"title":"Küche"})", jwt)
            .status;
    }
    int patch_with(const StudioCookie& c) {
        return api.client
            ->call("PATCH", "/api/pictures/" + std::to_string(picture), R"({"title":"Flur"})",
                   {{"Cookie", c.cookie}, {"X-CSRF-Token", c.csrf}})
            .status;
    }
    AccountAdminPorts admin() {
        return AccountAdminPorts{api.storage().accounts(),
                                 AccountSessionPorts{api.storage().refresh_sessions(),
                                                     api.storage().staff_sessions(), api.clock}};
    }
};

}  // namespace

TEST_CASE("staff credentials: logout-all ends the JWTs and the studio cookies",
          "[authoring][staff-credentials]") {
    TwoServices s;
    const std::string own = s.jwt(), stolen = s.jwt();
    const StudioCookie cookie = s.studio();
    REQUIRE(s.patch_with(stolen) == 200);
    REQUIRE(s.patch_with(cookie) == 200);

    REQUIRE(s.app.post("/auth/logout-all", "{}", own).status == 204);
    CHECK(s.patch_with(cookie) == 401);  // its row is read on every request
    s.api.clock.advance(kPastRecheck);
    CHECK(s.patch_with(stolen) == 401);
    CHECK(s.api.patch("/api/pictures/1", "{}", stolen).error() == "Invalid or expired token");
    CHECK(s.patch_with(own) == 401);
    // A new sign-in works on both.
    CHECK(s.patch_with(s.jwt()) == 200);
    CHECK(s.patch_with(s.studio()) == 200);
}

TEST_CASE("staff credentials: a password change ends the other sessions and the studio's",
          "[authoring][staff-credentials]") {
    TwoServices s;
    const std::string own = s.jwt(), stolen = s.jwt();
    const StudioCookie cookie = s.studio();
    REQUIRE(s.patch_with(stolen) == 200);

    const Reply changed = s.app.put(
        "/auth/password",
        R"({"current_password":"correct horse battery","new_password":"a new long password"})",
        own);
    INFO(text(changed));
    REQUIRE(changed.status == 204);
    CHECK(s.patch_with(cookie) == 401);
    s.api.clock.advance(kPastRecheck);
    CHECK(s.patch_with(stolen) == 401);
    CHECK(s.patch_with(own) == 200);  // the device that changed it stays signed in
    CHECK(s.patch_with(s.jwt("a new long password")) == 200);
}

TEST_CASE("staff credentials: the admin's recovery (demote, reset by mail, promote) ends all",
          "[authoring][staff-credentials]") {
    TwoServices s;
    const std::string stolen = s.jwt();
    const StudioCookie cookie = s.studio();
    REQUIRE(s.patch_with(stolen) == 200);
    REQUIRE(s.patch_with(cookie) == 200);
    auto admin = s.admin();

    REQUIRE(set_account_role(admin, kEmail, kRoleEndUser).ok());
    REQUIRE(s.app.post("/auth/password-reset", R"({"email":"editor@example.com"})").status == 202);
    std::vector<MailMessage> sent;
    for (int i = 0; i < 500 && (sent = s.mailer->messages()).empty(); ++i)
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    REQUIRE(sent.size() == 1);
    const Reply confirmed = s.app.post(
        "/auth/password-reset/confirm",
        R"({"token":")" + token_after(sent[0].text, kLink) + R"(","new_password":"recovered pw"})");
    INFO(text(confirmed));
    REQUIRE(confirmed.status == 204);
    REQUIRE(set_account_role(admin, kEmail, kRoleEditor).ok());

    CHECK(s.patch_with(cookie) == 401);
    s.api.clock.advance(kPastRecheck);
    CHECK(s.patch_with(stolen) == 401);
    CHECK(s.patch_with(s.jwt("recovered pw")) == 200);
}

TEST_CASE("staff credentials: a demotion alone starts the account from no sessions",
          "[authoring][staff-credentials]") {
    TwoServices s;
    const std::string stolen = s.jwt();
    const StudioCookie cookie = s.studio();
    REQUIRE(s.patch_with(stolen) == 200);
    auto admin = s.admin();

    REQUIRE(set_account_role(admin, kEmail, kRoleEndUser).ok());
    REQUIRE(set_account_role(admin, kEmail, kRoleEditor).ok());
    CHECK(s.patch_with(cookie) == 401);
    s.api.clock.advance(kPastRecheck);
    CHECK(s.patch_with(stolen) == 401);
    // Deactivated and reactivated: the same.
    const std::string again = s.jwt();
    const StudioCookie studio_again = s.studio();
    REQUIRE(s.patch_with(again) == 200);
    REQUIRE(set_account_active(admin, kEmail, false).ok());
    REQUIRE(set_account_active(admin, kEmail, true).ok());
    CHECK(s.patch_with(studio_again) == 401);
    s.api.clock.advance(kPastRecheck);
    CHECK(s.patch_with(again) == 401);
}
