#pragma once
// The requests of the statement and question routes, and the texts a pair's embedded statement
// and question carry.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/app/authoring/requests/decoder.hpp"

namespace ll {

// The texts of a statement, as a change: on a new statement (POST) or an existing one (PATCH).
struct StatementTexts {
    fields::Change<std::string> text_de, text_en, text_sv;
};
// The texts and level of a question, as a change.
struct QuestionTexts {
    fields::Change<std::string> text_de, text_en, text_sv;
    fields::Change<std::string> short_answer_de, short_answer_en, short_answer_se;
    std::optional<int> level;
};
// `prefix` names the fields in errors ("statement." gives "statement.text_de ...").
Result<StatementTexts> decode_statement_texts(const LooseValue& v, std::string_view prefix);
Result<QuestionTexts> decode_question_texts(const LooseValue& v, std::string_view prefix);

struct StatementListQuery {
    StatementFilter filter;
    Page page;
};

// PATCH: the texts' problems are answered after the statement is found.
struct StatementPatch {
    fields::Deferred<StatementTexts> texts;
};

struct NewQuestion {
    std::optional<Id> object_id;
    QuestionTexts texts;
};

struct QuestionListQuery {
    QuestionFilter filter;
    Page page;
};

// PATCH: `object_id` null detaches; the texts' problems are answered after the question (and the
// object) is found.
struct QuestionPatch {
    fields::Change<Id> object_id;
    fields::Deferred<QuestionTexts> texts;
};

struct PublishQuestions {
    std::vector<Id> ids;  // at least one
};

template <>
Result<StatementTexts> decode<StatementTexts>(const LooseValue& v);
template <>
Result<StatementListQuery> decode<StatementListQuery>(const LooseValue& v);
template <>
Result<StatementPatch> decode<StatementPatch>(const LooseValue& v);
template <>
Result<NewQuestion> decode<NewQuestion>(const LooseValue& v);
template <>
Result<QuestionListQuery> decode<QuestionListQuery>(const LooseValue& v);
template <>
Result<QuestionPatch> decode<QuestionPatch>(const LooseValue& v);
template <>
Result<PublishQuestions> decode<PublishQuestions>(const LooseValue& v);

}  // namespace ll
