#include "core/app/authoring/requests/generation.hpp"

#include "core/domain/content_states.hpp"

namespace ll {
namespace {

// The fields suggestions and generation share, read the same way for both.
Decoder& subject(Decoder& d, WordSubject& r) {
    d.id(r.object_id, "object_id").id(r.picture_id, "picture_id");
    return d.refuse_if(!r.object_id && !r.picture_id, fields::required("object_id or picture_id"))
        .refuse_if(r.object_id && r.picture_id, errors::give_one_of("object_id", "picture_id"))
        .integer(r.count, "count", 1, kMaxGeneratedWords, kDefaultGeneratedWords);
}

}  // namespace

template <>
Result<SuggestWords> decode<SuggestWords>(const LooseValue& v) {
    SuggestWords r;
    Decoder d(v);
    subject(d, r);
    return d.done(std::move(r));
}

template <>
Result<GenerateWords> decode<GenerateWords>(const LooseValue& v) {
    GenerateWords r;
    Decoder d(v);
    subject(d, r);
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
