#pragma once
// What grading an answer reads about a card (POST /auth/answers; docs/learning.md "Graded
// answers"), and what the practice queue's exercises are made of (docs/learning.md "Exercises"):
// its answer type and level, the question's short answers, the words that answer it or are
// offered beside the answer, the outline of its object, and other words to offer as wrong
// choices.
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/domain/content.hpp"

#include "core/domain/types.hpp"

namespace ll {

struct AnswerWord {
    Id word_id = 0;
    std::string title_de;
    std::optional<std::string> title_en, title_sv;
    bool operator==(const AnswerWord&) const = default;
};

struct AnswerKey {
    Id pair_id = 0;
    std::string answer_type;
    int level = 1;
    // The pair's question's short answers, where it has a question.
    std::optional<std::string> short_answer_de, short_answer_en, short_answer_se;
    // The words that answer the card, by word id: the label word of the pair's object (a `word`
    // card), and the question's words of role `answer`.
    std::vector<AnswerWord> answers;
    // The question's words of role `distractor`, by word id.
    std::vector<AnswerWord> distractors;
    // The pair's object's shapes, in pixels of its picture, and the picture's size (where
    // known): the outline a `word` exercise shows.
    std::vector<Selection> outline;
    std::optional<int> width, height;
    bool operator==(const AnswerKey&) const = default;
};

inline constexpr Id kCategoryWordsNear = 256;

class AnswerKeyQuery {
  public:
    virtual ~AnswerKeyQuery() = default;
    // The key of any pair that exists, whatever its status (as POST /auth/progress books any
    // pair that exists); null for an unknown pair. Shared and immutable: a cache hands out the
    // key it holds, not a copy of its texts and shapes.
    virtual std::shared_ptr<const AnswerKey> answer_key(Id pair_id) = 0;
    // The keys of those of these pairs that exist, by pair id (one practice page).
    virtual std::vector<AnswerKey> answer_keys(const std::vector<Id>& pair_ids) = 0;
    // Published words that share a category with one of `word_ids` and whose id is at most
    // kCategoryWordsNear from its id (words made for the same picture, likely), the nearest
    // first, at most `per_word` for each of `word_ids`; ordered by that word, then word id:
    // (the word of `word_ids`, the other word). A bounded read however large a category is.
    virtual std::vector<std::pair<Id, AnswerWord>> category_words(const std::vector<Id>& word_ids,
                                                                  int per_word) = 0;
    // The first `max` published words by id (the last resort for wrong choices).
    virtual std::vector<AnswerWord> some_words(int max) = 0;
};

}  // namespace ll
