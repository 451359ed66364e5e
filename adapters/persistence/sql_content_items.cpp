// Statements, questions and pairs (with their pair_categories) on SOCI.
#include <set>

#include "adapters/persistence/sql_content_tx.hpp"

namespace ll::sql {
namespace {

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
    return st;
}

// The columns insert and update write, bound by their names.
void bind_statement(Query& q, const Statement& st) {
    q.bind("id", param(st.id))
        .bind("text_de", param(st.text_de))
        .bind("text_en", param(st.text_en))
        .bind("text_sv", param(st.text_sv))
        .bind("status", param(st.status))
        .bind("updated_at", ts(st.updated_at));
}

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
    return q;
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

Pair pair_of(const soci::row& r) {
    Cells c(r);
    Pair p;
    p.id = c.integer();
    p.picture_id = c.opt_integer();
    p.object_id = c.opt_integer();
    p.statement_id = c.opt_integer();
    p.question_id = c.opt_integer();
    p.answer_type = c.text();
    p.level = c.small();
    p.status = c.text();
    p.created_at = c.timestamp();
    p.updated_at = c.timestamp();
    p.revised_at = c.opt_timestamp();
    return p;
}

void bind_pair(Query& q, const Pair& p) {
    q.bind("id", param(p.id))
        .bind("picture_id", param(p.picture_id))
        .bind("object_id", param(p.object_id))
        .bind("statement_id", param(p.statement_id))
        .bind("question_id", param(p.question_id))
        .bind("answer_type", param(p.answer_type))
        .bind("level", param(p.level))
        .bind("status", param(p.status))
        .bind("updated_at", ts(p.updated_at))
        .bind("revised_at", ts(p.revised_at));
}

}  // namespace

// ---- statements

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

std::vector<Statement> SqlContentTx::statements(const StatementFilter& filter, const Page& page) {
    Query q = named("content_statements.list");
    bind_filter(q, "status", filter.status);
    bind_page(q, page);
    return rows_as<Statement>(s_, q, statement_of);
}

void SqlContentTx::delete_statement(Id id) {
    run_for("content_statements.delete_word_links", id);
    delete_audios_of("statements", id);
    run_for("content_statements.unlink_pairs", id);
    run_for("content_statements.delete", id);
}

// ---- questions

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

std::vector<Question> SqlContentTx::questions(const QuestionFilter& filter, const Page& page) {
    Query q = named("content_questions.list");
    bind_filter(q, "object_id", filter.object_id);
    bind_filter(q, "status", filter.status);
    bind_page(q, page);
    return rows_as<Question>(s_, q, question_of);
}

void SqlContentTx::delete_question(Id id) {
    run_for("content_questions.delete_word_links", id);
    delete_audios_of("questions", id);
    run_for("content_questions.unlink_pairs", id);
    run_for("content_questions.delete", id);
}

// ---- pairs

Pair SqlContentTx::insert_pair(const Pair& pair) {
    Pair stored = pair;
    stored.id = new_id(IdSequence::pairs);
    Query q = named("content_pairs.insert");
    bind_pair(q, stored);
    q.bind("created_at", ts(stored.created_at)).run(s_);
    return stored;
}

std::optional<Pair> SqlContentTx::pair(Id id) {
    Query q = named("content_pairs.find");
    q.bind("id", param(id));
    return row_as<Pair>(s_, q, pair_of);
}

void SqlContentTx::update_pair(const Pair& pair) {
    Query q = named("content_pairs.update");
    bind_pair(q, pair);
    q.run(s_);
}

std::vector<Pair> SqlContentTx::pairs(const PairFilter& filter, const Page& page) {
    Query q = named("content_pairs.list");
    bind_filter(q, "picture_id", filter.picture_id);
    bind_filter(q, "object_id", filter.object_id);
    bind_filter(q, "statement_id", filter.statement_id);
    bind_filter(q, "question_id", filter.question_id);
    bind_filter(q, "status", filter.status);
    bind_page(q, page);
    return rows_as<Pair>(s_, q, pair_of);
}

// Put together here, with only the filters given: it asks whether an item is still used by a
// pair (in every pair update and delete, drop_if_unused), by the pairs' sparse foreign keys.
// SQLite plans a statement once for any values, so a static text's `(:statement_id_given = 0 OR
// statement_id = :statement_id)` would scan every pair (EXPLAIN QUERY PLAN) where this searches
// their index; a list at least walks the primary key from its cursor.
std::int64_t SqlContentTx::count_pairs(const PairFilter& filter) {
    Query q = query();
    q << "SELECT COUNT(*) FROM pairs WHERE 1 = 1";
    if (filter.picture_id) q << " AND picture_id = " << param(*filter.picture_id);
    if (filter.object_id) q << " AND object_id = " << param(*filter.object_id);
    if (filter.statement_id) q << " AND statement_id = " << param(*filter.statement_id);
    if (filter.question_id) q << " AND question_id = " << param(*filter.question_id);
    if (filter.status) q << " AND status = " << param(*filter.status);
    return q.first_int(s_).value_or(0);
}

void SqlContentTx::delete_pair(Id id) {
    run_for("content_pairs.delete_category_links", id);
    run_for("content_pairs.delete", id);
}

std::vector<Category> SqlContentTx::pair_categories(Id pair_id) {
    Query q = named("content_pairs.categories");
    q.bind("pair_id", param(pair_id));
    return rows_as<Category>(s_, q, [](const soci::row& r) {
        Cells c(r);
        return read_category(c);
    });
}

// Only categories that exist are linked (content_locks.add_pair_categories); an unknown pair
// gets nothing.
void SqlContentTx::set_pair_categories(Id pair_id, const std::vector<Id>& category_ids) {
    if (!pair(pair_id)) return;
    run_for("content_pairs.delete_category_links", pair_id);
    const std::set<Id> unique(category_ids.begin(), category_ids.end());
    if (!unique.empty()) {
        Query q = named("content_locks.add_pair_categories");
        q.bind("pair_id", param(pair_id)).bind_list("category_ids", unique).run(s_);
    }
}

}  // namespace ll::sql
