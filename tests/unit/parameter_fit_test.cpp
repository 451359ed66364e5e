// The parameter fit (core/domain/parameter_fit.hpp, docs/learning.md "Fitted parameters"): the
// loss, its gradient, one Adam step and the pull towards the defaults against fsrs-rs's own test
// vectors (fsrs-rs src/training.rs test_loss_and_grad, computed in f32: matched to a relative
// 1e-5 for values and 1e-3 for the gradient, which we take by central differences), then the
// fit on a simulated learner.
#include <catch2/catch.hpp>

#include <chrono>
#include <vector>

#include "core/domain/parameter_fit.hpp"
#include "tests/support/review_simulation.hpp"

using namespace ll;
using namespace ll::fsrs;

namespace {

constexpr Timestamp kStart = std::chrono::sys_days{std::chrono::year{2022} / 11 / 29};

// fsrs-rs's batch is four columns of (days since the previous review, rating) and the review
// scored: its days, and whether it was recalled.
CardHistory column(const std::vector<std::pair<int, int>>& history, int days, bool recalled) {
    CardHistory card;
    Timestamp at = kStart;
    for (const auto& [elapsed, rating] : history) {
        at += std::chrono::days{elapsed};
        card.reviews.push_back(ReviewEvent{at, static_cast<Rating>(rating)});
    }
    at += std::chrono::days{days};
    card.reviews.push_back(ReviewEvent{at, recalled ? Rating::good : Rating::again});
    return card;
}

const std::vector<CardHistory>& fsrs_rs_batch() {
    static const std::vector<CardHistory> cards{
        column({{0, 1}, {0, 3}, {0, 1}, {0, 4}, {1, 3}, {3, 2}}, 4, true),
        column({{0, 2}, {0, 4}, {0, 4}, {1, 3}, {3, 1}, {6, 3}}, 11, true),
        column({{0, 3}, {0, 2}, {0, 4}, {1, 3}, {3, 3}, {6, 3}}, 12, true),
        column({{0, 4}, {0, 4}, {1, 3}, {3, 3}, {5, 3}, {12, 4}}, 23, false),
    };
    return cards;
}

// Only the last review of each column is scored, as in fsrs-rs's batch.
std::vector<FitItem> last_reviews(const std::vector<CardHistory>& cards) {
    std::vector<FitItem> items;
    for (const auto& card : cards) items.push_back(FitItem{&card, card.reviews.size() - 1});
    return items;
}

// The hold-out of a simulated log: each card's last fifth of reviews.
std::vector<Prediction> held_out(const std::vector<CardHistory>& cards, const Parameters& w) {
    std::vector<Prediction> out;
    for (const auto& card : cards) predict(card, w, out, card.reviews.size() * 4 / 5);
    return out;
}

std::vector<CardHistory> training_part(const std::vector<CardHistory>& cards) {
    std::vector<CardHistory> out;
    for (const auto& card : cards) {
        CardHistory part = card;
        part.reviews.resize(card.reviews.size() * 4 / 5);
        out.push_back(std::move(part));
    }
    return out;
}

}  // namespace

TEST_CASE("fit: the summed loss and its gradient match fsrs-rs test_loss_and_grad", "[fit]") {
    const auto items = last_reviews(fsrs_rs_batch());
    std::size_t count = 0;
    CHECK(summed_log_loss(items, kDefaultParameters, &count) == Approx(4.0466027).epsilon(1e-5));
    CHECK(count == 4);

    const Parameters expected{
        -0.095688485, -0.0051607806, -0.0012249565, 0.007462064,  0.03650761, -0.082112335,
        0.0593964,    -2.1474836,    0.57626534,    -2.8751316,   0.7154875,  -0.028993709,
        0.0099172965, -0.2189217,    -0.0017800558, -0.089381434, 0.299141,   0.068104014,
        -0.011605468, -0.25398168,   0.27700496};
    const Parameters gradient = loss_gradient(items, kDefaultParameters, 0.0);
    for (std::size_t i = 0; i < gradient.size(); ++i) {
        INFO("w" << i);
        CHECK(gradient[i] == Approx(expected[i]).epsilon(1e-3).margin(1e-5));
    }
}

TEST_CASE("fit: one Adam step and the pull towards the defaults match fsrs-rs", "[fit]") {
    const auto items = last_reviews(fsrs_rs_batch());
    AdamState adam;
    const Parameters step =
        adam_step(adam, kDefaultParameters, loss_gradient(items, kDefaultParameters, 0.0), 0.04);
    const Parameters expected{0.252,  1.3331, 2.3464994, 8.2556, 6.3733, 0.87340003,  2.9794,
                              0.041,  1.8322, 0.2066,    0.756,  1.5235, 0.021400042, 0.3029,
                              1.6883, 0.6414, 1.8329,    0.5025, 0.1312, 0.1058,      0.1142};
    for (std::size_t i = 0; i < step.size(); ++i) {
        INFO("w" << i);
        CHECK(step[i] == Approx(expected[i]).epsilon(1e-5));
    }
    CHECK(adam.steps == 1);
    // fsrs-rs's l2_regularization(init, stddev, batch 512, total 1000, gamma 2.0).
    CHECK(distance_from_defaults(step) * 2.0 * 512 / 1000 == Approx(0.67711145).epsilon(1e-5));
}

TEST_CASE("fit: a prediction is made only for a review a day or more after the last", "[fit]") {
    CardHistory card;
    const Timestamp t = kStart + std::chrono::hours{9};
    card.reviews = {{t, Rating::good},
                    {t + std::chrono::hours{3}, Rating::good},    // same day: moves memory only
                    {t + std::chrono::hours{30}, Rating::again},  // one whole day
                    {t + std::chrono::hours{80}, Rating::good}};  // two whole days
    std::vector<Prediction> out;
    predict(card, kDefaultParameters, out);
    REQUIRE(out.size() == 2);
    const Memory first = initial_memory(Rating::good, kDefaultParameters);
    const Memory second = next_memory(first, 0, Rating::good, kDefaultParameters);
    CHECK(out[0].probability == forgetting_curve(1, second.stability, kDefaultParameters));
    CHECK_FALSE(out[0].recalled);
    CHECK(out[1].recalled);

    out.clear();
    predict(card, kDefaultParameters, out, 3);  // scored from the fourth review on
    CHECK(out.size() == 1);

    // A history whose first kept line was not the card's first review starts from the memory
    // that line logged.
    card.logged_start = Memory{40.0, 5.0};
    out.clear();
    predict(card, kDefaultParameters, out);
    const Memory logged_second =
        next_memory(Memory{40.0, 5.0}, 0, Rating::good, kDefaultParameters);
    CHECK(out[0].probability == forgetting_curve(1, logged_second.stability, kDefaultParameters));
}

TEST_CASE("fit: scores are the mean cross-entropy and the calibration by bins", "[fit]") {
    const std::vector<Prediction> p{{0.9, true}, {0.9, false}, {0.5, true}, {0.5, true}};
    const PredictionScore s = score_predictions(p);
    CHECK(s.count == 4);
    CHECK(s.log_loss == Approx((-std::log(0.9) - std::log(0.1) - 2 * std::log(0.5)) / 4));
    // Bin 0.90-0.95: mean 0.9, recalled 0.5; bin 0.50-0.55: mean 0.5, recalled 1.
    CHECK(s.rmse_bins == Approx(std::sqrt((0.4 * 0.4 * 2 + 0.5 * 0.5 * 2) / 4)));
    CHECK(score_predictions({}).count == 0);
}

TEST_CASE("fit: on a simulated learner the fit predicts the held-out reviews better", "[fit]") {
    const Parameters truth = test::slow_forgetter();
    const auto cards = test::simulated_reviews(truth, 400, 10, 7);
    const auto training = training_part(cards);
    const FitResult fit = fit_parameters(training);
    CHECK(within_bounds(fit.weights));
    CHECK(fit.predictions > 2000);
    CHECK(fit.steps > 10);

    const PredictionScore defaults = score_predictions(held_out(cards, kDefaultParameters));
    const PredictionScore fitted = score_predictions(held_out(cards, fit.weights));
    const PredictionScore ideal = score_predictions(held_out(cards, truth));
    INFO("defaults " << defaults.log_loss << ", fitted " << fitted.log_loss << ", truth "
                     << ideal.log_loss);
    CHECK(fitted.log_loss < defaults.log_loss);
    CHECK(fitted.rmse_bins < defaults.rmse_bins);
    // The decay moved towards the learner's.
    CHECK(fit.weights[20] > kDefaultParameters[20]);

    // The same log gives the same parameters.
    CHECK(fit_parameters(training).weights == fit.weights);
}

TEST_CASE("fit: nothing to score leaves the defaults", "[fit]") {
    std::vector<CardHistory> cards(3);
    cards[0].reviews = {{kStart, Rating::good}};
    CHECK(fit_parameters(cards).weights == kDefaultParameters);
    CHECK(fit_parameters(cards).predictions == 0);
    CHECK(fit_parameters({}).steps == 0);
}
