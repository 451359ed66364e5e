#pragma once
// The studio's content lists across pictures (docs/authoring-guide.md "Content lists"): one
// page of the items a filter lets through, in the order asked for, with the count of all of
// them; part of the content unit of work (core/ports/content_store.hpp).
//
// Search: `text` is found as a substring of an item's texts in any of the three languages,
// case-folded (ASCII and the Latin letters of German and Swedish at least; fold_case in
// core/domain/rules.hpp). It holds at least kMinSearchCharacters characters and no control
// character (the use case checks): the databases' trigram indexes need three.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/domain/content.hpp"

namespace ll {

inline constexpr std::size_t kMinSearchCharacters = 3;

// text: the German text (a pair's: its statement's; a word's: its title).
enum class ListSort { id, level, updated, text };

struct ListOrder {
    ListSort by = ListSort::id;
    bool descending = false;
    bool operator==(const ListOrder&) const = default;
};

struct ListWindow {
    std::int64_t offset = 0;  // >= 0
    int limit = 50;           // > 0
};

struct PairListFilter {
    std::optional<std::string> text;  // in the statement's or the question's texts
    std::optional<std::string> status;
    std::optional<int> level;
    std::optional<Id> category_id;
    std::optional<std::string> answer_type;
    // Language codes (de, en, sv): pairs whose statement or question has no text in at least
    // one of them (a pair without a statement counts as lacking it).
    std::vector<std::string> missing_text;
    // Language codes: pairs whose statement or question has a text in one of them without its
    // audio (the audio coverage's rule: an item with text and no audio row).
    std::vector<std::string> missing_audio;
    // Pairs whose statement or question has a draft (core/domain/text_drafts.hpp), or none.
    std::optional<bool> has_draft;
};

struct PairListRow {
    Pair pair;
    std::optional<std::string> picture_title;
    std::optional<Statement> statement;
    std::optional<Question> question;
    std::vector<Id> category_ids;            // ascending
    std::vector<std::string> missing_audio;  // language codes, de en sv order
    bool operator==(const PairListRow&) const = default;
};

// One page of a list: its rows, and how many the filter lets through.
template <typename Row>
struct ListPage {
    std::vector<Row> rows;
    std::int64_t total = 0;
};
using PairListPage = ListPage<PairListRow>;

// The filter of a list of words, statements or questions: `category_id` is the words' only,
// `level` not the statements' (they have none).
struct ItemListFilter {
    std::optional<std::string> text;  // in the item's three texts (a word's titles)
    std::optional<std::string> status;
    std::optional<int> level;
    std::optional<Id> category_id;
    std::vector<std::string> missing_text;   // language codes: no text in one of them
    std::vector<std::string> missing_audio;  // language codes: a text without its audio
    std::optional<bool> has_draft;           // statements and questions only (words have no drafts)
};

// A word (with its categories), statement or question, and what of it is not spoken.
template <typename Item>
struct ItemListRow {
    Item item;
    std::vector<std::string> missing_audio;  // language codes, de en sv order
    bool operator==(const ItemListRow&) const = default;
};
using WordListPage = ListPage<ItemListRow<Word>>;
using StatementListPage = ListPage<ItemListRow<Statement>>;
using QuestionListPage = ListPage<ItemListRow<Question>>;

class ContentLists {
  public:
    virtual ~ContentLists() = default;
    // Ties (same level, instant or text) in ascending id order whatever the direction.
    virtual PairListPage pair_list(const PairListFilter& filter, const ListOrder& order,
                                   const ListWindow& window) = 0;
    virtual WordListPage word_list(const ItemListFilter& filter, const ListOrder& order,
                                   const ListWindow& window) = 0;
    virtual StatementListPage statement_list(const ItemListFilter& filter, const ListOrder& order,
                                             const ListWindow& window) = 0;
    virtual QuestionListPage question_list(const ItemListFilter& filter, const ListOrder& order,
                                           const ListWindow& window) = 0;
};

}  // namespace ll
