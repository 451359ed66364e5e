// ContentStore contract: objects (core/ports/content/objects.hpp) -- selections, parent and
// notes round-trip exactly.
#include <catch2/catch.hpp>

#include <tuple>

#include "tests/contract/content_support.hpp"

using namespace ll;
using namespace ll::test;

TEST_CASE("content: an object round-trips selections exactly, parent and notes", "[content]") {
    ContentDb c;
    const Id picture = c.write([](ContentTx& tx) { return tx.insert_picture(full_picture()).id; });
    ContentObject want = object_of(picture);
    want.user_notes = "links oben, \"Zitat\" und Ümlaut";
    want.status = status::kReviewed;
    Selection box;
    box.x = 10.5;
    box.y = 1.0 / 3.0;  // needs all 17 digits
    box.w = 0.1;
    box.h = 123456.789;
    Selection polygon;
    polygon.type = Selection::Type::polygon;
    polygon.points = {{3.25, 4}, {0, 0}, {-1.5, 2e-7}, {640, 480}};
    want.selections = {box, polygon};

    const auto [parent, child, plain] = c.write([&](ContentTx& tx) {
        const ContentObject p = tx.insert_object(want);
        ContentObject kid = object_of(picture, p.id);
        const ContentObject k = tx.insert_object(kid);
        return std::tuple{p, k, tx.insert_object(object_of(picture))};
    });
    ContentObject expected = want;
    expected.id = parent.id;
    CHECK(show(parent) == show(expected));
    c.read([&](ContentTx& tx) {
        const auto stored = tx.object(parent.id);
        REQUIRE(stored);
        CHECK(show(*stored) == show(expected));
        CHECK(stored->selections == want.selections);
        CHECK(must(tx.object(child.id)).parent_id == parent.id);
        // Nulls and an empty selection list.
        const auto bare = tx.object(plain.id);
        REQUIRE(bare);
        CHECK_FALSE(bare->parent_id);
        CHECK_FALSE(bare->user_notes);
        CHECK(bare->selections.empty());
        CHECK(bare->status == status::kDraft);
        CHECK_FALSE(tx.object(plain.id + 100));
        return 0;
    });

    ContentObject changed = object_of(picture, child.id);
    changed.id = parent.id;
    changed.status = status::kPublished;
    changed.selections = {polygon};
    changed.created_at = ts("2030-01-01T00:00:00.000Z");
    changed.updated_at = ts("2026-10-10T10:10:10.101Z");
    c.write([&](ContentTx& tx) { tx.update_object(changed); });
    changed.created_at = want.created_at;
    CHECK(show(c.read([&](ContentTx& tx) { return tx.object(parent.id); })) == show(changed));

    c.write([&](ContentTx& tx) {
        CHECK(tx.lock_object(parent.id));
        CHECK_FALSE(tx.lock_object(plain.id + 100));
    });
}
