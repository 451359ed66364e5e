// The studio's content lists on SOCI: SqlContentTx's ContentLists (core/ports/content/lists.hpp).
// The filter, the search and the order are put together here with only what was asked for (a
// static text's `(:x_given = 0 OR ...)` keeps SQLite from using an index; count_pairs in
// pairs.cpp says why); the page's rows are then read by id from db/queries/content_lists.sql.
//
// Search: a statement's, question's or word's id found by its trigram index
// (db/migrations/*/0024_content_search.sql): FTS5's `MATCH` of the term as one phrase on SQLite,
// `ILIKE '%term%'` on the indexed expression on PostgreSQL.
#include <map>
#include <set>

#include "adapters/persistence/content/sql_content_tx.hpp"
#include "core/domain/audio_text.hpp"
#include "core/domain/content_languages.hpp"

namespace ll::sql {
namespace {

// Column names in the SQL text below come from kContentLanguages, spoken_field and these
// constants only, never from a request.

// The three texts of a row of `table` as PostgreSQL's trigram index holds them (title_* for
// words, text_* for the others: spoken_field).
std::string pg_search_key(const std::string& table, const std::string& row) {
    const auto text = [&](const char* language) {
        return "coalesce(" + row + "." + spoken_field(table, language) + ", '')";
    };
    return "(" + text("de") + " || E'\\n' || " + text("en") + " || E'\\n' || " + text("sv") + ")";
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
        q << "SELECT x.id FROM " << table << " x WHERE " << pg_search_key(table, "x") << " ILIKE "
          << param(like_anywhere(term));
    else
        q << "SELECT rowid FROM " << table << "_search WHERE " << table << "_search MATCH "
          << param(fts_phrase(term));
    q << ")";
}

// `row` (alias of `table`) has text in the language (a missing row: none).
std::string with_text(const DialectSql& d, const std::string& table, const std::string& row,
                      const std::string& language) {
    return d.has_text("COALESCE(" + row + "." + spoken_field(table, language) + ", '')");
}

// `row` (alias of `table`) has a text in the language without an audio that speaks it as it is
// now (core/domain/audio_text.hpp: never spoken, or spoken before the text changed).
void text_without_audio(Query& q, const DialectSql& d, const std::string& table,
                        const std::string& row, const std::string& language) {
    const std::string field = spoken_field(table, language);
    q << "(" << row << ".id IS NOT NULL AND " << with_text(d, table, row, language)
      << " AND NOT EXISTS (SELECT 1 FROM audios a WHERE a.source_table = " << param(table)
      << " AND a.source_id = " << row << ".id AND a.source_field = " << param(field)
      << " AND a.language = " << param(language) << " AND a.spoken_text = " << row << "." << field
      << "))";
}

// ` AND (one of the languages' `lacks(q, language)`)`; nothing when no language is asked for.
template <typename Lacks>
void any_language(Query& q, const std::vector<std::string>& languages, Lacks lacks) {
    if (languages.empty()) return;
    q << " AND (1 = 0";
    for (const std::string& l : languages) {
        q << " OR ";
        lacks(q, l);
    }
    q << ")";
}

// FROM and WHERE of the pairs the filter lets through: `p` the pair, `st` its statement, `qu`
// its question.
// `texts` false leaves the statements and questions out where nothing needs them: counting the
// pairs of a frequent term took a third longer with them (docs/performance.md "Content lists at
// 100,000 pairs").
void listed_pairs(Query& q, const DialectSql& d, const PairListFilter& f, bool texts) {
    texts = texts || !f.missing_text.empty() || !f.missing_audio.empty();
    q << " FROM pairs p";
    if (texts)
        q << " LEFT JOIN statements st ON st.id = p.statement_id"
             " LEFT JOIN questions qu ON qu.id = p.question_id";
    q << " WHERE 1 = 1";
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
    any_language(q, f.missing_text, [&](Query& q, const std::string& l) {
        q << "st.id IS NULL OR NOT " << with_text(d, "statements", "st", l)
          << " OR (qu.id IS NOT NULL AND NOT " << with_text(d, "questions", "qu", l) << ")";
    });
    any_language(q, f.missing_audio, [&](Query& q, const std::string& l) {
        text_without_audio(q, d, "statements", "st", l);
        q << " OR ";
        text_without_audio(q, d, "questions", "qu", l);
    });
    if (f.has_draft)
        q << (*f.has_draft ? " AND " : " AND NOT ")
          << "(EXISTS (SELECT 1 FROM statement_drafts sd WHERE sd.statement_id = p.statement_id)"
             " OR EXISTS (SELECT 1 FROM question_drafts qd WHERE qd.question_id = p.question_id))";
}

// ` AND [NOT] EXISTS (the item's draft)` of a statement or question `x`, when asked for.
void with_draft(Query& q, const std::string& table, const std::optional<bool>& has_draft) {
    if (!has_draft || (table != "statements" && table != "questions")) return;
    const std::string drafts = table == "statements" ? "statement_drafts" : "question_drafts";
    const std::string key = table == "statements" ? "statement_id" : "question_id";
    q << (*has_draft ? " AND " : " AND NOT ") << "EXISTS (SELECT 1 FROM " << drafts
      << " dr WHERE dr." << key << " = x.id)";
}

// FROM and WHERE of the words, statements or questions (`table`) the filter lets through (`x`):
// the category filter is the words' (word_categories), the level not the statements'.
void listed_items(Query& q, const DialectSql& d, const std::string& table,
                  const ItemListFilter& f) {
    q << " FROM " << table << " x WHERE 1 = 1";
    if (f.status) q << " AND x.status = " << param(*f.status);
    // The port's rule (core/ports/content/lists.hpp): a statement has no level, only words
    // have categories; the use cases take no such filter, and none reaches a table without it.
    if (f.level && table != "statements") q << " AND x.level = " << param(*f.level);
    if (f.category_id && table == "words")
        q << " AND EXISTS (SELECT 1 FROM word_categories wc WHERE wc.word_id = x.id"
             " AND wc.category_id = "
          << param(*f.category_id) << ")";
    if (f.text) {
        q << " AND ";
        found_in(q, d, "x.id", table, *f.text);
    }
    any_language(q, f.missing_text, [&](Query& q, const std::string& l) {
        q << "NOT " << with_text(d, table, "x", l);
    });
    any_language(q, f.missing_audio,
                 [&](Query& q, const std::string& l) { text_without_audio(q, d, table, "x", l); });
    with_draft(q, table, f.has_draft);
}

// ORDER BY of a list: `row` its rows' alias, `text` its German text's expression; a table
// without a level (the statements) is never sorted by it (the use case takes no such order).
std::string order_by(const DialectSql& d, const ListOrder& order, const std::string& row,
                     const std::string& text, bool has_level = true) {
    const std::string dir = order.descending ? " DESC" : "";
    switch (order.by) {
        case ListSort::level:
            if (!has_level) break;
            return row + ".level" + dir + ", " + row + ".id";
        case ListSort::updated:
            return row + ".updated_at" + dir + ", " + row + ".id";
        case ListSort::text:
            // Code point order on both (SQLite's BINARY; PostgreSQL's "C" whatever the
            // database's collation), as the memory store compares.
            return "COALESCE(" + text + ", '')" + (d.pg() ? " COLLATE \"C\"" : "") + dir + ", " +
                   row + ".id";
        case ListSort::id:
            break;
    }
    return row + ".id" + dir;
}

// The total and the window's ids of a list whose FROM and WHERE `where(q, ordered)` writes
// (`ordered`: for the window's statement, which also sorts).
template <typename Where>
std::pair<std::int64_t, std::vector<Id>> total_and_ids(soci::session& s, const DialectSql& d,
                                                       Where where, const std::string& id,
                                                       const std::string& order,
                                                       const ListWindow& window) {
    std::pair<std::int64_t, std::vector<Id>> out;
    {
        Query q(d);
        q << "SELECT COUNT(*)";
        where(q, false);
        out.first = q.first_int(s).value_or(0);
    }
    if (out.first > window.offset) {
        Query q(d);
        q << "SELECT " << id;
        where(q, true);
        q << " ORDER BY " << order << " LIMIT " << param(window.limit) << " OFFSET "
          << param(window.offset);
        q.each(s, [&](const soci::row& r) { out.second.push_back(Cells(r).integer()); });
    }
    return out;
}

// Rows of a statement of content_lists.sql for `ids`, keyed by their first column.
template <typename Row, typename Read>
std::map<Id, Row> by_id(soci::session& s, Query&& q, const std::set<Id>& ids, Read read) {
    std::map<Id, Row> out;
    if (ids.empty()) return out;
    q.bind_list("ids", ids);
    q.each(s, [&](const soci::row& r) {
        Row row = read(r);
        out.emplace(row.id, std::move(row));
    });
    return out;
}

// The text each audio of the texts of `ids` in `table` speaks (not of a question's short
// answers), by (id, language): content_lists.text_audios.
using Audios = std::map<std::pair<Id, std::string>, std::optional<std::string>>;

Audios text_audios(soci::session& s, Query&& q, const std::string& table, const std::set<Id>& ids) {
    Audios out;
    if (ids.empty()) return out;
    q.bind("source_table", param(table))
        .bind("field_prefix", param(spoken_field(table, "")))
        .bind_list("ids", ids);
    q.each(s, [&](const soci::row& r) {
        Cells c(r);
        const Id id = c.integer();
        std::string language = c.text();
        out.emplace(std::pair(id, std::move(language)), c.opt_text());
    });
    return out;
}

// The languages in which `text(language)` is written and `audios` has nothing for `id` that
// speaks it as it is now (core/domain/audio_text.hpp).
template <typename Text>
std::vector<std::string> unspoken(Id id, const Audios& audios, Text text) {
    std::vector<std::string> out;
    for (const std::string_view code : kContentLanguages) {
        const std::string l(code);
        const std::optional<std::string> written = text(l);
        if (!has_text(written)) continue;
        const auto audio = audios.find({id, l});
        if (audio == audios.end() || !speaks(audio->second, written)) out.push_back(l);
    }
    return out;
}

}  // namespace

PairListPage SqlContentTx::pair_list(const PairListFilter& filter, const ListOrder& order,
                                     const ListWindow& window) {
    PairListPage out;
    auto [total, ids] = total_and_ids(
        s_, d_,
        [&](Query& q, bool ordered) {
            listed_pairs(q, d_, filter, ordered && order.by == ListSort::text);
        },
        "p.id", order_by(d_, order, "p", "st.text_de"), window);
    out.total = total;
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
    const Audios statement_audios =
        text_audios(s_, named("content_lists.text_audios"), "statements", statement_ids);
    const Audios question_audios =
        text_audios(s_, named("content_lists.text_audios"), "questions", question_ids);

    for (const Id id : ids) {
        const auto p = pairs.find(id);
        if (p == pairs.end()) continue;  // removed since the ids were read: not in a snapshot
        PairListRow row;
        row.pair = p->second;
        if (row.pair.picture_id)
            if (const auto t = titles.find(*row.pair.picture_id); t != titles.end())
                row.picture_title = t->second;
        if (row.pair.statement_id)
            if (const auto it = statements.find(*row.pair.statement_id); it != statements.end())
                row.statement = it->second;
        if (row.pair.question_id)
            if (const auto it = questions.find(*row.pair.question_id); it != questions.end())
                row.question = it->second;
        if (const auto c = categories.find(id); c != categories.end()) row.category_ids = c->second;
        std::set<std::string> lacking;
        if (row.statement)
            for (auto& l : unspoken(row.statement->id, statement_audios, [&](const std::string& l) {
                     return text_in(*row.statement, l);
                 }))
                lacking.insert(l);
        if (row.question)
            for (auto& l : unspoken(row.question->id, question_audios, [&](const std::string& l) {
                     return text_in(*row.question, l);
                 }))
                lacking.insert(l);
        for (const std::string_view code : kContentLanguages)
            if (lacking.count(std::string(code))) row.missing_audio.emplace_back(code);
        out.rows.push_back(std::move(row));
    }
    return out;
}

namespace {

// One page of the words, statements or questions (`table`): `rows(ids)` reads the items of
// `ids`, each a row of its table as the store gives it.
template <typename Item, typename Rows>
ListPage<ItemListRow<Item>> item_list(soci::session& s, const DialectSql& d, Query&& audio_query,
                                      const std::string& table, const ItemListFilter& filter,
                                      const ListOrder& order, const ListWindow& window, Rows rows) {
    ListPage<ItemListRow<Item>> out;
    const std::string german = "x." + spoken_field(table, "de");
    auto [total, ids] = total_and_ids(
        s, d, [&](Query& q, bool) { listed_items(q, d, table, filter); }, "x.id",
        order_by(d, order, "x", german, table != "statements"), window);
    out.total = total;
    if (ids.empty()) return out;
    std::map<Id, Item> items;
    for (Item& item : rows(ids)) items.emplace(item.id, std::move(item));
    const Audios audios =
        text_audios(s, std::move(audio_query), table, std::set<Id>(ids.begin(), ids.end()));
    for (const Id id : ids) {
        const auto it = items.find(id);
        if (it == items.end()) continue;  // removed since the ids were read: not in a snapshot
        ItemListRow<Item> row;
        row.item = it->second;
        row.missing_audio =
            unspoken(id, audios, [&](const std::string& l) { return spoken_text(row.item, l); });
        out.rows.push_back(std::move(row));
    }
    return out;
}

// The rows of a statement of content_lists.sql for `ids`, in no order.
template <typename Item, typename Read>
std::vector<Item> rows_for(soci::session& s, Query&& q, const std::vector<Id>& ids, Read read) {
    std::vector<Item> out;
    for (auto& [id, item] :
         by_id<Item>(s, std::move(q), std::set<Id>(ids.begin(), ids.end()), read))
        out.push_back(std::move(item));
    return out;
}

}  // namespace

WordListPage SqlContentTx::word_list(const ItemListFilter& filter, const ListOrder& order,
                                     const ListWindow& window) {
    return item_list<Word>(s_, d_, named("content_lists.text_audios"), "words", filter, order,
                           window, [&](const std::vector<Id>& ids) { return words_by_ids(ids); });
}

StatementListPage SqlContentTx::statement_list(const ItemListFilter& filter, const ListOrder& order,
                                               const ListWindow& window) {
    return item_list<Statement>(s_, d_, named("content_lists.text_audios"), "statements", filter,
                                order, window, [&](const std::vector<Id>& ids) {
                                    return rows_for<Statement>(
                                        s_, named("content_lists.statements"), ids, statement_of);
                                });
}

QuestionListPage SqlContentTx::question_list(const ItemListFilter& filter, const ListOrder& order,
                                             const ListWindow& window) {
    return item_list<Question>(s_, d_, named("content_lists.text_audios"), "questions", filter,
                               order, window, [&](const std::vector<Id>& ids) {
                                   return rows_for<Question>(s_, named("content_lists.questions"),
                                                             ids, question_of);
                               });
}

}  // namespace ll::sql
