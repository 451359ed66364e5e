// The card analytics' simulation (docs/performance.md "Card analytics"): 500 simulated learners
// answer 200 cards of known true difficulty for 60 simulated days through the real booking
// (ll::book_card on the database given), then the analytics (GET /api/analytics/cards' use case)
// order the cards. Prints the Spearman correlation between the analytics' order (hardest first)
// and the true order, and the time of the analytics' reads at that size.
//   ll_bench_card_analytics DATABASE_URL [LEARNERS] [DAYS]
//
// The learners' recall (documented in docs/performance.md): a learner u answers card i right
// with probability sigmoid(a_u - b_i + 0.8 ln(1 + s) - 0.6 ln(1 + t) - 0.5 [the first time]),
// where a_u ~ N(1, 0.5) is
// the learner's ability, b_i (uniform in [-1.5, 1.5]) the card's true difficulty, s the right
// answers the learner gave the card so far and t the days since the last one. Each simulated
// day a learner answers the cards the schedule has due (at most 30), then up to 5 new ones.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <map>
#include <numeric>
#include <random>
#include <string>
#include <vector>

#include "adapters/persistence/sql_backend.hpp"
#include "core/app/authoring/card_analytics.hpp"
#include "core/app/book_progress.hpp"
#include "core/domain/memory_model.hpp"
#include "core/domain/time_format.hpp"

namespace {

using namespace ll;
using Wall = std::chrono::steady_clock;

constexpr int kCards = 200;
constexpr int kNewPerDay = 5;
constexpr int kDuePerDay = 30;

struct Card {
    fsrs::MemoryState memory;
    int right = 0;
    Timestamp last{};
};

double sigmoid(double x) {
    return 1.0 / (1.0 + std::exp(-x));
}

// Spearman's rho of two rankings of the same items (no ties): 1 - 6 sum d^2 / (n (n^2 - 1)).
double spearman(const std::vector<int>& rank_a, const std::vector<int>& rank_b) {
    const double n = static_cast<double>(rank_a.size());
    double d2 = 0;
    for (std::size_t i = 0; i < rank_a.size(); ++i) {
        const double d = rank_a[i] - rank_b[i];
        d2 += d * d;
    }
    return 1.0 - 6.0 * d2 / (n * (n * n - 1.0));
}

double median_ms(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 2) {
        std::fprintf(stderr, "usage: %s DATABASE_URL [LEARNERS] [DAYS]\n", argv[0]);
        return 2;
    }
    const std::string url = argv[1];
    const int learners = argc > 2 ? std::stoi(argv[2]) : 500;
    const int days = argc > 3 ? std::stoi(argv[3]) : 60;
    SqlBackend b(SqlBackendOptions{url, 4, true});
    std::mt19937 rng(20261206);

    std::vector<Id> pairs;
    std::vector<double> truth;  // b_i by card index
    std::uniform_real_distribution<double> difficulty(-1.5, 1.5);
    for (int i = 0; i < kCards; ++i) {
        pairs.push_back(b.content_seeder().add_pair(SeedPair{"word", "published", {}}));
        truth.push_back(difficulty(rng));
    }
    std::vector<Id> users;
    std::vector<double> ability;
    std::normal_distribution<double> ability_of(1.0, 0.5);
    for (int u = 0; u < learners; ++u) {
        const std::string name = "sim" + std::to_string(u);
        const auto account =
            b.accounts().create(NewAccount{name + "@example.com", "x", "end-user"});
        b.profiles().create(NewProfile{account->id, name, name, 1, 3});  // German learning Swedish
        users.push_back(account->id);
        ability.push_back(ability_of(rng));
    }

    const Timestamp start = *parse_timestamp("2026-09-01T08:00:00.000Z");
    std::vector<std::vector<Card>> state(learners, std::vector<Card>(kCards));
    std::vector<std::vector<int>> order(learners);  // each learner's new cards, shuffled
    std::vector<std::size_t> next_new(learners, 0);
    for (auto& o : order) {
        o.resize(kCards);
        std::iota(o.begin(), o.end(), 0);
        std::shuffle(o.begin(), o.end(), rng);
    }
    std::uniform_real_distribution<double> unit(0, 1);
    long answers = 0, failed = 0;
    const auto booking_start = Wall::now();
    for (int day = 0; day < days; ++day) {
        for (int u = 0; u < learners; ++u) {
            Timestamp now = start + std::chrono::days(day) + std::chrono::minutes(u % 600);
            std::vector<int> due;
            for (int i = 0; i < kCards; ++i)
                if (state[u][i].memory.reps > 0 && state[u][i].memory.due <= now) due.push_back(i);
            if (static_cast<int>(due.size()) > kDuePerDay) due.resize(kDuePerDay);
            for (int n = 0; n < kNewPerDay && next_new[u] < order[u].size(); ++n)
                due.push_back(order[u][next_new[u]++]);
            for (const int i : due) {
                Card& c = state[u][i];
                const double t = c.memory.reps > 0
                                     ? std::chrono::duration<double>(now - c.last).count() / 86400.0
                                     : 0.0;
                const double p = sigmoid(ability[u] - truth[i] + 0.8 * std::log1p(c.right) -
                                         0.6 * std::log1p(t) - (c.memory.reps == 0 ? 0.5 : 0.0));
                const bool right = unit(rng) < p;
                BookingCommand command{
                    users[u], pairs[i], right, 10, now, std::chrono::floor<std::chrono::days>(now)};
                if (book_card(b.progress(), command).status != BookingStatus::booked) ++failed;
                c.memory = fsrs::stored_precision(
                    fsrs::review(c.memory, now, fsrs::rating_for_answer(right),
                                 fsrs::kDefaultParameters, fsrs::kDefaultDesiredRetention));
                if (right) ++c.right;
                c.last = now;
                now += std::chrono::seconds(20);
                ++answers;
            }
        }
    }
    const double booking_s = std::chrono::duration<double>(Wall::now() - booking_start).count();

    CardAnalyticsPorts ports{b.card_analytics(), b.languages(), b.content()};
    CardFiguresQuery query{"sv"};
    query.limit = kCardFiguresMaxLimit;
    std::vector<double> list_ms, pair_ms;
    Result<CardFiguresList> list = CardFiguresList{};
    for (int run = 0; run < 5; ++run) {
        const auto t0 = Wall::now();
        list = list_card_figures(ports, query);
        list_ms.push_back(std::chrono::duration<double, std::milli>(Wall::now() - t0).count());
        const auto t1 = Wall::now();
        (void)pair_figures(ports, pairs[static_cast<std::size_t>(run)]);
        pair_ms.push_back(std::chrono::duration<double, std::milli>(Wall::now() - t1).count());
    }
    if (!list || list->cards.size() != static_cast<std::size_t>(kCards)) {
        std::fprintf(stderr, "analytics: %zu cards, expected %d\n", list ? list->cards.size() : 0u,
                     kCards);
        return 1;
    }
    // Ranks: the analytics' position (hardest first) and the true one (highest b_i first).
    std::map<Id, int> index;
    for (int i = 0; i < kCards; ++i) index[pairs[i]] = i;
    std::vector<int> analytics_rank(kCards), true_rank(kCards), by_truth(kCards);
    for (int r = 0; r < kCards; ++r) analytics_rank[index[list->cards[r].pair_id]] = r;
    std::iota(by_truth.begin(), by_truth.end(), 0);
    std::sort(by_truth.begin(), by_truth.end(), [&](int a, int c) { return truth[a] > truth[c]; });
    for (int r = 0; r < kCards; ++r) true_rank[by_truth[r]] = r;
    // The same for the learners' mean FSRS difficulty alone.
    std::vector<int> by_difficulty(kCards), difficulty_rank(kCards);
    std::iota(by_difficulty.begin(), by_difficulty.end(), 0);
    std::map<int, double> mean_difficulty;
    for (const auto& f : list->cards)
        mean_difficulty[index[f.pair_id]] = f.mean_difficulty.value_or(0);
    std::sort(by_difficulty.begin(), by_difficulty.end(),
              [&](int a, int c) { return mean_difficulty[a] > mean_difficulty[c]; });
    for (int r = 0; r < kCards; ++r) difficulty_rank[by_difficulty[r]] = r;

    std::printf(
        "| learners | cards | days | answers booked | booking time | Spearman (hardest first) "
        "| Spearman (mean difficulty) | GET /api/analytics/cards (median of 5) | one "
        "pair's figures |\n|---|---|---|---|---|---|---|---|---|\n");
    std::printf("| %d | %d | %d | %ld (%ld refused) | %.0f s | %.3f | %.3f | %.1f ms | %.1f ms |\n",
                learners, kCards, days, answers, failed, booking_s,
                spearman(analytics_rank, true_rank), spearman(difficulty_rank, true_rank),
                median_ms(list_ms), median_ms(pair_ms));
    return failed == 0 ? 0 : 1;
}
