#pragma once
// Card analytics for editors (docs/learning.md "Card analytics"; GET /api/analytics/cards and
// GET /api/cms/db-pairs/:id/analytics): how each card performs in each language, from the
// review log of graded and self-reported answers, counted from the card's last revision.
#include <optional>
#include <string>
#include <vector>

#include "core/app/authoring/requests/decoder.hpp"
#include "core/domain/result.hpp"
#include "core/ports/content_store.hpp"
#include "core/ports/languages.hpp"
#include "core/ports/learning/card_analytics.hpp"

namespace ll {

struct CardAnalyticsPorts {
    CardAnalyticsQuery& analytics;
    LanguageRepository& languages;
    ContentStore& content;
};

// Below this many answers a pass rate says little: the figures give the count and no rate.
inline constexpr std::int64_t kMinAnswersForRate = 20;
inline constexpr int kCardFiguresDefaultLimit = 100;
inline constexpr int kCardFiguresMaxLimit = 500;

struct TallyView {
    std::int64_t answers = 0, passed = 0;
    std::optional<double> pass_rate;  // nullopt below kMinAnswersForRate answers
    bool small_sample = true;
};

struct PickView {
    Id word_id = 0;
    std::string text;  // the word in the figures' language (German where it has none)
    std::int64_t picks = 0;
};

struct CardFigures {
    Id pair_id = 0;
    std::string lang;
    std::optional<Id> picture_id;
    std::string answer_type;
    int level = 1;
    std::string status;
    std::optional<std::string> statement;  // in `lang`
    std::vector<Id> category_ids;
    std::optional<Timestamp> revision_started_at;
    TallyView current, previous;
    std::optional<double> mean_retrievability;
    std::int64_t learners = 0;
    std::optional<double> mean_difficulty;
    std::vector<PickView> distractors;  // the most picked first
};

struct CardFiguresList {
    std::string lang;
    std::vector<CardFigures> cards;  // the hardest first (hardest_first)
};

struct PairFigures {
    Id pair_id = 0;
    std::vector<CardFigures> languages;  // de, en, sv
};

struct CardFiguresQuery {
    std::string lang;
    std::optional<Id> category_id = std::nullopt;
    std::optional<int> level = std::nullopt;
    int limit = kCardFiguresDefaultLimit;
};
template <>
Result<CardFiguresQuery> decode<CardFiguresQuery>(const LooseValue& v);

// The hardest first: the cards with a rate by pass rate, lowest first (then the higher mean
// difficulty, then pair id); then those with too few answers for a rate, most answers first.
void hardest_first(std::vector<CardFigures>& cards);

Result<CardFiguresList> list_card_figures(CardAnalyticsPorts& ports, const CardFiguresQuery& query);
// 404 for an unknown pair; every content language, with zeros where nobody answered.
Result<PairFigures> pair_figures(CardAnalyticsPorts& ports, Id pair_id);

}  // namespace ll
