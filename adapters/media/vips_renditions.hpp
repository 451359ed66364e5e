#pragma once
// ImageRenditions with libvips (docs/architecture.md "Renditions"): shrink-on-load thumbnails,
// EXIF orientation applied, metadata stripped; JPEG (quality 80) for opaque images, PNG for
// images with transparency (docs/performance.md "Picture renditions" says why).
#include "core/ports/image_renditions.hpp"

namespace ll {

class VipsRenditions final : public ImageRenditions {
  public:
    // Starts libvips once per process (thread-safe) with server settings: no operation cache
    // (every upload is new bytes), one worker thread per image (the service's worker pool runs
    // uploads side by side), untrusted loaders blocked, and its warnings kept off stderr.
    // Throws std::runtime_error when libvips cannot start.
    VipsRenditions();

    std::vector<Rendition> make(std::string_view image,
                                const std::vector<int>& long_sides) override;
};

}  // namespace ll
