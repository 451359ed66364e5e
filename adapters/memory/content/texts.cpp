// Statements and questions in memory: MemoryContentTx's TextRows (core/ports/content/texts.hpp).
#include "adapters/memory/content/memory_content_tx.hpp"

namespace ll {

Statement MemoryContentTx::insert_statement(const Statement& statement) {
    ContentTables& t = rw();
    Statement stored = statement;
    stored.id = t.next.statements++;
    stored.draft.reset();  // a new statement has none (set_statement_draft)
    t.statements[stored.id] = stored;
    return stored;
}

std::optional<Statement> MemoryContentTx::statement(Id id) {
    return find_row(t_.statements, id);
}

void MemoryContentTx::update_statement(const Statement& statement) {
    const auto it = rw().statements.find(statement.id);
    if (it == t_.statements.end()) return;
    const Timestamp created_at = it->second.created_at;
    auto draft = std::move(it->second.draft);
    it->second = statement;
    it->second.created_at = created_at;
    it->second.draft = std::move(draft);
}

void MemoryContentTx::set_statement_draft(Id id, const std::optional<StatementDraft>& draft) {
    const auto it = rw().statements.find(id);
    if (it != t_.statements.end()) it->second.draft = draft;
}

std::vector<Statement> MemoryContentTx::statements(const StatementFilter& filter,
                                                   const Page& page) {
    return page_of(t_.statements, page,
                   [&](const Statement& s) { return matches(filter.status, s.status); });
}

void MemoryContentTx::delete_statement(Id id) {
    ContentTables& t = rw();
    if (!t.statements.erase(id)) return;
    erase_rows(t.statement_words, [&](const auto& row) { return row.second.statement_id == id; });
    delete_audios_of("statements", id);
    for (auto& [pair_id, pair] : t.pairs) {
        if (pair.statement_id == id) pair.statement_id.reset();
    }
}

Question MemoryContentTx::insert_question(const Question& question) {
    ContentTables& t = rw();
    Question stored = question;
    stored.id = t.next.questions++;
    stored.draft.reset();
    t.questions[stored.id] = stored;
    return stored;
}

std::optional<Question> MemoryContentTx::question(Id id) {
    return find_row(t_.questions, id);
}

void MemoryContentTx::update_question(const Question& question) {
    const auto it = rw().questions.find(question.id);
    if (it == t_.questions.end()) return;
    const Timestamp created_at = it->second.created_at;
    auto draft = std::move(it->second.draft);
    it->second = question;
    it->second.created_at = created_at;
    it->second.draft = std::move(draft);
}

void MemoryContentTx::set_question_draft(Id id, const std::optional<QuestionDraft>& draft) {
    const auto it = rw().questions.find(id);
    if (it != t_.questions.end()) it->second.draft = draft;
}

std::vector<Question> MemoryContentTx::questions(const QuestionFilter& filter, const Page& page) {
    return page_of(t_.questions, page, [&](const Question& q) {
        return matches(filter.object_id, q.object_id) && matches(filter.status, q.status);
    });
}

void MemoryContentTx::delete_question(Id id) {
    ContentTables& t = rw();
    if (!t.questions.erase(id)) return;
    erase_rows(t.question_words, [&](const auto& row) { return row.second.question_id == id; });
    delete_audios_of("questions", id);
    for (auto& [pair_id, pair] : t.pairs) {
        if (pair.question_id == id) pair.question_id.reset();
    }
}

}  // namespace ll
