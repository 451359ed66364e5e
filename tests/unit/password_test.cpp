// Password change and reset (core/app/change_password.* and password_reset.*) on the memory
// adapters: the rules in order, what each failure leaves unchanged, the sessions that end (the
// app's and the studio's), the mails and their limits.
#include <catch2/catch.hpp>

#include <functional>
#include <utility>

#include "core/app/change_password.hpp"
#include "core/app/login.hpp"
#include "core/app/password_reset.hpp"
#include "core/app/refresh_sessions.hpp"
#include "support/counting_throttle.hpp"
#include "support/fixture.hpp"
#include "tests/support/recording_mailer.hpp"
#include "tests/support/sent_requests.hpp"

using namespace ll;
using namespace ll::test;

namespace {

constexpr const char* kLink = "https://app.example/reset#token=";

struct PasswordWorld : World {
    CountingThrottle throttle;
    SessionStanding standing{backend.refresh_sessions(), clock, std::chrono::seconds(10)};
    RecordingMailer mailer;
    PasswordResetSettings settings{kLink, std::chrono::minutes(30), 3};
    Id ada = user();

    LoginOutput sign_in(const std::string& password = "password1",
                        const std::string& address = "192.0.2.1") {
        auto r = login_sent(
            ports, throttle,
            SentCredentials{LooseValue::of("ada@example.com"), LooseValue::of(password), address},
            "phone");
        REQUIRE(r.ok());
        return std::move(r.value());
    }
    // The stored hash is of this password (the fake hasher's "fake$<password>").
    bool can_sign_in(const std::string& password) {
        return backend.accounts().find_by_id(ada)->password_hash == "fake$" + password;
    }
    TokenClaims claims(const LoginOutput& out) { return *tokens.verify(out.token, clock.now()); }
    Result<Done> change(const LoginOutput& caller, LooseValue current, LooseValue next) {
        // The body as PUT /auth/password decodes it.
        return with_decoded<ChangePasswordRequest>(
            LooseValue::object(
                {{"current_password", std::move(current)}, {"new_password", std::move(next)}}),
            [&](ChangePasswordRequest r) {
                r.client_address = "192.0.2.1";
                return change_password(ports, standing, throttle, claims(caller), r);
            });
    }
    std::string request_token() {
        const auto before = mailer.messages().size();
        REQUIRE(send_password_reset(ports, mailer, settings, "ada@example.com") == ResetMail::sent);
        const auto sent = mailer.messages();
        REQUIRE(sent.size() == before + 1);
        return token_after(sent.back().text, kLink);
    }
    Result<Done> confirm(const std::string& token, const std::string& password = "new-password") {
        return confirm_reset_sent(ports, standing, throttle, LooseValue::of(token),
                                  LooseValue::of(password));
    }
    bool live(const LoginOutput& out) { return standing.live(claims(out)); }
};

}  // namespace

TEST_CASE("change password: the rules in order, nothing changed on failure", "[password]") {
    PasswordWorld w;
    const LoginOutput phone = w.sign_in();
    const auto current = LooseValue::of("password1");
    CHECK(w.change(phone, current, LooseValue::missing()).error() ==
          errors::new_password_required());
    CHECK(w.change(phone, current, LooseValue::of(7)).error() == errors::new_password_required());
    CHECK(w.change(phone, current, LooseValue::of("short")).error() ==
          errors::password_too_short());
    CHECK(w.change(phone, current, LooseValue::of(std::string(1025, 'x'))).error() ==
          errors::password_too_long());
    CHECK(w.throttle.total() == 0);  // no password was tried
    CHECK(w.change(phone, LooseValue::missing(), LooseValue::of("new-password")).error() ==
          errors::wrong_password());
    CHECK(w.throttle.total() == 0);  // a missing one counts nothing
    CHECK(w.change(phone, LooseValue::of("wrong-pass"), LooseValue::of("new-password")).error() ==
          errors::wrong_password());
    CHECK(w.throttle.total() == 1);  // a wrong one counts like a failed login
    CHECK(w.can_sign_in("password1"));
    CHECK_FALSE(w.can_sign_in("new-password"));

    w.throttle.limit = 1;
    CHECK(w.change(phone, current, LooseValue::of("new-password")).error() ==
          errors::too_many_requests(60));
    CHECK(w.can_sign_in("password1"));
}

TEST_CASE("change password: new hash, the other sessions end, this one stays", "[password]") {
    PasswordWorld w;
    const LoginOutput phone = w.sign_in();
    const LoginOutput tablet = w.sign_in();
    const Id bo = w.user("bo@example.com", true, "bo_berg");
    const auto studio = w.studio_session(w.ada, "ada-studio");
    const auto others = w.studio_session(bo, "bo-studio");
    REQUIRE(w.change(phone, LooseValue::of("password1"), LooseValue::of("new-password")).ok());
    CHECK(w.studio_session_ended(studio));
    CHECK_FALSE(w.studio_session_ended(others));
    CHECK(w.backend.accounts().find_by_id(w.ada)->password_hash == "fake$new-password");
    CHECK(w.live(phone));
    CHECK_FALSE(w.live(tablet));
    CHECK(refresh_sent(w.ports, w.standing, LooseValue::of(tablet.refresh_token)).error() ==
          errors::invalid_refresh_token());
    CHECK(refresh_sent(w.ports, w.standing, LooseValue::of(phone.refresh_token)).ok());
    CHECK(w.can_sign_in("new-password"));
    CHECK_FALSE(w.can_sign_in("password1"));
    CHECK(w.backend.accounts().find_by_id(bo)->password_hash == "fake$password1");
}

TEST_CASE("reset request: mails only to active learners, at most 3 an hour", "[password]") {
    PasswordWorld w;
    CHECK(reset_email_sent(LooseValue::missing()).error() == errors::email_required());
    CHECK(reset_email_sent(LooseValue::of(3)).error() == errors::email_required());
    CHECK(reset_email_sent(LooseValue::of(" Ada@Example.com ")).value() == "ada@example.com");

    CHECK(send_password_reset(w.ports, w.mailer, w.settings, "nobody@example.com") ==
          ResetMail::no_account);
    CHECK(send_password_reset(w.ports, w.mailer, w.settings, "not an address") ==
          ResetMail::no_account);
    CHECK(w.mailer.messages().empty());

    const std::string token = w.request_token();
    const MailMessage mail = w.mailer.messages().back();
    CHECK(mail.to == "ada@example.com");
    // Ada's native language is German (language 1): nothing else was asked for.
    CHECK(mail.subject == "Dein langlearn-Passwort zurücksetzen");
    CHECK(mail.text.find("Der Link funktioniert einmal, 30 Minuten lang.") != std::string::npos);
    CHECK(token == "rt3");  // two refresh tokens of the registration came first (fake secrets)
    // Only the digest is stored, with its expiry.
    CHECK_FALSE(w.backend.password_resets().find(token));
    const auto stored = w.backend.password_resets().find(w.secrets.digest(token));
    REQUIRE(stored);
    CHECK(stored->user_id == w.ada);
    CHECK(stored->expires_at == w.clock.now() + std::chrono::minutes(30));

    w.request_token();
    w.request_token();
    CHECK(send_password_reset(w.ports, w.mailer, w.settings, "ada@example.com") ==
          ResetMail::over_limit);
    CHECK(w.mailer.messages().size() == 3);
    w.clock.advance(std::chrono::minutes(61));
    w.request_token();

    // Staff and deactivated accounts get nothing.
    w.backend.accounts().set_role("ada@example.com", "editor");
    w.clock.advance(std::chrono::hours(2));
    CHECK(send_password_reset(w.ports, w.mailer, w.settings, "ada@example.com") ==
          ResetMail::no_account);
    w.backend.accounts().set_role("ada@example.com", "end-user");
    w.backend.accounts().set_active("ada@example.com", false);
    CHECK(send_password_reset(w.ports, w.mailer, w.settings, "ada@example.com") ==
          ResetMail::no_account);
}

TEST_CASE("reset confirm: one message for every bad token, the token stays for a weak password",
          "[password]") {
    PasswordWorld w;
    const std::string token = w.request_token();
    CHECK(w.confirm(token, "short").error() == errors::password_too_short());
    CHECK(confirm_reset_sent(w.ports, w.standing, w.throttle, LooseValue::of(token),
                             LooseValue::missing())
              .error() == errors::new_password_required());
    CHECK(confirm_reset_sent(w.ports, w.standing, w.throttle, LooseValue::missing(),
                             LooseValue::of("new-password"))
              .error() == errors::invalid_reset_link());
    CHECK(w.confirm("rt999").error() == errors::invalid_reset_link());
    CHECK(w.confirm("").error() == errors::invalid_reset_link());
    CHECK(w.can_sign_in("password1"));

    // A newer request supersedes the older token.
    const std::string newer = w.request_token();
    CHECK(w.confirm(token).error() == errors::invalid_reset_link());
    // Expired.
    w.clock.advance(std::chrono::minutes(30));
    CHECK(w.confirm(newer).error() == errors::invalid_reset_link());
    CHECK(w.can_sign_in("password1"));
}

TEST_CASE("reset confirm: new password, every session ends, lockout cleared, once", "[password]") {
    PasswordWorld w;
    const LoginOutput phone = w.sign_in();
    w.throttle.limit = 2;
    for (int i = 0; i < 2; ++i)
        CHECK_FALSE(login_sent(w.ports, w.throttle,
                               SentCredentials{LooseValue::of("ada@example.com"),
                                               LooseValue::of("wrong-pass"), "192.0.2.1"})
                        .ok());
    CHECK(login_sent(w.ports, w.throttle,
                     SentCredentials{LooseValue::of("ada@example.com"), LooseValue::of("password1"),
                                     "192.0.2.1"})
              .error() == errors::too_many_requests(60));

    const auto studio = w.studio_session(w.ada, "ada-studio");
    const std::string token = w.request_token();
    REQUIRE(w.confirm(token).ok());
    CHECK(w.studio_session_ended(studio));
    CHECK(w.backend.password_resets().find(w.secrets.digest(token))->used_at == w.clock.now());
    CHECK_FALSE(w.live(phone));
    CHECK(refresh_sent(w.ports, w.standing, LooseValue::of(phone.refresh_token)).error() ==
          errors::invalid_refresh_token());
    CHECK(w.throttle.total() == 0);
    CHECK(w.sign_in("new-password").id == w.ada);
    CHECK_FALSE(w.can_sign_in("password1"));
    // Used: the same message as any bad token.
    CHECK(w.confirm(token, "third-password").error() == errors::invalid_reset_link());
    CHECK(w.can_sign_in("new-password"));
}

namespace {

// A hasher whose check of a password lets something happen meanwhile (argon2id takes a while:
// a reset or a change can land during it).
struct HasherWithInterlude final : PasswordHasher {
    FakePasswordHasher inner;
    std::function<void()> meanwhile;
    std::string hash(std::string_view password) override { return inner.hash(password); }
    bool verify(std::string_view hash, std::string_view password) override {
        const bool ok = inner.verify(hash, password);
        if (auto run = std::exchange(meanwhile, nullptr)) run();
        return ok;
    }
    bool needs_rehash(std::string_view hash) override { return inner.needs_rehash(hash); }
    void verify_dummy(std::string_view password) override { inner.verify_dummy(password); }
};

}  // namespace

TEST_CASE("a sign-in with the old password that overlaps a reset ends without a session",
          "[password]") {
    PasswordWorld w;
    HasherWithInterlude hasher;
    LearnerPorts racing =
        make_learner_ports(w.backend, w.clock, hasher, w.tokens, w.secrets, w.folding);
    // The reset commits while the old password is being checked: new hash, sessions revoked.
    hasher.meanwhile = [&] { REQUIRE(w.confirm(w.request_token()).ok()); };
    const auto thief = login_sent(
        racing, w.throttle,
        SentCredentials{LooseValue::of("ada@example.com"), LooseValue::of("password1"), "x"},
        "thief");
    CHECK(thief.error() == errors::invalid_credentials());
    // Its session was opened after the reset's revocation, and ended by the sign-in itself.
    CHECK(w.ports.sessions.revoke_others(w.ada, {}, w.clock.now()).empty());
    CHECK(w.sign_in("new-password").token.size() > 0);
}

TEST_CASE("a sign-in that rehashes the password keeps its session", "[password]") {
    PasswordWorld w;
    w.backend.accounts().update_password_hash(w.ada, "old$password1");  // older parameters
    const LoginOutput phone = w.sign_in();
    CHECK(w.can_sign_in("password1"));  // rehashed to the current parameters
    CHECK(w.live(phone));
}

TEST_CASE("change password: refused for a deactivated account; open reset links used up",
          "[password]") {
    PasswordWorld w;
    const LoginOutput phone = w.sign_in();
    const std::string link = w.request_token();
    REQUIRE(w.change(phone, LooseValue::of("password1"), LooseValue::of("changed-pw")).ok());
    // The link asked for before the change would undo it.
    CHECK(w.confirm(link).error() == errors::invalid_reset_link());
    CHECK(w.can_sign_in("changed-pw"));

    w.backend.accounts().set_active("ada@example.com", false);
    CHECK(w.change(phone, LooseValue::of("changed-pw"), LooseValue::of("third-pw")).error() ==
          errors::account_deactivated());
    CHECK(w.can_sign_in("changed-pw"));
}

TEST_CASE("reset: a link of an account made staff since the mail opens nothing", "[password]") {
    PasswordWorld w;
    const std::string link = w.request_token();
    w.backend.accounts().set_role("ada@example.com", "admin");
    CHECK(w.confirm(link).error() == errors::invalid_reset_link());
    CHECK(w.can_sign_in("password1"));
}

TEST_CASE("reset mail: in the language asked for, else the native language, else English",
          "[password][locale]") {
    PasswordWorld w;
    const Id bo = w.user("bo@example.com", false);  // no profile: no native language
    (void)bo;
    REQUIRE(send_password_reset(w.ports, w.mailer, w.settings, "bo@example.com") ==
            ResetMail::sent);
    MailMessage mail = w.mailer.messages().back();
    CHECK(mail.subject == "Reset your langlearn password");
    CHECK(mail.text.find("The link works once, for 30 minutes.") != std::string::npos);
    CHECK(mail.text.find(std::string(kLink) + "rt") != std::string::npos);

    REQUIRE(send_password_reset(w.ports, w.mailer, w.settings, "ada@example.com", Lang::sv) ==
            ResetMail::sent);
    mail = w.mailer.messages().back();
    CHECK(mail.subject == "Återställ ditt lösenord för langlearn");
    CHECK(mail.text.find("Länken fungerar en gång, i 30 minuter.") != std::string::npos);
    const std::string token = token_after(mail.text, kLink);
    CHECK(w.confirm(token).ok());  // the link works whatever the language

    REQUIRE(send_password_reset(w.ports, w.mailer, w.settings, "ada@example.com", Lang::en) ==
            ResetMail::sent);
    CHECK(w.mailer.messages().back().subject == "Reset your langlearn password");
}
