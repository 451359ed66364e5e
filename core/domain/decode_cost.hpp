#pragma once
// What decoding a picture will cost, read from its bytes without decoding them
// (docs/operations.md "Picture decoding"). The pixel count alone does not say it: a progressive
// JPEG is decoded once per scan, and it may repeat one scan any number of times; a progressive
// JPEG's coefficients and an interlaced PNG's rows are held whole until the last pass, whatever
// size the renditions are. Pure and allocation-free, like detect_image (also a fuzz target).
#include <cstdint>
#include <optional>
#include <string_view>

#include "core/domain/image_info.hpp"

namespace ll {

struct DecodeCost {
    // Bytes a decoder holds for the whole image at once: a multi-scan JPEG's DCT coefficients
    // (128 bytes per 8x8 block), an interlaced PNG's pixels, a lossless WebP's ARGB or an alpha
    // plane. 0 for the streaming cases (baseline JPEG, non-interlaced PNG, lossy WebP).
    std::int64_t held_bytes = 0;
    // The decoder's work in units of 7 to 10 ns of CPU (measured in docs/operations.md): a
    // decoded byte of PNG pixels, a quarter of a WebP pixel, an 8x8 block of a JPEG scan
    // (weighted by the kind of scan) or a byte of its entropy-coded data.
    std::int64_t work = 0;
    // JPEG: the scans in the file (a progressive file may repeat one any number of times).
    std::int64_t jpeg_scans = 0;
};

// nullopt when the bytes do not hold what `info` (detect_image of the same bytes) promised to
// a decoder: a JPEG frame header or scan header that cannot be read, a WebP chunk that
// overruns its file.
std::optional<DecodeCost> decode_cost(std::string_view bytes, const ImageInfo& info);

}  // namespace ll
