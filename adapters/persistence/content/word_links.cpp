// Word links on SOCI: SqlContentTx's WordLinkRows (core/ports/content/word_links.hpp), one
// implementation for every word link table, driven by its descriptor (sql_word_links.hpp); the
// SQL is db/queries/content_word_links.sql, which says how a link is made.
#include "adapters/persistence/content/sql_content_tx.hpp"

// GCC 12 at -O2 warns (-Warray-bounds, -Wmaybe-uninitialized) inside the templates below when
// it inlines a key column's string copy for a link type that has no key column (PictureWordLink:
// three ids): the member pointer is null there and the copy never runs. A false positive with
// pointers to members; silenced for these templates only.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Warray-bounds"
#ifndef __clang__  // GCC's warning alone: clang does not know it (and its -Werror would stop)
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif

namespace ll::sql {
namespace {

// The columns id, <owner>, word_id[, <key>][, <flag> as 0/1].
template <typename Link>
Link link_of(const WordLinkTable<Link>& t, const soci::row& r) {
    Cells c(r);
    Link l;
    l.id = c.integer();
    l.*t.owner = c.integer();
    l.word_id = c.integer();
    if (t.key.member) l.*t.key.member = c.text();
    if (t.flag.member) l.*t.flag.member = c.boolean();
    return l;
}

// The owner, the word and the key of `link`, bound by their column names.
template <typename Link>
void bind_identity(Query& q, const WordLinkTable<Link>& t, const Link& link) {
    q.bind(t.owner_column, param(link.*t.owner)).bind("word_id", param(link.word_id));
    if (t.key.member) q.bind(t.key.name, param(link.*t.key.member));
}

}  // namespace

template <typename Link>
std::vector<Link> SqlContentTx::links_of(const WordLinkTable<Link>& t, Id owner_id) {
    Query q = named(link_statement(t, "list"));
    q.bind(t.owner_column, param(owner_id));
    return rows_as<Link>(s_, q, [&](const soci::row& r) { return link_of(t, r); });
}

template <typename Link>
std::pair<Link, bool> SqlContentTx::make_link(const WordLinkTable<Link>& t, const Link& wanted) {
    const auto find = [&] {
        Query q = named(link_statement(t, "find"));
        bind_identity(q, t, wanted);
        return row_as<Link>(s_, q, [&](const soci::row& r) { return link_of(t, r); });
    };
    // An existing link is returned as it is, but with the flag as wanted.
    const auto existing = [&](Link link) {
        if (t.flag.member && link.*t.flag.member != wanted.*t.flag.member) {
            Query q = named(link_statement(t, "set_flag"));
            q.bind(t.flag.name, param(wanted.*t.flag.member)).bind("id", param(link.id)).run(s_);
            link.*t.flag.member = wanted.*t.flag.member;
        }
        return std::pair{link, false};
    };
    if (auto found = find()) return existing(*found);
    Link made = wanted;
    made.id = new_id(t.ids);
    Query q = named(link_statement(t, "insert"));
    bind_identity(q, t, made);
    q.bind("id", param(made.id));
    if (t.flag.member) q.bind(t.flag.name, param(made.*t.flag.member));
    if (q.first_int(s_)) return {made, true};
    return existing(find().value());
}

template <typename Link>
void SqlContentTx::delete_link(const WordLinkTable<Link>& t, Id link_id) {
    run_for(link_statement(t, "delete"), link_id);
}

#pragma GCC diagnostic pop

std::vector<PictureWordLink> SqlContentTx::picture_word_links(Id picture_id) {
    return links_of(kPictureWords, picture_id);
}

std::pair<PictureWordLink, bool> SqlContentTx::link_picture_word(Id picture_id, Id word_id) {
    return make_link(kPictureWords, {0, picture_id, word_id});
}

void SqlContentTx::delete_picture_word_link(Id link_id) {
    delete_link(kPictureWords, link_id);
}

std::vector<ObjectWordLink> SqlContentTx::object_word_links(Id object_id) {
    return links_of(kObjectWords, object_id);
}

std::pair<ObjectWordLink, bool> SqlContentTx::link_object_word(Id object_id, Id word_id,
                                                               bool is_label) {
    return make_link(kObjectWords, {0, object_id, word_id, is_label});
}

void SqlContentTx::delete_object_word_link(Id link_id) {
    delete_link(kObjectWords, link_id);
}

std::vector<QuestionWordLink> SqlContentTx::question_word_links(Id question_id) {
    return links_of(kQuestionWords, question_id);
}

std::pair<QuestionWordLink, bool> SqlContentTx::link_question_word(Id question_id, Id word_id,
                                                                   const std::string& role) {
    return make_link(kQuestionWords, {0, question_id, word_id, role});
}

void SqlContentTx::delete_question_word_link(Id link_id) {
    delete_link(kQuestionWords, link_id);
}

std::vector<StatementWordLink> SqlContentTx::statement_word_links(Id statement_id) {
    return links_of(kStatementWords, statement_id);
}

std::pair<StatementWordLink, bool> SqlContentTx::link_statement_word(Id statement_id, Id word_id) {
    return make_link(kStatementWords, {0, statement_id, word_id});
}

void SqlContentTx::delete_statement_word_link(Id link_id) {
    delete_link(kStatementWords, link_id);
}

}  // namespace ll::sql
