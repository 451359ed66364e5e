// The link records between words and pictures, objects, questions and statements on SOCI.
// A link is looked up before it is inserted (a known link costs no id); the INSERT's
// ON CONFLICT DO NOTHING settles a concurrent insert of the same link, which the second
// lookup then finds.
#include "adapters/persistence/sql_content_tx.hpp"

namespace ll::sql {
namespace {

PictureWordLink picture_link_of(const soci::row& r) {
    Cells c(r);
    PictureWordLink l;
    l.id = c.integer();
    l.picture_id = c.integer();
    l.word_id = c.integer();
    return l;
}

ObjectWordLink object_link_of(const soci::row& r) {
    Cells c(r);
    ObjectWordLink l;
    l.id = c.integer();
    l.object_id = c.integer();
    l.word_id = c.integer();
    l.is_label = c.boolean();
    return l;
}

QuestionWordLink question_link_of(const soci::row& r) {
    Cells c(r);
    QuestionWordLink l;
    l.id = c.integer();
    l.question_id = c.integer();
    l.word_id = c.integer();
    l.role = c.text();
    return l;
}

StatementWordLink statement_link_of(const soci::row& r) {
    Cells c(r);
    StatementWordLink l;
    l.id = c.integer();
    l.statement_id = c.integer();
    l.word_id = c.integer();
    return l;
}

constexpr const char* kPictureLinks = "SELECT id, picture_id, word_id FROM picture_words WHERE ";
constexpr const char* kObjectLinks =
    "SELECT id, object_id, word_id, CASE WHEN is_label THEN 1 ELSE 0 END FROM object_words "
    "WHERE ";
constexpr const char* kQuestionLinks =
    "SELECT id, question_id, word_id, role FROM question_words WHERE ";
constexpr const char* kStatementLinks =
    "SELECT id, statement_id, word_id FROM statement_words WHERE ";

}  // namespace

// ---- picture_words

std::vector<PictureWordLink> SqlContentTx::picture_word_links(Id picture_id) {
    Query q = query();
    q << kPictureLinks << "picture_id = " << param(picture_id) << " ORDER BY id";
    return rows_as<PictureWordLink>(s_, q, picture_link_of);
}

std::pair<PictureWordLink, bool> SqlContentTx::link_picture_word(Id picture_id, Id word_id) {
    const auto find = [&] {
        Query q = query();
        q << kPictureLinks << "picture_id = " << param(picture_id)
          << " AND word_id = " << param(word_id);
        return row_as<PictureWordLink>(s_, q, picture_link_of);
    };
    if (auto existing = find()) return {*existing, false};
    const Id id = new_id(IdSequence::picture_words);
    Query q = query();
    q << "INSERT INTO picture_words (id, picture_id, word_id) VALUES (" << param(id) << ", "
      << param(picture_id) << ", " << param(word_id)
      << ") ON CONFLICT (picture_id, word_id) DO NOTHING RETURNING id";
    if (q.first_int(s_)) return {PictureWordLink{id, picture_id, word_id}, true};
    return {find().value(), false};
}

// ---- object_words

std::vector<ObjectWordLink> SqlContentTx::object_word_links(Id object_id) {
    Query q = query();
    q << kObjectLinks << "object_id = " << param(object_id) << " ORDER BY id";
    return rows_as<ObjectWordLink>(s_, q, object_link_of);
}

std::pair<ObjectWordLink, bool> SqlContentTx::link_object_word(Id object_id, Id word_id,
                                                               bool is_label) {
    const auto find = [&] {
        Query q = query();
        q << kObjectLinks << "object_id = " << param(object_id)
          << " AND word_id = " << param(word_id);
        return row_as<ObjectWordLink>(s_, q, object_link_of);
    };
    const auto relabel = [&](ObjectWordLink link) {
        if (link.is_label != is_label) {
            Query q = query();
            q << "UPDATE object_words SET is_label = " << param(is_label)
              << " WHERE id = " << param(link.id);
            q.run(s_);
            link.is_label = is_label;
        }
        return std::pair{link, false};
    };
    if (auto existing = find()) return relabel(*existing);
    const Id id = new_id(IdSequence::object_words);
    Query q = query();
    q << "INSERT INTO object_words (id, object_id, word_id, is_label) VALUES (" << param(id) << ", "
      << param(object_id) << ", " << param(word_id) << ", " << param(is_label)
      << ") ON CONFLICT (object_id, word_id) DO NOTHING RETURNING id";
    if (q.first_int(s_)) return {ObjectWordLink{id, object_id, word_id, is_label}, true};
    return relabel(find().value());
}

void SqlContentTx::delete_object_word_link(Id link_id) {
    run_for("DELETE FROM object_words WHERE id = ", link_id);
}

// ---- question_words (ids from the sequence shared with statement_words)

std::vector<QuestionWordLink> SqlContentTx::question_word_links(Id question_id) {
    Query q = query();
    q << kQuestionLinks << "question_id = " << param(question_id) << " ORDER BY id";
    return rows_as<QuestionWordLink>(s_, q, question_link_of);
}

std::pair<QuestionWordLink, bool> SqlContentTx::link_question_word(Id question_id, Id word_id,
                                                                   const std::string& role) {
    const auto find = [&] {
        Query q = query();
        q << kQuestionLinks << "question_id = " << param(question_id)
          << " AND word_id = " << param(word_id) << " AND role = " << param(role);
        return row_as<QuestionWordLink>(s_, q, question_link_of);
    };
    if (auto existing = find()) return {*existing, false};
    const Id id = new_id(IdSequence::word_links);
    Query q = query();
    q << "INSERT INTO question_words (id, question_id, word_id, role) VALUES (" << param(id) << ", "
      << param(question_id) << ", " << param(word_id) << ", " << param(role)
      << ") ON CONFLICT (question_id, word_id, role) DO NOTHING RETURNING id";
    if (q.first_int(s_)) return {QuestionWordLink{id, question_id, word_id, role}, true};
    return {find().value(), false};
}

void SqlContentTx::delete_question_word_link(Id link_id) {
    run_for("DELETE FROM question_words WHERE id = ", link_id);
}

// ---- statement_words (ids from the sequence shared with question_words)

std::vector<StatementWordLink> SqlContentTx::statement_word_links(Id statement_id) {
    Query q = query();
    q << kStatementLinks << "statement_id = " << param(statement_id) << " ORDER BY id";
    return rows_as<StatementWordLink>(s_, q, statement_link_of);
}

std::pair<StatementWordLink, bool> SqlContentTx::link_statement_word(Id statement_id, Id word_id) {
    const auto find = [&] {
        Query q = query();
        q << kStatementLinks << "statement_id = " << param(statement_id)
          << " AND word_id = " << param(word_id);
        return row_as<StatementWordLink>(s_, q, statement_link_of);
    };
    if (auto existing = find()) return {*existing, false};
    const Id id = new_id(IdSequence::word_links);
    Query q = query();
    q << "INSERT INTO statement_words (id, statement_id, word_id) VALUES (" << param(id) << ", "
      << param(statement_id) << ", " << param(word_id)
      << ") ON CONFLICT (statement_id, word_id) DO NOTHING RETURNING id";
    if (q.first_int(s_)) return {StatementWordLink{id, statement_id, word_id}, true};
    return {find().value(), false};
}

void SqlContentTx::delete_statement_word_link(Id link_id) {
    run_for("DELETE FROM statement_words WHERE id = ", link_id);
}

}  // namespace ll::sql
