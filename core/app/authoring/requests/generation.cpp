#include "core/app/authoring/requests/generation.hpp"

#include "core/domain/content_states.hpp"

namespace ll {

template <>
Result<GenerateWords> decode<GenerateWords>(const LooseValue& v) {
    GenerateWords r;
    Decoder d(v);
    d.id(r.object_id, "object_id").id(r.picture_id, "picture_id");
    d.refuse_if(!r.object_id && !r.picture_id, fields::required("object_id or picture_id"))
        .refuse_if(r.object_id && r.picture_id, errors::give_one_of("object_id", "picture_id"))
        .integer(r.count, "count", 1, kMaxGeneratedWords, kDefaultGeneratedWords);
    std::optional<std::string> status;
    d.choice(status, "status", {"draft", "published"});
    r.status = status.value_or(status::kDraft);
    return d.done(std::move(r));
}

template <>
Result<GenerateQuestions> decode<GenerateQuestions>(const LooseValue& v) {
    GenerateQuestions r;
    Decoder d(v);
    d.integer(r.count, "count", 1, kMaxGeneratedQuestions, kDefaultGeneratedQuestions);
    return d.done(std::move(r));
}

}  // namespace ll
