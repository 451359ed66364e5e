#pragma once
// Answers sent as the learner routes receive them: a body of loose values (and the
// Idempotency-Key header), decoded as adapters/http/learner/progress.cpp decodes it, then the use
// case. The tests of what a body may hold go through here, so they check the decoding the
// routes use.
#include <optional>
#include <string>
#include <vector>

#include "core/app/book_progress.hpp"
#include "core/app/book_progress_batch.hpp"
#include "core/app/learning/answers.hpp"

namespace ll::test {

// POST /auth/progress: the body's fields, in the order a test names them.
struct SentProgress {
    LooseValue pair_id;
    LooseValue correct;
    LooseValue points;
    std::optional<std::string> idempotency_key = std::nullopt;  // the header
    LooseValue rating = LooseValue::missing();
};

inline Result<BookProgressOutput> book_sent(const BookingPorts& ports, Id user_id,
                                            const SentProgress& sent) {
    const LooseValue body = LooseValue::object({{"pair_id", sent.pair_id},
                                                {"correct", sent.correct},
                                                {"points", sent.points},
                                                {"rating", sent.rating}});
    const auto request = decode_progress(body, sent.idempotency_key);
    if (!request) return request.error();
    return book_progress(ports, user_id, request.value());
}

// POST /auth/progress/batch with `items` as the body's items.
inline Result<std::vector<BatchItemResult>> book_batch_sent(const BatchPorts& ports, Id user_id,
                                                            const LooseValue& items) {
    const auto request = decode<ProgressBatchRequest>(LooseValue::object({{"items", items}}));
    if (!request) return request.error();
    return book_progress_batch(ports, user_id, request.value());
}

// POST /auth/answers: the body's fields, in the order a test names them.
struct SentAnswer {
    LooseValue pair_id;
    LooseValue choice_id = LooseValue::missing();
    LooseValue text = LooseValue::missing();
    LooseValue rating = LooseValue::missing();
    LooseValue answered_at = LooseValue::missing();
    LooseValue client_id = LooseValue::missing();
    std::optional<std::string> idempotency_key = std::nullopt;  // the header
};

inline Result<AnswerOutput> answer_sent(const AnswerPorts& ports, Id user_id,
                                        const SentAnswer& sent) {
    const LooseValue body = LooseValue::object({{"pair_id", sent.pair_id},
                                                {"choice_id", sent.choice_id},
                                                {"text", sent.text},
                                                {"rating", sent.rating},
                                                {"answered_at", sent.answered_at},
                                                {"client_id", sent.client_id}});
    const auto request = decode_answer(body, sent.idempotency_key);
    if (!request) return request.error();
    return answer_card(ports, user_id, request.value());
}

// POST /auth/answers/batch with `items` as the body's items.
inline Result<std::vector<AnswerBatchItem>> answer_batch_sent(const AnswerPorts& ports, Id user_id,
                                                              const LooseValue& items) {
    const auto request = decode<AnswerBatchRequest>(LooseValue::object({{"items", items}}));
    if (!request) return request.error();
    return answer_cards_batch(ports, user_id, request.value());
}

}  // namespace ll::test
