#include "core/app/authoring/renditions.hpp"

#include <fmt/format.h>

#include <functional>
#include <optional>

#include "core/app/authoring/unit_of_work.hpp"

namespace ll {
namespace {

bool has_renditions(const Picture& p) {
    return p.thumbnail_path && p.phone_path;
}

}  // namespace

Result<StoredRenditions> store_renditions(AuthoringPorts& ports, std::string_view image) {
    std::vector<Rendition> made;
    try {
        made = ports.renditions.make(image, {kThumbnailLongSide, kPhoneLongSide});
    } catch (const UndecodableImage& e) {
        return errors::damaged_image(e.what());
    }
    if (made.size() != 2) throw std::runtime_error("image renditions: expected two renditions");
    // Stored like the original (named by their content), before any row names them.
    return StoredRenditions{ports.media.put(made[0].bytes, made[0].extension),
                            ports.media.put(made[1].bytes, made[1].extension)};
}

RenditionBackfill make_missing_renditions(AuthoringPorts& ports) {
    using Write = std::optional<std::function<bool(PictureRows&)>>;
    const auto rows = [](PictureRows& pictures, const Page& page) {
        return pictures.pictures(PictureFilter{}, page);
    };
    const auto needs = [](const Picture& p) { return p.image_path && !has_renditions(p); };
    const auto make = [&](const Picture& p, std::string& problem) -> Write {
        const auto fail = [&](const std::string& why) {
            problem = fmt::format("picture {}: {}", p.id, why);
            return std::nullopt;
        };
        const auto image = ports.media.read(*p.image_path);
        if (!image)
            return fail(fmt::format("its image {} is not in the media store", *p.image_path));
        Result<StoredRenditions> stored = errors::internal();
        try {
            stored = store_renditions(ports, *image);
        } catch (const std::exception& e) {
            return fail(e.what());
        }
        if (!stored) return fail(stored.error().detail.value_or(stored.error().message));
        // Derived data only: updated_at stays, and a picture whose image was replaced (or that
        // was deleted) meanwhile keeps what its own upload stored.
        return
            [id = p.id, image_path = *p.image_path, made = stored.value()](PictureRows& pictures) {
                auto current = pictures.picture(id);
                if (!current || current->image_path != image_path || has_renditions(*current))
                    return false;
                current->thumbnail_path = made.thumbnail_path;
                current->phone_path = made.phone_path;
                pictures.update_picture(*current);
                return true;
            };
    };
    return run_backfill<Picture>(ports.content, rows, needs, make);
}

}  // namespace ll
