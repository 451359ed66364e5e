// A picture's renditions over HTTP (docs/architecture.md "Renditions"): every upload and image
// replacement answers thumbnail_url and phone_url, /media serves them (JPEG of the right size,
// the same caching headers as the original), a damaged image is refused with nothing stored, and
// a picture stored before renditions existed answers null until the backfill made them.
#include <cstdint>
#include <filesystem>

#include <zlib.h>

#include "core/app/authoring/renditions.hpp"
#include "core/domain/image_info.hpp"
#include "tests/http/authoring/support/reply_views.hpp"
#include "tests/http/authoring/support/staff_api.hpp"
#include "tests/support/hostile_images.hpp"

using namespace ll;
using namespace ll::test;

namespace {

const std::string kPictures = "/api/pictures";

std::size_t media_files(const StaffApi& api) {
    std::size_t n = 0;
    for ([[maybe_unused]] const auto& f : std::filesystem::directory_iterator(api.media_dir)) ++n;
    return n;
}

// The image at `url` from /media (no token): its type, size and caching headers.
void check_served(StaffApi& api, const std::string& url, int width, int height) {
    INFO(url);
    const Reply file = api.get(url, std::string());
    REQUIRE(file.status == 200);
    CHECK(file.header("content-type") == "image/jpeg");
    CHECK(file.header("cache-control") == "public, max-age=31536000, immutable");
    CHECK(file.header("etag") == "\"" + url.substr(std::string("/media/").size()) + "\"");
    const auto info = detect_image(file.body);
    REQUIRE(info);
    CHECK(info->mime == "image/jpeg");
    CHECK(info->width == width);
    CHECK(info->height == height);
}

// A picture as one stored before renditions existed.
void forget_renditions(StaffApi& api, Id id) {
    api.storage().content().write([&](ContentTx& tx) {
        auto p = tx.picture(id);
        REQUIRE(p);
        p->thumbnail_path.reset();
        p->phone_path.reset();
        tx.update_picture(*p);
    });
}

}  // namespace

TEST_CASE("renditions: an upload answers thumbnail_url and phone_url, served by /media",
          "[authoring][pictures][renditions]") {
    StaffApi api;
    const Reply r =
        api.send("POST", kPictures + "?title=Gross", solid_png(1600, 1200), "image/png");
    INFO(text(r));
    REQUIRE(r.status == 201);
    const std::string thumbnail = field(r, "thumbnail_url");
    const std::string phone = field(r, "phone_url");
    CHECK(thumbnail.rfind("/media/", 0) == 0);
    CHECK(thumbnail.size() == 7 + 64 + 4);  // a content-hash name, .jpg
    CHECK(thumbnail != phone);
    check_served(api, thumbnail, 320, 240);
    check_served(api, phone, 1280, 960);
    CHECK(media_files(api) == 3);  // the original and its two renditions
    // The item and the list answer the same.
    const Id id = r.json.at("id").as_int64();
    CHECK(api.get(at(kPictures, id)).json == r.json);
    const Reply list = api.get(kPictures);
    REQUIRE(list.status == 200);
    CHECK(list.json.as_array().at(0) == r.json);

    SECTION("replacing the image replaces the renditions") {
        const Reply put =
            api.send("PUT", at(kPictures, id, "/image"), solid_png(600, 900), "image/png");
        INFO(text(put));
        REQUIRE(put.status == 200);
        CHECK(field(put, "thumbnail_url") != thumbnail);
        CHECK(field(put, "phone_url") != phone);
        check_served(api, field(put, "thumbnail_url"), 213, 320);
        check_served(api, field(put, "phone_url"), 600, 900);  // never upscaled
        CHECK(api.get(at(kPictures, id)).json == put.json);
    }
    SECTION("a picture without image has none") {
        const Reply bare = api.post(kPictures, R"({"title":"Leer"})");
        REQUIRE(bare.status == 201);
        CHECK(bare.json.at("thumbnail_url").is_null());
        CHECK(bare.json.at("phone_url").is_null());
    }
}

namespace {

// `image` refused with `message` by the upload and by the replacement of a picture's image,
// nothing stored by either.
void refused_with_nothing_stored(const std::string& image, const std::string& message,
                                 const std::string& content_type = "image/png") {
    StaffApi api;
    const Id id = api.picture(40, 30, "Heil");
    const Reply before = api.get(at(kPictures, id));
    const std::size_t files = media_files(api);
    const Reply r = api.send("POST", kPictures, image, content_type);
    CHECK(r.status == 400);
    CHECK(field(r, "error") == message);
    const Reply put = api.send("PUT", at(kPictures, id, "/image"), image, content_type);
    CHECK(put.status == 400);
    CHECK(put.json == r.json);
    CHECK(media_files(api) == files);
    CHECK(ids_of(api.get(kPictures)) == std::vector<Id>{id});
    CHECK(api.get(at(kPictures, id)).json == before.json);
}

}  // namespace

TEST_CASE("renditions: a damaged image is a 400 and nothing is stored",
          "[authoring][pictures][renditions]") {
    // A real PNG header (detect_image is satisfied) whose pixel data is cut short.
    const std::string png = solid_png(300, 200, {1, 2, 3});
    refused_with_nothing_stored(png.substr(0, 33) + png.substr(33, 40),
                                "image is damaged or incomplete");
}

namespace {

// A PNG whose header declares width x height (CRC right) and whose pixel data is that of a small
// image: what a decompression bomb looks like before anything decodes it.
std::string png_declaring(std::uint32_t width, std::uint32_t height) {
    std::string png = solid_png(30, 20, {1, 2, 3});
    for (int i = 0; i < 4; ++i) {
        png[static_cast<std::size_t>(16 + i)] = static_cast<char>(width >> (24 - 8 * i));
        png[static_cast<std::size_t>(20 + i)] = static_cast<char>(height >> (24 - 8 * i));
    }
    const auto crc = static_cast<std::uint32_t>(
        crc32(0, reinterpret_cast<const Bytef*>(png.data() + 12), 4 + 13));
    for (int i = 0; i < 4; ++i)
        png[static_cast<std::size_t>(29 + i)] = static_cast<char>(crc >> (24 - 8 * i));
    return png;
}

}  // namespace

TEST_CASE("renditions: more than 50 million pixels declared is a 400 before any decoding",
          "[authoring][pictures][renditions]") {
    const std::string bomb = png_declaring(8000, 6251);  // 50,008,000 pixels
    REQUIRE(detect_image(bomb).has_value());
    refused_with_nothing_stored(bomb, "image must have at most 50 million pixels");
    // At the limit the header passes, but decoding 150 MB of RGB would take too long
    // (docs/operations.md "Picture decoding").
    refused_with_nothing_stored(png_declaring(8000, 6250),
                                "image takes too long to decode: save it smaller, or as a "
                                "baseline JPEG");
    // Within both the decoder speaks (this one's data is not that big).
    refused_with_nothing_stored(png_declaring(4000, 3000), "image is damaged or incomplete");
}

TEST_CASE("renditions: hostile uploads are refused within the decoding budget",
          "[authoring][pictures][renditions]") {
    // tests/media/hostile_images.py: each one was accepted after seconds of CPU or with
    // hundreds of MiB (docs/operations.md "Picture decoding" has the figures).
    SECTION("a progressive JPEG repeating one scan 1,000 times") {
        refused_with_nothing_stored(
            test::hostile_image("many_scans.jpg"),
            "image is a progressive JPEG with more than 100 scans: save it as a baseline JPEG",
            "image/jpeg");
    }
    SECTION("an interlaced 16-bit PNG of 7000x7000") {
        refused_with_nothing_stored(test::hostile_image("interlaced16.png"),
                                    "image needs too much memory to decode: save it smaller, as "
                                    "a baseline JPEG or a non-interlaced PNG");
    }
    SECTION("a JPEG whose frame claims more than its data holds") {
        refused_with_nothing_stored(test::hostile_image("truncated.jpg"),
                                    "image is damaged or incomplete", "image/jpeg");
    }
}

TEST_CASE("renditions: pictures stored before renditions answer null until the backfill",
          "[authoring][pictures][renditions]") {
    StaffApi api;
    const Id id = api.picture(2000, 1000, "Alt");
    const Id fresh = api.picture(50, 40, "Neu");
    const Reply kept = api.get(at(kPictures, fresh));
    forget_renditions(api, id);
    const Reply old = api.get(at(kPictures, id));
    CHECK(old.json.at("thumbnail_url").is_null());
    CHECK(old.json.at("phone_url").is_null());
    CHECK_FALSE(old.json.at("image_url").is_null());

    // What `langlearn-admin make-renditions` runs, on this test's database (SQLite or
    // PostgreSQL) and media folder.
    AuthoringPorts ports{
        api.storage().content(), api.media, api.renditions, api.speech, api.encoder,
        shared_freedict(),       api.clock};
    const RenditionBackfill done = make_missing_renditions(ports);
    CHECK(done.made == 1);
    CHECK(done.skipped == 1);
    CHECK(done.failed == 0);
    const Reply after = api.get(at(kPictures, id));
    check_served(api, field(after, "thumbnail_url"), 320, 160);
    check_served(api, field(after, "phone_url"), 1280, 640);
    CHECK(after.json.at("updated_at") == old.json.at("updated_at"));
    CHECK(api.get(at(kPictures, fresh)).json == kept.json);
    CHECK(make_missing_renditions(ports).made == 0);
}
