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

// The item has a text in the language and no audio of it.
template <typename Item>
bool lacks_audio(const ContentTables& t, const char* table, const Item* item,
                 const std::string& language) {
    return item && has_text(text_in(*item, language)) &&
           !has_audio(t, {table, item->id, "text_" + language, language});
}

bool lacks_audio(const ContentTables& t, const PairTexts& x, const std::string& language) {
    return lacks_audio(t, "statements", x.statement, language) ||
           lacks_audio(t, "questions", x.question, language);
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
    if (!f.missing_text.empty() &&
        std::none_of(f.missing_text.begin(), f.missing_text.end(),
                     [&](const std::string& l) { return lacks_text(x, l); }))
        return false;
    if (!f.missing_audio.empty() &&
        std::none_of(f.missing_audio.begin(), f.missing_audio.end(),
                     [&](const std::string& l) { return lacks_audio(t, x, l); }))
        return false;
    return true;
}

}  // namespace

PairListPage MemoryContentTx::pair_list(const PairListFilter& filter, const ListOrder& order,
                                        const ListWindow& window) {
    const std::optional<std::string> needle =
        filter.text ? std::optional<std::string>(fold_case(*filter.text)) : std::nullopt;
    std::vector<std::pair<const Pair*, PairTexts>> kept;
    for (const auto& [id, pair] : t_.pairs) {
        const PairTexts x = texts_of(t_, pair);
        if (keeps(t_, filter, pair, x, needle)) kept.emplace_back(&pair, x);
    }
    // The sort key's comparison: negative, zero or positive, as SQL's ORDER BY compares.
    const auto compare = [&](const auto& a, const auto& b) -> int {
        switch (order.by) {
            case PairListSort::level:
                return a.first->level - b.first->level;
            case PairListSort::updated:
                return a.first->updated_at < b.first->updated_at   ? -1
                       : b.first->updated_at < a.first->updated_at ? 1
                                                                   : 0;
            case PairListSort::text: {
                const auto text = [](const PairTexts& x) {
                    return x.statement ? x.statement->text_de.value_or("") : std::string();
                };
                return text(a.second).compare(text(b.second));
            }
            case PairListSort::id:
                break;
        }
        return 0;
    };
    std::stable_sort(kept.begin(), kept.end(), [&](const auto& a, const auto& b) {
        const int c = compare(a, b);
        if (c != 0) return order.descending ? c > 0 : c < 0;
        if (order.by == PairListSort::id)
            return order.descending ? a.first->id > b.first->id : a.first->id < b.first->id;
        return a.first->id < b.first->id;
    });
    PairListPage out;
    out.total = static_cast<std::int64_t>(kept.size());
    for (auto i = static_cast<std::size_t>(std::min<std::int64_t>(window.offset, out.total));
         i < kept.size() && static_cast<int>(out.rows.size()) < window.limit; ++i) {
        const auto& [pair, x] = kept[i];
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
        out.rows.push_back(std::move(row));
    }
    return out;
}

}  // namespace ll
