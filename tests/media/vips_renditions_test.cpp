// The libvips renditions on real images made with libvips itself: sizes (shrink, never upscale),
// formats (JPEG for opaque, PNG keeps transparency), EXIF orientation applied, no metadata left,
// and damaged bytes refused without a crash or a word on stderr.
#include <catch2/catch.hpp>

#include <unistd.h>

#include <atomic>
#include <cstdio>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include <vips/vips.h>

#include "adapters/media/vips_renditions.hpp"
#include "core/domain/image_info.hpp"
#include "tests/support/hostile_images.hpp"

using namespace ll;

namespace {

struct Unref {
    void operator()(VipsImage* image) const { g_object_unref(image); }
};
using Image = std::unique_ptr<VipsImage, Unref>;

Image hold(VipsImage* image) {
    REQUIRE(image != nullptr);
    return Image(image);
}

// A width x height image with some structure (a gradient, so JPEG has work to do), `bands`
// 3 (RGB) or 4 (RGBA, half transparent).
Image test_image(int width, int height, int bands = 3) {
    VipsImage* x = nullptr;
    REQUIRE(vips_xyz(&x, width, height, nullptr) == 0);
    Image xy = hold(x);
    VipsImage* scaled = nullptr;
    REQUIRE(vips_linear1(xy.get(), &scaled, 255.0 / width, 0.0, "uchar", TRUE, nullptr) == 0);
    Image two = hold(scaled);  // two bands: x and y ramps
    VipsImage* first = nullptr;
    REQUIRE(vips_extract_band(two.get(), &first, 0, nullptr) == 0);
    Image band = hold(first);
    VipsImage* joined = nullptr;
    VipsImage* parts[] = {two.get(), band.get()};
    REQUIRE(vips_bandjoin(parts, &joined, 2, nullptr) == 0);
    Image rgb = hold(joined);
    if (bands == 4) {
        VipsImage* with_alpha = nullptr;
        REQUIRE(vips_bandjoin_const1(rgb.get(), &with_alpha, 128.0, nullptr) == 0);
        rgb = hold(with_alpha);
    }
    VipsImage* tagged = nullptr;
    REQUIRE(vips_copy(rgb.get(), &tagged, "interpretation", VIPS_INTERPRETATION_sRGB, nullptr) ==
            0);
    return hold(tagged);
}

std::string saved(VipsImage* image, const char* suffix) {
    void* buffer = nullptr;
    size_t length = 0;
    REQUIRE(vips_image_write_to_buffer(image, suffix, &buffer, &length, nullptr) == 0);
    std::string out(static_cast<const char*>(buffer), length);
    g_free(buffer);
    return out;
}

// The bytes decoded again (header only).
Image decoded(const std::string& bytes) {
    return hold(vips_image_new_from_buffer(bytes.data(), bytes.size(), "", nullptr));
}

// An APP1 Exif segment: IFD0 with Orientation 6 (rotate 90 degrees clockwise to view) and a GPS
// IFD holding GPSLatitudeRef "N", little-endian TIFF.
std::string exif_segment() {
    const unsigned char tiff[] = {
        'I',  'I',  42, 0, 8, 0, 0, 0,                // header, IFD0 at 8
        2,    0,                                      // two entries
        0x12, 0x01, 3,  0, 1, 0, 0, 0, 6,   0, 0, 0,  // Orientation SHORT 1 = 6
        0x25, 0x88, 4,  0, 1, 0, 0, 0, 38,  0, 0, 0,  // GPS IFD pointer LONG 1 = 38
        0,    0,    0,  0,                            // no next IFD
        1,    0,                                      // GPS IFD: one entry
        0x01, 0x00, 2,  0, 2, 0, 0, 0, 'N', 0, 0, 0,  // GPSLatitudeRef ASCII 2 = "N"
        0,    0,    0,  0};
    std::string body =
        std::string("Exif\0\0", 6) + std::string(reinterpret_cast<const char*>(tiff), sizeof tiff);
    const std::size_t length = body.size() + 2;
    return std::string("\xFF\xE1", 2) + static_cast<char>(length >> 8) +
           static_cast<char>(length & 0xFF) + body;
}

// A JPEG with the Exif segment right after SOI.
std::string with_exif(const std::string& jpeg) {
    REQUIRE(jpeg.substr(0, 2) == "\xFF\xD8");
    return jpeg.substr(0, 2) + exif_segment() + jpeg.substr(2);
}

// Runs `f` with stderr sent to a file; answers what was written there.
template <typename F>
std::string stderr_of(F&& f) {
    std::fflush(stderr);
    std::FILE* capture = std::tmpfile();
    REQUIRE(capture != nullptr);
    const int saved_fd = ::dup(STDERR_FILENO);
    ::dup2(::fileno(capture), STDERR_FILENO);
    f();
    std::fflush(stderr);
    ::dup2(saved_fd, STDERR_FILENO);
    ::close(saved_fd);
    std::rewind(capture);
    std::string out;
    char chunk[256];
    while (const std::size_t n = std::fread(chunk, 1, sizeof chunk, capture)) out.append(chunk, n);
    std::fclose(capture);
    return out;
}

}  // namespace

TEST_CASE("renditions: a 4000x3000 JPEG gives a 320x240 thumbnail and a 1280x960 phone copy",
          "[media][renditions]") {
    VipsRenditions renditions;
    const std::string photo = saved(test_image(4000, 3000).get(), ".jpg[Q=95]");
    const auto made = renditions.make(photo, {320, 1280});
    REQUIRE(made.size() == 2);
    CHECK(made[0].width == 320);
    CHECK(made[0].height == 240);
    CHECK(made[1].width == 1280);
    CHECK(made[1].height == 960);
    for (const Rendition& r : made) {
        CHECK(r.extension == "jpg");
        // What the upload checks read from the file agrees with what the adapter says.
        const auto info = detect_image(r.bytes);
        REQUIRE(info);
        CHECK(info->mime == "image/jpeg");
        CHECK(info->width == r.width);
        CHECK(info->height == r.height);
    }
    CHECK(made[0].bytes.size() < made[1].bytes.size());
    CHECK(made[1].bytes.size() < photo.size());
    // Either order of sizes.
    const auto reversed = renditions.make(photo, {1280, 320});
    CHECK(reversed[0].width == 1280);
    CHECK(reversed[1].width == 320);
}

TEST_CASE("renditions: a small picture is never upscaled; transparency stays, as PNG",
          "[media][renditions]") {
    VipsRenditions renditions;
    SECTION("opaque PNG becomes JPEG of its own size") {
        const auto made = renditions.make(saved(test_image(200, 100).get(), ".png"), {320, 1280});
        for (const Rendition& r : made) {
            CHECK(r.width == 200);
            CHECK(r.height == 100);
            CHECK(r.extension == "jpg");
            CHECK(detect_image(r.bytes)->mime == "image/jpeg");
        }
    }
    SECTION("PNG with alpha stays PNG with alpha") {
        const auto made =
            renditions.make(saved(test_image(200, 100, 4).get(), ".png"), {320, 1280});
        for (const Rendition& r : made) {
            CHECK(r.width == 200);
            CHECK(r.height == 100);
            CHECK(r.extension == "png");
            const Image back = decoded(r.bytes);
            CHECK(vips_image_get_bands(back.get()) == 4);
            CHECK(vips_image_hasalpha(back.get()));
        }
    }
    SECTION("a tall WebP shrinks by its long side") {
        const auto made = renditions.make(saved(test_image(600, 1800).get(), ".webp"), {320});
        CHECK(made[0].width == 107);
        CHECK(made[0].height == 320);
    }
}

TEST_CASE("renditions: EXIF orientation applied, no EXIF or GPS left", "[media][renditions]") {
    VipsRenditions renditions;
    // Stored 400x200, to be shown rotated by 90 degrees: 200x400.
    const std::string photo = with_exif(saved(test_image(400, 200).get(), ".jpg"));
    {
        const Image original = decoded(photo);
        REQUIRE(vips_image_get_typeof(original.get(), "exif-data") != 0);
        REQUIRE(vips_image_get_orientation(original.get()) == 6);
    }
    const auto made = renditions.make(photo, {320, 1280});
    CHECK(made[0].width == 160);
    CHECK(made[0].height == 320);
    CHECK(made[1].width == 200);
    CHECK(made[1].height == 400);
    for (const Rendition& r : made) {
        const Image back = decoded(r.bytes);
        CHECK(vips_image_get_typeof(back.get(), "exif-data") == 0);
        CHECK(vips_image_get_typeof(back.get(), "xmp-data") == 0);
        CHECK(vips_image_get_typeof(back.get(), "icc-profile-data") == 0);
        CHECK(r.bytes.find("Exif") == std::string::npos);
        CHECK(vips_image_get_orientation(back.get()) == 1);
    }
}

TEST_CASE("renditions: damaged bytes are an UndecodableImage, quietly", "[media][renditions]") {
    VipsRenditions renditions;
    const std::string photo = saved(test_image(800, 600).get(), ".jpg");
    const std::string png = saved(test_image(300, 200).get(), ".png");
    const std::string cases[] = {
        std::string("not an image at all"),
        std::string(1000, '\0'),
        photo.substr(0, photo.size() / 2),  // a JPEG cut in the middle
        png.substr(0, png.size() - 40),     // a PNG without its end
        std::string("\x89PNG\r\n\x1a\n", 8) + std::string(200, 'x'),
    };
    for (const std::string& bytes : cases) {
        INFO("case of " << bytes.size() << " bytes");
        const std::string said = stderr_of([&] {
            CHECK_THROWS_AS(renditions.make(bytes, {320, 1280}), UndecodableImage);
        });
        CHECK(said.empty());
    }
    // Still well after the failures.
    CHECK(renditions.make(photo, {320})[0].width == 320);
}

TEST_CASE("renditions: a JPEG whose frame claims more than its data holds is refused",
          "[media][renditions]") {
    // libjpeg only warns when a scan's data stop early and fills the rest with grey: such a
    // file used to come out as a picture (docs/architecture.md "Renditions", fail_on).
    VipsRenditions renditions;
    const std::string photo = saved(test_image(4000, 3000).get(), ".jpg");
    const std::string cases[] = {
        test::hostile_image("truncated.jpg"),            // 4000x3000, 1 KB of data, then EOI
        photo.substr(0, photo.size() / 3) + "\xFF\xD9",  // a real photo cut, then EOI
    };
    for (const std::string& bytes : cases) {
        INFO("case of " << bytes.size() << " bytes");
        REQUIRE(detect_image(bytes));
        const std::string said = stderr_of([&] {
            CHECK_THROWS_AS(renditions.make(bytes, {320, 1280}), UndecodableImage);
        });
        CHECK(said.empty());
    }
}

TEST_CASE("renditions: concurrent calls", "[media][renditions]") {
    VipsRenditions renditions;
    const std::string photo = saved(test_image(1600, 1200).get(), ".jpg");
    std::vector<std::thread> threads;
    std::atomic<int> right{0};
    for (int i = 0; i < 4; ++i) {
        threads.emplace_back([&] {
            for (int n = 0; n < 3; ++n) {
                const auto made = renditions.make(photo, {320, 1280});
                if (made[0].width == 320 && made[1].width == 1280) ++right;
            }
        });
    }
    for (auto& t : threads) t.join();
    CHECK(right == 12);
}
