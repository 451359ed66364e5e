#include "core/app/authoring/requests/objects.hpp"

namespace ll {

template <>
Result<NewObject> decode<NewObject>(const LooseValue& v) {
    NewObject r;
    Decoder d(v);
    d.required_id(r.picture_id, "picture_id")
        .id(r.parent_id, "parent_id")
        .text(r.user_notes, "user_notes", fields::kNotesMax)
        .selections(r.selections, "selections");
    return d.done(std::move(r));
}

template <>
Result<ObjectListQuery> decode<ObjectListQuery>(const LooseValue& v) {
    ObjectListQuery r;
    Decoder d(v);
    d.page(r.page)
        .id(r.filter.picture_id, "picture_id")
        .choice(r.filter.status, "status", kReviewStatuses);
    return d.done(std::move(r));
}

template <>
Result<ObjectPatch> decode<ObjectPatch>(const LooseValue& v) {
    ObjectPatch r;
    Decoder d(v);
    d.forbid("status", errors::status_by_review_actions())
        .forbid("picture_id", errors::picture_cannot_change())
        .id_change(r.parent_id, "parent_id")
        .text_change(r.user_notes, "user_notes", fields::kNotesMax);
    if (!v["selections"].is_missing()) d.selections(r.selections.emplace(), "selections");
    return d.done(std::move(r));
}

}  // namespace ll
