#include <catch2/catch.hpp>

#include <string>

#include "core/domain/image_info.hpp"
#include "tests/unit/support/image_fixtures.hpp"

using namespace ll;
namespace img = ll::test::images;

namespace {

std::string with_byte(std::string_view bytes, std::size_t pos, unsigned char value) {
    std::string out(bytes);
    out[pos] = static_cast<char>(value);
    return out;
}

std::string be16(unsigned v) {
    return {static_cast<char>((v >> 8) & 0xFF), static_cast<char>(v & 0xFF)};
}
std::string le32(std::uint32_t v) {
    std::string out;
    for (int i = 0; i < 4; ++i) out += static_cast<char>((v >> (8 * i)) & 0xFF);
    return out;
}

// A JPEG marker segment: FF, marker, length (counting itself), payload.
std::string segment(unsigned char marker, const std::string& payload) {
    return std::string("\xFF") + static_cast<char>(marker) + be16(unsigned(payload.size() + 2)) +
           payload;
}
// A frame header payload: 8-bit precision, height, width, one component.
std::string frame(unsigned width, unsigned height) {
    return std::string("\x08") + be16(height) + be16(width) + std::string("\x01\x01\x11\x00", 4);
}
const std::string kSoi = "\xFF\xD8";

// RIFF container with one first chunk.
std::string riff(std::string_view fourcc, const std::string& data) {
    return "RIFF" + le32(std::uint32_t(4 + 8 + data.size())) + "WEBP" + std::string(fourcc) +
           le32(std::uint32_t(data.size())) + data;
}

struct Expected {
    std::string_view name;
    std::string_view bytes;
    std::string_view mime, extension;
    int width, height;
    std::size_t header_end;  // the shortest prefix that still gives the answer
};

const Expected kFixtures[] = {
    // PNG: signature 8 + IHDR length/type 8 + data 13 + CRC 4.
    {"png", img::bytes(img::kPng3x2), "image/png", "png", 3, 2, 33},
    // JPEG: SOF0 at 158, length 17 (P, Y, X, Nf = 3, 3 x 3 bytes).
    {"jpeg baseline", img::bytes(img::kJpegBaseline5x3), "image/jpeg", "jpg", 5, 3, 158 + 2 + 17},
    // SOF2 at 89, length 11 (one component).
    {"jpeg progressive", img::bytes(img::kJpegProgressive4x7), "image/jpeg", "jpg", 4, 7,
     89 + 2 + 11},
    // WebP: RIFF header 12 + chunk header 8 + the variant's header (10, 5, 10).
    {"webp lossy", img::bytes(img::kWebpLossy6x4), "image/webp", "webp", 6, 4, 30},
    {"webp lossless", img::bytes(img::kWebpLossless3x2), "image/webp", "webp", 3, 2, 25},
    {"webp extended", img::bytes(img::kWebpExtended6x4), "image/webp", "webp", 6, 4, 30},
};

}  // namespace

TEST_CASE("image detection: real PNG, JPEG and WebP files", "[image]") {
    for (const auto& f : kFixtures) {
        INFO(f.name);
        const auto info = detect_image(f.bytes);
        REQUIRE(info);
        CHECK(info->mime == f.mime);
        CHECK(info->extension == f.extension);
        CHECK(info->width == f.width);
        CHECK(info->height == f.height);
    }
}

TEST_CASE("image detection: every truncation", "[image]") {
    for (const auto& f : kFixtures) {
        for (std::size_t n = 0; n < f.bytes.size(); ++n) {
            INFO(f.name << " cut to " << n << " bytes");
            const auto info = detect_image(f.bytes.substr(0, n));
            if (n < f.header_end) {
                CHECK_FALSE(info);
            } else {
                REQUIRE(info);
                CHECK(info->width == f.width);
                CHECK(info->height == f.height);
            }
        }
    }
}

TEST_CASE("image detection: wrong signatures and other formats", "[image]") {
    CHECK_FALSE(detect_image(""));
    CHECK_FALSE(detect_image("GIF89a\x03\x00\x02\x00"));
    CHECK_FALSE(detect_image("<svg xmlns='http://www.w3.org/2000/svg' width='3' height='2'/>"));
    CHECK_FALSE(detect_image(std::string(64, '\0')));
    const auto png = img::bytes(img::kPng3x2);
    for (std::size_t i = 0; i < 8; ++i) CHECK_FALSE(detect_image(with_byte(png, i, png[i] ^ 0x20)));
    const auto jpeg = img::bytes(img::kJpegBaseline5x3);
    CHECK_FALSE(detect_image(with_byte(jpeg, 0, 0xFE)));
    CHECK_FALSE(detect_image(with_byte(jpeg, 1, 0xD9)));
    const auto webp = img::bytes(img::kWebpLossy6x4);
    for (std::size_t i : {0, 1, 2, 3, 8, 9, 10, 11})
        CHECK_FALSE(detect_image(with_byte(webp, i, webp[i] ^ 0x20)));
    // The WebP body after a PNG signature is still not a PNG.
    CHECK_FALSE(detect_image(std::string(png.substr(0, 8)) + std::string(webp)));
}

TEST_CASE("image detection: PNG header checks", "[image][png]") {
    const auto png = img::bytes(img::kPng3x2);
    const auto zero = img::bytes(img::kPngZeroWidth);
    CHECK(detect_image(png));
    CHECK_FALSE(detect_image(zero));                             // width 0, with a correct CRC
    CHECK_FALSE(detect_image(with_byte(png, 11, 14)));           // IHDR length not 13
    CHECK_FALSE(detect_image(with_byte(png, 12, 'i')));          // chunk type not IHDR
    CHECK_FALSE(detect_image(with_byte(png, 24, 7)));            // bit depth 7
    CHECK_FALSE(detect_image(with_byte(png, 25, 5)));            // colour type 5
    CHECK_FALSE(detect_image(with_byte(png, 28, 2)));            // interlace method 2
    CHECK_FALSE(detect_image(with_byte(png, 19, 4)));            // width changed: CRC mismatch
    CHECK_FALSE(detect_image(with_byte(png, 32, png[32] ^ 1)));  // CRC itself damaged
}

TEST_CASE("image detection: JPEG marker walk", "[image][jpeg]") {
    // APPn segments (one containing bytes that look like a SOF marker), fill bytes, standalone
    // markers, and the C4/C8/CC segments that are not frames, all before SOF1.
    const std::string app1 = segment(0xE1, std::string("Exif\0\0\xFF\xC0\x00\x11\x08\x00\x01", 13));
    const std::string walk = kSoi + segment(0xE0, "JFIF") + app1 + "\xFF\xFF\xFF" +
                             segment(0xDB, std::string(65, '\x01')) + "\xFF\xD0\xFF\x01" +
                             segment(0xC4, frame(9, 9)) + segment(0xC8, frame(9, 9)) +
                             segment(0xCC, frame(9, 9)) + segment(0xC1, frame(300, 200));
    const auto info = detect_image(walk);
    REQUIRE(info);
    CHECK(info->mime == "image/jpeg");
    CHECK(info->extension == "jpg");
    CHECK(info->width == 300);
    CHECK(info->height == 200);
    CHECK(detect_image(kSoi + segment(0xC0, frame(65535, 65535)))->width == 65535);

    for (unsigned marker = 0xC0; marker <= 0xCF; ++marker) {
        INFO("marker " << std::hex << marker);
        const bool frame_marker = marker != 0xC4 && marker != 0xC8 && marker != 0xCC;
        const auto found =
            detect_image(kSoi + segment(static_cast<unsigned char>(marker), frame(7, 5)));
        CHECK(found.has_value() == frame_marker);
        if (found) CHECK(found->width == 7);
    }
}

TEST_CASE("image detection: malformed JPEGs", "[image][jpeg]") {
    const std::string sof = segment(0xC0, frame(7, 5));
    CHECK(detect_image(kSoi + sof));
    CHECK_FALSE(detect_image(kSoi + segment(0xC0, frame(0, 5))));
    CHECK_FALSE(detect_image(kSoi + segment(0xC0, frame(7, 0))));
    CHECK_FALSE(detect_image(kSoi));
    CHECK_FALSE(detect_image(kSoi + "\xFF\xFF\xFF"));                       // only fill bytes
    CHECK_FALSE(detect_image(kSoi + std::string(1, '\0') + sof));           // not a marker
    CHECK_FALSE(detect_image(kSoi + std::string("\xFF\x00", 2) + sof));     // stuffed zero
    CHECK_FALSE(detect_image(kSoi + "\xFF\xD9" + sof));                     // EOI first
    CHECK_FALSE(detect_image(kSoi + "\xFF\xD8" + sof));                     // second SOI
    CHECK_FALSE(detect_image(kSoi + segment(0xDA, "\x01\x01\x00") + sof));  // scan before frame
    CHECK_FALSE(detect_image(kSoi + std::string("\xFF\xE0\x00\x01", 4) + sof));  // length 1
    CHECK_FALSE(detect_image(kSoi + std::string("\xFF\xE0\x00\x00", 4) + sof));  // length 0
    CHECK_FALSE(detect_image(kSoi + "\xFF\xE0\xFF\xFF" + sof));  // segment runs past the end
    // Frame header with a component count that does not match its length.
    CHECK_FALSE(
        detect_image(kSoi + segment(0xC0, "\x08" + be16(5) + be16(7) + "\x02\x01\x11\x00")));
    CHECK_FALSE(
        detect_image(kSoi + segment(0xC0, "\x08" + be16(5) + be16(7) + std::string(1, '\0'))));
    CHECK_FALSE(detect_image(kSoi + segment(0xC0, "\x08" + be16(5))));  // too short for X
    // The real files with the frame's width or height zeroed.
    const auto jpeg = img::bytes(img::kJpegBaseline5x3);
    CHECK_FALSE(detect_image(with_byte(with_byte(jpeg, 163, 0), 164, 0)));
    CHECK_FALSE(detect_image(with_byte(with_byte(jpeg, 165, 0), 166, 0)));
}

TEST_CASE("image detection: WebP variants and their checks", "[image][webp]") {
    const std::string lossy_header = std::string("\x10\x02\x00\x9D\x01\x2A", 6);
    const auto vp8 = [&](unsigned w, unsigned h) {
        return riff("VP8 ",
                    lossy_header + char(w & 0xFF) + char(w >> 8) + char(h & 0xFF) + char(h >> 8));
    };
    CHECK(detect_image(vp8(16383, 1))->width == 16383);
    CHECK(detect_image(vp8(0xC000 | 20, 10))->width == 20);  // scale bits are not size
    CHECK_FALSE(detect_image(vp8(0, 10)));
    CHECK_FALSE(detect_image(vp8(10, 0xC000)));
    CHECK_FALSE(detect_image(
        riff("VP8 ", std::string("\x11\x02\x00\x9D\x01\x2A\x01\0\x01\0", 10))));  // not a key frame
    CHECK_FALSE(detect_image(
        riff("VP8 ", std::string("\x10\x02\x00\x9D\x01\x2B\x01\0\x01\0", 10))));  // start code

    // VP8L: 14 bits width-1, 14 bits height-1, alpha, 3 bits version.
    const auto vp8l = [](std::uint32_t bits) { return riff("VP8L", "\x2F" + le32(bits)); };
    const auto big = detect_image(vp8l(0x3FFF | (0x3FFFu << 14)));
    REQUIRE(big);
    CHECK(big->width == 16384);
    CHECK(big->height == 16384);
    CHECK(detect_image(vp8l(1u << 28))->width == 1);  // the alpha hint is allowed
    CHECK_FALSE(detect_image(vp8l(1u << 29)));        // version 1
    CHECK_FALSE(detect_image(riff("VP8L", "\x2E" + le32(0))));

    // VP8X: 24-bit width-1 and height-1; width x height at most 2^32 - 1.
    const auto vp8x = [](std::uint32_t w1, std::uint32_t h1) {
        return riff("VP8X",
                    std::string("\x10\0\0\0", 4) + le32(w1).substr(0, 3) + le32(h1).substr(0, 3));
    };
    CHECK(detect_image(vp8x(0xFFFFFF, 0))->width == 16777216);
    CHECK(detect_image(vp8x(0, 0))->height == 1);
    CHECK_FALSE(detect_image(vp8x(0xFFFFFF, 0xFFFFFF)));

    CHECK_FALSE(detect_image(riff("ALPH", std::string(10, '\0'))));  // unknown first chunk
    CHECK_FALSE(detect_image(riff("VP8X", std::string(9, '\0'))));   // chunk too short
    // A RIFF size too small for the first chunk.
    const auto lossy = img::bytes(img::kWebpLossy6x4);
    CHECK_FALSE(detect_image(with_byte(lossy, 4, 0x10)));
}

TEST_CASE("image detection: damaged bytes never crash", "[image]") {
    // Every position of every fixture set to a few values; run under the sanitizer build this
    // shows no out-of-bounds read. Any answer must still be a positive size.
    for (const auto& f : kFixtures) {
        for (std::size_t i = 0; i < f.bytes.size(); ++i) {
            for (unsigned char v : {0x00, 0x01, 0x7F, 0x80, 0xFE, 0xFF}) {
                const auto info = detect_image(with_byte(f.bytes, i, v));
                if (info) CHECK((info->width > 0 && info->height > 0));
            }
        }
    }
}
