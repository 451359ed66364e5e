// The FSRS-6 memory model (core/domain/memory_model.hpp, docs/learning.md "How the schedule
// works"): the reference implementations' own test vectors, then properties of the schedule.
// The references: py-fsrs 6.3.1 (tests/test_basic.py), ts-fsrs 5.4.1
// (packages/fsrs/__tests__/), fsrs-rs 6.6.1 (src/inference.rs, src/model.rs,
// src/parameter_clipper.rs tests). fsrs-rs computes in f32, so its figures are matched to a
// relative 1e-5; py-fsrs and ts-fsrs compute in f64 and are matched to the digits they print.
#include <catch2/catch.hpp>

#include <chrono>
#include <cmath>
#include <limits>
#include <vector>

#include "core/domain/memory_model.hpp"

using namespace ll;
using namespace ll::fsrs;
using namespace std::chrono_literals;

namespace {

// 2022-11-29 12:30 UTC, the start instant of the references' sequences.
constexpr Timestamp kStart = std::chrono::sys_days{std::chrono::year{2022} / 11 / 29} + 12h + 30min;

constexpr std::array<Rating, 4> kRatings{Rating::again, Rating::hard, Rating::good, Rating::easy};

// fsrs-rs's inference tests' PARAMETERS: 19 FSRS-5 weights, which fsrs-rs completes with
// w19 = 0 and the FSRS-5 decay w20 = 0.5.
constexpr Parameters kFsrsRsTestParameters{
    0.6845422,    1.6790825,  4.7349424, 10.042885,  7.4410233,   0.64219797, 1.071918,
    0.0025195254, 1.432437,   0.1544,    0.8692766,  2.0696752,   0.0953,     0.2975,
    2.4691248,    0.19542035, 3.201072,  0.18046261, 0.121442534, 0.0,        0.5};

// fsrs-rs's memory_state over FSRSReview{rating, delta_t} pairs: the first review sets the
// initial memory, each later one steps by its whole days.
Memory replay(const std::vector<std::pair<Rating, std::int64_t>>& reviews, const Parameters& w) {
    Memory memory = initial_memory(reviews.front().first, w);
    for (std::size_t i = 1; i < reviews.size(); ++i) {
        memory = next_memory(memory, reviews[i].second, reviews[i].first, w);
    }
    return memory;
}

Approx f32(double value) {
    return Approx(value).epsilon(1e-5);
}

MemoryState reviewed(const MemoryState& state, Timestamp at, Rating rating) {
    return review(state, at, rating, kDefaultParameters, kDefaultDesiredRetention);
}

}  // namespace

TEST_CASE("fsrs: the published default parameters are within the published bounds", "[fsrs]") {
    CHECK(kDefaultParameters[20] == 0.1542);
    CHECK(within_bounds(kDefaultParameters));
    CHECK(clamp_to_bounds(kDefaultParameters) == kDefaultParameters);
}

TEST_CASE("fsrs: py-fsrs test_review_card / ts-fsrs FSRS-6 ivl_history", "[fsrs]") {
    // Each review at the due instant of the one before, default parameters, retention 0.9.
    const std::vector<Rating> ratings{Rating::good, Rating::good, Rating::good,  Rating::good,
                                      Rating::good, Rating::good, Rating::again, Rating::again,
                                      Rating::good, Rating::good, Rating::good,  Rating::good,
                                      Rating::good};
    MemoryState card;
    Timestamp now = kStart;
    std::vector<std::int64_t> intervals;
    for (const Rating rating : ratings) {
        card = reviewed(card, now, rating);
        intervals.push_back(elapsed_days(*card.last_review, card.due));
        now = card.due;
    }
    CHECK(intervals == std::vector<std::int64_t>{0, 2, 11, 46, 163, 498, 0, 0, 2, 4, 7, 12, 21});
    CHECK(card.phase == Phase::review);
    CHECK(card.reps == 13);
    CHECK(card.lapses == 1);
}

TEST_CASE("fsrs: py-fsrs test_memo_state / ts-fsrs memory state[short-term]", "[fsrs]") {
    // Again, then Good five times, 0, 0, 1, 3, 8 and 21 days apart.
    const std::vector<Rating> ratings{Rating::again, Rating::good, Rating::good,
                                      Rating::good,  Rating::good, Rating::good};
    const std::vector<int> gaps{0, 0, 1, 3, 8, 21};
    MemoryState card;
    Timestamp now = kStart;
    for (std::size_t i = 0; i < ratings.size(); ++i) {
        now += std::chrono::days{gaps[i]};
        card = reviewed(card, now, ratings[i]);
    }
    CHECK(card.stability == Approx(53.62691).margin(1e-4));
    CHECK(card.difficulty == Approx(6.3574867).margin(1e-4));
}

TEST_CASE("fsrs: fsrs-rs test_memory_state, with and without short-term weights", "[fsrs]") {
    const std::vector<std::pair<Rating, std::int64_t>> reviews{
        {Rating::again, 0}, {Rating::good, 0}, {Rating::good, 1},
        {Rating::good, 3},  {Rating::good, 8}, {Rating::good, 21}};
    const Memory memory = replay(reviews, kDefaultParameters);
    CHECK(memory.stability == Approx(53.62691).margin(1e-4));
    CHECK(memory.difficulty == Approx(6.3574867).margin(1e-4));

    // "freeze short term": w17 = w18 = w19 = 0 leaves a same-day review's stability as it was.
    Parameters frozen = kDefaultParameters;
    frozen[17] = frozen[18] = frozen[19] = 0.0;
    const Memory long_term = replay(reviews, frozen);
    CHECK(long_term.stability == Approx(53.335106).margin(1e-4));
    CHECK(long_term.difficulty == Approx(6.3574867).margin(1e-4));
}

TEST_CASE("fsrs: fsrs-rs test_next_states and test_memo_state (FSRS-5 weights)", "[fsrs]") {
    const std::vector<std::pair<Rating, std::int64_t>> history{
        {Rating::again, 0}, {Rating::good, 1}, {Rating::good, 3}, {Rating::good, 8}};
    const Memory state = replay(history, kFsrsRsTestParameters);
    const std::array<Memory, 4> expected{Memory{2.9691455, 8.000659}, Memory{17.091452, 7.6913934},
                                         Memory{31.722992, 7.382128}, Memory{71.7502, 7.0728626}};
    for (std::size_t i = 0; i < kRatings.size(); ++i) {
        const Memory next = next_memory(state, 21, kRatings[i], kFsrsRsTestParameters);
        CAPTURE(i);
        CHECK(next.stability == f32(expected[i].stability));
        CHECK(next.difficulty == f32(expected[i].difficulty));
        // At w20 = 0.5 and retention 0.9 the interval is the stability itself.
        CHECK(interval_for(next.stability, 0.9, kFsrsRsTestParameters) ==
              f32(expected[i].stability));
    }
    const Memory good =
        next_memory(Memory{20.925528, 7.005062}, 21, Rating::good, kFsrsRsTestParameters);
    CHECK(good.stability == f32(40.87456));
    CHECK(good.difficulty == f32(6.9913807));
}

TEST_CASE("fsrs: ts-fsrs FSRS-6 first repeat", "[fsrs]") {
    const std::array<double, 4> stability{0.212, 1.2931, 2.3065, 8.2956};
    const std::array<double, 4> difficulty{6.4133, 5.11217071, 2.11810397, 1.0};
    const std::array<std::int64_t, 4> days{0, 0, 0, 8};
    const std::array<Phase, 4> phases{Phase::learning, Phase::learning, Phase::learning,
                                      Phase::review};
    // ts-fsrs get_retrievability at each card's due instant: 1 for the cards due in minutes.
    const std::array<double, 4> recall_at_due{1.0, 1.0, 1.0, 0.9024733};
    for (std::size_t i = 0; i < kRatings.size(); ++i) {
        const MemoryState card = reviewed(MemoryState{}, kStart, kRatings[i]);
        CAPTURE(i);
        CHECK(card.stability == stability[i]);
        CHECK(card.difficulty == Approx(difficulty[i]).margin(1e-8));
        CHECK(elapsed_days(kStart, card.due) == days[i]);
        CHECK(card.phase == phases[i]);
        CHECK(card.reps == 1);
        CHECK(card.lapses == 0);
        CHECK(retrievability(card, card.due, kDefaultParameters) ==
              Approx(recall_at_due[i]).margin(1e-7));
    }
}

TEST_CASE("fsrs: py-fsrs test_repeated_correct_reviews", "[fsrs]") {
    // Ten Easy answers a moment apart drive difficulty down to its floor of exactly 1.
    MemoryState card;
    for (int i = 0; i < 10; ++i)
        card = reviewed(card, kStart + std::chrono::milliseconds{i}, Rating::easy);
    CHECK(card.difficulty == 1.0);
}

TEST_CASE("fsrs: forgetting curve vectors of ts-fsrs and fsrs-rs", "[fsrs]") {
    // ts-fsrs algorithm.test.ts "forgetting_curve": S = 1, t = 0..3 days, default decay.
    const std::array<double, 4> ts{1.0, 0.9, 0.84588465, 0.8093881};
    for (std::size_t t = 0; t < ts.size(); ++t) {
        CHECK(forgetting_curve(static_cast<double>(t), 1.0, kDefaultParameters) ==
              Approx(ts[t]).margin(1e-8));
    }
    // fsrs-rs model.rs test_power_forgetting_curve: (t, S) pairs, default parameters.
    const std::array<std::pair<double, double>, 6> pairs{
        {{0, 1}, {1, 2}, {2, 3}, {3, 4}, {4, 4}, {5, 2}}};
    const std::array<double, 6> rs{1.0, 0.9403443, 0.9253786, 0.9185229, 0.9, 0.8261359};
    for (std::size_t i = 0; i < pairs.size(); ++i) {
        CHECK(forgetting_curve(pairs[i].first, pairs[i].second, kDefaultParameters) == f32(rs[i]));
    }
    // fsrs-rs inference.rs test_current_retrievability: decay 0.2, S = 1.
    Parameters decay = kDefaultParameters;
    decay[20] = 0.2;
    const std::array<double, 4> rs_decay{1.0, 0.9, 0.84028935, 0.7985001};
    for (std::size_t t = 0; t < rs_decay.size(); ++t) {
        CHECK(forgetting_curve(static_cast<double>(t), 1.0, decay) == f32(rs_decay[t]));
    }
}

TEST_CASE("fsrs: ts-fsrs next_ds vectors (difficulty and the three stability formulas)", "[fsrs]") {
    const Parameters& w = kDefaultParameters;
    // next_difficulty(5, G) for G = 1..4.
    const std::array<double, 4> difficulty{8.34176237, 6.66599536, 4.99022837, 3.31446137};
    // S = 5; D = 1..4 and R = 0.9..0.6 for G = 1..4.
    const std::array<double, 4> recall{25.60252118, 28.22657096, 58.65599107, 127.2266925};
    const std::array<double, 4> forget{1.05253961, 1.18943295, 1.36808387, 1.58498896};
    for (std::size_t i = 0; i < kRatings.size(); ++i) {
        const double d = static_cast<double>(i + 1);
        const double r = 0.9 - 0.1 * static_cast<double>(i);
        CAPTURE(i);
        CHECK(next_difficulty(5.0, kRatings[i], w) == Approx(difficulty[i]).margin(1e-8));
        CHECK(recall_stability(d, 5.0, r, kRatings[i], w) == Approx(recall[i]).margin(1e-7));
        CHECK(forget_stability(d, 5.0, r, w) == Approx(forget[i]).margin(1e-8));
    }
    // next_short_term_stability(5, G): ts-fsrs prints [1.596818, 5, 5, 8.12960956].
    CHECK(short_term_stability(5.0, Rating::again, w) == Approx(1.596818).margin(1e-8));
    CHECK(short_term_stability(5.0, Rating::good, w) == 5.0);
    CHECK(short_term_stability(5.0, Rating::easy, w) == Approx(8.12960956).margin(1e-8));
    // Hard: its raw increase is below 1 and, as in ts-fsrs and fsrs-rs (whose trainer fits the
    // parameters), floored at 1; the FSRS wiki's rule floors only G >= 3 (docs/learning.md
    // "What we took from which reference, and where we differ").
    const double hard_increase = std::exp(w[17] * (2 - 3 + w[18])) * std::pow(5.0, -w[19]);
    CHECK(hard_increase < 1.0);
    CHECK(short_term_stability(5.0, Rating::hard, w) == 5.0);
}

TEST_CASE("fsrs: fsrs-rs test_next_interval / ts-fsrs next_ivl", "[fsrs]") {
    // S = 1, desired retention 0.1 .. 1.0. ts-fsrs (f64, as we are) prints 3116769 for 0.1
    // where fsrs-rs (f32) prints 3116766; the rest agree.
    const std::array<std::int64_t, 10> raw{3116769, 34793, 2508, 387, 90, 27, 9, 3, 1, 1};
    for (std::size_t i = 0; i < raw.size(); ++i) {
        const double retention = static_cast<double>(i + 1) / 10.0;
        CAPTURE(retention);
        const double days = interval_for(1.0, retention, kDefaultParameters);
        CHECK(std::max<std::int64_t>(1, std::llround(days)) == raw[i]);
        CHECK(scheduled_days(1.0, retention, kDefaultParameters) ==
              std::min<std::int64_t>(raw[i], kMaximumIntervalDays));
    }
}

TEST_CASE("fsrs: fsrs-rs test_parameter_clipper_works and py-fsrs parameter validation", "[fsrs]") {
    Parameters w = kDefaultParameters;
    const std::array<double, 9> given{0.0, -1000.0, 1000.0, 0.0, 1000.0, -1000.0, 1.0, 0.25, -0.1};
    const std::array<double, 9> clipped{0.001, 0.001, 100.0, 0.001, 10.0, 0.001, 1.0, 0.25, 0.0};
    std::copy(given.begin(), given.end(), w.begin());
    CHECK_FALSE(within_bounds(w));
    const Parameters result = clamp_to_bounds(w);
    for (std::size_t i = 0; i < clipped.size(); ++i) CHECK(result[i] == clipped[i]);
    for (std::size_t i = clipped.size(); i < w.size(); ++i) CHECK(result[i] == w[i]);
    CHECK(within_bounds(result));

    // py-fsrs test_scheduler_parameter_validation.
    Parameters high = kDefaultParameters;
    high[6] = 100;
    CHECK_FALSE(within_bounds(high));
    Parameters low = kDefaultParameters;
    low[10] = -42;
    CHECK_FALSE(within_bounds(low));
    Parameters two = kDefaultParameters;
    two[0] = 0;
    two[3] = 101;
    CHECK_FALSE(within_bounds(two));

    // Not a number is never within bounds; clamping puts the default back.
    Parameters nan = kDefaultParameters;
    nan[8] = std::numeric_limits<double>::quiet_NaN();
    nan[9] = std::numeric_limits<double>::infinity();
    CHECK_FALSE(within_bounds(nan));
    const Parameters mended = clamp_to_bounds(nan);
    CHECK(mended[8] == kDefaultParameters[8]);
    CHECK(mended[9] == 0.8);
    // fsrs-rs and ts-fsrs floor w19 at 0.01 while training with short-term memory on.
    Parameters w19 = kDefaultParameters;
    w19[19] = 0.0;
    CHECK(clamp_to_bounds(w19)[19] == 0.01);
}

TEST_CASE("fsrs: learning steps as py-fsrs's Scheduler walks them", "[fsrs]") {
    // test_again/hard/good/easy_learning_steps: 1 min, 5.5 min, 10 min, at least a day.
    const MemoryState again = reviewed(MemoryState{}, kStart, Rating::again);
    CHECK((again.phase == Phase::learning && again.step == 0 && again.due == kStart + 1min));
    const MemoryState hard = reviewed(MemoryState{}, kStart, Rating::hard);
    CHECK((hard.phase == Phase::learning && hard.step == 0 && hard.due == kStart + 330s));
    const MemoryState good = reviewed(MemoryState{}, kStart, Rating::good);
    CHECK((good.phase == Phase::learning && good.step == 1 && good.due == kStart + 10min));
    const MemoryState easy = reviewed(MemoryState{}, kStart, Rating::easy);
    CHECK((easy.phase == Phase::review && easy.step == 0 && easy.due >= kStart + 24h));

    // test_learning_card_rate_hard_second_learning_step: Hard on step 1 repeats its 10 min.
    const MemoryState second = reviewed(good, good.due, Rating::hard);
    CHECK((second.phase == Phase::learning && second.step == 1 && second.due == good.due + 10min));
    // test_good_learning_steps: Good on the last step graduates to days.
    const MemoryState graduated = reviewed(good, good.due, Rating::good);
    CHECK((graduated.phase == Phase::review && graduated.due >= good.due + 24h));
}

TEST_CASE("fsrs: a lapse goes to relearning; py-fsrs test_relearning", "[fsrs]") {
    MemoryState card = reviewed(MemoryState{}, kStart, Rating::good);
    card = reviewed(card, card.due, Rating::good);
    card = reviewed(card, card.due, Rating::good);
    REQUIRE(card.phase == Phase::review);
    REQUIRE(card.lapses == 0);

    const MemoryState lapsed = reviewed(card, card.due, Rating::again);
    CHECK(lapsed.phase == Phase::relearning);
    CHECK(lapsed.step == 0);
    CHECK(lapsed.lapses == 1);
    CHECK(lapsed.due == card.due + 10min);
    CHECK(lapsed.stability < card.stability);

    // Again while relearning: 10 min again, and no second lapse.
    const MemoryState again = reviewed(lapsed, lapsed.due, Rating::again);
    CHECK((again.phase == Phase::relearning && again.step == 0 && again.lapses == 1));
    CHECK(again.due == lapsed.due + 10min);
    // test_relearning_card_rate_hard_one_relearning_step: Hard on the only step is 1.5 x 10 min.
    const MemoryState hard = reviewed(lapsed, lapsed.due, Rating::hard);
    CHECK((hard.phase == Phase::relearning && hard.step == 0 && hard.due == lapsed.due + 15min));
    // Good leaves the only step for days.
    const MemoryState back = reviewed(again, again.due, Rating::good);
    CHECK((back.phase == Phase::review && back.due >= again.due + 24h && back.lapses == 1));
    // test_long_term_stability_learning_state: relearning answered a day late uses the
    // forgetting curve (and still graduates).
    const MemoryState late = reviewed(lapsed, lapsed.due + 24h, Rating::good);
    CHECK(late.phase == Phase::review);
    CHECK(late.stability == next_memory(Memory{lapsed.stability, lapsed.difficulty}, 1,
                                        Rating::good, kDefaultParameters)
                                .stability);
}

TEST_CASE("fsrs: whole days are the floor of the hours over 24", "[fsrs]") {
    CHECK(elapsed_days(kStart, kStart) == 0);
    CHECK(elapsed_days(kStart, kStart + 24h - 1ms) == 0);
    CHECK(elapsed_days(kStart, kStart + 24h) == 1);
    CHECK(elapsed_days(kStart, kStart + 47h) == 1);
    CHECK(elapsed_days(kStart, kStart + 48h) == 2);
    CHECK(elapsed_days(kStart, kStart - 1h) == 0);

    // A review-phase item answered 23 h after its last review takes the short-term formula;
    // 24 h after, the forgetting curve's.
    MemoryState card = reviewed(MemoryState{}, kStart, Rating::easy);
    REQUIRE(card.phase == Phase::review);
    const Memory before{card.stability, card.difficulty};
    const MemoryState same_day = reviewed(card, kStart + 23h, Rating::good);
    CHECK(same_day.stability ==
          short_term_stability(before.stability, Rating::good, kDefaultParameters));
    const MemoryState next_day = reviewed(card, kStart + 24h, Rating::good);
    CHECK(next_day.stability ==
          recall_stability(before.difficulty, before.stability,
                           forgetting_curve(1, before.stability, kDefaultParameters), Rating::good,
                           kDefaultParameters));
    CHECK(next_day.stability != same_day.stability);
}

TEST_CASE("fsrs: retrievability is 1 at the review and falls with time", "[fsrs]") {
    CHECK(retrievability(MemoryState{}, kStart, kDefaultParameters) == 0.0);
    MemoryState card = reviewed(MemoryState{}, kStart, Rating::good);
    card = reviewed(card, card.due, Rating::good);
    const Timestamp last = *card.last_review;
    CHECK(retrievability(card, last, kDefaultParameters) == 1.0);
    double previous = 1.0;
    for (int day = 1; day <= 400; ++day) {
        const double r = retrievability(card, last + std::chrono::days{day}, kDefaultParameters);
        CAPTURE(day);
        CHECK(r < previous);
        CHECK(r > 0.0);
        previous = r;
    }
}

TEST_CASE("fsrs: at a review-phase item's due instant recall is the desired retention", "[fsrs]") {
    for (const double retention : {0.7, 0.8, 0.9, 0.95}) {
        MemoryState card;
        Timestamp now = kStart;
        for (int i = 0; i < 8; ++i) {
            card = review(card, now, Rating::good, kDefaultParameters, retention);
            now = card.due;
            if (card.phase != Phase::review) continue;
            CAPTURE(retention, i, card.stability);
            const double exact = interval_for(card.stability, retention, kDefaultParameters);
            CHECK(forgetting_curve(exact, card.stability, kDefaultParameters) ==
                  Approx(retention).margin(1e-12));
            // The due instant is the exact interval rounded to whole days, within 1..36,500;
            // where a bound cuts it short, recall at due is above the retention.
            const double at_due = retrievability(card, card.due, kDefaultParameters);
            if (exact < 0.5 || exact > kMaximumIntervalDays) {
                CHECK(at_due >= retention);
                continue;
            }
            CHECK(at_due <= forgetting_curve(exact - 0.5, card.stability, kDefaultParameters));
            CHECK(at_due >= forgetting_curve(exact + 0.5, card.stability, kDefaultParameters));
        }
    }
}

TEST_CASE("fsrs: no interval exceeds 36,500 days", "[fsrs]") {
    MemoryState card;
    Timestamp now = kStart;
    for (int i = 0; i < 30; ++i) {
        card = reviewed(card, now, Rating::easy);
        CHECK(elapsed_days(*card.last_review, card.due) <= kMaximumIntervalDays);
        CHECK(card.stability <= kMaxStability);
        now = card.due;
    }
    CHECK(elapsed_days(*card.last_review, card.due) == kMaximumIntervalDays);
    CHECK(scheduled_days(1e9, 0.9, kDefaultParameters) == kMaximumIntervalDays);
    // Retentions outside (0, 1) still give whole days within the range.
    CHECK(scheduled_days(10.0, 0.0, kDefaultParameters) == kMaximumIntervalDays);
    CHECK(scheduled_days(10.0, 1.0, kDefaultParameters) == 1);
    CHECK(scheduled_days(10.0, std::numeric_limits<double>::quiet_NaN(), kDefaultParameters) == 1);
}

TEST_CASE("fsrs: a higher rating never gives an earlier due instant", "[fsrs]") {
    std::vector<std::pair<MemoryState, Timestamp>> cases{{MemoryState{}, kStart}};
    // Every phase and step along a path with a lapse, each answered on time, early and late.
    MemoryState card;
    Timestamp now = kStart;
    for (const Rating rating : {Rating::good, Rating::good, Rating::good, Rating::good,
                                Rating::again, Rating::hard, Rating::good, Rating::easy}) {
        card = reviewed(card, now, rating);
        now = card.due;
        for (const auto offset : {std::chrono::milliseconds{0}, std::chrono::milliseconds{-1h},
                                  std::chrono::milliseconds{72h}}) {
            cases.emplace_back(card, card.due + offset);
        }
    }
    for (const auto& [state, at] : cases) {
        CAPTURE(phase_name(state.phase), state.step, state.stability);
        Timestamp previous = Timestamp::min();
        for (const Rating rating : kRatings) {
            const MemoryState next = reviewed(state, at, rating);
            CHECK(next.due >= previous);
            CHECK(next.due > at);
            previous = next.due;
        }
    }
}

TEST_CASE("fsrs: a review changes only the state it returns", "[fsrs]") {
    MemoryState card = reviewed(MemoryState{}, kStart, Rating::good);
    const MemoryState copy = card;
    const MemoryState first = reviewed(card, card.due, Rating::hard);
    CHECK(card == copy);
    CHECK(reviewed(card, card.due, Rating::hard) == first);  // no fuzz, no hidden state
    CHECK(retrievability(card, card.due + 48h, kDefaultParameters) ==
          retrievability(card, card.due + 48h, kDefaultParameters));
    CHECK(card == copy);
    CHECK(first.reps == card.reps + 1);
    CHECK(first.last_review == card.due);
}

TEST_CASE("fsrs: a stored state out of range is read at the nearest bound", "[fsrs]") {
    MemoryState card = reviewed(MemoryState{}, kStart, Rating::easy);
    card.stability = std::numeric_limits<double>::quiet_NaN();
    card.difficulty = 42.0;
    const MemoryState next = reviewed(card, card.due, Rating::good);
    CHECK(std::isfinite(next.stability));
    CHECK(next.stability >= kMinStability);
    CHECK(next.difficulty <= kMaxDifficulty);
    CHECK(retrievability(card, card.due, kDefaultParameters) >= 0.0);
}

TEST_CASE("fsrs: ratings and phase names", "[fsrs]") {
    CHECK(rating_for_answer(true) == Rating::good);
    CHECK(rating_for_answer(false) == Rating::again);
    CHECK(rating_from_number(1) == Rating::again);
    CHECK(rating_from_number(2) == Rating::hard);
    CHECK(rating_from_number(3) == Rating::good);
    CHECK(rating_from_number(4) == Rating::easy);
    CHECK_FALSE(rating_from_number(0));
    CHECK_FALSE(rating_from_number(5));
    CHECK_FALSE(rating_from_number(-3));
    for (const Phase phase : {Phase::new_item, Phase::learning, Phase::review, Phase::relearning}) {
        CHECK(phase_from_name(phase_name(phase)) == phase);
    }
    CHECK(phase_name(Phase::new_item) == "new");
    CHECK_FALSE(phase_from_name("graduated"));
}
