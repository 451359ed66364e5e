#pragma once
// The word link tables (picture_words, object_words, question_words, statement_words), one
// descriptor each: one implementation lists, makes and deletes the links of every table
// (sql_content_links.cpp), and a word's delete and the orphan purge walk them all
// (sql_content_words.cpp, sql_content_maintenance.cpp). A new word link table is one more
// descriptor here, visited by for_each_word_link_table. Only these names enter SQL text.
#include <string>

#include "adapters/persistence/sql_ids.hpp"
#include "core/domain/content.hpp"

namespace ll::sql {

// A column of a link table besides id, the owner and word_id, and the member of Link it fills.
template <typename Link, typename T>
struct LinkColumn {
    const char* name = nullptr;
    T Link::*member = nullptr;  // nullptr: the table has no such column
};

// One table of links between a word and the item that uses it (the owner). Link has `id` and
// `word_id`; (owner, word_id) is unique, with `key` when the table has one.
template <typename Link>
struct WordLinkTable {
    const char* table = nullptr;
    const char* owner_column = nullptr;  // picture_id, object_id, ...
    const char* owner_table = nullptr;   // the table owner_column refers to
    Id Link::*owner = nullptr;
    IdSequence ids = IdSequence::word_links;
    // Text that is part of a link's identity (question_words.role).
    LinkColumn<Link, std::string> key = {};
    // A flag that linking an existing (owner, word) again sets as given (object_words.is_label).
    LinkColumn<Link, bool> flag = {};
};

inline constexpr WordLinkTable<PictureWordLink> kPictureWords{
    .table = "picture_words",
    .owner_column = "picture_id",
    .owner_table = "pictures",
    .owner = &PictureWordLink::picture_id,
    .ids = IdSequence::picture_words,
};

inline constexpr WordLinkTable<ObjectWordLink> kObjectWords{
    .table = "object_words",
    .owner_column = "object_id",
    .owner_table = "objects",
    .owner = &ObjectWordLink::object_id,
    .ids = IdSequence::object_words,
    .flag = {"is_label", &ObjectWordLink::is_label},
};

// question_words and statement_words draw their ids from one sequence (sql_ids.hpp).
inline constexpr WordLinkTable<QuestionWordLink> kQuestionWords{
    .table = "question_words",
    .owner_column = "question_id",
    .owner_table = "questions",
    .owner = &QuestionWordLink::question_id,
    .ids = IdSequence::word_links,
    .key = {"role", &QuestionWordLink::role},
};

inline constexpr WordLinkTable<StatementWordLink> kStatementWords{
    .table = "statement_words",
    .owner_column = "statement_id",
    .owner_table = "statements",
    .owner = &StatementWordLink::statement_id,
    .ids = IdSequence::word_links,
};

// Calls `visit` with every word link table's descriptor, in kLinkTables order
// (core/ports/content/maintenance.hpp).
template <typename Visit>
void for_each_word_link_table(Visit&& visit) {
    visit(kPictureWords);
    visit(kObjectWords);
    visit(kQuestionWords);
    visit(kStatementWords);
}

}  // namespace ll::sql
