#include <catch2/catch.hpp>

#include "core/domain/rules.hpp"
#include "core/domain/time_format.hpp"

using namespace ll;

TEST_CASE("level curve: threshold 10 L (L+1), edges", "[rules][level]") {
    CHECK(level_threshold(1) == 20);
    CHECK(level_threshold(2) == 60);
    CHECK(level_threshold(3) == 120);
    CHECK(level_threshold(4) == 200);
    CHECK(level_threshold(10) == 1100);
    struct Case {
        Ep ep;
        std::int64_t level;
        Ep into;
        Ep to_next;
    };
    for (auto c : {Case{0, 0, 0, 20}, Case{19, 0, 19, 1}, Case{20, 1, 0, 40}, Case{59, 1, 39, 1},
                   Case{60, 2, 0, 60}, Case{119, 2, 59, 1}, Case{120, 3, 0, 80},
                   Case{1100, 10, 0, 220}, Case{1099, 9, 199, 1}}) {
        const LevelInfo info = level_info(c.ep);
        INFO("ep " << c.ep);
        CHECK(info.level == c.level);
        CHECK(info.ep_into_level == c.into);
        CHECK(info.ep_to_next_level == c.to_next);
    }
}

TEST_CASE("level curve: large totals stay exact", "[rules][level]") {
    for (Ep ep :
         {Ep{1'000'000'000}, Ep{4'611'686'018'427'387'904} /* 2^62 */, Ep{999'999'999'999}}) {
        const std::int64_t l = level_for(ep);
        CHECK(level_threshold(l) <= ep);
        CHECK(level_threshold(l + 1) > ep);
    }
    // Exactly on a threshold, and one below it.
    const std::int64_t big = 300'000'000;
    CHECK(level_for(level_threshold(big)) == big);
    CHECK(level_for(level_threshold(big) - 1) == big - 1);
}

TEST_CASE("streak: first practice, same day, yesterday, gap", "[rules][streak]") {
    const Date today = *parse_date("2026-11-22");
    CHECK(next_streak(0, std::nullopt, today) == 1);
    CHECK(next_streak(4, today, today) == 4);
    CHECK(next_streak(4, *parse_date("2026-11-21"), today) == 5);
    CHECK(next_streak(4, *parse_date("2026-11-20"), today) == 1);
    CHECK(next_streak(4, *parse_date("2025-11-21"), today) == 1);
    // Across a month and a year boundary.
    CHECK(next_streak(9, *parse_date("2026-12-31"), *parse_date("2027-01-01")) == 10);
    CHECK(next_streak(2, *parse_date("2028-02-28"), *parse_date("2028-02-29")) == 3);
}

TEST_CASE("goal_just_reached only on the card that crosses the goal", "[rules][goal]") {
    CHECK(goal_just_reached(30, 30, 10));        // 20 -> 30
    CHECK(goal_just_reached(35, 30, 10));        // 25 -> 35
    CHECK_FALSE(goal_just_reached(40, 30, 10));  // 30 -> 40: reached before
    CHECK_FALSE(goal_just_reached(29, 30, 10));
    CHECK_FALSE(goal_just_reached(30, 30, 0));  // already 30, a zero card
}

namespace {
LooseValue arr(LooseValue first) {
    return LooseValue::array({std::move(first)});
}
}  // namespace

TEST_CASE("js_parse_int mirrors parseInt(String(v), 10)", "[rules][parse]") {
    CHECK(js_parse_int(LooseValue::of("7abc")) == 7);
    CHECK(js_parse_int(LooseValue::of(12.9)) == 12);
    CHECK(js_parse_int(LooseValue::of(-12.9)) == -12);
    CHECK(js_parse_int(LooseValue::of(-3)) == -3);
    CHECK(js_parse_int(LooseValue::of(" 42")) == 42);
    CHECK(js_parse_int(LooseValue::of("\xC2\xA0\t 42 ")) == 42);  // NBSP is JS white space
    CHECK(js_parse_int(LooseValue::of("-0")) == 0);
    CHECK(js_parse_int(LooseValue::of("+8")) == 8);
    CHECK(js_parse_int(LooseValue::of("0x10")) == 0);
    CHECK(js_parse_int(LooseValue::of("1e3")) == 1);
    CHECK(js_parse_int(LooseValue::of(1e21)) == 1);
    CHECK(js_parse_int(LooseValue::of(2.5e22)) == 2);
    CHECK(js_parse_int(LooseValue::of(1e-7)) == 1);
    CHECK(js_parse_int(LooseValue::of(0.0000005)) == 5);
    CHECK(js_parse_int(LooseValue::of(0.5)) == 0);
    CHECK(js_parse_int(LooseValue::of(1e20)).value() > 0);
    CHECK(js_parse_int(arr(LooseValue::of(7))) == 7);
    CHECK(js_parse_int(arr(LooseValue::of("9x"))) == 9);
    CHECK_FALSE(js_parse_int(LooseValue::array()));
    CHECK_FALSE(js_parse_int(arr(LooseValue::null())));
    CHECK_FALSE(js_parse_int(LooseValue::of("abc")));
    CHECK_FALSE(js_parse_int(LooseValue::of("")));
    CHECK_FALSE(js_parse_int(LooseValue::of("-")));
    CHECK_FALSE(js_parse_int(LooseValue::null()));
    CHECK_FALSE(js_parse_int(LooseValue::of(true)));
    CHECK_FALSE(js_parse_int(LooseValue::object()));
    CHECK_FALSE(js_parse_int(LooseValue::missing()));
    CHECK(js_parse_int(LooseValue::of("99999999999999999999999")) ==
          std::numeric_limits<std::int64_t>::max());
}

TEST_CASE("points: NaN is 0, negative raised to 0, capped at 1000", "[rules][parse]") {
    CHECK(parse_points(LooseValue::of(10)) == 10);
    CHECK(parse_points(LooseValue::of("7abc")) == 7);
    CHECK(parse_points(LooseValue::of(12.9)) == 12);
    CHECK(parse_points(LooseValue::of(-3)) == 0);
    CHECK(parse_points(LooseValue::null()) == 0);
    CHECK(parse_points(LooseValue::of(true)) == 0);
    CHECK(parse_points(LooseValue::missing()) == 0);
    CHECK(parse_points(LooseValue::of(1000)) == 1000);
    CHECK(parse_points(LooseValue::of(1001)) == 1000);
    CHECK(parse_points(LooseValue::of(1e300)) == 1);  // String(1e300) is "1e+300"
}

TEST_CASE("goal: NaN is 0, clamped to 5..500", "[rules][parse]") {
    CHECK(parse_goal(LooseValue::missing()) == 5);
    CHECK(parse_goal(LooseValue::of("abc")) == 5);
    CHECK(parse_goal(LooseValue::of(-3)) == 5);
    CHECK(parse_goal(LooseValue::of(4)) == 5);
    CHECK(parse_goal(LooseValue::of(5)) == 5);
    CHECK(parse_goal(LooseValue::of("50abc")) == 50);
    CHECK(parse_goal(LooseValue::of(77.9)) == 77);
    CHECK(parse_goal(LooseValue::of(500)) == 500);
    CHECK(parse_goal(LooseValue::of(501)) == 500);
    CHECK(parse_goal(LooseValue::of("1e9")) == 5);  // parseInt("1e9") is 1
    CHECK(parse_goal(LooseValue::of(std::int64_t{1} << 40)) == 500);
}

TEST_CASE("correct: only boolean true and the string \"true\"", "[rules][parse]") {
    CHECK(parse_correct(LooseValue::of(true)));
    CHECK(parse_correct(LooseValue::of("true")));
    CHECK_FALSE(parse_correct(LooseValue::of("TRUE")));
    CHECK_FALSE(parse_correct(LooseValue::of(1)));
    CHECK_FALSE(parse_correct(LooseValue::of(false)));
    CHECK_FALSE(parse_correct(LooseValue::missing()));
    CHECK_FALSE(parse_correct(LooseValue::null()));
}

TEST_CASE("pair_id: positive integer or digit string", "[rules][parse]") {
    CHECK(parse_pair_id(LooseValue::of(5)).id == 5);
    CHECK(parse_pair_id(LooseValue::of("42")).id == 42);
    CHECK(parse_pair_id(LooseValue::of("007")).id == 7);
    CHECK(parse_pair_id(LooseValue::of(5.0)).id == 5);
    for (const auto& v : {LooseValue::missing(), LooseValue::null(), LooseValue::of("")}) {
        const auto r = parse_pair_id(v);
        CHECK_FALSE(r.id);
        CHECK(r.problem == PairIdProblem::missing);
    }
    for (const auto& v :
         {LooseValue::of(0), LooseValue::of(-1), LooseValue::of(1.5), LooseValue::of("12a"),
          LooseValue::of(" 12"), LooseValue::of("-3"), LooseValue::of("0"), LooseValue::of(true),
          LooseValue::object(), LooseValue::array(), LooseValue::of("99999999999999999999")}) {
        const auto r = parse_pair_id(v);
        CHECK_FALSE(r.id);
        CHECK(r.problem == PairIdProblem::not_positive);
    }
}

TEST_CASE("text rules: trim, e-mail shape, username, code points", "[rules][text]") {
    CHECK(trim("  a b \t\n") == "a b");
    CHECK(trim("\xE3\x80\x80x\xEF\xBB\xBF") == "x");  // U+3000 and U+FEFF
    CHECK(trim("   ") == "");
    CHECK(normalize_email("  Ada@Example.COM ") == "ada@example.com");
    CHECK(is_valid_email_shape("a@b.c"));
    CHECK(is_valid_email_shape("first.last@sub.example.org"));
    CHECK_FALSE(is_valid_email_shape("a@b"));
    CHECK_FALSE(is_valid_email_shape("@b.c"));
    CHECK_FALSE(is_valid_email_shape("a@.c"));  // dot needs text before it
    CHECK_FALSE(is_valid_email_shape("a@b."));
    CHECK_FALSE(is_valid_email_shape("a b@c.d"));
    CHECK_FALSE(is_valid_email_shape("a@b@c.d"));
    CHECK_FALSE(is_valid_email_shape("a@b\xC2\xA0x.d"));
    CHECK(is_valid_email_shape("a@b..c"));  // the JS regex accepts it too
    // Found by fuzz/learner_json_fuzz.cpp: "a\u0000b@example.com" registered, and on PostgreSQL
    // the account was stored as "a" (libpq cuts at the NUL), so "a\u0000c@..." was "taken".
    CHECK_FALSE(is_valid_email_shape(std::string("a\0b@example.com", 15)));
    CHECK_FALSE(is_valid_email_shape(std::string("ab@example.com\0", 15)));
    CHECK(is_valid_email_shape("a\x01b@example.com"));  // other control characters: as the JS regex
    // At most 254 bytes: a 1 MB address was stored on SQLite and answered 500 on PostgreSQL.
    const std::string domain = "@example.com";
    CHECK(is_valid_email_shape(std::string(254 - domain.size(), 'a') + domain));
    CHECK_FALSE(is_valid_email_shape(std::string(255 - domain.size(), 'a') + domain));
    CHECK(is_valid_username("abc"));
    CHECK(is_valid_username("A_b_9_______________"));  // 20
    CHECK_FALSE(is_valid_username("ab"));
    CHECK_FALSE(is_valid_username("a23456789012345678901"));  // 21
    CHECK_FALSE(is_valid_username("ab-c"));
    CHECK_FALSE(
        is_valid_username("\xC3\xA4"
                          "bc"));  // non-ASCII letter
    CHECK(code_point_count("abc") == 3);
    CHECK(code_point_count("\xC3\xA4\xE2\x82\xAC\xF0\x9F\x98\x80") == 3);  // ä € 😀
    CHECK(code_point_count("\xFF\xFE") == 2);
}

TEST_CASE("wire formats of dates and instants", "[rules][time]") {
    const Timestamp t = *parse_timestamp("2026-11-22T08:52:16.123Z");
    CHECK(format_timestamp(t) == "2026-11-22T08:52:16.123Z");
    CHECK(parse_timestamp("2026-11-22 08:52:16.123456+00") == t);
    CHECK(parse_timestamp("2026-11-22 08:52:16.123") == t);
    CHECK(format_timestamp(*parse_timestamp("2026-01-02T03:04:05Z")) == "2026-01-02T03:04:05.000Z");
    CHECK_FALSE(parse_timestamp("2026-11-22"));
    CHECK_FALSE(parse_timestamp("2026-11-22T25:00:00Z"));
    CHECK(format_date(*parse_date("2024-02-29")) == "2024-02-29");
    CHECK_FALSE(parse_date("2023-02-29"));
    CHECK_FALSE(parse_date("2023-2-9"));
}

TEST_CASE("an RFC 3339 instant as a client sends it (answered_at)", "[rules][time]") {
    const Timestamp t = *parse_timestamp("2026-11-22T08:52:16.123Z");
    CHECK(parse_rfc3339("2026-11-22T08:52:16.123Z") == t);
    CHECK(parse_rfc3339("2026-11-22t08:52:16.123z") == t);           // either case
    CHECK(parse_rfc3339("2026-11-22T08:52:16.123456789012Z") == t);  // cut to milliseconds
    CHECK(parse_rfc3339("2026-11-22T09:52:16.123+01:00") == t);
    CHECK(parse_rfc3339("2026-11-21T20:52:16.123-12:00") == t);
    CHECK(parse_rfc3339("2026-11-22T22:52:16.123+14:00") == t);
    CHECK(parse_rfc3339("2026-11-22T08:52:16.123-00:00") == t);
    CHECK(parse_rfc3339("2026-11-22T08:52:16Z") == *parse_timestamp("2026-11-22T08:52:16Z"));
    for (const char* bad :
         {"2026-11-22T08:52:16", "2026-11-22 08:52:16Z", "2026-11-22T08:52Z",
          "2026-11-22T08:52:16.Z", "2026-11-22T08:52:16+00+05:00", "2026-11-22T08:52:16Z+00:00",
          "2026-11-22T08:52:16+0100", "2026-11-22T08:52:16+24:00", "2026-11-25T23:59:60Z",
          "2026-02-30T08:52:16Z", "2026-11-22T08:52:16ZZ", "2026-11-22T08:52:16+01:00x"}) {
        INFO(bad);
        CHECK_FALSE(parse_rfc3339(bad));
    }
}
