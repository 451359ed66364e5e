#include <catch2/catch.hpp>

#include "core/app/get_feed.hpp"
#include "support/fixture.hpp"

using namespace ll;
using namespace ll::test;

TEST_CASE("feed: language default, limit clamp, cursor", "[feed]") {
    World w;
    for (Id id = 1; id <= 25; ++id) {
        FeedItem item;
        item.pair_id = id;
        item.answer_type = "word";
        w.backend.add_feed_item(item, id % 2 ? "sv" : "de");
    }
    const Id bare = w.user("bare@example.com", false);
    FeedOutput out = get_feed(w.ports, bare, {});
    CHECK(out.items.size() == 12);  // the even ids, German: no profile means de
    CHECK_FALSE(out.next_after);

    const Id user = w.user();  // target language sv
    out = get_feed(w.ports, user, {std::nullopt, std::string("5"), std::nullopt});
    REQUIRE(out.items.size() == 5);
    CHECK(out.items.front().pair_id == 1);
    CHECK(out.next_after == 9);
    out = get_feed(w.ports, user, {std::nullopt, std::string("5"), std::string("9")});
    CHECK(out.items.front().pair_id == 11);
    out = get_feed(w.ports, user, {std::string("de"), std::string("0"), std::nullopt});
    CHECK(out.items.size() == 1);  // limit clamped to 1
    CHECK(out.next_after == 2);
    out = get_feed(w.ports, user, {std::string("de"), std::string("1000"), std::nullopt});
    CHECK(out.items.size() == 12);
    CHECK_FALSE(out.next_after);
}
