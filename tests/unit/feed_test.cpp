#include <catch2/catch.hpp>

#include "core/app/get_feed.hpp"
#include "support/fixture.hpp"

using namespace ll;
using namespace ll::test;

TEST_CASE("feed: language default, limit clamp, cursor", "[feed]") {
    World w;
    // 25 published pairs (ids 1..25), each with an image and statement audio: odd ids in
    // Swedish, even ids in German.
    w.backend.content().write([](ContentTx& tx) {
        for (Id id = 1; id <= 25; ++id) {
            Picture picture;
            picture.image_path = "img" + std::to_string(id) + ".png";
            const Id picture_id = tx.insert_picture(picture).id;
            const Id statement_id = tx.insert_statement(Statement{}).id;
            const std::string lang = id % 2 ? "sv" : "de";
            Audio audio;
            audio.source = AudioSource{"statements", statement_id, "text_" + lang, lang};
            audio.file_path = "aud" + std::to_string(id) + ".wav";
            audio.mime = "audio/wav";
            tx.upsert_audio(audio);
            Pair pair;
            pair.picture_id = picture_id;
            pair.statement_id = statement_id;
            pair.answer_type = "word";
            pair.status = status::kPublished;
            REQUIRE(tx.insert_pair(pair).id == id);
        }
    });
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
