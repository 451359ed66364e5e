#pragma once
// The requests of the object routes.
#include <optional>
#include <string>
#include <vector>

#include "core/app/authoring/requests/decoder.hpp"

namespace ll {

// POST /api/cms/objects. The selections are checked against the picture's size by the use case,
// after the picture is found.
struct NewObject {
    Id picture_id = 0;
    std::optional<Id> parent_id;
    std::optional<std::string> user_notes;
    fields::Deferred<std::vector<Selection>> selections;
};

struct ObjectListQuery {
    ObjectFilter filter;
    Page page;
};

// PATCH: `parent_id` null detaches; `selections` (when given) replace the object's.
struct ObjectPatch {
    fields::Change<Id> parent_id;
    fields::Change<std::string> user_notes;
    std::optional<fields::Deferred<std::vector<Selection>>> selections;
};

template <>
Result<NewObject> decode<NewObject>(const LooseValue& v);
template <>
Result<ObjectListQuery> decode<ObjectListQuery>(const LooseValue& v);
template <>
Result<ObjectPatch> decode<ObjectPatch>(const LooseValue& v);

}  // namespace ll
