#include "core/app/learning/fit_schedules.hpp"

#include <algorithm>
#include <exception>
#include <map>

namespace ll {
namespace {

constexpr int kLearnersPerRead = 100;

// The mean cross-entropy of `items` under `w`; 0 with nothing to score.
double mean_log_loss(std::span<const fsrs::FitItem> items, const fsrs::Parameters& w,
                     std::size_t& count) {
    const double sum = fsrs::summed_log_loss(items, w, &count);
    return count == 0 ? 0.0 : sum / static_cast<double>(count);
}

}  // namespace

std::vector<fsrs::CardHistory> card_histories(const std::vector<ReviewLogRecord>& lines) {
    std::map<std::pair<Id, Id>, std::vector<const ReviewLogRecord*>> by_card;
    for (const auto& line : lines) by_card[{line.review.language, line.pair_id}].push_back(&line);
    std::vector<fsrs::CardHistory> out;
    out.reserve(by_card.size());
    for (auto& [card, card_lines] : by_card) {
        // Booking order is time order but for offline answers booked late.
        std::stable_sort(card_lines.begin(), card_lines.end(), [](const auto* a, const auto* b) {
            return a->review.reviewed_at < b->review.reviewed_at;
        });
        fsrs::CardHistory history;
        const ReviewRecord& first = card_lines.front()->review;
        // A first line with an elapsed time had a review before it that the retention purged:
        // start from the memory it logged.
        if (first.elapsed_days)
            history.logged_start = fsrs::Memory{first.stability, first.difficulty};
        for (const auto* line : card_lines)
            history.reviews.push_back({line->review.reviewed_at, line->review.rating});
        out.push_back(std::move(history));
    }
    return out;
}

LearnerFit fit_schedule(const FitSchedulesPorts& ports, Id user_id) {
    const std::vector<ReviewLogRecord> lines =
        ports.review_log.reviews_of(user_id, kMaxReviewsToFit);
    LearnerFit out;
    out.user_id = user_id;
    out.reviews = static_cast<std::int64_t>(lines.size());
    const std::vector<fsrs::CardHistory> cards = card_histories(lines);

    // The check: the lines before the last fifth of the learner's review instants train, the
    // last fifth is scored (each card's reviews in it, with its earlier ones as history).
    std::vector<Timestamp> instants;
    for (const auto& line : lines) instants.push_back(line.review.reviewed_at);
    std::sort(instants.begin(), instants.end());
    const Timestamp cutoff = instants.empty() ? Timestamp{} : instants[instants.size() * 4 / 5];
    std::vector<fsrs::CardHistory> earlier;
    std::vector<fsrs::FitItem> later;
    for (const auto& card : cards) {
        const auto before = static_cast<std::size_t>(
            std::find_if(card.reviews.begin(), card.reviews.end(),
                         [&](const fsrs::ReviewEvent& r) { return r.at >= cutoff; }) -
            card.reviews.begin());
        if (before > 0) {
            fsrs::CardHistory part = card;
            part.reviews.resize(before);
            earlier.push_back(std::move(part));
        }
        if (before < card.reviews.size())
            later.push_back({&card, std::max<std::size_t>(1, before)});
    }
    const fsrs::FitResult check = fsrs::fit_parameters(earlier);
    out.default_log_loss = mean_log_loss(later, fsrs::kDefaultParameters, out.checked);
    out.fitted_log_loss = mean_log_loss(later, check.weights, out.checked);
    out.adopted = out.checked >= kMinCheckedReviews && out.fitted_log_loss < out.default_log_loss;

    const Timestamp now = ports.clock.now();
    if (out.adopted) {
        const fsrs::FitResult fit = fsrs::fit_parameters(cards);
        ports.learning_settings.store_parameters(
            user_id, FittedParameters{fit.weights, out.reviews, now}, LearningSettings{}, now);
    } else {
        ports.learning_settings.store_parameters(user_id, std::nullopt, LearningSettings{}, now);
    }
    return out;
}

void fit_schedules(const FitSchedulesPorts& ports, std::int64_t min_reviews,
                   const std::function<void(const LearnerFit&)>& report) {
    Id after = 0;
    for (;;) {
        const auto learners =
            ports.review_log.learners_with_reviews(min_reviews, after, kLearnersPerRead);
        for (const Id user : learners) {
            LearnerFit fit;
            try {
                fit = fit_schedule(ports, user);
            } catch (const std::exception& e) {
                fit = LearnerFit{};
                fit.user_id = user;
                fit.problem = e.what();
            }
            report(fit);
        }
        if (static_cast<int>(learners.size()) < kLearnersPerRead) return;
        after = learners.back();
    }
}

}  // namespace ll
