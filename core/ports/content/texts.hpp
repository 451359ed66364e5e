#pragma once
// The texts: statements (db_statement) and questions (db_question), part of the content unit
// of work (core/ports/content_store.hpp).
#include <optional>
#include <string>
#include <vector>

#include "core/domain/content.hpp"
#include "core/ports/content/page.hpp"

namespace ll {

struct StatementFilter {
    std::optional<std::string> status;
};

struct QuestionFilter {
    std::optional<Id> object_id;
    std::optional<std::string> status;
};

class TextRows {
  public:
    virtual ~TextRows() = default;

    // ---- statements
    virtual Statement insert_statement(const Statement& statement) = 0;
    virtual std::optional<Statement> statement(Id id) = 0;
    // Its own row; `statement.draft` is not written here: set_statement_draft is.
    virtual void update_statement(const Statement& statement) = 0;
    // The draft beside a live statement (core/domain/text_drafts.hpp): set or replaced; nullopt
    // removes it. statement() and statements() show it as Statement::draft.
    virtual void set_statement_draft(Id id, const std::optional<StatementDraft>& draft) = 0;
    virtual std::vector<Statement> statements(const StatementFilter& filter, const Page& page) = 0;
    // The statement, its statement_words and audios; pairs get statement_id null.
    virtual void delete_statement(Id id) = 0;

    // ---- questions
    virtual Question insert_question(const Question& question) = 0;
    virtual std::optional<Question> question(Id id) = 0;
    virtual void update_question(const Question& question) = 0;  // not its draft (as above)
    virtual void set_question_draft(Id id, const std::optional<QuestionDraft>& draft) = 0;
    virtual std::vector<Question> questions(const QuestionFilter& filter, const Page& page) = 0;
    // The question, its question_words and audios; pairs get question_id null.
    virtual void delete_question(Id id) = 0;
};

}  // namespace ll
