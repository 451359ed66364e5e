// Words in memory: MemoryContentTx's WordRows (core/ports/content/words.hpp), unique by
// fold_case(title_de), and their categories.
#include <set>

#include "adapters/memory/content/memory_content_tx.hpp"
#include "core/domain/rules.hpp"

namespace ll {
namespace {

// The id of the word whose title_de folds to the same key, if any.
std::optional<Id> word_with_title(const ContentTables& t, std::string_view title_de) {
    const std::string key = fold_case(title_de);
    for (const auto& [id, word] : t.words) {
        if (fold_case(word.title_de) == key) return id;
    }
    return std::nullopt;
}

// Only categories that exist are linked, as the SQL stores' foreign keys have it.
void write_categories(ContentTables& t, Id word_id, const std::vector<Category>& categories) {
    std::erase_if(t.word_categories, [&](const auto& link) { return link.first == word_id; });
    for (const Category& category : categories) {
        if (t.categories.count(category.id)) t.word_categories.insert({word_id, category.id});
    }
}

}  // namespace

Word MemoryContentTx::with_categories(const Word& word) const {
    Word out = word;
    out.categories = categories_of(t_, t_.word_categories, word.id);
    return out;
}

std::optional<Word> MemoryContentTx::word(Id id) {
    const auto it = t_.words.find(id);
    return it == t_.words.end() ? std::nullopt : std::optional<Word>(with_categories(it->second));
}

std::optional<Word> MemoryContentTx::word_by_title(std::string_view title_de) {
    const auto id = word_with_title(t_, title_de);
    return id ? word(*id) : std::nullopt;
}

// The caller's transaction holds the backend's mutex: no other insert can come in between.
std::pair<Word, bool> MemoryContentTx::find_or_insert_word(const Word& word) {
    if (const auto existing = word_by_title(word.title_de)) return {*existing, false};
    ContentTables& t = rw();
    Word stored = word;
    stored.id = t.next.words++;
    stored.categories.clear();
    t.words[stored.id] = stored;
    write_categories(t, stored.id, word.categories);
    return {with_categories(stored), true};
}

bool MemoryContentTx::update_word(const Word& word) {
    const auto same_title = word_with_title(t_, word.title_de);
    if (same_title && *same_title != word.id) return false;
    const auto it = rw().words.find(word.id);
    if (it == t_.words.end()) return true;  // an unknown id: nothing to change
    const Timestamp created_at = it->second.created_at;
    it->second = word;
    it->second.created_at = created_at;
    it->second.categories.clear();
    write_categories(t_, word.id, word.categories);
    return true;
}

std::vector<Word> MemoryContentTx::words(const WordFilter& filter, const Page& page) {
    std::vector<Word> out =
        page_of(t_.words, page, [&](const Word& w) { return matches(filter.status, w.status); });
    for (Word& w : out) w = with_categories(w);
    return out;
}

std::vector<Word> MemoryContentTx::words_by_ids(const std::vector<Id>& ids) {
    std::vector<Word> out;
    for (Id id : std::set<Id>(ids.begin(), ids.end())) {
        if (auto w = word(id)) out.push_back(std::move(*w));
    }
    return out;
}

void MemoryContentTx::delete_word(Id id) {
    ContentTables& t = rw();
    if (!t.words.erase(id)) return;
    erase_rows(t.word_categories, [&](const auto& link) { return link.first == id; });
    for_each_word_link_table([&](const auto& links) {
        erase_rows(t.*links.rows, [&](const auto& row) { return row.second.word_id == id; });
    });
    delete_audios_of("words", id);
}

}  // namespace ll
