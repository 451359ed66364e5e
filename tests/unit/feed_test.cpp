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
