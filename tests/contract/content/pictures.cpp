// ContentStore contract: pictures (core/ports/content/pictures.hpp) -- every field round-trips,
// and the list's search by a title's text.
#include <catch2/catch.hpp>

#include "tests/contract/content_support.hpp"

using namespace ll;
using namespace ll::test;

TEST_CASE("content: a picture round-trips every field and nulls; update keeps id, created_at",
          "[content]") {
    ContentDb c;
    const Picture want = full_picture();
    Picture bare;  // every optional field null, timestamps with milliseconds
    bare.created_at = ts("2026-01-02T03:04:05.006Z");
    bare.updated_at = ts("2026-01-02T03:04:05.007Z");
    const auto [full, empty] = c.write([&](ContentTx& tx) {
        Picture given = want;
        given.id = 777;  // ignored: the store assigns ids
        return std::pair{tx.insert_picture(given), tx.insert_picture(bare)};
    });
    CHECK(full.id > 0);
    CHECK(full.id != 777);
    CHECK(empty.id > full.id);
    Picture expected = want;
    expected.id = full.id;
    CHECK(show(full) == show(expected));
    c.read([&](ContentTx& tx) {
        CHECK(show(tx.picture(full.id)) == show(expected));
        Picture expected_bare = bare;
        expected_bare.id = empty.id;
        CHECK(show(tx.picture(empty.id)) == show(expected_bare));
        CHECK_FALSE(tx.picture(empty.id + 100));
        return 0;
    });

    // Update: every field but id and created_at, nulls included.
    Picture changed = bare;
    changed.id = full.id;
    changed.status = status::kNew;
    changed.created_at = ts("2030-01-01T00:00:00.000Z");  // not written
    changed.updated_at = ts("2026-09-09T09:09:09.909Z");
    c.write([&](ContentTx& tx) { tx.update_picture(changed); });
    Picture after = changed;
    after.created_at = want.created_at;
    CHECK(show(c.read([&](ContentTx& tx) { return tx.picture(full.id); })) == show(after));

    // And back to every field set.
    Picture refilled = want;
    refilled.id = empty.id;
    refilled.status = status::kDrawingCreated;
    c.write([&](ContentTx& tx) { tx.update_picture(refilled); });
    refilled.created_at = bare.created_at;
    CHECK(show(c.read([&](ContentTx& tx) { return tx.picture(empty.id); })) == show(refilled));

    // Unknown ids: nothing happens.
    changed.id = empty.id + 100;
    c.write([&](ContentTx& tx) { tx.update_picture(changed); });
    CHECK_FALSE(c.read([&](ContentTx& tx) { return tx.picture(empty.id + 100); }));
}

TEST_CASE("content: pictures by a title's text, ASCII letters without case, alike everywhere",
          "[content]") {
    ContentDb c;
    const std::vector<Id> P = c.write([](ContentTx& tx) {
        std::vector<Id> ids;
        for (const std::optional<std::string>& title :
             {std::optional<std::string>("Black Cat"), std::optional<std::string>("two cats"),
              std::optional<std::string>("Äpfel 100%"), std::optional<std::string>()}) {
            Picture p = full_picture();
            p.title = title;
            ids.push_back(tx.insert_picture(p).id);
        }
        return ids;
    });
    c.read([&](ContentTx& tx) {
        // The needle comes lower-cased by the use case (core/ports/content/pictures.hpp).
        const auto titled = [&](const char* text) {
            return ids_of(tx.pictures({std::nullopt, std::nullopt, text}, {}));
        };
        CHECK(titled("cat") == std::vector<Id>{P[0], P[1]});
        CHECK(titled("black c") == std::vector<Id>{P[0]});
        CHECK(titled("Äpfel") == std::vector<Id>{P[2]});
        CHECK(titled("äpfel").empty());  // beyond ASCII, as written
        CHECK(titled("%") == std::vector<Id>{P[2]});
        CHECK(titled("_").empty());
        CHECK(titled("horse").empty());
        return 0;
    });
}
