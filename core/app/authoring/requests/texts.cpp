#include "core/app/authoring/requests/texts.hpp"

namespace ll {

Result<StatementTexts> decode_statement_texts(const LooseValue& v, std::string_view prefix) {
    StatementTexts r;
    Decoder d(v, std::string(prefix));
    d.text_change(r.text_de, "text_de", fields::kTextMax)
        .text_change(r.text_en, "text_en", fields::kTextMax)
        .text_change(r.text_sv, "text_sv", fields::kTextMax);
    return d.done(std::move(r));
}

Result<QuestionTexts> decode_question_texts(const LooseValue& v, std::string_view prefix) {
    QuestionTexts r;
    Decoder d(v, std::string(prefix));
    d.text_change(r.text_de, "text_de", fields::kTextMax)
        .text_change(r.text_en, "text_en", fields::kTextMax)
        .text_change(r.text_sv, "text_sv", fields::kTextMax)
        .text_change(r.short_answer_de, "short_answer_de", fields::kTitleMax)
        .text_change(r.short_answer_en, "short_answer_en", fields::kTitleMax)
        .text_change(r.short_answer_se, "short_answer_se", fields::kTitleMax)
        .level(r.level);
    return d.done(std::move(r));
}

template <>
Result<StatementTexts> decode<StatementTexts>(const LooseValue& v) {
    return decode_statement_texts(v, "");
}

template <>
Result<StatementListQuery> decode<StatementListQuery>(const LooseValue& v) {
    StatementListQuery r;
    Decoder d(v);
    d.page(r.page).choice(r.filter.status, "status", kReviewStatuses);
    return d.done(std::move(r));
}

template <>
Result<StatementPatch> decode<StatementPatch>(const LooseValue& v) {
    if (!v["status"].is_missing()) return errors::status_by_review_actions();
    return StatementPatch{fields::defer(decode_statement_texts(v, ""))};
}

template <>
Result<NewQuestion> decode<NewQuestion>(const LooseValue& v) {
    NewQuestion r;
    Decoder d(v);
    d.id(r.object_id, "object_id").read(r.texts, [&] { return decode_question_texts(v, ""); });
    return d.done(std::move(r));
}

template <>
Result<QuestionListQuery> decode<QuestionListQuery>(const LooseValue& v) {
    QuestionListQuery r;
    Decoder d(v);
    d.page(r.page)
        .id(r.filter.object_id, "object_id")
        .choice(r.filter.status, "status", kReviewStatuses);
    return d.done(std::move(r));
}

template <>
Result<QuestionPatch> decode<QuestionPatch>(const LooseValue& v) {
    QuestionPatch r;
    Decoder d(v);
    d.forbid("status", errors::status_by_review_actions()).id_change(r.object_id, "object_id");
    r.texts = fields::defer(decode_question_texts(v, ""));
    return d.done(std::move(r));
}

template <>
Result<PublishQuestions> decode<PublishQuestions>(const LooseValue& v) {
    PublishQuestions r;
    Decoder d(v);
    d.refuse_if(v["ids"].is_missing() || v["ids"].is_null(), fields::required("ids"))
        .id_list(r.ids, "ids");
    d.refuse_if(r.ids.empty(), errors::field("ids", errors::problem::empty_id_list));
    return d.done(std::move(r));
}

}  // namespace ll
