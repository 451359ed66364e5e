#pragma once
// The words (db_words) with their categories (word_categories), part of the content unit of
// work (core/ports/content_store.hpp). title_de is unique case-insensitively (fold_case key).
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/domain/content.hpp"
#include "core/ports/content/page.hpp"

namespace ll {

struct WordFilter {
    std::optional<std::string> status;
};

class WordRows {
  public:
    virtual ~WordRows() = default;

    virtual std::optional<Word> word(Id id) = 0;
    virtual std::optional<Word> word_by_title(std::string_view title_de) = 0;
    // Inserts the word with its categories (those that exist, as set_pair_categories links
    // them); when a word with the same title_de (case-insensitively) exists, returns that one
    // unchanged instead. `second`: true when inserted.
    // Safe under concurrency: two transactions inserting one title end with one word.
    virtual std::pair<Word, bool> find_or_insert_word(const Word& word) = 0;
    // Every field but id and created_at, categories replaced by word.categories (ids used;
    // those that exist). false (and nothing changed, the transaction goes on) when another word
    // has this title_de case-insensitively, also when a concurrent transaction has just given
    // it that title.
    virtual bool update_word(const Word& word) = 0;
    virtual std::vector<Word> words(const WordFilter& filter, const Page& page) = 0;
    // The words with these ids that exist, ordered by id (duplicates in `ids` are ignored).
    virtual std::vector<Word> words_by_ids(const std::vector<Id>& ids) = 0;
    // The word, its word_categories, picture_words, object_words, question_words,
    // statement_words and its audios.
    virtual void delete_word(Id id) = 0;
};

}  // namespace ll
