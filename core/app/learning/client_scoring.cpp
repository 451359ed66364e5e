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
// rating, else Good when correct and Again when not); as sent when the pair id is not usable, the
// pair unknown or the rating refused (the booking answers those).
void cap_points(AnswerKeyQuery& keys, const LooseValue& pair_id, const LooseValue& correct,
                const LooseValue& rating, LooseValue& points) {
    const PairIdParse pair = parse_pair_id(pair_id);
    if (!pair.id) return;
    const bool right = parse_correct(correct);
    const auto rated = answer_rating(rating, right);
    if (!rated) return;
    const auto key = keys.answer_key(*pair.id);
    if (!key) return;
    const Ep most = grading::points_for(key->answer_type, key->level,
                                        rated.value().value_or(fsrs::rating_for_answer(right)));
    points = LooseValue::of(static_cast<std::int64_t>(std::min(parse_points(points), most)));
}

}  // namespace

Result<BookProgressOutput> book_client_scored(const ScoredBookingPorts& ports, Id user_id,
                                              BookProgressInput input) {
    if (ports.client_scoring == ClientScoring::refuse) return errors::client_scoring_refused();
    if (ports.client_scoring == ClientScoring::cap)
        cap_points(ports.answer_keys, input.pair_id, input.correct, input.rating, input.points);
    return book_progress(ports, user_id, input);
}

Result<std::vector<BatchItemResult>> book_batch_client_scored(const ScoredBookingPorts& ports,
                                                              Id user_id, LooseValue items) {
    if (ports.client_scoring == ClientScoring::refuse) return errors::client_scoring_refused();
    // A batch of another shape is refused whole by the booking: nothing to cap.
    if (ports.client_scoring == ClientScoring::cap && batch_items_valid(items)) {
        for (auto& item : items.items) {
            LooseValue points = item["points"];
            cap_points(ports.answer_keys, item["pair_id"], item["correct"], item["rating"], points);
            bool set = false;
            for (auto& [name, value] : item.members) {
                if (name == "points") {
                    value = points;
                    set = true;
                }
            }
            if (!set) item.members.emplace_back("points", points);
        }
    }
    return book_progress_batch(ports, user_id, items);
}

}  // namespace ll
