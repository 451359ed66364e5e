// Statements and questions on SOCI: SqlContentTx's TextRows (core/ports/content/texts.hpp); the
// statements are db/queries/content_statements.sql and content_questions.sql.
#include "adapters/persistence/content/sql_content_tx.hpp"

namespace ll::sql {

Question question_of(const soci::row& r) {
    Cells c(r);
    Question q;
    q.id = c.integer();
    q.object_id = c.opt_integer();
    q.text_de = c.opt_text();
    q.text_en = c.opt_text();
    q.text_sv = c.opt_text();
    q.short_answer_de = c.opt_text();
    q.short_answer_en = c.opt_text();
    q.short_answer_se = c.opt_text();
    q.level = c.small();
    q.status = c.text();
    q.created_at = c.timestamp();
    q.updated_at = c.timestamp();
    if (c.null()) return q;  // no draft: d.question_id is NULL
    c.integer();
    QuestionDraft& d = q.draft.emplace();
    d.text_de = c.opt_text();
    d.text_en = c.opt_text();
    d.text_sv = c.opt_text();
    d.short_answer_de = c.opt_text();
    d.short_answer_en = c.opt_text();
    d.short_answer_se = c.opt_text();
    d.level = c.small();
    d.status = c.text();
    d.updated_at = c.timestamp();
    return q;
}

Statement statement_of(const soci::row& r) {
    Cells c(r);
    Statement st;
    st.id = c.integer();
    st.text_de = c.opt_text();
    st.text_en = c.opt_text();
    st.text_sv = c.opt_text();
    st.status = c.text();
    st.created_at = c.timestamp();
    st.updated_at = c.timestamp();
    if (c.null()) return st;  // no draft: d.statement_id is NULL
    c.integer();
    StatementDraft& d = st.draft.emplace();
    d.text_de = c.opt_text();
    d.text_en = c.opt_text();
    d.text_sv = c.opt_text();
    d.status = c.text();
    d.updated_at = c.timestamp();
    return st;
}
namespace {

// The columns insert and update write, bound by their names.
void bind_statement(Query& q, const Statement& st) {
    q.bind("id", param(st.id))
        .bind("text_de", param(st.text_de))
        .bind("text_en", param(st.text_en))
        .bind("text_sv", param(st.text_sv))
        .bind("status", param(st.status))
        .bind("updated_at", ts(st.updated_at));
}

void bind_question(Query& q, const Question& question) {
    q.bind("id", param(question.id))
        .bind("object_id", param(question.object_id))
        .bind("text_de", param(question.text_de))
        .bind("text_en", param(question.text_en))
        .bind("text_sv", param(question.text_sv))
        .bind("short_answer_de", param(question.short_answer_de))
        .bind("short_answer_en", param(question.short_answer_en))
        .bind("short_answer_se", param(question.short_answer_se))
        .bind("level", param(question.level))
        .bind("status", param(question.status))
        .bind("updated_at", ts(question.updated_at));
}

}  // namespace

Statement SqlContentTx::insert_statement(const Statement& statement) {
    Statement stored = statement;
    stored.id = new_id(IdSequence::statements);
    Query q = named("content_statements.insert");
    bind_statement(q, stored);
    q.bind("created_at", ts(stored.created_at)).run(s_);
    return stored;
}

std::optional<Statement> SqlContentTx::statement(Id id) {
    Query q = named("content_statements.find");
    q.bind("id", param(id));
    return row_as<Statement>(s_, q, statement_of);
}

void SqlContentTx::update_statement(const Statement& statement) {
    Query q = named("content_statements.update");
    bind_statement(q, statement);
    q.run(s_);
}

void SqlContentTx::set_statement_draft(Id id, const std::optional<StatementDraft>& draft) {
    if (!draft) return run_for("content_statements.drop_draft", id);
    Query q = named("content_statements.put_draft");
    q.bind("id", param(id))
        .bind("text_de", param(draft->text_de))
        .bind("text_en", param(draft->text_en))
        .bind("text_sv", param(draft->text_sv))
        .bind("status", param(draft->status))
        .bind("updated_at", ts(draft->updated_at))
        .run(s_);
}

std::vector<Statement> SqlContentTx::statements(const StatementFilter& filter, const Page& page) {
    Query q = named("content_statements.list");
    bind_filter(q, "status", filter.status);
    bind_page(q, page);
    return rows_as<Statement>(s_, q, statement_of);
}

void SqlContentTx::delete_statement(Id id) {
    run_for("content_statements.drop_draft", id);
    run_for("content_statements.delete_word_links", id);
    delete_audios_of("statements", id);
    run_for("content_statements.unlink_pairs", id);
    run_for("content_statements.delete", id);
}

Question SqlContentTx::insert_question(const Question& question) {
    Question stored = question;
    stored.id = new_id(IdSequence::questions);
    Query q = named("content_questions.insert");
    bind_question(q, stored);
    q.bind("created_at", ts(stored.created_at)).run(s_);
    return stored;
}

std::optional<Question> SqlContentTx::question(Id id) {
    Query q = named("content_questions.find");
    q.bind("id", param(id));
    return row_as<Question>(s_, q, question_of);
}

void SqlContentTx::update_question(const Question& question) {
    Query q = named("content_questions.update");
    bind_question(q, question);
    q.run(s_);
}

void SqlContentTx::set_question_draft(Id id, const std::optional<QuestionDraft>& draft) {
    if (!draft) return run_for("content_questions.drop_draft", id);
    Query q = named("content_questions.put_draft");
    q.bind("id", param(id))
        .bind("text_de", param(draft->text_de))
        .bind("text_en", param(draft->text_en))
        .bind("text_sv", param(draft->text_sv))
        .bind("short_answer_de", param(draft->short_answer_de))
        .bind("short_answer_en", param(draft->short_answer_en))
        .bind("short_answer_se", param(draft->short_answer_se))
        .bind("level", param(draft->level))
        .bind("status", param(draft->status))
        .bind("updated_at", ts(draft->updated_at))
        .run(s_);
}

std::vector<Question> SqlContentTx::questions(const QuestionFilter& filter, const Page& page) {
    Query q = named("content_questions.list");
    bind_filter(q, "object_id", filter.object_id);
    bind_filter(q, "status", filter.status);
    bind_page(q, page);
    return rows_as<Question>(s_, q, question_of);
}

void SqlContentTx::delete_question(Id id) {
    run_for("content_questions.drop_draft", id);
    run_for("content_questions.delete_word_links", id);
    delete_audios_of("questions", id);
    run_for("content_questions.unlink_pairs", id);
    run_for("content_questions.delete", id);
}

}  // namespace ll::sql
