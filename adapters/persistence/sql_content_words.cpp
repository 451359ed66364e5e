// Words on SOCI: unique by title_de_key = fold_case(title_de), written here (never SQL lower(),
// which folds differently in the two dialects), and their categories.
#include <map>
#include <set>
#include <stdexcept>

#include "adapters/persistence/sql_content_tx.hpp"
#include "core/domain/rules.hpp"

namespace ll::sql {
namespace {

// Bound values per IN list: far below both dialects' limits on parameters.
constexpr std::size_t kInChunk = 500;

std::string word_select(const DialectSql& d) {
    return "SELECT id, title_de, title_en, title_sv, level, status, " + d.ts_out("created_at") +
           ", " + d.ts_out("updated_at") + " FROM words WHERE 1 = 1";
}

Word word_of(const soci::row& r) {
    Cells c(r);
    Word w;
    w.id = c.integer();
    w.title_de = c.text();
    w.title_en = c.opt_text();
    w.title_sv = c.opt_text();
    w.level = c.small();
    w.status = c.text();
    w.created_at = c.timestamp();
    w.updated_at = c.timestamp();
    return w;
}

template <typename T>
std::vector<std::vector<T>> chunks(const std::vector<T>& all) {
    std::vector<std::vector<T>> out;
    for (std::size_t i = 0; i < all.size(); i += kInChunk) {
        out.emplace_back(
            all.begin() + static_cast<std::ptrdiff_t>(i),
            all.begin() + static_cast<std::ptrdiff_t>(std::min(all.size(), i + kInChunk)));
    }
    return out;
}

std::vector<Id> category_ids(const std::vector<Category>& categories) {
    std::set<Id> unique;
    for (const Category& c : categories) unique.insert(c.id);
    return {unique.begin(), unique.end()};
}

}  // namespace

void SqlContentTx::attach_categories(std::vector<Word>& words) {
    std::vector<Id> ids;
    for (const Word& w : words) ids.push_back(w.id);
    std::map<Id, std::vector<Category>> by_word;
    for (const auto& chunk : chunks(ids)) {
        Query q = query();
        q << "SELECT wc.word_id, c.id, c.titel_de FROM word_categories wc "
             "JOIN categories c ON c.id = wc.category_id WHERE wc.word_id IN ";
        q.list(chunk) << " ORDER BY wc.word_id, c.id";
        q.each(s_, [&](const soci::row& r) {
            Cells c(r);
            const Id word = c.integer();
            Category category;
            category.id = c.integer();
            category.titel_de = c.text();
            by_word[word].push_back(std::move(category));
        });
    }
    for (Word& w : words) {
        const auto it = by_word.find(w.id);
        w.categories = it == by_word.end() ? std::vector<Category>{} : it->second;
    }
}

std::vector<Word> SqlContentTx::words_where(Query& q) {
    std::vector<Word> out = rows_as<Word>(s_, q, word_of);
    if (!out.empty()) attach_categories(out);
    return out;
}

std::optional<Word> SqlContentTx::word(Id id) {
    Query q = query();
    q << word_select(d_) << " AND id = " << param(id);
    std::vector<Word> found = words_where(q);
    return found.empty() ? std::nullopt : std::optional<Word>(std::move(found.front()));
}

std::optional<Word> SqlContentTx::word_by_title(std::string_view title_de) {
    Query q = query();
    q << word_select(d_) << " AND title_de_key = " << param(fold_case(title_de));
    std::vector<Word> found = words_where(q);
    return found.empty() ? std::nullopt : std::optional<Word>(std::move(found.front()));
}

// Replaces the word's categories by those of `categories` that exist. The categories are
// read with the foreign key's own lock: a category whose delete commits meanwhile is skipped
// instead of failing the foreign key.
void SqlContentTx::write_categories(Id word_id, const std::vector<Category>& categories) {
    run_for("DELETE FROM word_categories WHERE word_id = ", word_id);
    const std::vector<Id> ids = category_ids(categories);
    for (const auto& chunk : chunks(ids)) {
        Query q = query();
        q << "INSERT INTO word_categories (word_id, category_id) SELECT CAST(" << param(word_id)
          << " AS BIGINT), id FROM categories WHERE id IN ";
        q.list(chunk) << d_.for_key_share() << " ON CONFLICT DO NOTHING";
        q.run(s_);
    }
}

// The title is looked up first, so a known word costs no id. The unique key settles a race:
// a concurrent transaction inserting the same key makes this INSERT wait for it and then do
// nothing (PostgreSQL, READ COMMITTED), and the second lookup sees its committed row.
std::pair<Word, bool> SqlContentTx::find_or_insert_word(const Word& word) {
    if (auto existing = word_by_title(word.title_de)) return {std::move(*existing), false};
    const Id id = new_id(IdSequence::words);
    Query q = query();
    q << "INSERT INTO words (id, title_de, title_de_key, title_en, title_sv, level, status, "
         "created_at, updated_at) VALUES ("
      << param(id) << ", " << param(word.title_de) << ", " << param(fold_case(word.title_de))
      << ", " << param(word.title_en) << ", " << param(word.title_sv) << ", " << param(word.level)
      << ", " << param(word.status) << ", " << ts(word.created_at) << ", " << ts(word.updated_at)
      << ") ON CONFLICT (title_de_key) DO NOTHING RETURNING id";
    if (!q.first_int(s_)) {
        if (auto existing = word_by_title(word.title_de)) return {std::move(*existing), false};
        throw std::runtime_error("find_or_insert_word: the word vanished while inserting it");
    }
    write_categories(id, word.categories);
    return {*this->word(id), true};
}

// The title is looked up first; the unique key settles a concurrent write of the same title.
bool SqlContentTx::update_word(const Word& word) {
    const std::string key = fold_case(word.title_de);
    Query taken = query();
    taken << "SELECT COUNT(*) FROM words WHERE title_de_key = " << param(key) << " AND id <> "
          << param(word.id);
    if (taken.first_int(s_).value_or(0) > 0) return false;
    Query q = query();
    q << "UPDATE words SET title_de = " << param(word.title_de) << ", title_de_key = " << param(key)
      << ", title_en = " << param(word.title_en) << ", title_sv = " << param(word.title_sv)
      << ", level = " << param(word.level) << ", status = " << param(word.status)
      << ", updated_at = " << ts(word.updated_at) << " WHERE id = " << param(word.id);
    const auto changed = run_unless_taken(q);
    if (!changed) return false;
    if (*changed > 0) write_categories(word.id, word.categories);
    return true;
}

std::vector<Word> SqlContentTx::words(const WordFilter& filter, const Page& page) {
    Query q = query();
    q << word_select(d_);
    if (filter.status) q << " AND status = " << param(*filter.status);
    page_tail(q, page);
    return words_where(q);
}

std::vector<Word> SqlContentTx::words_by_ids(const std::vector<Id>& ids) {
    const std::set<Id> unique(ids.begin(), ids.end());
    std::vector<Word> out;
    for (const auto& chunk : chunks(std::vector<Id>(unique.begin(), unique.end()))) {
        Query q = query();
        q << word_select(d_) << " AND id IN ";
        q.list(chunk) << " ORDER BY id";
        q.each(s_, [&](const soci::row& r) { out.push_back(word_of(r)); });
    }
    if (!out.empty()) attach_categories(out);
    return out;
}

void SqlContentTx::delete_word(Id id) {
    run_for("DELETE FROM word_categories WHERE word_id = ", id);
    for_each_word_link_table([&](const auto& links) {
        run_for(std::string("DELETE FROM ") + links.table + " WHERE word_id = ", id);
    });
    delete_audios_of("words", id);
    run_for("DELETE FROM words WHERE id = ", id);
}

}  // namespace ll::sql
