#include "core/app/authoring/requests/pairs.hpp"

#include <fmt/format.h>

#include "core/domain/content_languages.hpp"

namespace ll {
namespace {

bool given(const LooseValue& v) {
    return !v.is_missing() && !v.is_null();
}

Result<std::vector<WordAdd>> words_add(const LooseValue& v) {
    std::vector<WordAdd> out;
    if (!given(v)) return out;
    if (!v.is_array()) return errors::field("words_add", errors::problem::not_array);
    for (std::size_t i = 0; i < v.items.size(); ++i) {
        const std::string at = fmt::format("words_add[{}]", i);
        const LooseValue& item = v.items[i];
        if (!item.is_object()) return errors::invalid_field(at + " must be an object");
        WordAdd add;
        std::string to;
        Decoder d(item, at + ".");
        d.required_id(add.word_id, "word_id")
            .required_choice(to, "link_to", {"question", "statement", "both"});
        if (d.error()) return *d.error();
        add.to_question = to != "statement";
        add.to_statement = to != "question";
        out.push_back(add);
    }
    return out;
}

StatementInput statement_input(const LooseValue& v) {
    if (!v.is_object()) return {{}, errors::field("statement", errors::problem::not_object)};
    return fields::defer(decode_statement_texts(v, "statement."));
}

QuestionInput question_input(const LooseValue& v) {
    if (!v.is_object()) return {{}, errors::field("question", errors::problem::not_object_or_null)};
    return fields::defer(decode_question_texts(v, "question."));
}

}  // namespace

template <>
Result<NewPair> decode<NewPair>(const LooseValue& v) {
    NewPair r;
    Decoder d(v);
    d.required_id(r.picture_id, "picture_id")
        .id(r.object_id, "object_id")
        .required_choice(r.answer_type, "answer_type", kAnswerTypes)
        .level(r.level)
        .id(r.statement_id, "statement_id")
        .id(r.question_id, "question_id");
    d.refuse_if(!given(v["statement"]) && !r.statement_id, fields::required("statement"))
        .refuse_if(given(v["statement"]) && r.statement_id,
                   errors::give_one_of("statement", "statement_id"))
        .refuse_if(given(v["question"]) && r.question_id,
                   errors::give_one_of("question", "question_id"))
        .read(r.words_add, [&] { return words_add(v["words_add"]); });
    if (given(v["statement"])) r.statement = statement_input(v["statement"]);
    if (given(v["question"])) r.question = question_input(v["question"]);
    return d.done(std::move(r));
}

template <>
Result<PairListQuery> decode<PairListQuery>(const LooseValue& v) {
    PairListQuery r;
    Decoder d(v);
    d.page(r.page)
        .id(r.filter.picture_id, "picture_id")
        .id(r.filter.object_id, "object_id")
        .choice(r.filter.status, "status", kReviewStatuses);
    return d.done(std::move(r));
}

template <>
Result<PairPatch> decode<PairPatch>(const LooseValue& v) {
    PairPatch r;
    Decoder d(v);
    d.forbid("status", errors::status_by_review_actions())
        .level(r.level)
        .not_null("level")
        .choice(r.answer_type, "answer_type", kAnswerTypes)
        .not_null("answer_type")
        .refuse_if(v["statement"].is_null(), errors::statement_cannot_be_removed())
        .read(r.words_add, [&] { return words_add(v["words_add"]); })
        .id_list(r.words_remove, "words_remove");
    if (!v["statement"].is_missing()) r.statement = statement_input(v["statement"]);
    if (!v["question"].is_missing()) {
        r.question.present = true;
        if (!v["question"].is_null()) r.question.value = question_input(v["question"]);
    }
    return d.done(std::move(r));
}

template <>
Result<PublishPipeline> decode<PublishPipeline>(const LooseValue& v) {
    PublishPipeline r;
    Decoder d(v);
    d.required_id(r.picture_id, "picture_id");
    return d.done(std::move(r));
}

template <>
Result<PairPreviewQuery> decode<PairPreviewQuery>(const LooseValue& v) {
    PairPreviewQuery r;
    std::optional<std::string> lang;
    std::optional<bool> draft;
    Decoder d(v);
    d.choice(lang, "lang", kContentLanguages).boolean(draft, "draft");
    d.refuse_if(!v["draft"].is_missing() && !draft,
                errors::field("draft", errors::problem::not_boolean));
    if (lang) r.lang = std::move(*lang);
    r.draft = draft.value_or(false);
    return d.done(std::move(r));
}

}  // namespace ll
