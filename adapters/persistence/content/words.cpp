// Words on SOCI: SqlContentTx's WordRows (core/ports/content/words.hpp). Unique by title_de_key =
// fold_case(title_de), written here (never SQL lower(), which folds differently in the two
// dialects), and their categories; the SQL is db/queries/content_words.sql (a word's categories
// are added by each dialect's content_locks.add_word_categories).
#include <map>
#include <set>
#include <stdexcept>

#include "adapters/persistence/content/sql_content_tx.hpp"
#include "core/domain/rules.hpp"

namespace ll::sql {
namespace {

// Bound values per IN list: far below both dialects' limits on parameters.
constexpr std::size_t kInChunk = 500;

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

// The columns insert and update write, bound by their names.
void bind_word(Query& q, Id id, const Word& w) {
    q.bind("id", param(id))
        .bind("title_de", param(w.title_de))
        .bind("title_de_key", param(fold_case(w.title_de)))
        .bind("title_en", param(w.title_en))
        .bind("title_sv", param(w.title_sv))
        .bind("level", param(w.level))
        .bind("status", param(w.status))
        .bind("updated_at", ts(w.updated_at));
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
        Query q = named("content_words.categories_of");
        q.bind_list("word_ids", chunk);
        q.each(s_, [&](const soci::row& r) {
            Cells c(r);
            const Id word = c.integer();
            by_word[word].push_back(read_category(c));
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
    Query q = named("content_words.find");
    q.bind("id", param(id));
    std::vector<Word> found = words_where(q);
    return found.empty() ? std::nullopt : std::optional<Word>(std::move(found.front()));
}

std::optional<Word> SqlContentTx::word_by_title(std::string_view title_de) {
    Query q = named("content_words.find_by_title_key");
    q.bind("title_de_key", param(fold_case(title_de)));
    std::vector<Word> found = words_where(q);
    return found.empty() ? std::nullopt : std::optional<Word>(std::move(found.front()));
}

// Replaces the word's categories by those of `categories` that exist
// (content_locks.add_word_categories).
void SqlContentTx::write_categories(Id word_id, const std::vector<Category>& categories) {
    run_for("content_words.delete_categories", word_id);
    const std::vector<Id> ids = category_ids(categories);
    for (const auto& chunk : chunks(ids)) {
        Query q = named("content_locks.add_word_categories");
        q.bind("word_id", param(word_id)).bind_list("category_ids", chunk).run(s_);
    }
}

// The title is looked up first; the INSERT's unique key settles a race
// (db/queries/content_words.sql).
std::pair<Word, bool> SqlContentTx::find_or_insert_word(const Word& word) {
    if (auto existing = word_by_title(word.title_de)) return {std::move(*existing), false};
    const Id id = new_id(IdSequence::words);
    Query q = named("content_words.insert");
    bind_word(q, id, word);
    q.bind("created_at", ts(word.created_at));
    if (!q.first_int(s_)) {
        if (auto existing = word_by_title(word.title_de)) return {std::move(*existing), false};
        throw std::runtime_error("find_or_insert_word: the word vanished while inserting it");
    }
    write_categories(id, word.categories);
    return {*this->word(id), true};
}

// The title is looked up first; the unique key settles a concurrent write of the same title.
bool SqlContentTx::update_word(const Word& word) {
    Query taken = named("content_words.title_taken_by_other");
    taken.bind("title_de_key", param(fold_case(word.title_de))).bind("id", param(word.id));
    if (taken.first_int(s_).value_or(0) > 0) return false;
    Query q = named("content_words.update");
    bind_word(q, word.id, word);
    const auto changed = run_unless_taken(q);
    if (!changed) return false;
    if (*changed > 0) write_categories(word.id, word.categories);
    return true;
}

std::vector<Word> SqlContentTx::words(const WordFilter& filter, const Page& page) {
    Query q = named("content_words.list");
    bind_filter(q, "status", filter.status);
    bind_page(q, page);
    return words_where(q);
}

std::vector<Word> SqlContentTx::words_by_ids(const std::vector<Id>& ids) {
    const std::set<Id> unique(ids.begin(), ids.end());
    std::vector<Word> out;
    for (const auto& chunk : chunks(std::vector<Id>(unique.begin(), unique.end()))) {
        Query q = named("content_words.by_ids");
        q.bind_list("ids", chunk);
        q.each(s_, [&](const soci::row& r) { out.push_back(word_of(r)); });
    }
    if (!out.empty()) attach_categories(out);
    return out;
}

void SqlContentTx::delete_word(Id id) {
    run_for("content_words.delete_categories", id);
    for_each_word_link_table([&](const auto& links) {
        Query q = named(link_statement(links, "delete_of_word"));
        q.bind("word_id", param(id)).run(s_);
    });
    delete_audios_of("words", id);
    run_for("content_words.delete", id);
}

}  // namespace ll::sql
