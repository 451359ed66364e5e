#pragma once
// What grading an answer reads about a card (POST /auth/answers; docs/learning.md "Graded
// answers"): its answer type and level, the question's short answers, and the words that answer
// it or are offered beside the answer.
#include <optional>
#include <string>
#include <vector>

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
    bool operator==(const AnswerKey&) const = default;
};

class AnswerKeyQuery {
  public:
    virtual ~AnswerKeyQuery() = default;
    // The key of any pair that exists, whatever its status (as POST /auth/progress books any
    // pair that exists); nullopt for an unknown pair.
    virtual std::optional<AnswerKey> answer_key(Id pair_id) = 0;
};

}  // namespace ll
