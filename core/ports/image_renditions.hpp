#pragma once
// Smaller copies of a picture for lists and phones (docs/architecture.md "Renditions"): a grid of
// pictures or a learner's feed must not download 10 MiB originals. Adapter: libvips
// (adapters/media/vips_renditions.*); a deterministic fake for core unit tests
// (adapters/memory/fake_renditions.hpp).
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace ll {

// The long side of the two renditions a picture carries; neither is ever larger than the
// original (a small original keeps its size).
inline constexpr int kThumbnailLongSide = 320;  // the studio's lists and grids
inline constexpr int kPhoneLongSide = 1280;     // the learner's feed on a phone

struct Rendition {
    std::string bytes;
    std::string extension;  // how the media store names it: "jpg" or "png"
    int width = 0;
    int height = 0;
};

// The bytes are no image the adapter can decode (damaged, truncated): the upload's fault, a 400.
// what() says why, for the log only.
class UndecodableImage : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

class ImageRenditions {
  public:
    virtual ~ImageRenditions() = default;
    // One rendition per entry of `long_sides`, in that order: the image upright (EXIF orientation
    // applied), scaled so that its long side is at most that many pixels (never upscaled),
    // without metadata (photos carry GPS positions). Throws UndecodableImage for bytes that are
    // no decodable image, std::runtime_error for any other failure (an internal error).
    virtual std::vector<Rendition> make(std::string_view image,
                                        const std::vector<int>& long_sides) = 0;
};

}  // namespace ll
