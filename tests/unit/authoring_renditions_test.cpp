// A picture's renditions (docs/architecture.md "Renditions") on the in-memory adapters and the
// fake image library: made and stored with every upload and replacement, a damaged image refused
// with nothing stored, and the backfill for pictures stored without them.
#include "core/app/authoring/pictures.hpp"
#include "core/app/authoring/renditions.hpp"
#include "tests/unit/support/authoring_world.hpp"

using namespace ll;
using namespace ll::test;

namespace {

// A PNG's signature and IHDR (what the upload checks read) of that size; the fake renditions
// need no pixels.
std::string solid_png(int width, int height) {
    std::string ihdr = "IHDR";
    for (const int v : {width, height})
        for (int shift = 24; shift >= 0; shift -= 8) ihdr += static_cast<char>((v >> shift) & 0xFF);
    ihdr += std::string("\x08\x02\x00\x00\x00", 5);
    std::uint32_t crc = 0xFFFFFFFFu;
    for (const char c : ihdr) {
        crc ^= static_cast<unsigned char>(c);
        for (int bit = 0; bit < 8; ++bit) crc = (crc >> 1) ^ (0xEDB88320u & (0u - (crc & 1u)));
    }
    crc ^= 0xFFFFFFFFu;
    std::string out("\x89PNG\r\n\x1a\n\x00\x00\x00\x0d", 12);
    out += ihdr;
    for (int shift = 24; shift >= 0; shift -= 8) out += static_cast<char>((crc >> shift) & 0xFF);
    return out;
}

Result<Picture> upload(AuthoringPorts& ports, std::string_view bytes) {
    return upload_picture(ports, NewPicture{}, ImageUpload{bytes, "image/png"});
}

// A picture row as one stored before renditions existed: an image, no renditions.
Picture old_picture(AuthoringWorld& w, std::string_view image) {
    Picture p;
    p.image_path = w.media.put(image, "png");
    p.image_mime = "image/png";
    p.width = 1600;
    p.height = 1200;
    p.created_at = p.updated_at = w.clock.now();
    Picture stored;
    w.backend.content().write([&](ContentTx& tx) { stored = tx.insert_picture(p); });
    return stored;
}

}  // namespace

TEST_CASE("renditions: an upload stores a thumbnail and a phone copy beside the original",
          "[authoring][renditions]") {
    AuthoringWorld w;
    const std::string png = solid_png(1600, 1200);
    const Picture p = ok(upload(w.ports, png));
    REQUIRE(p.thumbnail_path);
    REQUIRE(p.phone_path);
    CHECK(*p.thumbnail_path != *p.phone_path);
    CHECK(p.thumbnail_path->size() == 64 + 4);  // content-hash name + ".jpg"
    const auto hash = std::to_string(std::hash<std::string_view>{}(png));
    CHECK(w.media.read(*p.thumbnail_path) == "rendition 320 of " + hash);
    CHECK(w.media.read(*p.phone_path) == "rendition 1280 of " + hash);
    CHECK(w.media.read(*p.image_path) == png);
    // What is stored is what was answered.
    const Picture stored = ok(get_picture(w.ports, p.id));
    CHECK(stored.thumbnail_path == p.thumbnail_path);
    CHECK(stored.phone_path == p.phone_path);

    SECTION("replacing the image replaces the renditions") {
        const std::string other = solid_png(800, 600);
        const Picture replaced = ok(replace_picture_image(w.ports, p.id, ImageUpload{other, {}}));
        CHECK(replaced.thumbnail_path != p.thumbnail_path);
        CHECK(replaced.phone_path != p.phone_path);
        CHECK(w.media.read(*replaced.thumbnail_path) ==
              "rendition 320 of " + std::to_string(std::hash<std::string_view>{}(other)));
        CHECK(ok(get_picture(w.ports, p.id)).phone_path == replaced.phone_path);
    }
    SECTION("a picture without image has no renditions") {
        const Picture bare = ok(decoded(create_picture, w.ports, body("{}")));
        CHECK_FALSE(bare.thumbnail_path);
        CHECK_FALSE(bare.phone_path);
    }
}

TEST_CASE("renditions: an image the library cannot decode is a 400, nothing stored",
          "[authoring][renditions]") {
    AuthoringWorld w;
    const Picture p = ok(upload(w.ports, solid_png(40, 30)));
    const std::size_t files = w.media.size();
    w.renditions.refuse = true;
    const auto refused = upload(w.ports, solid_png(50, 30));
    CHECK(status_of(refused) == 400);
    CHECK(error_of(refused) == "image is damaged or incomplete");
    REQUIRE_FALSE(refused.ok());
    CHECK(refused.error().detail == "fake: not a decodable image");  // for the log only
    const auto replaced = replace_picture_image(w.ports, p.id, ImageUpload{solid_png(60, 30), {}});
    CHECK(error_of(replaced) == "image is damaged or incomplete");
    CHECK(w.media.size() == files);
    CHECK(ok(get_picture(w.ports, p.id)).image_path == p.image_path);
    CHECK(ok(get_picture(w.ports, p.id)).thumbnail_path == p.thumbnail_path);
    CHECK(w.stored([](ContentTx& tx) { return tx.pictures({}, {}).size(); }) == 1);
}

TEST_CASE("renditions: the backfill makes the missing ones, once", "[authoring][renditions]") {
    AuthoringWorld w;
    const Picture with = ok(upload(w.ports, solid_png(30, 20)));
    const Picture old = old_picture(w, solid_png(1600, 1200));
    const Picture bare = ok(decoded(create_picture, w.ports, body("{}")));
    Picture lost = old_picture(w, "never stored");
    // The row of `lost` names a file the store does not have.
    lost.image_path = std::string(64, 'a') + ".png";
    w.backend.content().write([&](ContentTx& tx) { tx.update_picture(lost); });

    const RenditionBackfill first = make_missing_renditions(w.ports);
    CHECK(first.made == 1);
    CHECK(first.skipped == 2);  // `with` has them, `bare` has no image
    CHECK(first.failed == 1);
    REQUIRE(first.problems.size() == 1);
    CHECK(first.problems[0] == fmt::format("picture {}: its image {} is not in the media store",
                                           lost.id, *lost.image_path));
    const Picture after = ok(get_picture(w.ports, old.id));
    REQUIRE(after.thumbnail_path);
    REQUIRE(after.phone_path);
    CHECK(w.media.read(*after.phone_path)->rfind("rendition 1280 of ", 0) == 0);
    CHECK(after.updated_at == old.updated_at);  // derived data: not an edit
    CHECK(ok(get_picture(w.ports, with.id)).thumbnail_path == with.thumbnail_path);
    CHECK_FALSE(ok(get_picture(w.ports, bare.id)).thumbnail_path);

    const int calls = w.renditions.calls;
    const RenditionBackfill again = make_missing_renditions(w.ports);
    CHECK(again.made == 0);
    CHECK(again.skipped == 3);
    CHECK(again.failed == 1);
    CHECK(w.renditions.calls == calls);  // the lost file is not decoded, the others not again

    SECTION("an undecodable original is a failure with the reason") {
        const Picture damaged = old_picture(w, solid_png(10, 10));
        w.renditions.refuse = true;
        const RenditionBackfill third = make_missing_renditions(w.ports);
        CHECK(third.made == 0);
        CHECK(third.failed == 2);
        CHECK(third.problems.back() ==
              fmt::format("picture {}: fake: not a decodable image", damaged.id));
        CHECK_FALSE(ok(get_picture(w.ports, damaged.id)).thumbnail_path);
    }
}

TEST_CASE("renditions: the backfill walks past one page of pictures", "[authoring][renditions]") {
    AuthoringWorld w;
    for (int i = 0; i < 230; ++i) old_picture(w, solid_png(2, 2 + i));
    const RenditionBackfill done = make_missing_renditions(w.ports);
    CHECK(done.made == 230);
    CHECK(done.failed == 0);
    CHECK(make_missing_renditions(w.ports).skipped == 230);
}
