// The studio's content lists in memory: MemoryContentTx's ContentLists
// (core/ports/content/lists.hpp), each filter as the SQL adapter's query applies it.
#include <algorithm>

#include "adapters/memory/content/memory_content_tx.hpp"
#include "core/domain/content_languages.hpp"
#include "core/domain/rules.hpp"

namespace ll {
namespace {

// `needle` folded; found in one of the item's three texts, folded.
template <typename Item>
bool mentions(const Item& item, const std::string& needle) {
    for (const auto* text : {&item.text_de, &item.text_en, &item.text_sv})
        if (*text && fold_case(**text).find(needle) != std::string::npos) return true;
    return false;
}

struct PairTexts {
    const Statement* statement = nullptr;
    const Question* question = nullptr;
};

PairTexts texts_of(const ContentTables& t, const Pair& p) {
    PairTexts out;
    if (p.statement_id)
        if (const auto it = t.statements.find(*p.statement_id); it != t.statements.end())
            out.statement = &it->second;
    if (p.question_id)
        if (const auto it = t.questions.find(*p.question_id); it != t.questions.end())
            out.question = &it->second;
    return out;
}

bool lacks_text(const PairTexts& x, const std::string& language) {
    return !x.statement || !has_text(text_in(*x.statement, language)) ||
           (x.question && !has_text(text_in(*x.question, language)));
}

// The item (a row of `table`; none: false) has a text in the language and no audio that speaks
// it as it is now (never spoken, or spoken before the text changed).
template <typename Item>
bool lacks_audio(const ContentTables& t, const std::string& table, const Item* item,
                 const std::string& language) {
    if (!item) return false;
    const auto text = spoken_text(*item, language);
    return has_text(text) &&
           !has_current_audio(t, {table, item->id, spoken_field(table, language), language}, text);
}

bool lacks_audio(const ContentTables& t, const PairTexts& x, const std::string& language) {
    return lacks_audio(t, "statements", x.statement, language) ||
           lacks_audio(t, "questions", x.question, language);
}

// Any of the languages' `lacks(language)`; no languages asked for: true.
template <typename Lacks>
bool any_lacks(const std::vector<std::string>& languages, Lacks lacks) {
    return languages.empty() || std::any_of(languages.begin(), languages.end(), lacks);
}

// `rows` in the order asked for, ties by ascending id; `key(row)` gives (id, level, updated_at,
// German text).
template <typename Row, typename Key>
void sort_rows(std::vector<Row>& rows, const ListOrder& order, Key key) {
    const auto compare = [&](const Row& a, const Row& b) -> int {
        const auto ka = key(a), kb = key(b);
        switch (order.by) {
            case ListSort::level:
                return ka.level - kb.level;
            case ListSort::updated:
                return ka.updated < kb.updated ? -1 : kb.updated < ka.updated ? 1 : 0;
            case ListSort::text:
                return ka.text.compare(kb.text);
            case ListSort::id:
                return ka.id < kb.id ? -1 : ka.id > kb.id ? 1 : 0;
        }
        return 0;
    };
    std::stable_sort(rows.begin(), rows.end(), [&](const Row& a, const Row& b) {
        const int c = compare(a, b);
        if (c != 0) return order.descending ? c > 0 : c < 0;
        return key(a).id < key(b).id;
    });
}

struct SortKey {
    Id id;
    int level;
    Timestamp updated;
    std::string text;
};

// The window's rows of `rows`, each made by `make(row)`.
template <typename Out, typename Row, typename Make>
std::vector<Out> window_of(const std::vector<Row>& rows, const ListWindow& window, Make make) {
    std::vector<Out> out;
    const auto total = static_cast<std::int64_t>(rows.size());
    for (auto i = static_cast<std::size_t>(std::min(window.offset, total));
         i < rows.size() && static_cast<int>(out.size()) < window.limit; ++i)
        out.push_back(make(rows[i]));
    return out;
}

bool keeps(const ContentTables& t, const PairListFilter& f, const Pair& p, const PairTexts& x,
           const std::optional<std::string>& needle) {
    if (f.status && p.status != *f.status) return false;
    if (f.level && p.level != *f.level) return false;
    if (f.answer_type && p.answer_type != *f.answer_type) return false;
    if (f.category_id && !t.pair_categories.count({p.id, *f.category_id})) return false;
    if (needle && !((x.statement && mentions(*x.statement, *needle)) ||
                    (x.question && mentions(*x.question, *needle))))
        return false;
    const bool drafted = (x.statement && x.statement->draft) || (x.question && x.question->draft);
    if (f.has_draft && drafted != *f.has_draft) return false;
    return any_lacks(f.missing_text, [&](const std::string& l) { return lacks_text(x, l); }) &&
           any_lacks(f.missing_audio, [&](const std::string& l) { return lacks_audio(t, x, l); });
}

}  // namespace

PairListPage MemoryContentTx::pair_list(const PairListFilter& filter, const ListOrder& order,
                                        const ListWindow& window) {
    const std::optional<std::string> needle =
        filter.text ? std::optional<std::string>(fold_case(*filter.text)) : std::nullopt;
    using Kept = std::pair<const Pair*, PairTexts>;
    std::vector<Kept> kept;
    for (const auto& [id, pair] : t_.pairs) {
        const PairTexts x = texts_of(t_, pair);
        if (keeps(t_, filter, pair, x, needle)) kept.emplace_back(&pair, x);
    }
    sort_rows(kept, order, [](const Kept& k) {
        return SortKey{k.first->id, k.first->level, k.first->updated_at,
                       k.second.statement ? k.second.statement->text_de.value_or("") : ""};
    });
    PairListPage out;
    out.total = static_cast<std::int64_t>(kept.size());
    out.rows = window_of<PairListRow>(kept, window, [&](const Kept& k) {
        const auto& [pair, x] = k;
        PairListRow row;
        row.pair = *pair;
        if (pair->picture_id)
            if (const auto it = t_.pictures.find(*pair->picture_id); it != t_.pictures.end())
                row.picture_title = it->second.title;
        if (x.statement) row.statement = *x.statement;
        if (x.question) row.question = *x.question;
        for (const auto& c : categories_of(t_, t_.pair_categories, pair->id))
            row.category_ids.push_back(c.id);
        for (const std::string_view l : kContentLanguages)
            if (lacks_audio(t_, x, std::string(l))) row.missing_audio.emplace_back(l);
        return row;
    });
    return out;
}

namespace {

int level_of(const Word& w) {
    return w.level;
}
int level_of(const Question& q) {
    return q.level;
}
int level_of(const Statement&) {
    return 0;  // none: the statements' list is never sorted by level, its filter is ignored
}
bool has_level(const Statement&) {
    return false;
}
template <typename Item>
bool has_level(const Item&) {
    return true;
}
bool has_draft(const Word&) {
    return false;  // words have none (the filter is refused for them)
}
template <typename Item>
bool has_draft(const Item& item) {
    return item.draft.has_value();
}

// The list of `items` (rows of `table`): `in_category(item, id)` for the category filter,
// `stored(item)` the row as the store gives it (a word with its categories).
template <typename Item, typename InCategory, typename Stored>
ListPage<ItemListRow<Item>> item_list(const ContentTables& t, const std::map<Id, Item>& items,
                                      const std::string& table, const ItemListFilter& f,
                                      const ListOrder& order, const ListWindow& window,
                                      InCategory in_category, Stored stored) {
    const std::optional<std::string> needle =
        f.text ? std::optional<std::string>(fold_case(*f.text)) : std::nullopt;
    const auto unspoken = [&](const Item& item, const std::string& l) {
        return lacks_audio(t, table, &item, l);
    };
    std::vector<const Item*> kept;
    for (const auto& entry : items) {
        const Item& item = entry.second;  // not a structured binding: lambdas below capture it
        if ((f.status && item.status != *f.status) ||
            (f.level && has_level(item) && level_of(item) != *f.level) ||
            (f.category_id && !in_category(item, *f.category_id)))
            continue;
        if (needle) {
            bool found = false;
            for (const std::string_view l : kContentLanguages) {
                const auto text = spoken_text(item, l);
                found = found || (text && fold_case(*text).find(*needle) != std::string::npos);
            }
            if (!found) continue;
        }
        if (f.has_draft && has_draft(item) != *f.has_draft) continue;
        if (!any_lacks(f.missing_text,
                       [&](const std::string& l) { return !has_text(spoken_text(item, l)); }) ||
            !any_lacks(f.missing_audio, [&](const std::string& l) { return unspoken(item, l); }))
            continue;
        kept.push_back(&item);
    }
    // Items without a level sorted by it: by id, as the SQL store does.
    ListOrder effective = order;
    if (order.by == ListSort::level && !has_level(Item{})) effective.by = ListSort::id;
    sort_rows(kept, effective, [](const Item* item) {
        return SortKey{item->id, level_of(*item), item->updated_at,
                       spoken_text(*item, "de").value_or("")};
    });
    ListPage<ItemListRow<Item>> out;
    out.total = static_cast<std::int64_t>(kept.size());
    out.rows = window_of<ItemListRow<Item>>(kept, window, [&](const Item* item) {
        ItemListRow<Item> row;
        row.item = stored(*item);
        for (const std::string_view l : kContentLanguages)
            if (unspoken(*item, std::string(l))) row.missing_audio.emplace_back(l);
        return row;
    });
    return out;
}

}  // namespace

WordListPage MemoryContentTx::word_list(const ItemListFilter& f, const ListOrder& order,
                                        const ListWindow& window) {
    return item_list(
        t_, t_.words, "words", f, order, window,
        [&](const Word& w, Id category) {
            return t_.word_categories.count({w.id, category}) > 0;
        },
        [&](const Word& w) { return with_categories(w); });
}

// Statements and questions have no categories: a category filter never reaches them (the use
// case takes none) and is ignored here, as in the SQL store.
StatementListPage MemoryContentTx::statement_list(const ItemListFilter& f, const ListOrder& order,
                                                  const ListWindow& window) {
    return item_list(
        t_, t_.statements, "statements", f, order, window,
        [](const Statement&, Id) { return true; }, [](const Statement& s) { return s; });
}

QuestionListPage MemoryContentTx::question_list(const ItemListFilter& f, const ListOrder& order,
                                                const ListWindow& window) {
    return item_list(
        t_, t_.questions, "questions", f, order, window, [](const Question&, Id) { return true; },
        [](const Question& q) { return q; });
}

}  // namespace ll
