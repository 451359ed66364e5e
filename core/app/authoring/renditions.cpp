#include "core/app/authoring/renditions.hpp"

#include <fmt/format.h>

#include "core/app/authoring/unit_of_work.hpp"

namespace ll {
namespace {

bool has_renditions(const Picture& p) {
    return p.thumbnail_path && p.phone_path;
}

// What the backfill found on one page: pictures with an image and without renditions.
struct Candidate {
    Id id = 0;
    std::string image_path;
};

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
    RenditionBackfill out;
    Page page{std::nullopt, 100};
    for (;;) {
        std::vector<Candidate> candidates;
        std::size_t seen = 0;
        ports.content.read([&](ContentTx& tx) {
            for (const Picture& p : tx.pictures(PictureFilter{}, page)) {
                ++seen;
                page.after = p.id;
                if (!p.image_path || has_renditions(p)) {
                    ++out.skipped;
                } else {
                    candidates.push_back(Candidate{p.id, *p.image_path});
                }
            }
        });
        for (const Candidate& c : candidates) {
            const auto fail = [&](const std::string& why) {
                ++out.failed;
                out.problems.push_back(fmt::format("picture {}: {}", c.id, why));
            };
            const auto image = ports.media.read(c.image_path);
            if (!image) {
                fail(fmt::format("its image {} is not in the media store", c.image_path));
                continue;
            }
            Result<StoredRenditions> stored = errors::internal();
            try {
                stored = store_renditions(ports, *image);
            } catch (const std::exception& e) {
                fail(e.what());
                continue;
            }
            if (!stored) {
                fail(stored.error().detail.value_or(stored.error().message));
                continue;
            }
            // Derived data only: updated_at stays, and a picture whose image was replaced (or
            // that was deleted) meanwhile keeps what its own upload stored.
            bool written = false;
            ports.content.write([&](ContentTx& tx) {
                auto p = tx.picture(c.id);
                if (!p || p->image_path != c.image_path || has_renditions(*p)) return;
                p->thumbnail_path = stored->thumbnail_path;
                p->phone_path = stored->phone_path;
                tx.update_picture(*p);
                written = true;
            });
            if (written) {
                ++out.made;
            } else {
                ++out.skipped;
            }
        }
        if (seen < static_cast<std::size_t>(page.limit)) break;
    }
    return out;
}

}  // namespace ll
