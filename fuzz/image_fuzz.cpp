// Picture type detection (core/domain/image_info.hpp, docs/spec/authoring.md) and the decoding
// cost read from the same bytes (core/domain/decode_cost.hpp): an upload's bytes, before anything
// else reads them. Checks: sanitizers; a detected picture has a known type, the matching
// extension and a positive size; the answer depends on the header only, so appending bytes to a
// detected picture changes nothing; a cost is never negative. The corpus holds the hostile
// uploads of tests/media/hostile_images.py.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "core/domain/decode_cost.hpp"
#include "core/domain/image_info.hpp"
#include "fuzz/support/check.hpp"

using namespace ll;
using namespace ll::fuzz;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view bytes(reinterpret_cast<const char*>(data), size);
    const auto info = detect_image(bytes);
    if (!info) return 0;
    const bool known = (info->mime == "image/png" && info->extension == "png") ||
                       (info->mime == "image/jpeg" && info->extension == "jpg") ||
                       (info->mime == "image/webp" && info->extension == "webp");
    if (!known) fail("unknown type or extension", info->mime);
    if (info->width <= 0 || info->height <= 0) fail("a picture without a positive size");
    const auto longer = detect_image(std::string(bytes) + std::string(64, '\xFF'));
    if (!longer || longer->mime != info->mime || longer->width != info->width ||
        longer->height != info->height) {
        fail("bytes after the header changed the detected picture");
    }
    if (const auto cost = decode_cost(bytes, *info)) {
        if (cost->held_bytes < 0 || cost->work < 0 || cost->jpeg_scans < 0)
            fail("a negative decoding cost");
    }
    return 0;
}
