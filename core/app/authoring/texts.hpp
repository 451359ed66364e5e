#pragma once
// Statements (db_statement) and questions (db_question): the texts a pair is made of.
#include <vector>

#include "core/app/authoring/authoring_ports.hpp"
#include "core/app/authoring/requests/texts.hpp"
#include "core/app/authoring/unit_of_work.hpp"
#include "core/app/authoring/versions.hpp"

namespace ll {

// `{text_de?, text_en?, text_sv?}`, at least one text; starts as draft.
Result<Statement> create_statement(AuthoringPorts& ports, const StatementTexts& request);
Result<std::vector<Statement>> list_statements(AuthoringPorts& ports,
                                               const StatementListQuery& query);
Result<Statement> get_statement(AuthoringPorts& ports, Id id);
// `expected`: the If-Match versions (versions.hpp); another version is 412, nothing changed.
Result<Statement> patch_statement(AuthoringPorts& ports, Id id, const StatementPatch& patch,
                                  const VersionCondition& expected = {});
// Refused (409) while pairs use it; its word links and audios go with it.
Result<Done> delete_statement(AuthoringPorts& ports, Id id, const VersionCondition& expected = {});

// `{object_id?, text_de?, text_en?, text_sv?, short_answer_de?, short_answer_en?,
// short_answer_se?, level?}`, at least one text; starts as draft.
Result<Question> create_question(AuthoringPorts& ports, const NewQuestion& request);
Result<std::vector<Question>> list_questions(AuthoringPorts& ports, const QuestionListQuery& query);
Result<Question> get_question(AuthoringPorts& ports, Id id);
Result<Question> patch_question(AuthoringPorts& ports, Id id, const QuestionPatch& patch,
                                const VersionCondition& expected = {});
// Its word links and audios go with it; pairs that used it keep going without a question.
Result<Done> delete_question(AuthoringPorts& ports, Id id, const VersionCondition& expected = {});
// `{ids:[...]}`: every listed question that is not published yet is published, with its
// words, in one transaction; an unknown id changes nothing (404).
Result<std::vector<Question>> publish_questions(AuthoringPorts& ports,
                                                const PublishQuestions& request);

// ---- Shared with the pair routes: the texts of an embedded statement/question object, applied
// to an existing item (PATCH) or a new one; 400 when no text is left. `prefix` names the fields
// in errors ("statement." gives "statement.text_de, ... is required").
Result<Statement> apply_statement_texts(Statement s, const StatementTexts& texts,
                                        std::string_view prefix);
Result<Question> apply_question_texts(Question q, const QuestionTexts& texts,
                                      std::string_view prefix);

}  // namespace ll
