#include <catch2/catch.hpp>

#include "core/app/check_username.hpp"
#include "core/app/get_me.hpp"
#include "core/app/list_languages.hpp"
#include "core/app/set_goal.hpp"
#include "support/fixture.hpp"
#include "tests/support/sent_requests.hpp"

using namespace ll;
using namespace ll::test;

namespace {
SentProfile profile(LooseValue u, LooseValue n, LooseValue t) {
    return {std::move(u), std::move(n), std::move(t)};
}
// PUT /auth/goal's body as the route decodes it.
GoalRequest goal(LooseValue daily_goal_ep) {
    return decode<GoalRequest>(LooseValue::object({{"daily_goal_ep", std::move(daily_goal_ep)}}))
        .value();
}
}  // namespace

TEST_CASE("languages: published only, by titel_de, null last", "[languages]") {
    World w;
    w.backend.add_language(Language{0, "fr", "Französisch", "French", "Franska", "Bonjour!"},
                           false);
    w.backend.add_language(Language{0, "xx", std::nullopt, "X", "X", std::nullopt}, true);
    w.backend.add_language(Language{0, "aa", "Afar", "Afar", "Afar", std::nullopt}, true);
    const auto list = list_languages(w.ports);
    std::vector<std::string> codes;
    for (const auto& l : list) codes.push_back(l.short_en);
    CHECK(codes == std::vector<std::string>{"aa", "de", "en", "sv", "xx"});
    CHECK(list[1].titel_de == "Deutsch");
    CHECK(list[1].titel_en == "German");
    CHECK(list[1].titel_sv == "Tyska");
}

TEST_CASE("check-username: format, trimming, case-insensitive availability", "[username]") {
    World w;
    w.user("ada@example.com", true, "Ada_L");
    CHECK(check_username(w.ports, std::nullopt).error() ==
          errors::invalid_username_format_unavailable());
    CHECK(check_username(w.ports, "ab").error().available == false);
    CHECK(check_username(w.ports, "bad name").error().status == 400);
    CHECK(check_username(w.ports, "a23456789012345678901").error().message ==
          "Invalid username format");
    CHECK(check_username(w.ports, "  free_name ")->available);
    CHECK_FALSE(check_username(w.ports, "ada_l")->available);
    CHECK_FALSE(check_username(w.ports, " ADA_L ")->available);
}

TEST_CASE("create profile: every rule in order", "[profile]") {
    World w;
    const Id id = w.user("ada@example.com", false);
    const auto error = [&](SentProfile in) { return create_profile_sent(w.ports, id, in).error(); };
    CHECK(error(profile(LooseValue::missing(), LooseValue::of(1), LooseValue::of(3))) ==
          errors::profile_fields_required());
    CHECK(error(profile(LooseValue::of(""), LooseValue::of(1), LooseValue::of(3))) ==
          errors::profile_fields_required());
    CHECK(error(profile(LooseValue::of("ada"), LooseValue::of(""), LooseValue::of(3))) ==
          errors::profile_fields_required());
    CHECK(error(profile(LooseValue::of("ada"), LooseValue::of(1), LooseValue::null())) ==
          errors::profile_fields_required());
    CHECK(error(profile(LooseValue::of(123), LooseValue::of(1), LooseValue::of(3))) ==
          errors::profile_fields_required());
    CHECK(error(profile(LooseValue::of("a!"), LooseValue::of(1), LooseValue::of(1))) ==
          errors::invalid_username_format());
    CHECK(error(profile(LooseValue::of("ada"), LooseValue::of(1), LooseValue::of("1"))) ==
          errors::languages_must_differ());
    CHECK(error(profile(LooseValue::of("ada"), LooseValue::of(1), LooseValue::of(99))) ==
          errors::invalid_language_ids());
    CHECK(error(profile(LooseValue::of("ada"), LooseValue::of("x"), LooseValue::of(2))) ==
          errors::invalid_language_ids());

    SECTION("taken username (case-insensitive) before invalid languages") {
        w.user("bob@example.com", true, "Bob");
        CHECK(error(profile(LooseValue::of("BOB"), LooseValue::of(1), LooseValue::of(99))) ==
              errors::username_taken());
    }
    SECTION("an unpublished language is not accepted") {
        const Id hidden =
            w.backend.add_language(Language{0, "fr", "Französisch", {}, {}, {}}, false);
        CHECK(error(profile(LooseValue::of("ada"), LooseValue::of(1), LooseValue::of(hidden))) ==
              errors::invalid_language_ids());
    }
    SECTION("failed attempts reserve no username") {
        CHECK(check_username(w.ports, "ada")->available);
    }
    SECTION("201, stored, native language on the account, then 409 profile exists") {
        auto r = create_profile_sent(
            w.ports, id,
            profile(LooseValue::of("  Ada_L "), LooseValue::of("2"), LooseValue::of(3)));
        REQUIRE(r.ok());
        CHECK(r->user_id == id);
        CHECK(r->username == "Ada_L");
        CHECK(r->language_native_id == 2);
        CHECK(r->language_target_id == 3);
        CHECK(r->id > 0);
        CHECK(w.backend.accounts().find_by_id(id)->language_native_id == 2);
        const auto stored = w.backend.profiles().find_by_user(id);
        REQUIRE(stored);
        CHECK(stored->total_ep == 0);
        CHECK(stored->streak_days == 0);
        CHECK(stored->daily_goal_ep == 30);
        CHECK_FALSE(stored->last_practice_at);
        // Profile exists comes before username taken.
        CHECK(error(profile(LooseValue::of("Ada_L"), LooseValue::of(1), LooseValue::of(2))) ==
              errors::profile_already_exists());
    }
}

TEST_CASE("me: without and with a profile", "[me]") {
    World w;
    CHECK(get_me(w.ports, 12345).error() == errors::user_not_found());
    const Id id = w.user("ada@example.com", false);
    auto me = get_me(w.ports, id);
    REQUIRE(me.ok());
    CHECK(me->email == "ada@example.com");
    CHECK(me->role == "end-user");
    CHECK_FALSE(me->username);
    CHECK(me->total_ep == 0);
    CHECK(me->streak_days == 0);
    CHECK(me->daily_goal_ep == 30);
    CHECK_FALSE(me->last_practice_at);
    CHECK_FALSE(me->language_native_id);
    CHECK_FALSE(me->language_target_id);
    CHECK_FALSE(me->language_target_greeting);
    CHECK(me->level == 0);
    CHECK(me->ep_into_level == 0);
    CHECK(me->ep_to_next_level == 20);

    REQUIRE(create_profile_sent(
                w.ports, id, profile(LooseValue::of("ada"), LooseValue::of(1), LooseValue::of(3)))
                .ok());
    me = get_me(w.ports, id);
    CHECK(me->username == "ada");
    CHECK(me->language_native_id == 1);
    CHECK(me->language_native_short == "de");
    CHECK(me->language_native_titel == "Deutsch");
    CHECK(me->language_target_id == 3);
    CHECK(me->language_target_short == "sv");
    CHECK(me->language_target_titel == "Schwedisch");
    CHECK(me->language_target_greeting == "Hej!");
}

TEST_CASE("goal: clamped, stored, 409 without profile", "[goal]") {
    World w;
    const Id bare = w.user("bare@example.com", false);
    CHECK(set_goal(w.ports, bare, goal(LooseValue::of(50))).error() ==
          errors::no_profile_for_goal());
    const Id id = w.user("ada@example.com", true);
    CHECK(set_goal(w.ports, id, goal(LooseValue::of(50)))->daily_goal_ep == 50);
    CHECK(w.backend.profiles().find_by_user(id)->daily_goal_ep == 50);
    CHECK(set_goal(w.ports, id, goal(LooseValue::missing()))->daily_goal_ep == 5);
    CHECK(set_goal(w.ports, id, goal(LooseValue::of("9999")))->daily_goal_ep == 500);
    CHECK(w.backend.profiles().find_by_user(id)->daily_goal_ep == 500);
}
