#pragma once
// The in-memory word link tables (picture_words, object_words, question_words,
// statement_words), one descriptor each: one implementation lists, makes and deletes the links
// of every table (word_links.cpp), and a word's delete and the orphan purge walk
// them all (words.cpp, maintenance.cpp). A new word link table is
// one more descriptor here, visited by for_each_word_link_table.
#include <map>
#include <string>

#include "adapters/memory/content/memory_content_tables.hpp"

namespace ll {

// One table of links between a word and the item that uses it (the owner, an Owner in
// `owners`). Link has `id` and `word_id`; (owner, word_id) is unique, with `key` when the table
// has one.
template <typename Link, typename Owner>
struct MemoryWordLinkTable {
    const char* table = nullptr;
    std::map<Id, Link> ContentTables::*rows = nullptr;
    Id ContentSequences::*next_id = nullptr;
    std::map<Id, Owner> ContentTables::*owners = nullptr;
    Id Link::*owner = nullptr;
    // Text that is part of a link's identity (question_words.role).
    std::string Link::*key = nullptr;
    // A flag that linking an existing (owner, word) again sets as given; at most one link of
    // an owner has it set, as the schema's partial unique index says (object_words.is_label).
    bool Link::*flag = nullptr;
};

inline constexpr MemoryWordLinkTable<PictureWordLink, Picture> kPictureWords{
    .table = "picture_words",
    .rows = &ContentTables::picture_words,
    .next_id = &ContentSequences::picture_words,
    .owners = &ContentTables::pictures,
    .owner = &PictureWordLink::picture_id,
};

inline constexpr MemoryWordLinkTable<ObjectWordLink, ContentObject> kObjectWords{
    .table = "object_words",
    .rows = &ContentTables::object_words,
    .next_id = &ContentSequences::object_words,
    .owners = &ContentTables::objects,
    .owner = &ObjectWordLink::object_id,
    .flag = &ObjectWordLink::is_label,
};

// question_words and statement_words draw their ids from one sequence.
inline constexpr MemoryWordLinkTable<QuestionWordLink, Question> kQuestionWords{
    .table = "question_words",
    .rows = &ContentTables::question_words,
    .next_id = &ContentSequences::word_links,
    .owners = &ContentTables::questions,
    .owner = &QuestionWordLink::question_id,
    .key = &QuestionWordLink::role,
};

inline constexpr MemoryWordLinkTable<StatementWordLink, Statement> kStatementWords{
    .table = "statement_words",
    .rows = &ContentTables::statement_words,
    .next_id = &ContentSequences::word_links,
    .owners = &ContentTables::statements,
    .owner = &StatementWordLink::statement_id,
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

}  // namespace ll
