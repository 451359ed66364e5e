#pragma once
// Fitting FSRS-6's 21 parameters to one learner's reviews (docs/learning.md "Fitted
// parameters"), the way the FSRS project's trainer does it: the loss is the binary cross-entropy
// of the retrievability predicted at each review a day or more after the previous one against
// whether the card was recalled, plus a pull towards the defaults; Adam with a cosine-annealed
// step size, every weight clamped into kParameterBounds after each step. The gradient is taken by
// central differences over the memory step of core/domain/memory_model.hpp, so the fit and the
// booking share one set of formulas.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "core/domain/memory_model.hpp"

namespace ll::fsrs {

struct ReviewEvent {
    Timestamp at;
    Rating rating = Rating::good;
};

// One card's reviews in one language, oldest first. When the oldest review kept is not the
// card's first (REVIEW_LOG_DAYS purged the earlier ones), `logged_start` is the memory logged
// after it: the history starts from that instead of the first review's formula.
struct CardHistory {
    std::vector<ReviewEvent> reviews;
    std::optional<Memory> logged_start;
};

// What the model predicted for one review: the probability of recall, and whether the learner
// recalled the card (any rating but Again).
struct Prediction {
    double probability = 0;
    bool recalled = false;
};

// The reviews of `card` from index `from` on that come a whole day or more after the previous
// one, with the retrievability predicted for each; the reviews before `from` only move the
// memory. Appends to `out`.
void predict(const CardHistory& card, const Parameters& w, std::vector<Prediction>& out,
             std::size_t from = 1);

// One card scored from review `from` on (the training set scores every card from 1; a hold-out
// scores only a card's later reviews).
struct FitItem {
    const CardHistory* card = nullptr;
    std::size_t from = 1;
};

// The summed binary cross-entropy of the items' predictions under `w`; `count` (if given) gets
// the number of predictions.
double summed_log_loss(std::span<const FitItem> items, const Parameters& w,
                       std::size_t* count = nullptr);

// The trainer's pull towards the defaults: sum over the weights of ((w - default) / spread)^2,
// the spread being the FSRS project's per-weight standard deviation across its users.
double distance_from_defaults(const Parameters& w);

// The gradient of summed_log_loss (plus `penalty` times distance_from_defaults) with respect to
// each weight, by central differences.
Parameters loss_gradient(std::span<const FitItem> items, const Parameters& w, double penalty);

// Adam's state over the 21 weights (beta1 0.9, beta2 0.999, epsilon 1e-8).
struct AdamState {
    Parameters first_moment{};
    Parameters second_moment{};
    int steps = 0;
};
// One optimiser step of size `rate` along `gradient`, then every weight clamped into its bound.
Parameters adam_step(AdamState& adam, const Parameters& w, const Parameters& gradient, double rate);

struct FitOptions {
    int epochs = 5;
    std::size_t batch_size = 512;  // predictions per optimiser step (whole cards)
    double learning_rate = 4e-2;   // at the start; falls to 0 over the fit on a cosine
    double gamma = 1.0;            // weight of the pull towards the defaults
    std::uint64_t seed = 2023;     // the order of the batches: the same log gives the same fit
};

struct FitResult {
    Parameters weights = kDefaultParameters;
    std::size_t predictions = 0;  // reviews the loss scored
    int steps = 0;                // optimiser steps taken
};

// The parameters fitted to `cards`, starting from the defaults; the defaults when no review
// can be scored.
FitResult fit_parameters(std::span<const CardHistory> cards, const FitOptions& options = {});

// How well predictions match what happened: the mean binary cross-entropy, and RMSE (bins): the
// predictions grouped into 20 bins of equal width by probability, the root of the count-weighted
// mean over the bins of (mean probability - share recalled)^2.
struct PredictionScore {
    double log_loss = 0;
    double rmse_bins = 0;
    std::size_t count = 0;
};
PredictionScore score_predictions(std::span<const Prediction> predictions);

}  // namespace ll::fsrs
