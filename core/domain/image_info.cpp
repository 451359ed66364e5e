#include "core/domain/image_info.hpp"

#include <cstddef>
#include <cstdint>

#include "core/domain/byte_reader.hpp"

// Every read goes through `ByteReader`, which checks the bounds first: the input is untrusted
// (an upload) and this function is a fuzz target.
namespace ll {
namespace {

std::optional<ImageInfo> sized(std::string_view mime, std::string_view extension,
                               std::uint64_t width, std::uint64_t height) {
    constexpr std::uint64_t kMax = 0x7FFFFFFF;  // PNG's own limit; fits an int
    if (width == 0 || height == 0 || width > kMax || height > kMax) return std::nullopt;
    return ImageInfo{mime, extension, static_cast<int>(width), static_cast<int>(height)};
}

// CRC-32 as PNG uses it (ISO 3309), bit by bit: it runs over 17 bytes only.
std::uint32_t crc32(std::string_view data) {
    std::uint32_t crc = 0xFFFFFFFFu;
    for (const char c : data) {
        crc ^= static_cast<unsigned char>(c);
        for (int bit = 0; bit < 8; ++bit) crc = (crc >> 1) ^ (0xEDB88320u & (0u - (crc & 1u)));
    }
    return crc ^ 0xFFFFFFFFu;
}

bool png_depth_allowed(std::uint32_t color_type, std::uint32_t depth) {
    switch (color_type) {
        case 0:
            return depth == 1 || depth == 2 || depth == 4 || depth == 8 || depth == 16;
        case 3:
            return depth == 1 || depth == 2 || depth == 4 || depth == 8;
        case 2:
        case 4:
        case 6:
            return depth == 8 || depth == 16;
        default:
            return false;
    }
}

// Signature, then IHDR, which PNG requires to be the first chunk: 13 bytes of data + CRC.
std::optional<ImageInfo> png(const ByteReader& b) {
    if (!b.equals(0, "\x89PNG\r\n\x1a\n") || !b.has(8, 8 + 13 + 4)) return std::nullopt;
    if (b.be32(8) != 13 || !b.equals(12, "IHDR")) return std::nullopt;
    const std::uint32_t depth = b.u8(24), color_type = b.u8(25);
    if (!png_depth_allowed(color_type, depth)) return std::nullopt;
    if (b.u8(26) != 0 || b.u8(27) != 0 || b.u8(28) > 1) return std::nullopt;  // methods
    if (crc32(b.view(12, 4 + 13)) != b.be32(29)) return std::nullopt;
    return sized("image/png", "png", b.be32(16), b.be32(20));
}

// SOI, then marker segments until the frame header; the scan data comes after SOF, so it is
// never walked.
std::optional<ImageInfo> jpeg(const ByteReader& b) {
    if (!b.has(0, 2) || b.u8(0) != 0xFF || b.u8(1) != 0xD8) return std::nullopt;
    std::size_t pos = 2;
    for (;;) {
        if (!b.has(pos, 1) || b.u8(pos) != 0xFF) return std::nullopt;
        while (b.has(pos, 1) && b.u8(pos) == 0xFF) ++pos;  // fill bytes before a marker
        if (!b.has(pos, 1)) return std::nullopt;
        const std::uint32_t marker = b.u8(pos++);
        if (marker == 0x01 || (marker >= 0xD0 && marker <= 0xD7)) continue;  // TEM, RSTn
        // 00 (stuffing), a second SOI, EOI, or scan data before any frame: not a picture.
        if (marker == 0x00 || marker == 0xD8 || marker == 0xD9 || marker == 0xDA)
            return std::nullopt;
        if (!b.has(pos, 2)) return std::nullopt;
        const std::size_t length = b.be16(pos);  // counts itself, not the marker
        if (length < 2 || !b.has(pos, length)) return std::nullopt;
        if (is_jpeg_frame_marker(marker)) {
            // P, Y, X, Nf, then 3 bytes per component.
            if (length < 8) return std::nullopt;
            const std::uint32_t components = b.u8(pos + 7);
            if (components == 0 || length != 8 + 3 * components) return std::nullopt;
            return sized("image/jpeg", "jpg", b.be16(pos + 5), b.be16(pos + 3));
        }
        pos += length;
    }
}

// VP8 key frame: 3-byte frame tag, start code 9D 01 2A, 14-bit width and height (the top two
// bits are the upscaling hint).
std::optional<ImageInfo> webp_lossy(const ByteReader& b, std::size_t data, std::size_t size) {
    if (size < 10 || !b.has(data, 10)) return std::nullopt;
    const std::uint32_t tag = b.le24(data);
    const bool key_frame = (tag & 1u) == 0;
    const std::uint32_t version = (tag >> 1) & 7u;
    if (!key_frame || version > 3) return std::nullopt;
    if (b.u8(data + 3) != 0x9D || b.u8(data + 4) != 0x01 || b.u8(data + 5) != 0x2A)
        return std::nullopt;
    return sized("image/webp", "webp", b.le16(data + 6) & 0x3FFFu, b.le16(data + 8) & 0x3FFFu);
}

// VP8L: signature 2F, then 14 bits width-1, 14 bits height-1, 1 bit alpha, 3 bits version 0.
std::optional<ImageInfo> webp_lossless(const ByteReader& b, std::size_t data, std::size_t size) {
    if (size < 5 || !b.has(data, 5) || b.u8(data) != 0x2F) return std::nullopt;
    const std::uint32_t bits = b.le32(data + 1);
    if ((bits >> 29) != 0) return std::nullopt;
    return sized("image/webp", "webp", (bits & 0x3FFFu) + 1, ((bits >> 14) & 0x3FFFu) + 1);
}

// VP8X: flags, 3 reserved bytes, 24-bit canvas width-1 and height-1.
std::optional<ImageInfo> webp_extended(const ByteReader& b, std::size_t data, std::size_t size) {
    if (size < 10 || !b.has(data, 10)) return std::nullopt;
    const std::uint64_t width = std::uint64_t{b.le24(data + 4)} + 1;
    const std::uint64_t height = std::uint64_t{b.le24(data + 7)} + 1;
    if (width * height > 0xFFFFFFFFull) return std::nullopt;  // the format's canvas limit
    return sized("image/webp", "webp", width, height);
}

// "RIFF" size "WEBP", then the first chunk decides the variant.
std::optional<ImageInfo> webp(const ByteReader& b) {
    if (!b.equals(0, "RIFF") || !b.equals(8, "WEBP") || !b.has(12, 8)) return std::nullopt;
    const std::uint64_t riff_size = b.le32(4);
    const std::uint64_t chunk_size = b.le32(16);
    if (riff_size < 4 + 8 + chunk_size) return std::nullopt;  // the chunk must fit the RIFF
    if (b.equals(12, "VP8 ")) return webp_lossy(b, 20, chunk_size);
    if (b.equals(12, "VP8L")) return webp_lossless(b, 20, chunk_size);
    if (b.equals(12, "VP8X")) return webp_extended(b, 20, chunk_size);
    return std::nullopt;
}

}  // namespace

bool is_jpeg_frame_marker(std::uint32_t marker) {
    return marker >= 0xC0 && marker <= 0xCF && marker != 0xC4 && marker != 0xC8 && marker != 0xCC;
}

std::optional<ImageInfo> detect_image(std::string_view bytes) {
    const ByteReader b(bytes);
    if (auto info = png(b)) return info;
    if (auto info = jpeg(b)) return info;
    return webp(b);
}

}  // namespace ll
