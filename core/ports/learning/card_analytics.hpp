#pragma once
// What the editors' card analytics read (docs/learning.md "Card analytics"): per card and
// language, the answers of the review log split at the card's last revision (Pair::revised_at),
// the learners who have the card in memory, and the wrong choices picked.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/domain/types.hpp"
#include "core/ports/learning/answer_keys.hpp"

namespace ll {

struct AnswerTally {
    std::int64_t answers = 0;
    std::int64_t passed = 0;  // rated Hard, Good or Easy
    bool operator==(const AnswerTally&) const = default;
};

struct DistractorPick {
    AnswerWord word;  // the word offered as the wrong choice
    std::int64_t picks = 0;
    bool operator==(const DistractorPick&) const = default;
};

struct CardFigureRow {
    Id pair_id = 0;
    Id language_id = 0;
    std::optional<Id> picture_id;
    std::string answer_type;
    int level = 1;
    std::string status;
    std::optional<std::string> statement_de, statement_en, statement_sv;
    std::optional<Timestamp> revised_at;
    AnswerTally current;   // answered at or after revised_at (every answer without one)
    AnswerTally previous;  // answered before revised_at
    // The current revision's answers to a card reviewed before in the language (elapsed_days
    // known): the sum and count of the recall probability the memory model gave at the answer.
    double retrievability_sum = 0;
    std::int64_t retrievability_count = 0;
    // The learners with the card in memory in the language, and their mean difficulty (1..10).
    std::int64_t learners = 0;
    std::optional<double> mean_difficulty;
    std::vector<Id> category_ids;       // ascending
    std::vector<DistractorPick> picks;  // the current revision's, by word id
    bool operator==(const CardFigureRow&) const = default;
};

struct CardFigureFilter {
    std::optional<Id> language_id;  // nullopt: every language
    std::optional<Id> pair_id;
    std::optional<Id> category_id;
    std::optional<int> level;
};

class CardAnalyticsQuery {
  public:
    virtual ~CardAnalyticsQuery() = default;
    // One row per card and language with at least one line in the review log that the filter
    // lets through (removed pairs left out), by pair id, then language id.
    virtual std::vector<CardFigureRow> card_figures(const CardFigureFilter& filter) = 0;
};

}  // namespace ll
