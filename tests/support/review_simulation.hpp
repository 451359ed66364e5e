#pragma once
// A simulated learner for the parameter fit's tests and benchmark: cards reviewed on the
// schedule of a "true" FSRS-6 parameter set, each review recalled with the probability that set
// predicts, so a fit that works moves towards it and predicts better than the defaults.
#include <algorithm>
#include <chrono>
#include <random>
#include <vector>

#include "core/domain/parameter_fit.hpp"

namespace ll::test {

// A learner unlike the defaults: a steeper forgetting curve (decay 0.45), a larger first
// stability and recall gain, a slower recovery from Again.
inline ll::fsrs::Parameters slow_forgetter() {
    ll::fsrs::Parameters w = ll::fsrs::kDefaultParameters;
    w[0] = 1.0;   // S0(Again)
    w[2] = 6.0;   // S0(Good)
    w[8] = 2.2;   // recall's stability gain
    w[11] = 0.8;  // stability after a lapse
    w[20] = 0.45;
    return w;
}

// `cards` cards, each first reviewed on a day of the first 100, then, for `reviews` reviews,
// between a third of and three times the interval `truth`'s schedule says (retention 0.9), as
// a learner who comes early or late does; each recalled with truth's retrievability at the
// actual elapsed days (Good, or Easy one time in ten), else Again.
inline std::vector<ll::fsrs::CardHistory> simulated_reviews(const ll::fsrs::Parameters& truth,
                                                            int cards, int reviews, unsigned seed) {
    using namespace ll::fsrs;
    std::mt19937 random(seed);
    std::uniform_real_distribution<double> unit(0.0, 1.0);
    std::uniform_int_distribution<int> start_day(0, 99);
    std::uniform_real_distribution<double> lateness(1.0 / 3.0, 3.0);
    const ll::Timestamp origin =
        std::chrono::sys_days{std::chrono::year{2025} / 1 / 1} + std::chrono::hours{9};
    std::vector<CardHistory> out;
    for (int c = 0; c < cards; ++c) {
        CardHistory card;
        ll::Timestamp at = origin + std::chrono::days{start_day(random)};
        Rating rating = unit(random) < 0.3 ? Rating::again : Rating::good;
        Memory memory = initial_memory(rating, truth);
        card.reviews.push_back(ReviewEvent{at, rating});
        for (int r = 1; r < reviews; ++r) {
            const double scheduled = scheduled_days(memory.stability, 0.9, truth);
            const int days = std::max(1, static_cast<int>(scheduled * lateness(random)));
            at += std::chrono::days{days};
            const bool recalled = unit(random) < forgetting_curve(days, memory.stability, truth);
            rating = !recalled ? Rating::again : (unit(random) < 0.1 ? Rating::easy : Rating::good);
            memory = next_memory(memory, days, rating, truth);
            card.reviews.push_back(ReviewEvent{at, rating});
        }
        out.push_back(std::move(card));
    }
    return out;
}

// One answer of a simulated learner: card `index` of the simulation answered at `at`.
struct SimulatedAnswer {
    ll::Timestamp at;
    std::size_t card = 0;
    ll::fsrs::Rating rating = ll::fsrs::Rating::good;
};

// Every review of `cards` as an answer, in time order (as a learner would book them).
inline std::vector<SimulatedAnswer> answers_in_time_order(
    const std::vector<ll::fsrs::CardHistory>& cards) {
    std::vector<SimulatedAnswer> out;
    for (std::size_t c = 0; c < cards.size(); ++c)
        for (const auto& r : cards[c].reviews) out.push_back({r.at, c, r.rating});
    std::stable_sort(out.begin(), out.end(),
                     [](const auto& x, const auto& y) { return x.at < y.at; });
    return out;
}

}  // namespace ll::test
