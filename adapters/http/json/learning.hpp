#pragma once
// The learning engine's answers as JSON (docs/learning.md has every field): a card's memory, the
// review log's lines.
#include <boost/json.hpp>

#include "core/app/learning/answers.hpp"
#include "core/app/learning/cards.hpp"
#include "core/app/learning/practice.hpp"
#include "core/app/learning/settings.hpp"
#include "core/ports/learning/memory.hpp"

namespace ll::http {

// A stored single-precision number (stability, difficulty, retrievability) as its shortest
// spelling: 2.3065, not 2.3064999580383301.
double stored_number(double value);

// {fitted, weights, reviews, fitted_at}: the parameters a learner's schedule uses
// (docs/learning.md "Fitted parameters").
boost::json::value parameters_json(const std::optional<FittedParameters>& fitted);
// {phase, due_at, stability, difficulty, reps, lapses, last_review_at}.
boost::json::object memory_json(const fsrs::MemoryState& state);
// The export's `memory` and `reviews` entries.
boost::json::value to_json(const CardMemoryRecord& record);
boost::json::value to_json(const ReviewLogRecord& line);
// A practice entry's exercise: {type, prompt, choices, accepts_text, self_rated, outline}
// (docs/learning.md "Exercises"); the studio's preview shows the same.
boost::json::value exercise_json(const Exercise& e);
// GET /auth/practice's answer: {items, due_now, due_today, new_left_today, next_due_at}.
boost::json::value to_json(const PracticeOutput& out);
// POST /auth/answers: the grade and the booking (docs/learning.md "Graded answers").
boost::json::value to_json(const AnswerOutput& out);
// POST /auth/answers/batch's {"results": [...]}: each item as POST /auth/answers answers it, or
// its error, with its client_id and status.
boost::json::value to_json(const std::vector<AnswerBatchItem>& results);
// GET /auth/cards's answer: {cards: [{pair_id, language_id, memory, seen_count, correct_count,
// wrong_count, last_answered_at}], next_cursor, has_more}.
boost::json::value to_json(const CardsOutput& out);
// GET /auth/learning's answer: the settings and {languages: [{language_id, current, cards,
// due_now, reviews, last_review_at}]}.
boost::json::value to_json(const LearningOverview& overview);

}  // namespace ll::http
