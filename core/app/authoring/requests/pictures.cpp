#include "core/app/authoring/requests/pictures.hpp"

namespace ll {

template <>
Result<NewPicture> decode<NewPicture>(const LooseValue& v) {
    NewPicture r;
    Decoder d(v);
    d.text(r.title, "title", fields::kTitleMax).choice(r.status, "status", {"draft", "new"});
    return d.done(std::move(r));
}

template <>
Result<PictureListQuery> decode<PictureListQuery>(const LooseValue& v) {
    PictureListQuery r;
    Decoder d(v);
    d.page(r.page)
        .boolean(r.filter.objects_created, "objects_created")
        .choice(r.filter.status, "status", {"new", "drawing_created", "draft", "objects_created"})
        .choice(r.list, "list", {"annotation", "generation", "pair-authoring"})
        .text(r.filter.title_contains, "q", fields::kTitleMax);
    return d.done(std::move(r));
}

template <>
Result<PicturePatch> decode<PicturePatch>(const LooseValue& v) {
    PicturePatch r;
    Decoder d(v);
    d.forbid("status",
             errors::invalid_field(
                 "status is changed by POST /api/pictures/:id/finish or /finish-annotation"))
        .text_change(r.title, "title", fields::kTitleMax)
        .boolean(r.objects_created, "objects_created");
    d.refuse_if(!v["objects_created"].is_missing() && !r.objects_created,
                errors::field("objects_created", errors::problem::not_boolean));
    return d.done(std::move(r));
}

}  // namespace ll
