#pragma once
// ImageRenditions for core unit tests: deterministic, no image library. A "rendition" is a short
// text naming the long side and the original's hash, with the size the real adapter would give
// (long side at most N, never upscaled); a picture whose header detect_image cannot read is
// undecodable. `refuse` makes every call fail as a damaged file would.
#include <algorithm>
#include <atomic>
#include <cmath>
#include <functional>

#include "core/domain/image_info.hpp"
#include "core/ports/image_renditions.hpp"

namespace ll {

class FakeRenditions final : public ImageRenditions {
  public:
    std::vector<Rendition> make(std::string_view image,
                                const std::vector<int>& long_sides) override {
        ++calls;
        const auto info = detect_image(image);
        if (!info || refuse) throw UndecodableImage("fake: not a decodable image");
        const std::size_t hash = std::hash<std::string_view>{}(image);
        std::vector<Rendition> out;
        for (const int side : long_sides) {
            const double scale =
                std::min(1.0, static_cast<double>(side) / std::max(info->width, info->height));
            Rendition r;
            r.width = std::max(1, static_cast<int>(std::lround(info->width * scale)));
            r.height = std::max(1, static_cast<int>(std::lround(info->height * scale)));
            r.extension = "jpg";
            r.bytes = "rendition " + std::to_string(side) + " of " + std::to_string(hash);
            out.push_back(std::move(r));
        }
        return out;
    }

    std::atomic<bool> refuse{false};
    std::atomic<int> calls{0};
};

}  // namespace ll
