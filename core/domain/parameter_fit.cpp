// Fitting FSRS-6 to a learner's reviews (docs/learning.md "Fitted parameters").
#include "core/domain/parameter_fit.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <numbers>
#include <numeric>
#include <random>

namespace ll::fsrs {

namespace {

// The FSRS project's spread of each weight across its users' fitted parameters (fsrs-rs's
// trainer divides the pull towards the defaults by its square).
constexpr Parameters kParameterSpread{6.43, 9.66, 17.58, 27.85, 0.57, 0.28, 0.6,
                                      0.12, 0.39, 0.18,  0.33,  0.3,  0.09, 0.16,
                                      0.57, 0.25, 1.03,  0.31,  0.32, 0.14, 0.27};

// A probability kept off 0 and 1 so that its logarithm stays finite.
double bounded_probability(double p) {
    constexpr double kEdge = 1e-9;
    return std::isnan(p) ? 0.5 : std::clamp(p, kEdge, 1.0 - kEdge);
}

// A review is scored when it comes a whole day or more after the previous one.
bool scored(std::int64_t elapsed) {
    return elapsed >= 1;
}

// How many of the card's reviews from index `from` on are scored (predict without the model).
std::size_t scored_reviews(const CardHistory& card, std::size_t from) {
    std::size_t count = 0;
    for (std::size_t i = std::max<std::size_t>(1, from); i < card.reviews.size(); ++i)
        count += scored(elapsed_days(card.reviews[i - 1].at, card.reviews[i].at)) ? 1 : 0;
    return count;
}

double cross_entropy(const Prediction& p) {
    const double q = bounded_probability(p.probability);
    return -(p.recalled ? std::log(q) : std::log(1.0 - q));
}

}  // namespace

void predict(const CardHistory& card, const Parameters& w, std::vector<Prediction>& out,
             std::size_t from) {
    const auto& reviews = card.reviews;
    if (reviews.empty()) return;
    Memory memory = card.logged_start.value_or(initial_memory(reviews.front().rating, w));
    for (std::size_t i = 1; i < reviews.size(); ++i) {
        const std::int64_t elapsed = elapsed_days(reviews[i - 1].at, reviews[i].at);
        if (i >= from && scored(elapsed)) {
            out.push_back(
                Prediction{forgetting_curve(static_cast<double>(elapsed), memory.stability, w),
                           reviews[i].rating != Rating::again});
        }
        memory = next_memory(memory, elapsed, reviews[i].rating, w);
    }
}

double summed_log_loss(std::span<const FitItem> items, const Parameters& w, std::size_t* count) {
    thread_local std::vector<Prediction> predictions;
    predictions.clear();
    for (const FitItem& item : items) predict(*item.card, w, predictions, item.from);
    double sum = 0;
    for (const Prediction& p : predictions) sum += cross_entropy(p);
    if (count) *count = predictions.size();
    return sum;
}

double distance_from_defaults(const Parameters& w) {
    double sum = 0;
    for (std::size_t i = 0; i < w.size(); ++i) {
        const double d = (w[i] - kDefaultParameters[i]) / kParameterSpread[i];
        sum += d * d;
    }
    return sum;
}

Parameters loss_gradient(std::span<const FitItem> items, const Parameters& w, double penalty) {
    const auto objective = [&](const Parameters& at) {
        return summed_log_loss(items, at) + penalty * distance_from_defaults(at);
    };
    Parameters gradient{};
    for (std::size_t i = 0; i < w.size(); ++i) {
        // A step small against every weight's bound and large against double rounding of a sum
        // of a few hundred terms.
        const double h = 1e-6 * std::max(1.0, std::abs(w[i]));
        Parameters up = w;
        Parameters down = w;
        up[i] += h;
        down[i] -= h;
        gradient[i] = (objective(up) - objective(down)) / (2.0 * h);
    }
    return gradient;
}

Parameters adam_step(AdamState& adam, const Parameters& w, const Parameters& gradient,
                     double rate) {
    constexpr double kBeta1 = 0.9;
    constexpr double kBeta2 = 0.999;
    constexpr double kEpsilon = 1e-8;
    ++adam.steps;
    const double correction1 = 1.0 - std::pow(kBeta1, adam.steps);
    const double correction2 = 1.0 - std::pow(kBeta2, adam.steps);
    Parameters next = w;
    for (std::size_t i = 0; i < w.size(); ++i) {
        const double g = std::isfinite(gradient[i]) ? gradient[i] : 0.0;
        adam.first_moment[i] = kBeta1 * adam.first_moment[i] + (1.0 - kBeta1) * g;
        adam.second_moment[i] = kBeta2 * adam.second_moment[i] + (1.0 - kBeta2) * g * g;
        const double m = adam.first_moment[i] / correction1;
        const double v = adam.second_moment[i] / correction2;
        next[i] -= rate * m / (std::sqrt(v) + kEpsilon);
    }
    return clamp_to_bounds(next);
}

FitResult fit_parameters(std::span<const CardHistory> cards, const FitOptions& options) {
    FitResult result;
    // Whole cards per batch, in a shuffled order, until a batch holds batch_size predictions.
    std::vector<std::size_t> order(cards.size());
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::mt19937_64 random(options.seed);
    std::shuffle(order.begin(), order.end(), random);

    struct Batch {
        std::vector<FitItem> items;
        std::size_t predictions = 0;
    };
    std::vector<Batch> batches;
    Batch current;
    for (const std::size_t index : order) {
        const std::size_t count = scored_reviews(cards[index], 1);
        if (count == 0) continue;
        current.items.push_back(FitItem{&cards[index], 1});
        current.predictions += count;
        if (current.predictions >= options.batch_size) {
            result.predictions += current.predictions;
            batches.push_back(std::move(current));
            current = Batch{};
        }
    }
    if (!current.items.empty()) {
        result.predictions += current.predictions;
        batches.push_back(std::move(current));
    }
    if (batches.empty() || options.epochs <= 0) return result;

    const int total_steps = options.epochs * static_cast<int>(batches.size());
    AdamState adam;
    Parameters w = kDefaultParameters;
    std::vector<std::size_t> batch_order(batches.size());
    std::iota(batch_order.begin(), batch_order.end(), std::size_t{0});
    for (int epoch = 0; epoch < options.epochs; ++epoch) {
        std::shuffle(batch_order.begin(), batch_order.end(), random);
        for (const std::size_t b : batch_order) {
            const Batch& batch = batches[b];
            // Each batch carries its share of the pull, so an epoch pulls by gamma in all.
            const double penalty = options.gamma * static_cast<double>(batch.predictions) /
                                   static_cast<double>(result.predictions);
            const double rate = options.learning_rate *
                                (1.0 + std::cos(std::numbers::pi * result.steps / total_steps)) /
                                2.0;
            w = adam_step(adam, w, loss_gradient(batch.items, w, penalty), rate);
            ++result.steps;
        }
    }
    result.weights = w;
    return result;
}

PredictionScore score_predictions(std::span<const Prediction> predictions) {
    PredictionScore score;
    score.count = predictions.size();
    if (predictions.empty()) return score;
    constexpr std::size_t kBins = 20;
    std::array<double, kBins> predicted{};
    std::array<double, kBins> recalled{};
    std::array<std::size_t, kBins> counts{};
    double loss = 0;
    for (const Prediction& p : predictions) {
        loss += cross_entropy(p);
        const double q = bounded_probability(p.probability);
        const auto bin = std::min(kBins - 1, static_cast<std::size_t>(q * kBins));
        predicted[bin] += q;
        recalled[bin] += p.recalled ? 1.0 : 0.0;
        ++counts[bin];
    }
    double squares = 0;
    for (std::size_t b = 0; b < kBins; ++b) {
        if (counts[b] == 0) continue;
        const double gap = (predicted[b] - recalled[b]) / static_cast<double>(counts[b]);
        squares += gap * gap * static_cast<double>(counts[b]);
    }
    const auto n = static_cast<double>(predictions.size());
    score.log_loss = loss / n;
    score.rmse_bins = std::sqrt(squares / n);
    return score;
}

}  // namespace ll::fsrs
