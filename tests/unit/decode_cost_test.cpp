// What decoding a picture will cost, read from its bytes (core/domain/decode_cost.hpp,
// docs/operations.md "Picture decoding"): real files of each kind, the hostile uploads of
// tests/media/hostile_images.py, and JPEG scans hidden behind junk that libjpeg skips.
#include <catch2/catch.hpp>

#include <string>

#include "core/app/authoring/pictures.hpp"
#include "core/domain/decode_cost.hpp"
#include "tests/support/hostile_images.hpp"
#include "tests/unit/support/image_fixtures.hpp"

using namespace ll;
namespace img = ll::test::images;

namespace {

DecodeCost cost_of(std::string_view bytes) {
    const auto info = detect_image(bytes);
    REQUIRE(info);
    const auto cost = decode_cost(bytes, *info);
    REQUIRE(cost);
    return *cost;
}

}  // namespace

TEST_CASE("decode cost: the streaming kinds hold nothing whole", "[image][decode]") {
    const DecodeCost baseline = cost_of(img::bytes(img::kJpegBaseline5x3));
    CHECK(baseline.jpeg_scans == 1);
    CHECK(baseline.held_bytes == 0);
    CHECK(baseline.work > 0);
    const DecodeCost png = cost_of(img::bytes(img::kPng3x2));  // RGB, 8 bits, not interlaced
    CHECK(png.held_bytes == 0);
    CHECK(png.work == 3 * 2 * 3);
    CHECK(cost_of(img::bytes(img::kWebpLossy6x4)).held_bytes == 0);
}

TEST_CASE("decode cost: what a decoder must hold whole", "[image][decode]") {
    // libjpeg's progressive 4x7 grey: six scans over one block; its coefficients are kept.
    const DecodeCost progressive = cost_of(img::bytes(img::kJpegProgressive4x7));
    CHECK(progressive.jpeg_scans == 6);
    CHECK(progressive.held_bytes == 64 * 2);
    // Lossless WebP: the whole ARGB image.
    CHECK(cost_of(img::bytes(img::kWebpLossless3x2)).held_bytes == 3 * 2 * 4);
    // 7000x7000 RGBA of 16-bit samples, interlaced: 392 MB, and libvips copies it once.
    const DecodeCost interlaced = cost_of(test::hostile_image("interlaced16.png"));
    CHECK(interlaced.held_bytes == 2 * 7000LL * 7000 * 8);
    CHECK(interlaced.held_bytes > kMaxDecodeHeldBytes);
}

TEST_CASE("decode cost: every scan of a progressive JPEG counts, junk or not", "[image][decode]") {
    const std::string many = test::hostile_image("many_scans.jpg");
    const DecodeCost cost = cost_of(many);
    CHECK(cost.jpeg_scans == 1001);
    CHECK(cost.jpeg_scans > kMaxJpegScans);
    CHECK(cost.work > kMaxDecodeWork);
    // libjpeg skips bytes that are no marker (with a warning, after decoding on): scans
    // behind junk are scans all the same.
    const std::size_t second_scan = many.find("\xFF\xC4", 200);
    REQUIRE(second_scan != std::string::npos);
    const std::string hidden = many.substr(0, second_scan) + "junk" + many.substr(second_scan);
    CHECK(cost_of(hidden).jpeg_scans == 1001);
    // Cut short, the scans that are there still count (a decoder reads up to the end).
    CHECK(cost_of(many.substr(0, many.size() * 3 / 4)).jpeg_scans > 400);
}

TEST_CASE("decode cost: a truncated JPEG costs little; its decoder refuses it", "[image][decode]") {
    const DecodeCost cost = cost_of(test::hostile_image("truncated.jpg"));
    CHECK(cost.jpeg_scans == 1);
    CHECK(cost.held_bytes == 0);
    CHECK(cost.work < kMaxDecodeWork);
}

TEST_CASE("decode cost: headers a decoder cannot read give no cost", "[image][decode]") {
    std::string jpeg(img::bytes(img::kJpegBaseline5x3));
    const auto info = detect_image(jpeg);
    REQUIRE(info);
    // A scan naming a component the frame does not have.
    const std::size_t sos = jpeg.find("\xFF\xDA");
    REQUIRE(sos != std::string::npos);
    jpeg[sos + 5] = '\x09';
    CHECK_FALSE(decode_cost(jpeg, *info));
    // A WebP whose chunk runs past the end of the file.
    std::string webp(img::bytes(img::kWebpExtended6x4));
    const auto webp_info = detect_image(webp);
    REQUIRE(webp_info);
    CHECK_FALSE(decode_cost(webp.substr(0, 34), *webp_info));
}
