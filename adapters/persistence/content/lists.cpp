// The studio's content lists on SOCI: SqlContentTx's ContentLists (core/ports/content/lists.hpp).
// The filter, the search and the order are put together here with only what was asked for (a
// static text's `(:x_given = 0 OR ...)` keeps SQLite from using an index; count_pairs in
// pairs.cpp says why); the page's rows are then read by id from db/queries/content_lists.sql.
//
// Search: a statement's or question's id found by its trigram index
// (db/migrations/*/0024_content_search.sql): FTS5's `MATCH` of the term as one phrase on SQLite,
// `ILIKE '%term%'` on the indexed expression on PostgreSQL.
#include <map>
#include <set>

#include "adapters/persistence/content/sql_content_tx.hpp"
#include "core/domain/content_languages.hpp"

namespace ll::sql {
namespace {

// Column names in the SQL text below come from kContentLanguages and these constants only,
// never from a request.

// The three texts of a table's row as PostgreSQL's trigram index holds them.
std::string pg_search_key(const std::string& row) {
    return "(coalesce(" + row + ".text_de, '') || E'\\n' || coalesce(" + row +
           ".text_en, '') || E'\\n' || coalesce(" + row + ".text_sv, ''))";
}

// FTS5's query for the term as one phrase: its double quotes doubled.
std::string fts_phrase(const std::string& term) {
    std::string out = "\"";
    for (const char c : term) {
        out += c;
        if (c == '"') out += '"';
    }
    return out + "\"";
}

// ILIKE's pattern for the term anywhere: its %, _ and \ taken literally.
std::string like_anywhere(const std::string& term) {
    std::string out = "%";
    for (const char c : term) {
        if (c == '%' || c == '_' || c == '\\') out += '\\';
        out += c;
    }
    return out + "%";
}

// `<id column> IN (the ids of `table` whose texts hold the term)`.
void found_in(Query& q, const DialectSql& d, const std::string& column, const std::string& table,
              const std::string& term) {
    q << column << " IN (";
    if (d.pg())
        q << "SELECT x.id FROM " << table << " x WHERE " << pg_search_key("x") << " ILIKE "
          << param(like_anywhere(term));
    else
        q << "SELECT rowid FROM " << table << "_search WHERE " << table << "_search MATCH "
          << param(fts_phrase(term));
    q << ")";
}

// The text column of `row` in the language holds no text (a missing row: none either).
std::string no_text(const DialectSql& d, const std::string& row, const std::string& language) {
    return "NOT " + d.has_text("COALESCE(" + row + ".text_" + language + ", '')");
}

// `row` (alias of `table`) has a text in the language without its audio.
void text_without_audio(Query& q, const DialectSql& d, const std::string& row,
                        const std::string& table, const std::string& language) {
    q << "(" << row << ".id IS NOT NULL AND "
      << d.has_text("COALESCE(" + row + ".text_" + language + ", '')")
      << " AND NOT EXISTS (SELECT 1 FROM audios a WHERE a.source_table = " << param(table)
      << " AND a.source_id = " << row << ".id AND a.source_field = " << param("text_" + language)
      << " AND a.language = " << param(language) << "))";
}

// FROM and WHERE of the pairs the filter lets through: `p` the pair, `st` its statement, `qu`
// its question.
void pairs_where(Query& q, const DialectSql& d, const PairListFilter& f) {
    q << " FROM pairs p LEFT JOIN statements st ON st.id = p.statement_id"
         " LEFT JOIN questions qu ON qu.id = p.question_id WHERE 1 = 1";
    if (f.status) q << " AND p.status = " << param(*f.status);
    if (f.level) q << " AND p.level = " << param(*f.level);
    if (f.answer_type) q << " AND p.answer_type = " << param(*f.answer_type);
    if (f.category_id)
        q << " AND EXISTS (SELECT 1 FROM pair_categories pc WHERE pc.pair_id = p.id"
             " AND pc.category_id = "
          << param(*f.category_id) << ")";
    if (f.text) {
        q << " AND (";
        found_in(q, d, "p.statement_id", "statements", *f.text);
        q << " OR ";
        found_in(q, d, "p.question_id", "questions", *f.text);
        q << ")";
    }
    if (!f.missing_text.empty()) {
        q << " AND (1 = 0";
        for (const std::string& l : f.missing_text)
            q << " OR st.id IS NULL OR " << no_text(d, "st", l) << " OR (qu.id IS NOT NULL AND "
              << no_text(d, "qu", l) << ")";
        q << ")";
    }
    if (!f.missing_audio.empty()) {
        q << " AND (1 = 0";
        for (const std::string& l : f.missing_audio) {
            q << " OR ";
            text_without_audio(q, d, "st", "statements", l);
            q << " OR ";
            text_without_audio(q, d, "qu", "questions", l);
        }
        q << ")";
    }
}

std::string order_by(const DialectSql& d, const ListOrder& order) {
    const std::string dir = order.descending ? " DESC" : "";
    switch (order.by) {
        case PairListSort::level:
            return "p.level" + dir + ", p.id";
        case PairListSort::updated:
            return "p.updated_at" + dir + ", p.id";
        case PairListSort::text:
            // Code point order on both (SQLite's BINARY; PostgreSQL's "C" whatever the
            // database's collation), as the memory store compares.
            return std::string("COALESCE(st.text_de, '')") + (d.pg() ? " COLLATE \"C\"" : "") +
                   dir + ", p.id";
        case PairListSort::id:
            break;
    }
    return "p.id" + dir;
}

// Rows of a statement of content_lists.sql for `ids`, keyed by their first column.
template <typename Row, typename Read>
std::map<Id, Row> by_id(soci::session& s, Query q, const std::set<Id>& ids, Read read) {
    std::map<Id, Row> out;
    if (ids.empty()) return out;
    q.bind_list("ids", ids);
    q.each(s, [&](const soci::row& r) {
        Row row = read(r);
        out.emplace(row.id, std::move(row));
    });
    return out;
}

}  // namespace

PairListPage SqlContentTx::pair_list(const PairListFilter& filter, const ListOrder& order,
                                     const ListWindow& window) {
    PairListPage out;
    {
        Query q = query();
        q << "SELECT COUNT(*)";
        pairs_where(q, d_, filter);
        out.total = q.first_int(s_).value_or(0);
    }
    std::vector<Id> ids;
    if (out.total > window.offset) {
        Query q = query();
        q << "SELECT p.id";
        pairs_where(q, d_, filter);
        q << " ORDER BY " << order_by(d_, order) << " LIMIT " << param(window.limit) << " OFFSET "
          << param(window.offset);
        q.each(s_, [&](const soci::row& r) { ids.push_back(Cells(r).integer()); });
    }
    if (ids.empty()) return out;

    const std::set<Id> pair_ids(ids.begin(), ids.end());
    const auto pairs = by_id<Pair>(s_, named("content_lists.pairs"), pair_ids, pair_of);
    std::set<Id> statement_ids, question_ids, picture_ids;
    for (const auto& [id, p] : pairs) {
        if (p.statement_id) statement_ids.insert(*p.statement_id);
        if (p.question_id) question_ids.insert(*p.question_id);
        if (p.picture_id) picture_ids.insert(*p.picture_id);
    }
    const auto statements =
        by_id<Statement>(s_, named("content_lists.statements"), statement_ids, statement_of);
    const auto questions =
        by_id<Question>(s_, named("content_lists.questions"), question_ids, question_of);
    std::map<Id, std::optional<std::string>> titles;
    if (!picture_ids.empty()) {
        Query q = named("content_lists.picture_titles");
        q.bind_list("ids", picture_ids);
        q.each(s_, [&](const soci::row& r) {
            Cells c(r);
            const Id id = c.integer();
            titles[id] = c.opt_text();
        });
    }
    std::map<Id, std::vector<Id>> categories;
    {
        Query q = named("content_lists.pair_categories");
        q.bind_list("ids", pair_ids);
        q.each(s_, [&](const soci::row& r) {
            Cells c(r);
            const Id pair = c.integer();
            categories[pair].push_back(c.integer());
        });
    }
    // (table, id, language) of each text's audio.
    std::set<std::tuple<std::string, Id, std::string>> audios;
    for (const auto& [table, item_ids] :
         {std::pair<std::string, const std::set<Id>*>{"statements", &statement_ids},
          std::pair<std::string, const std::set<Id>*>{"questions", &question_ids}}) {
        if (item_ids->empty()) continue;
        Query q = named("content_lists.text_audios");
        q.bind("source_table", param(table)).bind_list("ids", *item_ids);
        q.each(s_, [&](const soci::row& r) {
            Cells c(r);
            const Id id = c.integer();
            audios.emplace(table, id, c.text());
        });
    }
    const auto lacks_audio = [&](const auto* item, const std::string& table,
                                 const std::string& language) {
        return item && has_text(text_in(*item, language)) &&
               !audios.count({table, item->id, language});
    };

    for (const Id id : ids) {
        const auto p = pairs.find(id);
        if (p == pairs.end()) continue;  // removed since the ids were read: not in a snapshot
        PairListRow row;
        row.pair = p->second;
        if (row.pair.picture_id)
            if (const auto t = titles.find(*row.pair.picture_id); t != titles.end())
                row.picture_title = t->second;
        const Statement* st = nullptr;
        const Question* qu = nullptr;
        if (row.pair.statement_id)
            if (const auto it = statements.find(*row.pair.statement_id); it != statements.end())
                st = &it->second;
        if (row.pair.question_id)
            if (const auto it = questions.find(*row.pair.question_id); it != questions.end())
                qu = &it->second;
        if (st) row.statement = *st;
        if (qu) row.question = *qu;
        if (const auto c = categories.find(id); c != categories.end()) row.category_ids = c->second;
        for (const std::string_view code : kContentLanguages) {
            const std::string l(code);
            if (lacks_audio(st, "statements", l) || lacks_audio(qu, "questions", l))
                row.missing_audio.push_back(l);
        }
        out.rows.push_back(std::move(row));
    }
    return out;
}

}  // namespace ll::sql
