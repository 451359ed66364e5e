#pragma once
// POST /auth/answers (docs/learning.md "Graded answers"): an answer the server grades. The app
// sends what the learner chose or typed; the core finds whether it is right, the rating and the
// points, and books the card with the same booking as POST /auth/progress.
#include <optional>
#include <string>

#include "core/app/book_progress.hpp"
#include "core/app/book_progress_batch.hpp"
#include "core/app/learning/answer_texts.hpp"
#include "core/domain/grading.hpp"
#include "core/domain/loose_value.hpp"
#include "core/domain/result.hpp"
#include "core/ports/accounts.hpp"
#include "core/ports/clock.hpp"
#include "core/ports/languages.hpp"
#include "core/ports/learning/answer_keys.hpp"
#include "core/ports/progress.hpp"
#include "core/ports/text_folding.hpp"

namespace ll {

// What POST /auth/answers uses: made from the learner routes' LearnerPorts.
struct AnswerPorts {
    AnswerKeyQuery& answer_keys;
    LanguageRepository& languages;
    AccountRepository& accounts;
    ProgressStore& progress;
    const Clock& clock;
    const TextFolding& folding;
    const SecretTokens& secrets;  // the choice ids' key
    template <typename From>
    AnswerPorts(const From& from)  // implicit on purpose: callers pass their own ports
        : answer_keys(from.answer_keys),
          languages(from.languages),
          accounts(from.accounts),
          progress(from.progress),
          clock(from.clock),
          folding(from.folding),
          secrets(from.secrets) {}
};

// POST /auth/answers as read: one answer of a well-formed kind (exactly one of choice_id, text
// and rating), and the Idempotency-Key header when sent.
struct AnswerRequest {
    Id pair_id = 0;
    std::optional<std::string> choice_id;
    std::optional<std::string> text;
    std::optional<fsrs::Rating> rating;
    // When the learner answered, for an answer sent later (as a batch item's; default now).
    std::optional<Timestamp> answered_at;
    // A retry with the same client_id (or Idempotency-Key header) gets the first answer.
    std::optional<std::string> client_id;
    std::optional<std::string> idempotency_key;
};
// The request, or the first problem: pair_id, then the answer's kind, choice_id, text, rating,
// client_id, answered_at, the key. A batch item is read the same way (without a key).
Result<AnswerRequest> decode_answer(const LooseValue& body,
                                    std::optional<std::string> idempotency_key);

// A graded answer earns the card's points at most once in this long (docs/learning.md "Points").
inline constexpr std::chrono::hours kGradedPointsGap{12};

struct AnswerOutput {
    bool correct = false;
    bool near_miss = false;
    std::optional<std::string> expected;  // the right text (none for a self-rated text card)
    Ep points = 0;  // booked: the table's, or 0 within kGradedPointsGap of the last review
    fsrs::Rating rating = fsrs::Rating::again;
    BookProgressOutput booking;
    // The card's memory after this answer; nullopt when the answer is a replay (BookingOutcome).
    std::optional<fsrs::MemoryState> memory;
};

// 400 for a body that does not name one answer the card takes, 404 for an unknown pair, 409
// without a profile or for a card with nothing to grade against in the learner's language, 422
// for an answered_at out of the window or a reused client_id.
Result<AnswerOutput> answer_card(const AnswerPorts& ports, Id user_id,
                                 const AnswerRequest& request);

// POST /auth/answers/batch (docs/learning.md "Graded answers"): answers given offline, each item
// a POST /auth/answers body with its client_id and answered_at (both required, as on
// POST /auth/progress/batch), graded and booked one by one in answered_at order (ties in the
// order sent), each with its own result in the order of the request.
struct AnswerBatchItem {
    std::optional<std::string> client_id;  // as sent, when it was a usable one
    Result<AnswerOutput> result = errors::internal();
};
// Each item read as a body is (decode_answer), after its client_id and answered_at, which an
// item must have.
using AnswerBatchRequest = BatchRequest<AnswerRequest>;
template <>
Result<AnswerBatchRequest> decode<AnswerBatchRequest>(const LooseValue& body);
std::vector<AnswerBatchItem> answer_cards_batch(const AnswerPorts& ports, Id user_id,
                                                const AnswerBatchRequest& request);

}  // namespace ll
