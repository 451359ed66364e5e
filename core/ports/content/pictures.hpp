#pragma once
// The pictures, part of the content unit of work (core/ports/content_store.hpp).
#include <optional>
#include <string>
#include <vector>

#include "core/domain/content.hpp"
#include "core/ports/content/page.hpp"

namespace ll {

struct PictureFilter {
    std::optional<bool> objects_created;
    std::optional<std::string> status;
    // Titles containing this text, ASCII letters compared without case (the use case passes it
    // lower-cased; letters beyond ASCII match as written, alike on every backend).
    std::optional<std::string> title_contains;
};

class PictureRows {
  public:
    virtual ~PictureRows() = default;

    virtual Picture insert_picture(const Picture& picture) = 0;
    virtual std::optional<Picture> picture(Id id) = 0;
    virtual void update_picture(const Picture& picture) = 0;  // every field but id, created_at
    virtual std::vector<Picture> pictures(const PictureFilter& filter, const Page& page) = 0;
    // The picture, its objects (as ObjectRows::delete_object), its picture_words. Pairs of the
    // picture keep existing with picture_id null (the core refuses to delete a picture that
    // pairs use).
    virtual void delete_picture(Id id) = 0;
};

}  // namespace ll
