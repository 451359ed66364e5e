#pragma once
// The requests of the picture routes.
#include <optional>
#include <string>

#include "core/app/authoring/requests/decoder.hpp"

namespace ll {

// POST /api/pictures: the JSON body, or the query of an image upload.
struct NewPicture {
    std::optional<std::string> title;
    std::optional<std::string> status;  // draft (the default) or new (the older flow)
};

// GET /api/pictures: `list` (annotation|generation|pair-authoring) narrows the status; `q`
// keeps the titles that contain it (docs/openapi-authoring.yaml).
struct PictureListQuery {
    PictureFilter filter;
    std::optional<std::string> list;
    Page page;
};

struct PicturePatch {
    fields::Change<std::string> title;
    std::optional<bool> objects_created;
};

template <>
Result<NewPicture> decode<NewPicture>(const LooseValue& v);
template <>
Result<PictureListQuery> decode<PictureListQuery>(const LooseValue& v);
template <>
Result<PicturePatch> decode<PicturePatch>(const LooseValue& v);

}  // namespace ll
