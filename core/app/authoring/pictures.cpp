#include "core/app/authoring/pictures.hpp"

#include <fmt/format.h>

#include "core/app/authoring/listing.hpp"
#include "core/domain/content_states.hpp"
#include "core/domain/image_info.hpp"
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

// The image checked and stored; fills the picture's image fields.
Result<Picture> with_image(AuthoringPorts& ports, Picture picture, const ImageUpload& image) {
    if (image.bytes.empty()) return fields::required("image");
    if (image.bytes.size() > kMaxImageBytes) return errors::payload_too_large();
    const auto info = detect_image(image.bytes);
    if (!info) return errors::invalid_field("image must be a PNG, JPEG or WebP file");
    const std::string declared = declared_type(image.content_type);
    if (declared.rfind("image/", 0) == 0 && declared != info->mime) {
        // The header is quoted only when it is text: HTTP lets a header carry any byte above
        // 0x7F, and the answer must stay valid JSON.
        return errors::invalid_field(
            fmt::format("image is {}, but the Content-Type says {}", info->mime,
                        utf8::storable_text(declared) ? declared : "otherwise"));
    }
    picture.image_path = ports.media.put(image.bytes, info->extension);
    picture.image_mime = std::string(info->mime);
    picture.width = info->width;
    picture.height = info->height;
    return picture;
}

// A new picture from the fields both creation routes share.
Result<Picture> new_picture(AuthoringPorts& ports, const LooseValue& fields_source) {
    auto title = fields::text(fields_source["title"], "title", fields::kTitleMax);
    if (!title) return title.error();
    auto start = fields::choice(fields_source["status"], "status", {"draft", "new"});
    if (!start) return start.error();
    Picture p;
    p.title = title.value();
    p.status = start.value().value_or(status::kDraft);
    p.created_at = p.updated_at = ports.clock.now();
    return p;
}

Result<Picture> insert(AuthoringPorts& ports, const Picture& p) {
    return write<Picture>(ports.content,
                          [&](ContentTx& tx) -> Result<Picture> { return tx.insert_picture(p); });
}

// Loads the picture, applies `change` (which may refuse), stores it with a new updated_at.
template <typename F>
Result<Picture> update(AuthoringPorts& ports, Id id, F&& change) {
    return write<Picture>(ports.content, [&](ContentTx& tx) -> Result<Picture> {
        auto picture = tx.picture(id);
        if (!picture) return errors::not_found();
        Result<Picture> changed = change(*picture);
        if (!changed) return changed;
        changed->updated_at = ports.clock.now();
        tx.update_picture(changed.value());
        return changed;
    });
}

}  // namespace

Result<Picture> create_picture(AuthoringPorts& ports, const LooseValue& body) {
    auto p = new_picture(ports, body);
    if (!p) return p;
    return insert(ports, p.value());
}

Result<Picture> upload_picture(AuthoringPorts& ports, const LooseValue& query,
                               const ImageUpload& image) {
    auto p = new_picture(ports, query);
    if (!p) return p;
    // The file is stored before the row: a failed insert leaves an unreferenced file (named by
    // its content, so a retry reuses it), never a row pointing at nothing.
    auto stored = with_image(ports, std::move(p.value()), image);
    if (!stored) return stored;
    return insert(ports, stored.value());
}

Result<std::vector<Picture>> list_pictures(AuthoringPorts& ports, const LooseValue& query) {
    auto page = page_of(query);
    if (!page) return page.error();
    PictureFilter filter;
    auto created = fields::boolean(query["objects_created"], "objects_created");
    if (!created) return created.error();
    filter.objects_created = created.value();
    auto status = status_filter(query, {"new", "drawing_created", "draft", "objects_created"});
    if (!status) return status.error();
    filter.status = status.value();
    auto list =
        fields::choice(query["list"], "list", {"annotation", "generation", "pair-authoring"});
    if (!list) return list.error();
    if (list.value()) {
        const std::string by_list(status_of_picture_list(*list.value()));
        if (filter.status && *filter.status != by_list) return std::vector<Picture>{};
        filter.status = by_list;
    }
    return read<std::vector<Picture>>(ports.content, [&](ContentTx& tx) {
        return Result<std::vector<Picture>>(tx.pictures(filter, page.value()));
    });
}

Result<Picture> get_picture(AuthoringPorts& ports, Id id) {
    return read<Picture>(ports.content, [&](ContentTx& tx) -> Result<Picture> {
        auto p = tx.picture(id);
        if (!p) return errors::not_found();
        return std::move(*p);
    });
}

Result<Picture> patch_picture(AuthoringPorts& ports, Id id, const LooseValue& body) {
    if (!body["status"].is_missing()) {
        return errors::invalid_field(
            "status is changed by POST /api/pictures/:id/finish or /finish-annotation");
    }
    auto title = fields::text_change(body["title"], "title", fields::kTitleMax);
    if (!title) return title.error();
    auto created = fields::boolean(body["objects_created"], "objects_created");
    if (!created) return created.error();
    if (!body["objects_created"].is_missing() && !created.value())
        return errors::invalid_field("objects_created must be true or false");
    const Timestamp now = ports.clock.now();
    return update(ports, id, [&](Picture p) -> Result<Picture> {
        if (title->present) p.title = title->value;
        if (created.value() && *created.value() != p.objects_created) {
            p.objects_created = *created.value();
            p.objects_created_at = p.objects_created ? std::optional<Timestamp>(now) : std::nullopt;
        }
        return p;
    });
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

Result<Done> delete_picture(AuthoringPorts& ports, Id id) {
    return write<Done>(ports.content, [&](ContentTx& tx) -> Result<Done> {
        if (!tx.picture(id)) return errors::not_found();
        PairFilter uses;
        uses.picture_id = id;
        if (const auto n = tx.count_pairs(uses); n > 0) {
            return errors::conflict(
                fmt::format("Picture {} is used by {} pair(s): delete them first", id, n));
        }
        tx.delete_picture(id);
        return Done{};
    });
}

}  // namespace ll
