#pragma once
// The requests of the pair routes.
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/app/authoring/requests/texts.hpp"

namespace ll {

inline const std::initializer_list<std::string_view> kAnswerTypes = {"word", "question", "text",
                                                                     "yes_no"};

// `words_add[i]`: a word linked to the pair's question, statement or both.
struct WordAdd {
    Id word_id = 0;
    bool to_question = false;
    bool to_statement = false;
};

// An embedded `statement` or `question` object: its problems (not an object, a bad text) are
// answered where the use case reaches it, after the picture, the object and the ids are checked.
using StatementInput = fields::Deferred<StatementTexts>;
using QuestionInput = fields::Deferred<QuestionTexts>;

// POST /api/cms/db-pairs: `statement` or `statement_id` (one of them), `question` or
// `question_id` (at most one).
struct NewPair {
    Id picture_id = 0;
    std::optional<Id> object_id;
    std::string answer_type;
    std::optional<int> level;
    std::optional<Id> statement_id, question_id;
    std::optional<StatementInput> statement;  // given: neither missing nor null
    std::optional<QuestionInput> question;    // given: neither missing nor null
    std::vector<WordAdd> words_add;
};

struct PairListQuery {
    PairFilter filter;
    Page page;
};

// PATCH: `statement` changes (or creates) the pair's statement; `question` too, null removes it.
struct PairPatch {
    std::optional<int> level;
    std::optional<std::string> answer_type;
    std::optional<StatementInput> statement;
    fields::Change<QuestionInput> question;
    std::vector<WordAdd> words_add;
    std::vector<Id> words_remove;
};

// POST /api/pipeline/publish.
struct PublishPipeline {
    Id picture_id = 0;
};

// GET /api/cms/db-pairs/:id/preview?lang=: the feed language, de when not given.
struct PairPreviewQuery {
    std::string lang = "de";
    // The card as it will be once its texts' drafts are published (docs/authoring-guide.md
    // "Learner preview"), not as learners get it now.
    bool draft = false;
};

template <>
Result<NewPair> decode<NewPair>(const LooseValue& v);
template <>
Result<PairPreviewQuery> decode<PairPreviewQuery>(const LooseValue& v);
template <>
Result<PairListQuery> decode<PairListQuery>(const LooseValue& v);
template <>
Result<PairPatch> decode<PairPatch>(const LooseValue& v);
template <>
Result<PublishPipeline> decode<PublishPipeline>(const LooseValue& v);

}  // namespace ll
