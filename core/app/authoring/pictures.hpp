#pragma once
// Pictures (docs/spec/authoring.md): upload (raw PNG/JPEG/WebP, type and size read from the bytes)
// or create without an image, list with the flow filters, PATCH title/objects_created, replace the
// image, the two finish transitions, delete.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/app/authoring/authoring_ports.hpp"
#include "core/app/authoring/requests/pictures.hpp"
#include "core/app/authoring/unit_of_work.hpp"
#include "core/app/authoring/versions.hpp"

namespace ll {

inline constexpr std::size_t kMaxImageBytes = 10 * 1024 * 1024;  // 413 beyond
// 400 beyond (errors::too_many_pixels): decoding costs time by pixels, not bytes, and a small
// compressed file may declare billions of them. 50 million keeps every phone camera's photo
// (48 megapixels at most today).
inline constexpr std::int64_t kMaxImagePixels = 50'000'000;
// What one decode may cost, read from the bytes before anything decodes them (decode_cost;
// docs/operations.md "Picture decoding"): a hostile upload costs at most about 1 s of CPU and
// 256 MiB of memory, or is refused. 400 beyond each (errors::too_many_scans,
// errors::image_needs_too_much_memory, errors::image_takes_too_long).
inline constexpr std::int64_t kMaxJpegScans = 100;                      // libjpeg writes 10
inline constexpr std::int64_t kMaxDecodeHeldBytes = 192 * 1024 * 1024;  // + about 25 MiB
inline constexpr std::int64_t kMaxDecodeWork = 80'000'000;              // 0.6 to 0.8 s

struct ImageUpload {
    std::string_view bytes;
    std::optional<std::string> content_type;  // as sent; checked against the bytes
};

// JSON `{title, status}` (status `draft`, the default, or `new` for the older flow).
Result<Picture> create_picture(AuthoringPorts& ports, const NewPicture& request);
// Raw image body; the query may hold `title` and `status`.
Result<Picture> upload_picture(AuthoringPorts& ports, const NewPicture& request,
                               const ImageUpload& image);
// `objects_created`, `status`, `list` (annotation|generation|pair-authoring), `limit`, `after`.
Result<std::vector<Picture>> list_pictures(AuthoringPorts& ports, const PictureListQuery& query);
Result<Picture> get_picture(AuthoringPorts& ports, Id id);
// `title`, `objects_created` (objects_created_at follows it).
// `expected`: the If-Match versions (versions.hpp); another version is 412, nothing changed.
Result<Picture> patch_picture(AuthoringPorts& ports, Id id, const PicturePatch& patch,
                              const VersionCondition& expected = {});
Result<Picture> replace_picture_image(AuthoringPorts& ports, Id id, const ImageUpload& image);
Result<Picture> finish_annotation(AuthoringPorts& ports, Id id);
Result<Picture> finish_picture(AuthoringPorts& ports, Id id);
// Refused (409) while pairs use the picture; removes its objects and link records.
Result<Done> delete_picture(AuthoringPorts& ports, Id id, const VersionCondition& expected = {});

}  // namespace ll
