#include <catch2/catch.hpp>

#include <map>

#include "core/app/login.hpp"
#include "support/counting_throttle.hpp"
#include "support/fixture.hpp"
#include "tests/support/sent_requests.hpp"

using namespace ll;
using namespace ll::test;

namespace {
SentCredentials reg(LooseValue email, LooseValue password) {
    return {std::move(email), std::move(password)};
}
SentCredentials cred(LooseValue email, LooseValue password) {
    return {std::move(email), std::move(password)};
}
}  // namespace

TEST_CASE("register: every error in the spec's order", "[register]") {
    World w;
    w.backend.blocklist().block("blocked@example.com");
    w.user("taken@example.com", false);
    const auto error = [&](SentCredentials in) { return register_sent(w.ports, in).error(); };

    SECTION("missing or wrong-typed fields") {
        CHECK(error(reg(LooseValue::missing(), LooseValue::of("password1"))) ==
              errors::email_and_password_required());
        CHECK(error(reg(LooseValue::of("a@b.c"), LooseValue::missing())) ==
              errors::email_and_password_required());
        CHECK(error(reg(LooseValue::of(""), LooseValue::of("password1"))) ==
              errors::email_and_password_required());
        CHECK(error(reg(LooseValue::of(42), LooseValue::of("password1"))) ==
              errors::email_and_password_required());
        CHECK(error(reg(LooseValue::of("a@b.c"), LooseValue::of(12345678))) ==
              errors::email_and_password_required());
        CHECK(error(reg(LooseValue::null(), LooseValue::null())) ==
              errors::email_and_password_required());
    }
    SECTION("shape before password length before blocklist before duplicate") {
        CHECK(error(reg(LooseValue::of("not-an-email"), LooseValue::of("short"))) ==
              errors::invalid_email_format());
        CHECK(error(reg(LooseValue::of("blocked@example.com"), LooseValue::of("short"))) ==
              errors::password_too_short());
        CHECK(error(reg(LooseValue::of(" BLOCKED@example.com "), LooseValue::of("password1"))) ==
              errors::registration_not_allowed());
        CHECK(error(reg(LooseValue::of("Taken@Example.com"), LooseValue::of("password1"))) ==
              errors::email_already_registered());
    }
    SECTION("password length counts code points, 8 to 1024") {
        CHECK(error(reg(
                  LooseValue::of("n@x.de"),
                  LooseValue::of("\xC3\xA4\xC3\xA4\xC3\xA4\xC3\xA4\xC3\xA4\xC3\xA4\xC3\xA4"))) ==
              errors::password_too_short());  // 7 x ä = 14 bytes
        CHECK(register_sent(w.ports,
                            reg(LooseValue::of("n@x.de"), LooseValue::of(std::string(1024, 'x'))))
                  .ok());
        CHECK(error(reg(LooseValue::of("m@x.de"), LooseValue::of(std::string(1025, 'x')))) ==
              errors::password_too_long());
    }
    SECTION("errors change nothing") {
        CHECK(
            error(reg(LooseValue::of("blocked@example.com"), LooseValue::of("password1"))).status ==
            403);
        CHECK_FALSE(w.backend.accounts().find_by_email("blocked@example.com"));
    }
}

TEST_CASE("register: 201 answer and stored account", "[register]") {
    World w;
    auto r = register_sent(w.ports,
                           reg(LooseValue::of("  Ada@Example.COM "), LooseValue::of("password1")));
    REQUIRE(r.ok());
    CHECK(r->user.email == "ada@example.com");
    CHECK(r->user.role == "end-user");
    CHECK(r->user.native_lang == "de");
    CHECK(r->needs_profile);
    const auto claims = w.tokens.verify(r->token, w.clock.now());
    REQUIRE(claims);
    CHECK(claims->user_id == r->user.id);
    CHECK(claims->email == "ada@example.com");
    CHECK(claims->role == "end-user");
    CHECK(claims->native_lang == "de");
    const auto stored = w.backend.accounts().find_by_id(r->user.id);
    REQUIRE(stored);
    CHECK(stored->password_hash == "fake$password1");
    CHECK(stored->is_active);
}

namespace {
// An account store that loses the race: find says free, create says taken.
struct RacingAccounts : AccountRepository {
    std::optional<Account> find_by_email(std::string_view) override { return std::nullopt; }
    std::optional<Account> find_by_id(Id) override { return std::nullopt; }
    std::optional<Account> create(const NewAccount&) override { return std::nullopt; }
    void update_password_hash(Id, const std::string&) override {}
    void set_native_language(Id, Id) override {}
    bool set_role(std::string_view, std::string_view) override { return false; }
    bool set_active(std::string_view, bool) override { return false; }
};
}  // namespace

TEST_CASE("register: a lost race on the unique e-mail is 409", "[register]") {
    World w;
    RacingAccounts racing;
    LearnerPorts ports = w.ports;
    LearnerPorts racing_ports{racing,
                              ports.blocklist,
                              ports.languages,
                              ports.profiles,
                              ports.progress,
                              ports.achievements,
                              ports.stats,
                              ports.feed,
                              ports.clock,
                              ports.hasher,
                              ports.tokens,
                              ports.sessions,
                              ports.secrets,
                              ports.refresh_lifetime,
                              ports.learner_data,
                              ports.password_resets,
                              ports.staff_sessions,
                              ports.learning_settings,
                              ports.practice,
                              ports.answer_keys,
                              ports.folding};
    CHECK(register_sent(racing_ports, reg(LooseValue::of("a@b.cd"), LooseValue::of("password1")))
              .error() == errors::email_already_registered());
}

TEST_CASE("login: every error in order, and the answer", "[login]") {
    World w;
    CountingThrottle throttle;
    const Id id = w.user("ada@example.com", false);
    const auto error = [&](SentCredentials in) {
        return login_sent(w.ports, throttle, in).error();
    };

    CHECK(error(cred(LooseValue::missing(), LooseValue::of("x"))) ==
          errors::email_and_password_required());
    CHECK(error(cred(LooseValue::of("ada@example.com"), LooseValue::of(""))) ==
          errors::email_and_password_required());
    CHECK(error(cred(LooseValue::of("ada@example.com"), LooseValue::of(true))) ==
          errors::email_and_password_required());

    SECTION("unknown e-mail still spends a verification") {
        CHECK(error(cred(LooseValue::of("nobody@example.com"), LooseValue::of("password1"))) ==
              errors::invalid_credentials());
        CHECK(w.hasher.dummy_verifications == 1);
    }
    SECTION("wrong password") {
        CHECK(error(cred(LooseValue::of("ada@example.com"), LooseValue::of("wrong-password"))) ==
              errors::invalid_credentials());
    }
    SECTION("deactivated is checked before the password") {
        w.backend.set_active(id, false);
        CHECK(error(cred(LooseValue::of("ada@example.com"), LooseValue::of("wrong-password"))) ==
              errors::account_deactivated());
        CHECK(error(cred(LooseValue::of("ada@example.com"), LooseValue::of("password1"))) ==
              errors::account_deactivated());
    }
    SECTION("success without profile: native_lang de, needsProfile true") {
        auto r = login_sent(w.ports, throttle,
                            cred(LooseValue::of(" ADA@example.com"), LooseValue::of("password1")));
        REQUIRE(r.ok());
        CHECK(r->id == id);
        CHECK(r->email == "ada@example.com");
        CHECK(r->role == "end-user");
        CHECK(r->native_lang == "de");
        CHECK(r->needs_profile);
        CHECK(w.tokens.verify(r->token, w.clock.now())->user_id == id);
    }
    SECTION("success with profile: native_lang from the profile's native language") {
        REQUIRE(create_profile_sent(w.ports, id,
                                    {LooseValue::of("ada"), LooseValue::of(2), LooseValue::of(3)})
                    .ok());
        auto r = login_sent(w.ports, throttle,
                            cred(LooseValue::of("ada@example.com"), LooseValue::of("password1")));
        REQUIRE(r.ok());
        CHECK(r->native_lang == "en");
        CHECK_FALSE(r->needs_profile);
        CHECK(w.tokens.verify(r->token, w.clock.now())->native_lang == "en");
    }
    SECTION("a hash with old parameters is replaced after a good login") {
        w.backend.accounts().update_password_hash(id, "old$password1");
        REQUIRE(login_sent(w.ports, throttle,
                           cred(LooseValue::of("ada@example.com"), LooseValue::of("password1")))
                    .ok());
        CHECK(w.backend.accounts().find_by_id(id)->password_hash == "fake$password1");
    }
}

TEST_CASE("login: malformed e-mails never reach the account lookup", "[login][hostile]") {
    World w;
    CountingThrottle throttle;
    w.user("victim@example.com", false);
    // libpq cut strings at a NUL, so "victim@example.com\0z" was looked up as the victim's
    // address: with the right password it logged in as the victim.
    const std::string nul_suffix("victim@example.com\0z", 20);
    const std::string too_long = std::string(250, 'a') + "@example.com";
    for (const std::string& email : {nul_suffix, too_long, std::string("no-at-sign.example.com")}) {
        const auto r =
            login_sent(w.ports, throttle, cred(LooseValue::of(email), LooseValue::of("password1")));
        CHECK(r.error() == errors::invalid_credentials());
    }
    CHECK(w.hasher.dummy_verifications == 0);  // nothing hashed for an impossible address
    CHECK(throttle.failures.empty());          // and nothing kept
}

TEST_CASE("login: failures count against the account, whichever spelling reached it",
          "[login][hostile]") {
    World w;
    CountingThrottle throttle;
    throttle.limit = 3;
    const Id id = w.user("ada@example.com", false);
    for (const char* spelling : {"ada@example.com", " ADA@example.com", "Ada@Example.COM\t"}) {
        CHECK(login_sent(w.ports, throttle,
                         cred(LooseValue::of(spelling), LooseValue::of("wrong-pass")))
                  .error() == errors::invalid_credentials());
    }
    REQUIRE(throttle.failures.size() == 1);
    CHECK(throttle.failures.begin()->first.first == static_cast<std::uint64_t>(id));
    // At the limit: 429 even with the right password, and the password is not tried.
    const auto blocked = login_sent(
        w.ports, throttle, cred(LooseValue::of("ADA@EXAMPLE.COM"), LooseValue::of("password1")));
    CHECK(blocked.error() == errors::too_many_requests(60));
    // A letter outside ASCII is not folded (the core's and the database's keys agree): "ädä" is
    // another address, unknown here, with a counter of its own.
    CHECK(login_sent(w.ports, throttle,
                     cred(LooseValue::of("\xC3\x84"
                                         "da@example.com"),
                          LooseValue::of("x-password")))
              .error() == errors::invalid_credentials());
    CHECK(throttle.failures.size() == 2);
}

TEST_CASE("login throttle keys: fixed size, accounts and addresses never meet", "[login]") {
    const Account ada{42, "ada@example.com", "h", "end-user", true, std::nullopt};
    CHECK(login_throttle_key(ada, "ada@example.com", "192.0.2.1").account == 42);
    CHECK(account_throttle_key(ada) == 42);
    const auto unknown = login_throttle_key(std::nullopt, "nobody@example.com", "192.0.2.1");
    CHECK((unknown.account >> 63) == 1);
    CHECK(unknown == login_throttle_key(std::nullopt, "nobody@example.com", "192.0.2.1"));
    CHECK(unknown != login_throttle_key(std::nullopt, "nobody2@example.com", "192.0.2.1"));
    // The client address is part of the key (docs/operations.md "Rate limits and lockout").
    CHECK(login_throttle_key(ada, "ada@example.com", "192.0.2.1") !=
          login_throttle_key(ada, "ada@example.com", "198.51.100.7"));
}

TEST_CASE("failures from one address do not lock the account on another", "[login]") {
    World w;
    CountingThrottle throttle;
    throttle.limit = 3;
    REQUIRE(register_sent(
        w.ports, SentCredentials{LooseValue::of("ada@example.com"), LooseValue::of("password1")}));
    const auto attempt = [&](const char* password, const char* address) {
        return login_sent(
            w.ports, throttle,
            SentCredentials{LooseValue::of("ada@example.com"), LooseValue::of(password), address});
    };
    for (int i = 0; i < 3; ++i)
        CHECK(attempt("wrong-pass", "203.0.113.9").error() == errors::invalid_credentials());
    // The stranger's address is locked, even with the right password...
    CHECK(attempt("password1", "203.0.113.9").error() == errors::too_many_requests(60));
    // ...the learner's is not.
    CHECK(attempt("password1", "192.0.2.1").ok());
}
