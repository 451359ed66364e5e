#pragma once
// CLIENT_SCORING (docs/learning.md "Client scoring"): what POST /auth/progress and its batch do
// with the points an app sends, now that POST /auth/answers grades on the server.
#include <optional>
#include <string_view>

#include "core/app/book_progress.hpp"
#include "core/app/book_progress_batch.hpp"
#include "core/ports/learning/answer_keys.hpp"

namespace ll {

// accept: book what the app sent (the seed's behaviour, the default); cap: at most what POST
// /auth/answers gives for the card and the answer's correctness; refuse: nothing, 403
// client_scoring_refused.
enum class ClientScoring { accept, cap, refuse };
std::optional<ClientScoring> client_scoring_from(std::string_view text);

struct ScoredBookingPorts {
    AccountRepository& accounts;
    ProgressStore& progress;
    const Clock& clock;
    AnswerKeyQuery& answer_keys;
    ClientScoring client_scoring;
    template <typename From>
    ScoredBookingPorts(const From& from)  // implicit on purpose: callers pass their own ports
        : accounts(from.accounts),
          progress(from.progress),
          clock(from.clock),
          answer_keys(from.answer_keys),
          client_scoring(from.client_scoring) {}
};

// POST /auth/progress and POST /auth/progress/batch under the ports' CLIENT_SCORING: the
// request as decoded, so that `refuse` answers 403 before any problem of the body.
Result<BookProgressOutput> book_client_scored(const ScoredBookingPorts& ports, Id user_id,
                                              Result<ProgressRequest> request);
Result<std::vector<BatchItemResult>> book_batch_client_scored(const ScoredBookingPorts& ports,
                                                              Id user_id,
                                                              Result<ProgressBatchRequest> request);

}  // namespace ll
