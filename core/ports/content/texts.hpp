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
    virtual void update_statement(const Statement& statement) = 0;
    virtual std::vector<Statement> statements(const StatementFilter& filter, const Page& page) = 0;
    // The statement, its statement_words and audios; pairs get statement_id null.
    virtual void delete_statement(Id id) = 0;

    // ---- questions
    virtual Question insert_question(const Question& question) = 0;
    virtual std::optional<Question> question(Id id) = 0;
    virtual void update_question(const Question& question) = 0;
    virtual std::vector<Question> questions(const QuestionFilter& filter, const Page& page) = 0;
    // The question, its question_words and audios; pairs get question_id null.
    virtual void delete_question(Id id) = 0;
};

}  // namespace ll
