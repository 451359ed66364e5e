// Statements, questions and pairs (with their pair_categories) on SOCI.
#include <set>

#include "adapters/persistence/sql_content_tx.hpp"

namespace ll::sql {
namespace {

std::string statement_select(const DialectSql& d) {
    return "SELECT id, text_de, text_en, text_sv, status, " + d.ts_out("created_at") + ", " +
           d.ts_out("updated_at") + " FROM statements WHERE 1 = 1";
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
    return st;
}

std::string question_select(const DialectSql& d) {
    return "SELECT id, object_id, text_de, text_en, text_sv, short_answer_de, short_answer_en, "
           "short_answer_se, level, status, " +
           d.ts_out("created_at") + ", " + d.ts_out("updated_at") + " FROM questions WHERE 1 = 1";
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

std::string pair_select(const DialectSql& d) {
    return "SELECT id, picture_id, object_id, statement_id, question_id, answer_type, level, "
           "status, " +
           d.ts_out("created_at") + ", " + d.ts_out("updated_at") + " FROM pairs WHERE 1 = 1";
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
    return p;
}

void pair_filter(Query& q, const PairFilter& filter) {
    if (filter.picture_id) q << " AND picture_id = " << param(*filter.picture_id);
    if (filter.object_id) q << " AND object_id = " << param(*filter.object_id);
    if (filter.statement_id) q << " AND statement_id = " << param(*filter.statement_id);
    if (filter.question_id) q << " AND question_id = " << param(*filter.question_id);
    if (filter.status) q << " AND status = " << param(*filter.status);
}

}  // namespace

// ---- statements

Statement SqlContentTx::insert_statement(const Statement& statement) {
    Statement stored = statement;
    stored.id = new_id(IdSequence::statements);
    Query q = query();
    q << "INSERT INTO statements (id, text_de, text_en, text_sv, status, created_at, "
         "updated_at) VALUES ("
      << param(stored.id) << ", " << param(stored.text_de) << ", " << param(stored.text_en) << ", "
      << param(stored.text_sv) << ", " << param(stored.status) << ", " << ts(stored.created_at)
      << ", " << ts(stored.updated_at) << ")";
    q.run(s_);
    return stored;
}

std::optional<Statement> SqlContentTx::statement(Id id) {
    Query q = query();
    q << statement_select(d_) << " AND id = " << param(id);
    return row_as<Statement>(s_, q, statement_of);
}

void SqlContentTx::update_statement(const Statement& statement) {
    Query q = query();
    q << "UPDATE statements SET text_de = " << param(statement.text_de)
      << ", text_en = " << param(statement.text_en) << ", text_sv = " << param(statement.text_sv)
      << ", status = " << param(statement.status) << ", updated_at = " << ts(statement.updated_at)
      << " WHERE id = " << param(statement.id);
    q.run(s_);
}

std::vector<Statement> SqlContentTx::statements(const StatementFilter& filter, const Page& page) {
    Query q = query();
    q << statement_select(d_);
    if (filter.status) q << " AND status = " << param(*filter.status);
    page_tail(q, page);
    return rows_as<Statement>(s_, q, statement_of);
}

void SqlContentTx::delete_statement(Id id) {
    run_for("DELETE FROM statement_words WHERE statement_id = ", id);
    delete_audios_of("statements", id);
    run_for("UPDATE pairs SET statement_id = NULL WHERE statement_id = ", id);
    run_for("DELETE FROM statements WHERE id = ", id);
}

// ---- questions

Question SqlContentTx::insert_question(const Question& question) {
    Question stored = question;
    stored.id = new_id(IdSequence::questions);
    Query q = query();
    q << "INSERT INTO questions (id, object_id, text_de, text_en, text_sv, short_answer_de, "
         "short_answer_en, short_answer_se, level, status, created_at, updated_at) VALUES ("
      << param(stored.id) << ", " << param(stored.object_id) << ", " << param(stored.text_de)
      << ", " << param(stored.text_en) << ", " << param(stored.text_sv) << ", "
      << param(stored.short_answer_de) << ", " << param(stored.short_answer_en) << ", "
      << param(stored.short_answer_se) << ", " << param(stored.level) << ", "
      << param(stored.status) << ", " << ts(stored.created_at) << ", " << ts(stored.updated_at)
      << ")";
    q.run(s_);
    return stored;
}

std::optional<Question> SqlContentTx::question(Id id) {
    Query q = query();
    q << question_select(d_) << " AND id = " << param(id);
    return row_as<Question>(s_, q, question_of);
}

void SqlContentTx::update_question(const Question& question) {
    Query q = query();
    q << "UPDATE questions SET object_id = " << param(question.object_id)
      << ", text_de = " << param(question.text_de) << ", text_en = " << param(question.text_en)
      << ", text_sv = " << param(question.text_sv)
      << ", short_answer_de = " << param(question.short_answer_de)
      << ", short_answer_en = " << param(question.short_answer_en)
      << ", short_answer_se = " << param(question.short_answer_se)
      << ", level = " << param(question.level) << ", status = " << param(question.status)
      << ", updated_at = " << ts(question.updated_at) << " WHERE id = " << param(question.id);
    q.run(s_);
}

std::vector<Question> SqlContentTx::questions(const QuestionFilter& filter, const Page& page) {
    Query q = query();
    q << question_select(d_);
    if (filter.object_id) q << " AND object_id = " << param(*filter.object_id);
    if (filter.status) q << " AND status = " << param(*filter.status);
    page_tail(q, page);
    return rows_as<Question>(s_, q, question_of);
}

void SqlContentTx::delete_question(Id id) {
    run_for("DELETE FROM question_words WHERE question_id = ", id);
    delete_audios_of("questions", id);
    run_for("UPDATE pairs SET question_id = NULL WHERE question_id = ", id);
    run_for("DELETE FROM questions WHERE id = ", id);
}

// ---- pairs

Pair SqlContentTx::insert_pair(const Pair& pair) {
    Pair stored = pair;
    stored.id = new_id(IdSequence::pairs);
    Query q = query();
    q << "INSERT INTO pairs (id, picture_id, object_id, statement_id, question_id, answer_type, "
         "level, status, created_at, updated_at) VALUES ("
      << param(stored.id) << ", " << param(stored.picture_id) << ", " << param(stored.object_id)
      << ", " << param(stored.statement_id) << ", " << param(stored.question_id) << ", "
      << param(stored.answer_type) << ", " << param(stored.level) << ", " << param(stored.status)
      << ", " << ts(stored.created_at) << ", " << ts(stored.updated_at) << ")";
    q.run(s_);
    return stored;
}

std::optional<Pair> SqlContentTx::pair(Id id) {
    Query q = query();
    q << pair_select(d_) << " AND id = " << param(id);
    return row_as<Pair>(s_, q, pair_of);
}

void SqlContentTx::update_pair(const Pair& pair) {
    Query q = query();
    q << "UPDATE pairs SET picture_id = " << param(pair.picture_id)
      << ", object_id = " << param(pair.object_id)
      << ", statement_id = " << param(pair.statement_id)
      << ", question_id = " << param(pair.question_id)
      << ", answer_type = " << param(pair.answer_type) << ", level = " << param(pair.level)
      << ", status = " << param(pair.status) << ", updated_at = " << ts(pair.updated_at)
      << " WHERE id = " << param(pair.id);
    q.run(s_);
}

std::vector<Pair> SqlContentTx::pairs(const PairFilter& filter, const Page& page) {
    Query q = query();
    q << pair_select(d_);
    pair_filter(q, filter);
    page_tail(q, page);
    return rows_as<Pair>(s_, q, pair_of);
}

std::int64_t SqlContentTx::count_pairs(const PairFilter& filter) {
    Query q = query();
    q << "SELECT COUNT(*) FROM pairs WHERE 1 = 1";
    pair_filter(q, filter);
    return q.first_int(s_).value_or(0);
}

void SqlContentTx::delete_pair(Id id) {
    // The learners' progress on it goes with it (ON DELETE CASCADE).
    run_for("DELETE FROM pair_categories WHERE pair_id = ", id);
    run_for("DELETE FROM pairs WHERE id = ", id);
}

std::vector<Category> SqlContentTx::pair_categories(Id pair_id) {
    Query q = query();
    q << "SELECT c.id, c.titel_de FROM pair_categories pc JOIN categories c "
         "ON c.id = pc.category_id WHERE pc.pair_id = "
      << param(pair_id) << " ORDER BY c.id";
    return rows_as<Category>(s_, q, [](const soci::row& r) {
        Cells c(r);
        Category out;
        out.id = c.integer();
        out.titel_de = c.text();
        return out;
    });
}

// Only categories that exist are linked (read with the foreign key's own lock, so one whose
// delete commits meanwhile is skipped, write_categories says more); an unknown pair gets
// nothing.
void SqlContentTx::set_pair_categories(Id pair_id, const std::vector<Id>& category_ids) {
    if (!pair(pair_id)) return;
    run_for("DELETE FROM pair_categories WHERE pair_id = ", pair_id);
    const std::set<Id> unique(category_ids.begin(), category_ids.end());
    if (!unique.empty()) {
        Query q = query();
        q << "INSERT INTO pair_categories (pair_id, category_id) SELECT CAST(" << param(pair_id)
          << " AS BIGINT), id FROM categories WHERE id IN ";
        q.list(unique) << d_.for_key_share() << " ON CONFLICT DO NOTHING";
        q.run(s_);
    }
}

}  // namespace ll::sql
