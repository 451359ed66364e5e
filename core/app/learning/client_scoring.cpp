#include "core/app/learning/client_scoring.hpp"

#include <algorithm>

#include "core/domain/grading.hpp"
#include "core/domain/rules.hpp"

namespace ll {

std::optional<ClientScoring> client_scoring_from(std::string_view text) {
    if (text == "accept") return ClientScoring::accept;
    if (text == "cap") return ClientScoring::cap;
    if (text == "refuse") return ClientScoring::refuse;
    return std::nullopt;
}

namespace {

// `points` no more than the table's points of the card for an answer graded like this one (its
// rating, else Good when correct and Again when not); as sent when the pair is unknown (the
// booking answers that).
void cap_points(AnswerKeyQuery& keys, Id pair_id, bool correct,
                const std::optional<fsrs::Rating>& rating, Ep& points) {
    const auto key = keys.answer_key(pair_id);
    if (!key) return;
    const Ep most = grading::points_for(key->answer_type, key->level,
                                        rating.value_or(fsrs::rating_for_answer(correct)));
    points = std::min(points, most);
}

}  // namespace

// The refusal comes first: under `refuse` a body is not even read.
Result<BookProgressOutput> book_client_scored(const ScoredBookingPorts& ports, Id user_id,
                                              Result<ProgressRequest> request) {
    if (ports.client_scoring == ClientScoring::refuse) return errors::client_scoring_refused();
    if (!request) return request.error();
    ProgressRequest& r = request.value();
    if (ports.client_scoring == ClientScoring::cap)
        cap_points(ports.answer_keys, r.pair_id, r.correct, r.rating, r.points);
    return book_progress(ports, user_id, r);
}

Result<std::vector<BatchItemResult>> book_batch_client_scored(
    const ScoredBookingPorts& ports, Id user_id, Result<ProgressBatchRequest> request) {
    if (ports.client_scoring == ClientScoring::refuse) return errors::client_scoring_refused();
    if (!request) return request.error();
    ProgressBatchRequest& r = request.value();
    if (ports.client_scoring == ClientScoring::cap) {
        for (auto& item : r.items) {
            if (!item.read) continue;  // refused on its own: nothing to cap
            auto& i = item.read.value();
            cap_points(ports.answer_keys, i.pair_id, i.correct, i.rating, i.points);
        }
    }
    return book_progress_batch(ports, user_id, r);
}

}  // namespace ll
