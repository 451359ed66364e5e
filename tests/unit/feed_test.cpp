#include <catch2/catch.hpp>

#include "core/app/get_feed.hpp"
#include "support/fixture.hpp"
#include "tests/support/feed_pairs.hpp"

using namespace ll;
using namespace ll::test;

TEST_CASE("feed: language default, limit clamp, cursor", "[feed]") {
    World w;
    // 25 published pairs (ids 1..25), each with an image and statement audio: odd ids in
    // Swedish, even ids in German.
    for (Id id = 1; id <= 25; ++id) {
        REQUIRE(feed_pair(w.backend.content(), 1, id % 2 ? "sv" : "de", status::kPublished,
                          "word") == id);
    }
    const Id bare = w.user("bare@example.com", false);
    // The use case's answer, which must be a page here.
    const auto page = [&](Id user, const FeedInput& input) {
        Result<FeedOutput> r = get_feed(w.ports, user, input);
        REQUIRE(r);
        return std::move(r.value());
    };
    FeedOutput out = page(bare, {});
    CHECK(out.items.size() == 12);  // the even ids, German: no profile means de
    CHECK_FALSE(out.next_after);

    const Id user = w.user();  // target language sv
    out = page(user, {std::nullopt, std::string("5"), std::nullopt});
    REQUIRE(out.items.size() == 5);
    CHECK(out.items.front().pair_id == 1);
    CHECK(out.next_after == 9);
    out = page(user, {std::nullopt, std::string("5"), std::string("9")});
    CHECK(out.items.front().pair_id == 11);
    out = page(user, {std::string("de"), std::string("0"), std::nullopt});
    CHECK(out.items.size() == 1);  // limit clamped to 1
    CHECK(out.next_after == 2);
    out = page(user, {std::string("de"), std::string("1000"), std::nullopt});
    CHECK(out.items.size() == 12);
    CHECK_FALSE(out.next_after);
}

// docs/deviations.md "Query values": a value the route does not take is 400 naming the
// parameter; an integer limit outside 1..100 is still clamped (docs/spec/decisions.md).
TEST_CASE("feed: limit and after that are not what the route takes are 400 naming them", "[feed]") {
    World w;
    for (Id id = 1; id <= 25; ++id)
        REQUIRE(feed_pair(w.backend.content(), 1, "de", status::kPublished, "word") == id);
    const Id user = w.user();
    const auto refused = [&](const FeedInput& input, const std::string& message) {
        const Result<FeedOutput> r = get_feed(w.ports, user, input);
        REQUIRE_FALSE(r);
        CHECK(r.error().status == 400);
        CHECK(r.error().message == message);
    };
    for (const std::string bad : {"abc", "5x", "1.5", "1e2", " 5", "+5", "-", "--1", "0x10"}) {
        INFO("limit=" << bad);
        refused({std::string("de"), bad, std::nullopt}, "limit must be an integer");
    }
    for (const std::string bad : {"-5", "abc", "3.0", "+3", "9999999999999999999999"}) {
        INFO("after=" << bad);
        refused({std::string("de"), std::nullopt, bad},
                "after must be a pair id (an integer >= 0)");
    }
    // Integers are clamped, however long; an empty value is no value.
    const auto size = [&](const FeedInput& input) {
        const Result<FeedOutput> r = get_feed(w.ports, user, input);
        REQUIRE(r);
        return r.value().items.size();
    };
    CHECK(size({std::string("de"), std::string("-5"), std::nullopt}) == 1);
    CHECK(size({std::string("de"), std::string("99999999999999999999999"), std::nullopt}) == 25);
    CHECK(size({std::string("de"), std::string("007"), std::nullopt}) == 7);
    CHECK(size({std::string("de"), std::string(""), std::string("")}) == 20);
    CHECK(size({std::string("de"), std::string("5"), std::string("0")}) == 5);
    CHECK(size({std::string("de"), std::string("100"), std::string("20")}) == 5);
}

TEST_CASE("feed: a lang no published language has is 400, and an empty lang is the default",
          "[feed]") {
    World w;
    const Id user = w.user();
    for (const std::string bad : {"xx", "DE", "sv ", "de,en"}) {
        const Result<FeedOutput> r = get_feed(w.ports, user, {bad, std::nullopt, std::nullopt});
        INFO(bad);
        REQUIRE_FALSE(r);
        CHECK(r.error().status == 400);
        CHECK(r.error().message == "lang must be one of de, en, sv");
    }
    for (const std::string good : {"de", "en", "sv", ""}) {
        INFO(good);
        CHECK(get_feed(w.ports, user, {good, std::nullopt, std::nullopt}));
    }
}
