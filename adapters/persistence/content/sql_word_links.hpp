#pragma once
// The word link tables (picture_words, object_words, question_words, statement_words), one
// descriptor each: one implementation lists, makes and deletes the links of every table
// (word_links.cpp), and a word's delete walks them all (words.cpp). The
// statements of a table are TABLE.OPERATION in db/queries/content_word_links.sql, its orphan
// purge purge_TABLE in content_maintenance.sql (by kLinkTables). A new word link table is one
// more descriptor here, visited by for_each_word_link_table, and its statements there.
#include <string>
#include <string_view>

#include "adapters/persistence/sql_ids.hpp"
#include "core/domain/content.hpp"

namespace ll::sql {

// A column of a link table besides id, the owner and word_id, and the member of Link it fills.
template <typename Link, typename T>
struct LinkColumn {
    const char* name = nullptr;  // also the name its value is bound by
    T Link::*member = nullptr;   // nullptr: the table has no such column
};

// One table of links between a word and the item that uses it (the owner). Link has `id` and
// `word_id`; (owner, word_id) is unique, with `key` when the table has one.
template <typename Link>
struct WordLinkTable {
    const char* table = nullptr;
    const char* owner_column = nullptr;  // picture_id, object_id, ...: its value's bind name
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
    .owner = &PictureWordLink::picture_id,
    .ids = IdSequence::picture_words,
};

inline constexpr WordLinkTable<ObjectWordLink> kObjectWords{
    .table = "object_words",
    .owner_column = "object_id",
    .owner = &ObjectWordLink::object_id,
    .ids = IdSequence::object_words,
    .flag = {"is_label", &ObjectWordLink::is_label},
};

// question_words and statement_words draw their ids from one sequence (sql_ids.hpp).
inline constexpr WordLinkTable<QuestionWordLink> kQuestionWords{
    .table = "question_words",
    .owner_column = "question_id",
    .owner = &QuestionWordLink::question_id,
    .ids = IdSequence::word_links,
    .key = {"role", &QuestionWordLink::role},
};

inline constexpr WordLinkTable<StatementWordLink> kStatementWords{
    .table = "statement_words",
    .owner_column = "statement_id",
    .owner = &StatementWordLink::statement_id,
    .ids = IdSequence::word_links,
};

// The name of the table's statement `operation` ("content_word_links.picture_words.find").
template <typename Link>
std::string link_statement(const WordLinkTable<Link>& t, std::string_view operation) {
    return std::string("content_word_links.") + t.table + "." + std::string(operation);
}

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
