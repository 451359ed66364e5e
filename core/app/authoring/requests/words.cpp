#include "core/app/authoring/requests/words.hpp"

#include <fmt/format.h>

#include "core/domain/content_states.hpp"

namespace ll {
namespace {

// The fields of a word to create. `level_required`: picture words and db-words need a level;
// an object's label word defaults to 1.
template <typename T>
Result<T> word_fields(const LooseValue& v, bool level_required, bool status_allowed) {
    T r;
    Decoder d(v);
    std::optional<int> level;
    d.required_text(r.word.title_de, "title_de", fields::kTitleMax)
        .text(r.word.title_en, "title_en", fields::kTitleMax)
        .text(r.word.title_sv, "title_sv", fields::kTitleMax)
        .level(level);
    d.refuse_if(!level && level_required, fields::required("level"));
    r.word.level = level.value_or(1);
    if (status_allowed) {
        std::optional<std::string> status;
        d.choice(status, "status", kWordStatuses);
        r.word.status = status.value_or(status::kDraft);
    }
    d.id_list(r.category_ids, "category_ids");
    return d.done(std::move(r));
}

}  // namespace

template <>
Result<NewWord> decode<NewWord>(const LooseValue& v) {
    return word_fields<NewWord>(v, true, true);
}

template <>
Result<PictureWord> decode<PictureWord>(const LooseValue& v) {
    return word_fields<PictureWord>(v, true, false);
}

template <>
Result<ObjectWord> decode<ObjectWord>(const LooseValue& v) {
    auto r = word_fields<ObjectWord>(v, false, false);
    if (!r) return r;
    std::optional<bool> is_label;
    Decoder d(v);
    d.boolean(is_label, "is_label");
    r->is_label = is_label.value_or(true);
    return d.done(std::move(r.value()));
}

template <>
Result<QuestionWord> decode<QuestionWord>(const LooseValue& v) {
    auto r = word_fields<QuestionWord>(v, false, false);
    if (!r) return r;
    std::optional<std::string> role;
    Decoder d(v);
    d.choice(role, "role", {kRoleAnswer, kRoleDistractor});
    // Required, and named with its choices when missing: the editor picks one of two.
    d.refuse_if(!role, errors::field("role", errors::problem::not_one_of(fmt::format(
                                                 "{}, {}", kRoleAnswer, kRoleDistractor))));
    r->role = role.value_or("");
    return d.done(std::move(r.value()));
}

template <>
Result<WordListQuery> decode<WordListQuery>(const LooseValue& v) {
    WordListQuery r;
    Decoder d(v);
    d.page(r.page).choice(r.filter.status, "status", kWordStatuses);
    return d.done(std::move(r));
}

template <>
Result<WordPatch> decode<WordPatch>(const LooseValue& v) {
    WordPatch r;
    Decoder d(v);
    d.forbid("status", errors::invalid_field(
                           "status is changed by POST /api/cms/db-words/:id/publish or /unpublish"))
        .text_change(r.title_de, "title_de", fields::kTitleMax);
    d.refuse_if(r.title_de.present && !r.title_de.value, fields::required("title_de"))
        .text_change(r.title_en, "title_en", fields::kTitleMax)
        .text_change(r.title_sv, "title_sv", fields::kTitleMax)
        .level(r.level)
        .not_null("level");
    if (!v["category_ids"].is_missing()) d.id_list(r.category_ids.emplace(), "category_ids");
    return d.done(std::move(r));
}

template <>
Result<NewCategory> decode<NewCategory>(const LooseValue& v) {
    NewCategory r;
    Decoder d(v);
    d.required_text(r.titel_de, "titel_de", fields::kTitleMax)
        .text_change(r.titel_en, "titel_en", fields::kTitleMax)
        .text_change(r.titel_sv, "titel_sv", fields::kTitleMax);
    return d.done(std::move(r));
}

}  // namespace ll
