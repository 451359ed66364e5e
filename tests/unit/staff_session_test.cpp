// The staff session use cases (core/app/staff_session.*) on the in-memory adapters: sign-in
// with the login's checks, the two steps of a cookie request, CSRF, sign-out, expiry, purge.
#include <catch2/catch.hpp>

#include "core/app/staff_session.hpp"
#include "support/fixture.hpp"
#include "tests/support/sent_requests.hpp"

using namespace ll;
using namespace ll::test;

namespace {

struct SessionWorld : World {
    FakeSessionSigner signer;
    NoLoginThrottle throttle;
    StaffSessionPorts sessions{backend.accounts(), hasher, backend.staff_sessions(), signer, clock};
    AccountStanding standing{backend.accounts(), clock, std::chrono::seconds(30)};

    Id staff(const std::string& email, const std::string& role) {
        return backend.accounts().create(NewAccount{email, hasher.hash("password1"), role})->id;
    }
    Result<StaffSignIn> sign_in(const std::string& email,
                                const std::string& password = "password1") {
        return sign_in_sent(sessions, throttle,
                            SentCredentials{LooseValue::of(email), LooseValue::of(password)});
    }
    // Both steps of a request carrying `cookie`.
    Result<StaffPrincipal> request(const std::string& cookie) {
        auto principal = authenticate_staff_cookie(signer, clock, cookie);
        if (!principal) return principal.error();
        return check_session_standing(backend.staff_sessions(), standing, clock, principal.value());
    }
};

}  // namespace

TEST_CASE("staff sign-in: the login's errors, then staff only", "[session]") {
    SessionWorld w;
    w.staff("editor@example.com", "editor");
    w.staff("learner@example.com", "end-user");
    CHECK(w.sign_in("editor@example.com", "wrong-pass").error() == errors::invalid_credentials());
    CHECK(w.sign_in("nobody@example.com").error() == errors::invalid_credentials());
    CHECK(w.sign_in("", "x").error() == errors::email_and_password_required());
    CHECK(w.sign_in("learner@example.com").error() == errors::insufficient_permissions());
    w.backend.set_active(w.staff("gone@example.com", "admin"), false);
    CHECK(w.sign_in("gone@example.com").error() == errors::account_deactivated());
    // None of these made a session.
    CHECK(w.backend.staff_sessions().purge_expired(w.clock.now() + std::chrono::hours(24)) == 0);
}

TEST_CASE("staff sign-in: a session of 12 hours, named by the cookie", "[session]") {
    SessionWorld w;
    const Id id = w.staff("editor@example.com", "editor");
    const auto in = w.sign_in(" Editor@example.com");
    REQUIRE(in.ok());
    CHECK(in->view.user_id == id);
    CHECK(in->view.email == "editor@example.com");
    CHECK(in->view.role == "editor");
    CHECK(in->view.expires_at == w.clock.now() + std::chrono::hours(12));
    const auto cookie = w.signer.verify(in->cookie, w.clock.now());
    REQUIRE(cookie);
    CHECK(in->view.csrf_token == w.signer.csrf_token(cookie->session_id));
    const auto stored = w.backend.staff_sessions().find(cookie->session_id);
    REQUIRE(stored);
    CHECK(stored->user_id == id);
    CHECK(stored->created_at == w.clock.now());
    CHECK(stored->expires_at == in->view.expires_at);
    CHECK_FALSE(stored->revoked_at);

    const auto principal = w.request(in->cookie);
    REQUIRE(principal.ok());
    CHECK(principal->user_id == id);
    CHECK(principal->role == "editor");
    CHECK_FALSE(principal->development_token);
    const auto view = current_staff_session(w.sessions, principal.value());
    REQUIRE(view.ok());
    CHECK(view->csrf_token == in->view.csrf_token);
    CHECK(view->expires_at == in->view.expires_at);

    w.clock.advance(std::chrono::hours(12));
    CHECK(w.request(in->cookie).error() == errors::invalid_token());
}

TEST_CASE("staff sessions: sign-out, junk, standing", "[session]") {
    SessionWorld w;
    const Id id = w.staff("editor@example.com", "editor");
    const auto in = w.sign_in("editor@example.com");
    REQUIRE(in.ok());
    CHECK(w.request("junk").error() == errors::invalid_token());
    CHECK(w.request("").error() == errors::invalid_token());

    SECTION("sign-out ends the session at once") {
        const auto principal = w.request(in->cookie);
        REQUIRE(principal.ok());
        REQUIRE(sign_out_staff(w.sessions, principal.value()).ok());
        CHECK(w.request(in->cookie).error() == errors::invalid_token());
        CHECK(current_staff_session(w.sessions, principal.value()).ok());  // the row is still there
    }
    SECTION("a bearer principal has no session to show or end") {
        const StaffPrincipal bearer{"editor", id, false, std::nullopt};
        CHECK(current_staff_session(w.sessions, bearer).error() == errors::unauthorized());
        CHECK(sign_out_staff(w.sessions, bearer).error() == errors::unauthorized());
    }
    SECTION("deactivated: 401, demoted: 403, after the recheck interval") {
        w.backend.accounts().set_role("editor@example.com", "end-user");
        w.clock.advance(std::chrono::seconds(31));
        CHECK(w.request(in->cookie).error() == errors::insufficient_permissions());
        w.backend.set_active(id, false);
        w.clock.advance(std::chrono::seconds(31));
        CHECK(w.request(in->cookie).error() == errors::invalid_token());
    }
    SECTION("expired rows are removed at the next sign-in") {
        w.clock.advance(std::chrono::hours(13));
        const auto again = w.sign_in("editor@example.com");
        REQUIRE(again.ok());
        CHECK_FALSE(w.backend.staff_sessions().find(
            w.signer.verify(in->cookie, w.clock.now() - std::chrono::hours(2))->session_id));
        CHECK(w.request(again->cookie).ok());
    }
}

TEST_CASE("staff sessions: CSRF for state-changing methods", "[session]") {
    SessionWorld w;
    const std::string own = "https://studio.example";
    const std::string token = w.signer.csrf_token("s1");
    const auto check = [&](const char* method, std::optional<std::string> csrf,
                           std::optional<std::string> origin) {
        std::optional<std::string_view> t, o;
        if (csrf) t = *csrf;
        if (origin) o = *origin;
        return check_csrf(w.signer, "s1", CsrfEvidence{method, t, o, own}).ok();
    };
    for (const char* safe : {"GET", "HEAD", "OPTIONS"}) {
        CHECK(check(safe, std::nullopt, std::nullopt));
        CHECK(check(safe, std::nullopt, "https://evil.example"));
    }
    for (const char* unsafe : {"POST", "PUT", "PATCH", "DELETE"}) {
        INFO(unsafe);
        CHECK(check(unsafe, token, std::nullopt));
        CHECK(check(unsafe, token, own));
        CHECK_FALSE(check(unsafe, std::nullopt, std::nullopt));
        CHECK_FALSE(check(unsafe, std::string(), own));
        CHECK_FALSE(check(unsafe, w.signer.csrf_token("s2"), own));
        CHECK_FALSE(check(unsafe, token, "https://evil.example"));
        CHECK_FALSE(check(unsafe, token, "http://studio.example"));
        CHECK_FALSE(check(unsafe, token, "null"));
    }
    // Ports: compared when this service's Host names one; a proxy's Host without one (nginx's
    // $host) lets any port of the same scheme and host through.
    const auto from = [&](std::string_view origin, std::string_view own_origin) {
        return check_csrf(w.signer, "s1", CsrfEvidence{"POST", token, origin, own_origin}).ok();
    };
    CHECK(from("http://127.0.0.1:8081", "http://127.0.0.1:8081"));
    CHECK_FALSE(from("http://127.0.0.1:9", "http://127.0.0.1:8081"));
    CHECK_FALSE(from("http://127.0.0.1", "http://127.0.0.1:8081"));
    CHECK(from("https://studio.example:8443", "https://studio.example"));
    CHECK_FALSE(from("https://evil.example:443", "https://studio.example"));
    CHECK_FALSE(from("https://studio.example.evil:443", "https://studio.example"));
    CHECK(from("http://[::1]:8081", "http://[::1]:8081"));
    CHECK(from("http://[::1]:8081", "http://[::1]"));
    CHECK_FALSE(from("http://[::2]:8081", "http://[::1]"));
    CHECK(
        check_csrf(w.signer, "s1", CsrfEvidence{"POST", std::nullopt, std::nullopt, own}).error() ==
        errors::invalid_csrf_token());
    CHECK(check_sign_in_origin(std::nullopt, own).ok());
    CHECK(check_sign_in_origin(std::string_view(own), own).ok());
    CHECK(check_sign_in_origin(std::string_view("https://evil.example"), own).error() ==
          errors::invalid_csrf_token());
}
