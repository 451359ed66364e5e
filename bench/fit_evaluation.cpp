// How much a fitted parameter set predicts better than the defaults (docs/performance.md
// "Fitted parameters"): the cards of a review log split in time, each card's last fifth of
// reviews held out; FSRS-6 with the defaults, with parameters fitted to the rest
// (core/domain/parameter_fit.hpp, as langlearn-admin fit-schedules fits them), and the AVG
// baseline (every held-out review predicted at the share recalled in the training part) are
// scored on the held-out reviews, for two splits (below). Also the fit's time per 10,000
// reviews.
//
//   ll_bench_fit [FILE]
//
// FILE: a review log in the FSRS project's seq2seq TSV (header t_history, r_history, delta_ts,
// ys; one card per line: the whole days before each review, its rating, then the days to the
// next review and whether it was recalled). Without FILE: a simulated learner
// (tests/support/review_simulation.hpp). Prints a Markdown table.
#include <chrono>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "core/domain/parameter_fit.hpp"
#include "tests/support/review_simulation.hpp"

using namespace ll;
using namespace ll::fsrs;

namespace {

std::vector<long> numbers(const std::string& field) {
    std::vector<long> out;
    std::stringstream in(field);
    std::string part;
    while (std::getline(in, part, ',')) out.push_back(std::stol(part));
    return out;
}

// One line of the seq2seq TSV as a card: its reviews at their day offsets, then the last
// review (Good when recalled, else Again: only recall is scored).
std::vector<CardHistory> read_seq2seq(const char* path) {
    std::ifstream in(path);
    if (!in) throw std::runtime_error(std::string("cannot read ") + path);
    std::string line;
    std::getline(in, line);  // header
    const Timestamp origin = std::chrono::sys_days{std::chrono::year{2020} / 1 / 1};
    std::vector<CardHistory> cards;
    while (std::getline(in, line)) {
        std::stringstream fields(line);
        std::string t, r, d, y;
        if (!std::getline(fields, t, '\t') || !std::getline(fields, r, '\t') ||
            !std::getline(fields, d, '\t') || !std::getline(fields, y, '\t'))
            continue;
        const auto days = numbers(t);
        const auto ratings = numbers(r);
        const auto next = numbers(d);
        const auto recalled = numbers(y);
        if (days.empty() || days.size() != ratings.size() || next.size() != days.size() ||
            recalled.size() != days.size())
            continue;
        CardHistory card;
        Timestamp at = origin;
        for (std::size_t i = 0; i < days.size(); ++i) {
            at += std::chrono::days{days[i]};
            card.reviews.push_back(ReviewEvent{at, static_cast<Rating>(ratings[i])});
        }
        at += std::chrono::days{next.back()};
        card.reviews.push_back(ReviewEvent{at, recalled.back() ? Rating::good : Rating::again});
        cards.push_back(std::move(card));
    }
    return cards;
}

void row(const char* model, const PredictionScore& s) {
    std::printf("| %s | %.4f | %.4f | %zu |\n", model, s.log_loss, s.rmse_bins, s.count);
}

// A split of the log: the training part, and each card with the index of its first review
// held out (its size when the card is all training).
struct Split {
    std::vector<CardHistory> training;
    std::vector<FitItem> held_out;
};

// The newest fifth of the cards held out whole (the file lists cards by id, which is their
// creation instant): the model learns on older cards and predicts newer ones.
Split newest_cards(const std::vector<CardHistory>& cards) {
    Split split;
    const std::size_t first_held = cards.size() * 4 / 5;
    for (std::size_t i = 0; i < cards.size(); ++i) {
        if (i < first_held) {
            split.training.push_back(cards[i]);
        } else {
            split.held_out.push_back(FitItem{&cards[i], 1});
        }
    }
    return split;
}

// Each card's last fifth of reviews held out: the model learns on the early reviews of every
// card and predicts their later ones.
Split last_reviews(const std::vector<CardHistory>& cards) {
    Split split;
    for (const auto& card : cards) {
        const std::size_t from = card.reviews.size() * 4 / 5;
        CardHistory part = card;
        part.reviews.resize(from);
        split.training.push_back(std::move(part));
        split.held_out.push_back(FitItem{&card, from});
    }
    return split;
}

void evaluate(const char* title, const Split& split) {
    std::size_t training_reviews = 0;
    for (const auto& card : split.training) training_reviews += card.reviews.size();
    const auto start = std::chrono::steady_clock::now();
    const FitResult fit = fit_parameters(split.training);
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();

    std::vector<Prediction> defaults, fitted, seen;
    for (const FitItem& item : split.held_out) {
        predict(*item.card, kDefaultParameters, defaults, item.from);
        predict(*item.card, fit.weights, fitted, item.from);
    }
    for (const auto& card : split.training) predict(card, kDefaultParameters, seen);
    double recalled = 0;
    for (const auto& p : seen) recalled += p.recalled ? 1.0 : 0.0;
    const double average = seen.empty() ? 0.5 : recalled / static_cast<double>(seen.size());
    std::vector<Prediction> constant = defaults;
    for (auto& p : constant) p.probability = average;

    std::printf("\n%s: training %zu reviews (%zu scored), hold-out %zu scored\n\n", title,
                training_reviews, fit.predictions, defaults.size());
    std::printf("| model | log loss | RMSE (bins) | held-out reviews |\n|---|---|---|---|\n");
    row("FSRS-6, default parameters", score_predictions(defaults));
    row("FSRS-6, fitted parameters", score_predictions(fitted));
    row("AVG (the training part's recall share)", score_predictions(constant));
    std::printf("\nfit: %d steps in %.2f s, %.3f s per 10,000 training reviews\n", fit.steps,
                seconds, seconds * 10000.0 / static_cast<double>(training_reviews));
    std::printf("fitted parameters:");
    for (const double w : fit.weights) std::printf(" %.4f", w);
    std::printf("\n");
}

}  // namespace

int main(int argc, char** argv) {
    const std::vector<CardHistory> cards =
        argc > 1 ? read_seq2seq(argv[1])
                 : test::simulated_reviews(test::slow_forgetter(), 3000, 12, 11);
    std::size_t reviews = 0;
    for (const auto& card : cards) reviews += card.reviews.size();
    std::printf("%s: %zu cards, %zu reviews\n", argc > 1 ? argv[1] : "simulated learner",
                cards.size(), reviews);
    evaluate("The newest fifth of the cards held out", newest_cards(cards));
    evaluate("Each card's last fifth of reviews held out", last_reviews(cards));
    return 0;
}
