#include "core/domain/decode_cost.hpp"

#include <algorithm>
#include <array>
#include <cstddef>

#include "core/domain/byte_reader.hpp"

// The figures are upper bounds of what libjpeg, libpng and libwebp hold and do (the decoders
// behind adapters/media/vips_renditions.cpp); docs/operations.md "Picture decoding" has the
// measurements they were checked against.
namespace ll {
namespace {

// Far beyond any limit, and far from overflowing: sums of hostile headers stop here.
constexpr std::int64_t kWorkCap = std::int64_t{1} << 60;

// ---- JPEG (ITU T.81 B.2)

struct Component {
    std::uint32_t id = 0;
    std::int64_t blocks = 0;  // 8x8 blocks of this component over the whole image
};

struct Frame {
    bool progressive = false;
    std::array<Component, 256> components{};
    std::size_t count = 0;
    std::int64_t blocks = 0;  // of all components
};

// SOF2, SOF6, SOF10, SOF14: progressive DCT (Huffman or arithmetic, differential or not).
bool is_progressive(std::uint32_t marker) {
    return marker == 0xC2 || marker == 0xC6 || marker == 0xCA || marker == 0xCE;
}

// The frame header's components with the blocks each one covers: the image in whole MCUs
// (the largest sampling factors make an MCU), each component with its share of an MCU. libjpeg
// sizes its coefficient buffer the same way (jdcoefct.c, padded to whole MCUs).
std::optional<Frame> frame_of(const ByteReader& b, std::uint32_t marker, std::size_t pos,
                              std::size_t length) {
    Frame f;
    f.progressive = is_progressive(marker);
    const std::int64_t height = b.be16(pos + 3), width = b.be16(pos + 5);
    f.count = b.u8(pos + 7);
    if (length != 8 + 3 * f.count || f.count == 0) return std::nullopt;
    std::uint32_t h_max = 1, v_max = 1;
    for (std::size_t i = 0; i < f.count; ++i) {
        const std::uint32_t hv = b.u8(pos + 9 + 3 * i);
        if ((hv >> 4) == 0 || (hv & 15u) == 0) return std::nullopt;  // sampling 1..15
        h_max = std::max(h_max, hv >> 4);
        v_max = std::max(v_max, hv & 15u);
    }
    const std::int64_t mcus_across = (width + 8 * h_max - 1) / (8 * h_max);
    const std::int64_t mcus_down = (height + 8 * v_max - 1) / (8 * v_max);
    for (std::size_t i = 0; i < f.count; ++i) {
        const std::uint32_t hv = b.u8(pos + 9 + 3 * i);
        f.components[i].id = b.u8(pos + 8 + 3 * i);
        f.components[i].blocks = mcus_across * (hv >> 4) * mcus_down * (hv & 15u);
        f.blocks += f.components[i].blocks;
    }
    return f;
}

// Work units per 8x8 block a scan decodes, by the kind of scan (measured with libjpeg-turbo
// 2.1: scans whose data are end-of-band runs cost about 8 ns a block for an AC first scan,
// 70 for an AC refinement, 50 for a DC scan; a sequential scan with its data, 330).
constexpr std::int64_t kSequentialBlock = 40;
constexpr std::int64_t kDcBlock = 6;
constexpr std::int64_t kAcFirstBlock = 1;
constexpr std::int64_t kAcRefineBlock = 9;
// Per block of the frame, once: a progressive file's output pass (inverse DCT, colours).
constexpr std::int64_t kProgressiveOutputBlock = 20;
// Per scan, whatever its size: its header, tables and restart (about 0.7 us).
constexpr std::int64_t kScan = 100;
// Work units per byte of entropy-coded data: progressive data is decoded bit by bit (about
// 90 ns a byte), sequential data by table (about 12 ns).
constexpr std::int64_t kProgressiveByte = 11;
constexpr std::int64_t kSequentialByte = 2;

struct Scan {
    std::size_t components = 0;
    std::int64_t blocks = 0;  // every block of each component it names
    std::int64_t per_block = 0;
};

// SOS: Ns, then (id, tables) per component, then Ss, Se, Ah/Al.
std::optional<Scan> scan_of(const ByteReader& b, const Frame& frame, std::size_t pos,
                            std::size_t length) {
    Scan scan;
    scan.components = b.u8(pos + 2);
    if (scan.components == 0 || length != 6 + 2 * scan.components) return std::nullopt;
    const auto end = frame.components.begin() + static_cast<std::ptrdiff_t>(frame.count);
    for (std::size_t i = 0; i < scan.components; ++i) {
        const std::uint32_t id = b.u8(pos + 3 + 2 * i);
        const auto c = std::find_if(frame.components.begin(), end,
                                    [&](const Component& k) { return k.id == id; });
        if (c == end) return std::nullopt;
        scan.blocks += c->blocks;
    }
    const std::size_t tail = pos + 3 + 2 * scan.components;
    const bool dc = b.u8(tail) == 0, refine = (b.u8(tail + 2) >> 4) != 0;
    if (!frame.progressive) {
        scan.per_block = kSequentialBlock;
    } else if (dc) {
        scan.per_block = kDcBlock;
    } else {
        scan.per_block = refine ? kAcRefineBlock : kAcFirstBlock;
    }
    return scan;
}

// The next marker at or after `pos`, found as libjpeg finds it (jdmarker.c, next_marker): bytes
// other than 0xFF are skipped (a scan's entropy-coded data, or junk libjpeg only warns about),
// and so are fill (FF FF) and stuffed zeros (FF 00). Answers the offset of its 0xFF, or
// size() when there is none.
std::size_t next_marker(const ByteReader& b, std::size_t pos) {
    for (;;) {
        pos = b.find('\xFF', pos);
        while (b.has(pos + 1, 1) && b.u8(pos + 1) == 0xFF) ++pos;
        if (!b.has(pos, 2)) return b.size();
        if (b.u8(pos + 1) != 0x00) return pos;
        pos += 2;
    }
}

// Marker segments from SOI to EOI (or the end of the bytes: what a decoder would read).
std::optional<DecodeCost> jpeg_cost(const ByteReader& b) {
    DecodeCost cost;
    std::optional<Frame> frame;
    bool multi_scan = false;
    std::size_t pos = 2;
    for (;;) {
        pos = next_marker(b, pos);
        if (pos == b.size()) break;
        const std::uint32_t marker = b.u8(pos + 1);
        pos += 2;
        if (marker == 0xD9 || marker == 0xD8) break;  // EOI; a second SOI is refused
        if (marker == 0x01 || (marker >= 0xD0 && marker <= 0xD7)) continue;  // TEM, RSTn
        if (!b.has(pos, 2)) break;
        const std::size_t length = b.be16(pos);
        if (length < 2 || !b.has(pos, length)) break;  // cut short: nothing more to decode
        if (is_jpeg_frame_marker(marker)) {
            if (frame || length < 8) return std::nullopt;  // libjpeg refuses a second frame
            frame = frame_of(b, marker, pos, length);
            if (!frame) return std::nullopt;
        } else if (marker == 0xDA) {
            if (!frame || length < 3) return std::nullopt;
            const auto scan = scan_of(b, *frame, pos, length);
            if (!scan) return std::nullopt;
            // A first scan without every component: libjpeg keeps the whole image's
            // coefficients, as for progressive files (jdinput.c, has_multiple_scans).
            if (cost.jpeg_scans == 0 && scan->components < frame->count) multi_scan = true;
            ++cost.jpeg_scans;
            const std::size_t data = pos + length;
            const std::size_t data_end = next_marker(b, data);
            const auto data_bytes = static_cast<std::int64_t>(data_end - data);
            // Each term stays far below the cap (blocks < 2^42, data < 2^40): no overflow,
            // however many scans the bytes hold.
            cost.work = std::min(kWorkCap, cost.work + kScan + scan->blocks * scan->per_block +
                                               data_bytes * (frame->progressive ? kProgressiveByte
                                                                                : kSequentialByte));
            pos = data_end;
            continue;
        }
        pos += length;
    }
    if (!frame) return std::nullopt;
    if (frame->progressive || multi_scan || cost.jpeg_scans > 1)
        cost.held_bytes = frame->blocks * 64 * 2;  // 64 coefficients of 16 bits
    if (frame->progressive) cost.work += frame->blocks * kProgressiveOutputBlock;
    return cost;
}

// ---- PNG (IHDR, as detect_image read it; then the chunks up to the first IDAT)

// The bands libvips' PNG loader makes of a colour type: palette and low-depth images widened to
// 8 bits a sample (16-bit samples stay), and a tRNS chunk adds an alpha band.
std::int64_t png_bands(std::uint32_t color_type, bool transparency) {
    switch (color_type) {
        case 0:
            return transparency ? 2 : 1;
        case 2:
        case 3:
            return transparency ? 4 : 3;
        case 4:
            return 2;
        case 6:
            return 4;
        default:
            return 0;
    }
}

bool has_transparency_chunk(const ByteReader& b) {
    std::size_t pos = 8;
    while (b.has(pos, 8) && !b.equals(pos + 4, "IDAT")) {
        if (b.equals(pos + 4, "tRNS")) return true;
        pos += std::size_t{12} + b.be32(pos);  // length, type, data, CRC
    }
    return false;
}

std::optional<DecodeCost> png_cost(const ByteReader& b, const ImageInfo& info) {
    if (!b.has(0, 29)) return std::nullopt;
    const std::uint32_t depth = b.u8(24);
    const std::int64_t bands = png_bands(b.u8(25), has_transparency_chunk(b));
    if (bands == 0) return std::nullopt;
    const bool interlaced = b.u8(28) == 1;
    // A PNG header may claim 2^31 x 2^31 pixels: capped before the products.
    const std::int64_t pixels = std::min(kWorkCap >> 8, std::int64_t{info.width} * info.height);
    const std::int64_t decoded = pixels * bands * (depth == 16 ? 2 : 1);
    DecodeCost cost;
    // Interlaced: libpng's seven passes into memory, and libvips copies the image from there
    // (measured: twice the work a byte, and a peak of about twice the image).
    cost.work = interlaced ? 2 * decoded : decoded;
    if (interlaced) cost.held_bytes = 2 * decoded;
    return cost;
}

// ---- WebP (RIFF chunks)

// A lossless bitstream is decoded into a whole ARGB image (libwebp's VP8L keeps every pixel,
// backward references reach any earlier one); a lossy one streams its rows, but its alpha
// plane is held whole. An animation is composed on a canvas of its own size.
std::optional<DecodeCost> webp_cost(const ByteReader& b, const ImageInfo& info) {
    const std::int64_t pixels = std::int64_t{info.width} * info.height;
    DecodeCost cost;
    cost.work = 4 * pixels;  // about 30 ns a pixel, lossy or lossless
    std::size_t pos = 12;
    while (b.has(pos, 8)) {
        const std::string_view kind = b.view(pos, 4);
        const std::size_t size = b.le32(pos + 4);
        if (kind == "VP8L" || kind == "ANIM") {
            cost.held_bytes = 4 * pixels;
            return cost;
        }
        if (kind == "ALPH") cost.held_bytes = pixels;
        if (kind == "VP8 ") return cost;
        if (!b.has(pos + 8, size)) return std::nullopt;  // libwebp refuses a chunk past the end
        pos += 8 + size + (size & 1u);                   // chunks are padded to an even size
    }
    return std::nullopt;  // no image data at all
}

}  // namespace

std::optional<DecodeCost> decode_cost(std::string_view bytes, const ImageInfo& info) {
    const ByteReader b(bytes);
    if (info.mime == "image/jpeg") return jpeg_cost(b);
    if (info.mime == "image/png") return png_cost(b, info);
    if (info.mime == "image/webp") return webp_cost(b, info);
    return std::nullopt;
}

}  // namespace ll
