// Sessions that last and can be revoked (core/app/refresh_sessions.hpp and
// session_standing.hpp) on the memory adapters: rotation, reuse detection, expiry, sign-out.
#include <catch2/catch.hpp>

#include "core/app/login.hpp"
#include "core/app/refresh_sessions.hpp"
#include "support/fixture.hpp"
#include "tests/support/sent_requests.hpp"

using namespace ll;
using namespace ll::test;

namespace {

struct SessionWorld : World {
    NoLoginThrottle throttle;
    // Rechecks every 10 s, like ACCOUNT_RECHECK_SECONDS.
    SessionStanding standing{backend.refresh_sessions(), clock, std::chrono::seconds(10)};

    LoginOutput sign_in(const std::string& device = "phone") {
        auto r = login_sent(
            ports, throttle,
            SentCredentials{LooseValue::of("ada@example.com"), LooseValue::of("password1")},
            device);
        REQUIRE(r.ok());
        return std::move(r.value());
    }
    Result<SessionTokens> refresh(const std::string& token) {
        return refresh_sent(ports, standing, LooseValue::of(token));
    }
    // What the routes check for an access token: its signature, then its session.
    bool accepted(const std::string& access_token) {
        const auto claims = tokens.verify(access_token, clock.now());
        return claims && check_learner_session(standing, *claims).ok();
    }
    std::string family_of(const std::string& access_token) {
        return tokens.verify(access_token, clock.now())->session_id;
    }
};

}  // namespace

TEST_CASE("sessions: login opens a family per device, stored by digest", "[sessions]") {
    SessionWorld w;
    const Id user = w.user();
    const auto phone = w.sign_in("phone");
    const auto tablet = w.sign_in(std::string(300, 'x'));
    CHECK_FALSE(phone.refresh_token.empty());
    CHECK(phone.refresh_token != tablet.refresh_token);
    const std::string family = w.family_of(phone.token);
    CHECK_FALSE(family.empty());
    CHECK(family != w.family_of(tablet.token));

    const auto stored = w.backend.refresh_sessions().find_family(family);
    REQUIRE(stored);
    CHECK(stored->user_id == user);
    CHECK(stored->device == "phone");
    CHECK(stored->expires_at == w.clock.now() + kDefaultRefreshLifetime);
    CHECK(w.backend.refresh_sessions().find_family(w.family_of(tablet.token))->device.size() ==
          kMaxDeviceLabelBytes);
    // Only the digest is stored.
    CHECK_FALSE(w.backend.refresh_sessions().find_token(phone.refresh_token));
    CHECK(w.backend.refresh_sessions().find_token(w.secrets.digest(phone.refresh_token)));
}

TEST_CASE("sessions: register opens a session too", "[sessions]") {
    World w;
    auto r = register_sent(
        w.ports, SentCredentials{LooseValue::of("bo@example.com"), LooseValue::of("password1")},
        "app/1.0");
    REQUIRE(r.ok());
    const auto claims = w.tokens.verify(r->token, w.clock.now());
    REQUIRE(claims);
    const auto family = w.backend.refresh_sessions().find_family(claims->session_id);
    REQUIRE(family);
    CHECK(family->device == "app/1.0");
    CHECK(w.backend.refresh_sessions().find_token(w.secrets.digest(r->refresh_token))->family_id ==
          family->id);
}

TEST_CASE("sessions: a refresh rotates within the family", "[sessions]") {
    SessionWorld w;
    w.user();
    const auto signed_in = w.sign_in();
    w.clock.advance(std::chrono::hours(24));
    const auto first = w.refresh(signed_in.refresh_token);
    REQUIRE(first.ok());
    CHECK(first->refresh_token != signed_in.refresh_token);
    CHECK(w.family_of(first->token) == w.family_of(signed_in.token));
    CHECK(w.accepted(first->token));
    const auto family = w.backend.refresh_sessions().find_family(w.family_of(first->token));
    CHECK(family->last_used_at == w.clock.now());
    CHECK(family->expires_at == w.clock.now() + kDefaultRefreshLifetime);  // slides
    const auto old =
        w.backend.refresh_sessions().find_token(w.secrets.digest(signed_in.refresh_token));
    REQUIRE(old);
    CHECK(old->used_at == w.clock.now());

    const auto second = w.refresh(first->refresh_token);
    REQUIRE(second.ok());
    CHECK(w.accepted(second->token));
}

TEST_CASE("sessions: reusing a rotated token revokes the whole family", "[sessions]") {
    SessionWorld w;
    w.user();
    const auto signed_in = w.sign_in();
    const auto other_device = w.sign_in("tablet");
    const auto thief = w.refresh(signed_in.refresh_token);
    REQUIRE(thief.ok());
    CHECK(w.accepted(thief->token));

    // The real app comes back with the token the thief already used, after the retry grace.
    w.clock.advance(kRefreshRetryGrace + std::chrono::milliseconds(1));
    CHECK(w.refresh(signed_in.refresh_token).error() == errors::invalid_refresh_token());
    CHECK(w.backend.refresh_sessions().find_family(w.family_of(signed_in.token))->revoked_at);
    // Every token of the family is dead: the thief's refresh token and both access tokens.
    CHECK(w.refresh(thief->refresh_token).error() == errors::invalid_refresh_token());
    CHECK_FALSE(w.accepted(thief->token));
    CHECK_FALSE(w.accepted(signed_in.token));
    // Another device of the account is untouched.
    CHECK(w.accepted(other_device.token));
    CHECK(w.refresh(other_device.refresh_token).ok());
}

TEST_CASE("sessions: a refresh retried within the grace gets the same pair", "[sessions]") {
    SessionWorld w;
    w.user();
    const auto signed_in = w.sign_in();
    w.clock.advance(std::chrono::minutes(20));
    const auto first = w.refresh(signed_in.refresh_token);
    REQUIRE(first.ok());

    // The answer was lost; the app sends the same request again a few seconds later.
    w.clock.advance(kRefreshRetryGrace);
    const auto again = w.refresh(signed_in.refresh_token);
    REQUIRE(again.ok());
    CHECK(again->token == first->token);  // the same bytes: issued at the rotation's instant
    CHECK(again->refresh_token == first->refresh_token);
    CHECK(again->session_id == first->session_id);
    CHECK(w.accepted(again->token));
    CHECK_FALSE(w.backend.refresh_sessions().find_family(first->session_id)->revoked_at);
    // The pair it got goes on as usual.
    const auto next = w.refresh(again->refresh_token);
    REQUIRE(next.ok());
    CHECK(w.accepted(next->token));
}

TEST_CASE("sessions: a repeat after the grace, or after the new pair was used, is a reuse",
          "[sessions]") {
    SessionWorld w;
    w.user();
    const auto late = w.sign_in("late");
    REQUIRE(w.refresh(late.refresh_token).ok());
    w.clock.advance(kRefreshRetryGrace + std::chrono::milliseconds(1));
    CHECK(w.refresh(late.refresh_token).error() == errors::invalid_refresh_token());
    CHECK(w.backend.refresh_sessions().find_family(w.family_of(late.token))->revoked_at);

    // Within the grace, but the pair of the rotation was used already: the holder of the old
    // token is not the client that got that pair.
    const auto used = w.sign_in("used");
    const auto first = w.refresh(used.refresh_token);
    REQUIRE(first.ok());
    REQUIRE(w.refresh(first->refresh_token).ok());
    CHECK(w.refresh(used.refresh_token).error() == errors::invalid_refresh_token());
    CHECK(w.backend.refresh_sessions().find_family(first->session_id)->revoked_at);
    CHECK_FALSE(w.accepted(first->token));
}

TEST_CASE("sessions: a retry within the grace of a deactivated account is refused", "[sessions]") {
    SessionWorld w;
    w.user();
    const auto signed_in = w.sign_in();
    REQUIRE(w.refresh(signed_in.refresh_token).ok());
    REQUIRE(w.backend.accounts().set_active("ada@example.com", false));
    CHECK(w.refresh(signed_in.refresh_token).error() == errors::account_deactivated());
}

TEST_CASE("sessions: expired, unknown and malformed refresh tokens", "[sessions]") {
    SessionWorld w;
    w.user();
    const auto signed_in = w.sign_in();
    CHECK(w.refresh("rt-unknown").error() == errors::invalid_refresh_token());
    CHECK(refresh_sent(w.ports, w.standing, LooseValue::missing()).error() ==
          errors::refresh_token_required());
    CHECK(refresh_sent(w.ports, w.standing, LooseValue::of(42)).error() ==
          errors::refresh_token_required());
    CHECK(refresh_sent(w.ports, w.standing, LooseValue::of("")).error() ==
          errors::refresh_token_required());

    const std::string family = w.family_of(signed_in.token);
    w.clock.advance(kDefaultRefreshLifetime);
    CHECK(w.refresh(signed_in.refresh_token).error() == errors::invalid_refresh_token());
    // An expired token is refused without being used up: the family is not revoked for it.
    CHECK_FALSE(w.backend.refresh_sessions().find_family(family)->revoked_at);
}

TEST_CASE("sessions: a deactivated account cannot refresh", "[sessions]") {
    SessionWorld w;
    const Id user = w.user();
    const auto signed_in = w.sign_in();
    w.backend.set_active(user, false);
    CHECK(w.refresh(signed_in.refresh_token).error() == errors::account_deactivated());
    w.backend.set_active(user, true);
    CHECK(w.refresh(signed_in.refresh_token).ok());  // nothing was used up
}

TEST_CASE("sessions: logout ends the device's tokens, at once in this process", "[sessions]") {
    SessionWorld w;
    w.user();
    const auto phone = w.sign_in("phone");
    const auto tablet = w.sign_in("tablet");
    CHECK(w.accepted(phone.token));  // now cached as live
    const auto caller = *w.tokens.verify(phone.token, w.clock.now());
    REQUIRE(logout_sent(w.ports, w.standing, caller, LooseValue::of(phone.refresh_token)).ok());
    CHECK_FALSE(w.accepted(phone.token));
    CHECK(w.refresh(phone.refresh_token).error() == errors::invalid_refresh_token());
    CHECK(w.accepted(tablet.token));
    CHECK(w.refresh(tablet.refresh_token).ok());
}

TEST_CASE("sessions: another process sees a logout within the recheck window", "[sessions]") {
    SessionWorld w;
    w.user();
    const auto phone = w.sign_in();
    SessionStanding other_replica{w.backend.refresh_sessions(), w.clock, std::chrono::seconds(10)};
    const auto claims = *w.tokens.verify(phone.token, w.clock.now());
    CHECK(other_replica.live(claims));
    REQUIRE(logout_sent(w.ports, w.standing, claims, LooseValue::of(phone.refresh_token)).ok());
    CHECK(other_replica.live(claims));  // still cached
    w.clock.advance(std::chrono::seconds(10));
    CHECK_FALSE(other_replica.live(claims));
}

TEST_CASE("sessions: logout refuses another account's refresh token", "[sessions]") {
    SessionWorld w;
    w.user();
    w.user("bo@example.com", false, "bo");
    const auto ada = w.sign_in();
    auto bo =
        login_sent(w.ports, w.throttle,
                   SentCredentials{LooseValue::of("bo@example.com"), LooseValue::of("password1")});
    REQUIRE(bo.ok());
    const auto caller = *w.tokens.verify(ada.token, w.clock.now());
    CHECK(logout_sent(w.ports, w.standing, caller, LooseValue::of(bo->refresh_token)).error() ==
          errors::invalid_refresh_token());
    CHECK(logout_sent(w.ports, w.standing, caller, LooseValue::missing()).error() ==
          errors::refresh_token_required());
    // Nothing changed.
    CHECK(w.accepted(ada.token));
    CHECK(w.accepted(bo->token));
    CHECK(w.refresh(bo->refresh_token).ok());
}

TEST_CASE("sessions: logout-all ends every device and studio session of the account only",
          "[sessions]") {
    SessionWorld w;
    const Id ada = w.user();
    const Id bo_id = w.user("bo@example.com", false, "bo");
    const auto studio = w.studio_session(ada, "ada-studio");
    const auto bo_studio = w.studio_session(bo_id, "bo-studio");
    const auto phone = w.sign_in("phone");
    const auto tablet = w.sign_in("tablet");
    auto bo =
        login_sent(w.ports, w.throttle,
                   SentCredentials{LooseValue::of("bo@example.com"), LooseValue::of("password1")});
    REQUIRE(bo.ok());
    CHECK(w.accepted(tablet.token));
    REQUIRE(logout_all(w.ports, w.standing, *w.tokens.verify(phone.token, w.clock.now())).ok());
    for (const auto* s : {&phone, &tablet}) {
        CHECK_FALSE(w.accepted(s->token));
        CHECK(w.refresh(s->refresh_token).error() == errors::invalid_refresh_token());
    }
    CHECK(w.accepted(bo->token));
    CHECK(w.studio_session_ended(studio));
    CHECK_FALSE(w.studio_session_ended(bo_studio));
    // A new sign-in works as before.
    CHECK(w.accepted(w.sign_in().token));
}

TEST_CASE("sessions: a token naming no family, or another user's, is refused", "[sessions]") {
    SessionWorld w;
    const Id user = w.user();
    const auto phone = w.sign_in();
    TokenClaims forged{user + 1, "x@example.com", "end-user", "de", w.family_of(phone.token)};
    CHECK_FALSE(w.standing.live(forged));
    TokenClaims gone{user, "ada@example.com", "end-user", "de", "no-such-family"};
    CHECK_FALSE(w.standing.live(gone));
    TokenClaims legacy{user, "ada@example.com", "end-user", "de", {}};
    CHECK(w.standing.live(legacy));  // issued before sessions existed
}

TEST_CASE("sessions: the purge bounds the tables", "[sessions]") {
    SessionWorld w;
    w.user();
    const auto kept = w.sign_in("kept");
    const auto revoked = w.sign_in("revoked");
    const auto expiring = w.sign_in("expiring");
    REQUIRE(logout_sent(w.ports, w.standing, *w.tokens.verify(revoked.token, w.clock.now()),
                        LooseValue::of(revoked.refresh_token))
                .ok());
    const std::string expiring_family = w.family_of(expiring.token);
    const std::string revoked_family = w.family_of(revoked.token);
    // The kept device refreshes every day for the whole lifetime and beyond.
    std::string token = kept.refresh_token;
    for (int day = 0; day < 70; ++day) {
        w.clock.advance(std::chrono::hours(24));
        auto r = w.refresh(token);
        REQUIRE(r.ok());
        token = r->refresh_token;
    }
    // The revoked family and the expired ones (the registration's and "expiring"), each with
    // its one token, and the used tokens older than 60 days (the sign-in's and the first 9
    // refreshes').
    CHECK(purge_expired_sessions(w.ports) == 2 + 2 * 2 + 10);
    CHECK_FALSE(w.backend.refresh_sessions().find_family(expiring_family));
    CHECK_FALSE(w.backend.refresh_sessions().find_family(revoked_family));
    CHECK(w.refresh(token).ok());
    CHECK(purge_expired_sessions(w.ports) == 0);  // what is left is younger than the lifetime
}

TEST_CASE("sessions: a sign-in beyond the limit ends the least recently used", "[sessions]") {
    SessionWorld w;
    w.user();  // the registration's session: the oldest
    std::vector<LoginOutput> devices;
    for (std::size_t i = 0; i < kMaxSessionsPerAccount; ++i) {
        w.clock.advance(std::chrono::seconds(1));
        devices.push_back(w.sign_in("device " + std::to_string(i)));
    }
    // The registration's session was the one beyond the limit; every sign-in still works.
    for (const auto& d : devices) CHECK(w.accepted(d.token));
    w.clock.advance(std::chrono::seconds(1));
    REQUIRE(w.refresh(devices[0].refresh_token).ok());  // device 0 is now the last used
    w.clock.advance(std::chrono::seconds(1));
    w.sign_in("one more");
    CHECK(w.refresh(devices[1].refresh_token).error() == errors::invalid_refresh_token());
    for (std::size_t i = 2; i < devices.size(); ++i)
        CHECK(w.refresh(devices[i].refresh_token).ok());
}
