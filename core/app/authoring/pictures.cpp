#include "core/app/authoring/pictures.hpp"

#include <fmt/format.h>

#include "core/app/authoring/renditions.hpp"
#include "core/domain/content_states.hpp"
#include "core/domain/decode_cost.hpp"
#include "core/domain/image_info.hpp"
#include "core/domain/rules.hpp"
#include "core/domain/utf8.hpp"

namespace ll {
namespace {

// The media type a client declared, without parameters; image/jpg is a common alias.
std::string declared_type(const std::optional<std::string>& content_type) {
    if (!content_type) return "";
    std::string t = content_type->substr(0, content_type->find(';'));
    while (!t.empty() && t.back() == ' ') t.pop_back();
    for (auto& c : t) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return t == "image/jpg" ? "image/jpeg" : t;
}

// Refused when decoding would cost more than one upload may (pictures.hpp); bytes whose frame
// or chunks no decoder could read are damaged.
std::optional<Error> decode_refusal(std::string_view bytes, const ImageInfo& info) {
    const auto cost = decode_cost(bytes, info);
    if (!cost) return errors::damaged_image("the frame, scan or chunk headers cannot be read");
    if (cost->jpeg_scans > kMaxJpegScans) return errors::too_many_scans();
    if (cost->held_bytes > kMaxDecodeHeldBytes) return errors::image_needs_too_much_memory();
    if (cost->work > kMaxDecodeWork) return errors::image_takes_too_long();
    return std::nullopt;
}

// The image checked and stored with its renditions; fills the picture's image fields.
Result<Picture> with_image(AuthoringPorts& ports, Picture picture, const ImageUpload& image) {
    if (image.bytes.empty()) return fields::required("image");
    if (image.bytes.size() > kMaxImageBytes) return errors::payload_too_large();
    const auto info = detect_image(image.bytes);
    if (!info) return errors::unsupported_image();
    if (std::int64_t{info->width} * info->height > kMaxImagePixels)
        return errors::too_many_pixels();
    const std::string declared = declared_type(image.content_type);
    if (declared.rfind("image/", 0) == 0 && declared != info->mime) {
        // The header is quoted only when it is text: HTTP lets a header carry any byte above
        // 0x7F, and the answer must stay valid JSON.
        return errors::invalid_field(
            fmt::format("image is {}, but the Content-Type says {}", info->mime,
                        utf8::storable_text(declared) ? declared : "otherwise"));
    }
    if (auto costly = decode_refusal(image.bytes, *info)) return *costly;
    // The renditions first: an image the library cannot decode is refused before anything is
    // stored (the route runs on the worker pool, never the I/O thread).
    auto renditions = store_renditions(ports, image.bytes);
    if (!renditions) return renditions.error();
    picture.image_path = ports.media.put(image.bytes, info->extension);
    picture.thumbnail_path = renditions->thumbnail_path;
    picture.phone_path = renditions->phone_path;
    picture.image_mime = std::string(info->mime);
    picture.width = info->width;
    picture.height = info->height;
    return picture;
}

// A new picture from the fields both creation routes share.
Picture new_picture(AuthoringPorts& ports, const NewPicture& request) {
    Picture p;
    p.title = request.title;
    p.status = request.status.value_or(status::kDraft);
    p.created_at = p.updated_at = ports.clock.now();
    return p;
}

Result<Picture> insert(AuthoringPorts& ports, const Picture& p) {
    return write<Picture>(ports, [&](PictureRows& pictures) -> Result<Picture> {
        return pictures.insert_picture(p);
    });
}

// Loads the picture, applies `change` (which may refuse), stores it with a new updated_at
// unless it is as it was.
// `expected`: the versions a conditional request was made from (412 for another).
template <typename F>
Result<Picture> update(AuthoringPorts& ports, Id id, F&& change,
                       const VersionCondition& expected = {}) {
    return write<Picture>(ports,
                          [&](ItemLocks& locks, PictureRows& pictures) -> Result<Picture> {
                              lock_if_conditional(locks, ItemKind::picture, id, expected);
                              auto picture = pictures.picture(id);
                              if (!picture) return errors::not_found();
                              if (auto refused = stale(expected, *picture)) return *refused;
                              Result<Picture> changed = change(*picture);
                              if (!changed) return changed;
                              if (changed.value() == *picture)
                                  return changed;  // nothing to write: updated_at stays
                              changed->updated_at = ports.clock.now();
                              pictures.update_picture(changed.value());
                              return changed;
                          });
}

}  // namespace

Result<Picture> create_picture(AuthoringPorts& ports, const NewPicture& request) {
    return insert(ports, new_picture(ports, request));
}

Result<Picture> upload_picture(AuthoringPorts& ports, const NewPicture& request,
                               const ImageUpload& image) {
    // The file is stored before the row: a failed insert leaves an unreferenced file (named by
    // its content, so a retry reuses it), never a row pointing at nothing.
    auto stored = with_image(ports, new_picture(ports, request), image);
    if (!stored) return stored;
    return insert(ports, stored.value());
}

Result<std::vector<Picture>> list_pictures(AuthoringPorts& ports, const PictureListQuery& query) {
    PictureFilter filter = query.filter;
    if (filter.title_contains) {
        filter.title_contains = ascii_lower(*filter.title_contains);
        if (filter.title_contains->empty()) filter.title_contains.reset();
    }
    if (query.list) {
        const std::string by_list(status_of_picture_list(*query.list));
        if (filter.status && *filter.status != by_list) return std::vector<Picture>{};
        filter.status = by_list;
    }
    return read<std::vector<Picture>>(ports.content, [&](PictureRows& pictures) {
        return Result<std::vector<Picture>>(pictures.pictures(filter, query.page));
    });
}

Result<Picture> get_picture(AuthoringPorts& ports, Id id) {
    return read<Picture>(ports.content, [&](PictureRows& pictures) -> Result<Picture> {
        auto p = pictures.picture(id);
        if (!p) return errors::not_found();
        return std::move(*p);
    });
}

Result<Picture> patch_picture(AuthoringPorts& ports, Id id, const PicturePatch& patch,
                              const VersionCondition& expected) {
    const Timestamp now = ports.clock.now();
    return update(
        ports, id,
        [&](Picture p) -> Result<Picture> {
            if (patch.title.present) p.title = patch.title.value;
            if (patch.objects_created && *patch.objects_created != p.objects_created) {
                p.objects_created = *patch.objects_created;
                p.objects_created_at =
                    p.objects_created ? std::optional<Timestamp>(now) : std::nullopt;
            }
            return p;
        },
        expected);
}

Result<Picture> replace_picture_image(AuthoringPorts& ports, Id id, const ImageUpload& image) {
    // An unknown picture is 404 before the image is looked at (and nothing is stored).
    if (auto found = get_picture(ports, id); !found) return found;
    // Validate and store the file (outside the transaction: it may be large), then point the
    // row at it (404 still, should the picture go meanwhile).
    auto checked = with_image(ports, Picture{}, image);
    if (!checked) return checked;
    return update(ports, id, [&](Picture p) -> Result<Picture> {
        p.image_path = checked->image_path;
        p.image_mime = checked->image_mime;
        p.thumbnail_path = checked->thumbnail_path;
        p.phone_path = checked->phone_path;
        p.width = checked->width;
        p.height = checked->height;
        return p;
    });
}

Result<Picture> finish_annotation(AuthoringPorts& ports, Id id) {
    return update(ports, id, [&](Picture p) -> Result<Picture> {
        auto next = finish_annotation_status(p.status);
        if (!next) return next.error();
        p.status = next.value();
        return p;
    });
}

Result<Picture> finish_picture(AuthoringPorts& ports, Id id) {
    const Timestamp now = ports.clock.now();
    return update(ports, id, [&](Picture p) -> Result<Picture> {
        auto next = finish_status(p.status);
        if (!next) return next.error();
        p.status = next.value();
        if (!p.objects_created) {
            p.objects_created = true;
            p.objects_created_at = now;
        }
        return p;
    });
}

Result<Done> delete_picture(AuthoringPorts& ports, Id id, const VersionCondition& expected) {
    return write<Done>(
        ports,
        [&](ItemLocks& locks, PictureRows& pictures, PairRows& pairs) -> Result<Done> {
            lock_if_conditional(locks, ItemKind::picture, id, expected);
            const auto picture = pictures.picture(id);
            if (!picture) return errors::not_found();
            if (auto refused = stale(expected, *picture)) return *refused;
            PairFilter uses;
            uses.picture_id = id;
            if (const auto n = pairs.count_pairs(uses); n > 0) {
                return errors::conflict(
                    fmt::format("Picture {} is used by {} pair(s): delete them first", id, n));
            }
            pictures.delete_picture(id);
            return Done{};
        });
}

}  // namespace ll
