#pragma once
// The memory model of the learning engine: FSRS-6 as published by the open-spaced-repetition
// project, as pure functions (docs/learning.md "How the schedule works" has the formulas, the
// phases and where we differ from the references).
//
// Two layers: the memory step (initial_memory / next_memory, the forgetting curve and the
// interval), which is all a parameter fit needs, and the schedule (review), which adds the
// phases, the learning steps in minutes and the due instant.
#include <array>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>

#include "core/domain/types.hpp"

namespace ll::fsrs {

// The learner's grade of one answer.
enum class Rating : std::uint8_t { again = 1, hard = 2, good = 3, easy = 4 };

// An answer without a rating: correct is Good, wrong is Again.
Rating rating_for_answer(bool correct);
// 1..4 as a Rating; anything else is nullopt.
std::optional<Rating> rating_from_number(std::int64_t number);

// The 21 weights w0..w20 of FSRS-6.
using Parameters = std::array<double, 21>;

// FSRS-6's published defaults (w20 = 0.1542 is the trainable decay of the forgetting curve).
inline constexpr Parameters kDefaultParameters{
    0.212,  1.2931, 2.3065, 8.2956, 6.4133, 0.8334, 3.0194, 0.001,  1.8722, 0.1666, 0.796,
    1.4835, 0.0614, 0.2629, 1.6483, 0.6014, 1.8729, 0.5425, 0.0912, 0.0658, 0.1542};

struct ParameterBound {
    double low;
    double high;
};

// The bounds FSRS's trainer clamps every weight into after each optimiser step, with
// short-term memory on and one relearning step (docs/learning.md "Parameters").
// clang-format off
inline constexpr std::array<ParameterBound, 21> kParameterBounds{{
    {0.001, 100.0}, {0.001, 100.0}, {0.001, 100.0}, {0.001, 100.0},  // w0..w3: S0 of each rating
    {1.0, 10.0},                    // w4: initial difficulty of Again
    {0.001, 4.0},                   // w5: initial difficulty's slope over the rating
    {0.001, 4.0},                   // w6: difficulty change per rating
    {0.001, 0.75},                  // w7: mean reversion towards D0(Easy)
    {0.0, 4.5}, {0.0, 0.8}, {0.001, 3.5},                     // w8..w10: stability after recall
    {0.001, 5.0}, {0.001, 0.25}, {0.001, 0.9}, {0.0, 4.0},   // w11..w14: stability after lapse
    {0.0, 1.0},                     // w15: Hard penalty
    {1.0, 6.0},                     // w16: Easy bonus
    {0.0, 2.0}, {0.0, 2.0},         // w17, w18: same-day stability
    {0.01, 0.8},                    // w19: same-day stability's damping by S
    {0.1, 0.8},                     // w20: decay of the forgetting curve
}};
// clang-format on

// True when every weight is finite and within its bound.
bool within_bounds(const Parameters& parameters);
// Every weight clamped into its bound; a weight that is not a number becomes its default.
Parameters clamp_to_bounds(const Parameters& parameters);

inline constexpr double kDefaultDesiredRetention = 0.9;
inline constexpr std::int32_t kMaximumIntervalDays = 36500;
inline constexpr double kMinStability = 0.001;
inline constexpr double kMaxStability = 36500.0;
inline constexpr double kMinDifficulty = 1.0;
inline constexpr double kMaxDifficulty = 10.0;

// ---- The memory step ----

// What FSRS knows about one item: stability (days until recall falls to 90%) and difficulty
// (1..10).
struct Memory {
    double stability = 0;
    double difficulty = 0;
    bool operator==(const Memory&) const = default;
};

// Whole days from one instant to a later one, as the references count them: the floor of the
// hours elapsed over 24. An instant before `from` counts as 0.
std::int64_t elapsed_days(Timestamp from, Timestamp to);

// Probability of recall `elapsed` days after a review: (1 + factor * t / S)^(-w20).
double forgetting_curve(double elapsed, double stability, const Parameters& w);
// Days until recall falls to `desired_retention` (the forgetting curve solved for t).
double interval_for(double stability, double desired_retention, const Parameters& w);
// interval_for rounded to whole days, at least 1 and at most kMaximumIntervalDays.
std::int32_t scheduled_days(double stability, double desired_retention, const Parameters& w);

// The formulas, one by one (exposed for tests and for the parameter fit).
double initial_stability(Rating rating, const Parameters& w);
double initial_difficulty(Rating rating, const Parameters& w);  // unclamped D0
double next_difficulty(double difficulty, Rating rating, const Parameters& w);
double recall_stability(double difficulty, double stability, double recall, Rating rating,
                        const Parameters& w);
double forget_stability(double difficulty, double stability, double recall, const Parameters& w);
double short_term_stability(double stability, Rating rating, const Parameters& w);

// The first review of an item.
Memory initial_memory(Rating rating, const Parameters& w);
// A later review `elapsed` whole days after the previous one: 0 days uses the short-term
// formula, more uses the forgetting curve's recall at that age.
Memory next_memory(Memory memory, std::int64_t elapsed, Rating rating, const Parameters& w);

// ---- The schedule ----

enum class Phase : std::uint8_t { new_item, learning, review, relearning };

// "new", "learning", "review", "relearning" (the names docs/learning.md uses).
std::string_view phase_name(Phase phase);
std::optional<Phase> phase_from_name(std::string_view name);

// The steps (in minutes) a new item walks before its first interval in days, and the step of
// an item that lapsed (py-fsrs's Scheduler's defaults).
inline constexpr std::array<std::chrono::minutes, 2> kLearningSteps{std::chrono::minutes{1},
                                                                    std::chrono::minutes{10}};
inline constexpr std::array<std::chrono::minutes, 1> kRelearningSteps{std::chrono::minutes{10}};

// One learner's memory of one item. A never-reviewed item is MemoryState{} (phase new_item).
struct MemoryState {
    Phase phase = Phase::new_item;
    double stability = 0;   // 0 while new
    double difficulty = 0;  // 0 while new
    std::optional<Timestamp> last_review;
    Timestamp due{};          // when the item should be practised next
    std::int32_t step = 0;    // index into the (re)learning steps; 0 outside them
    std::int32_t reps = 0;    // reviews so far
    std::int32_t lapses = 0;  // Again in the review phase so far
    bool operator==(const MemoryState&) const = default;
};

// The state after a review at `at` with `rating`. No fuzz: the due instant is exact.
// desired_retention is in (0, 1]; anything else still gives an interval of 1..36500 days.
MemoryState review(const MemoryState& state, Timestamp at, Rating rating, const Parameters& w,
                   double desired_retention);

// The state as every store keeps it: stability and difficulty in single precision (PostgreSQL's
// 4-byte REAL), reps and lapses at most 32,767 (SMALLINT). The booking keeps exactly this, so
// a store holds the numbers the core decided and the next review starts from them
// (docs/learning.md "What is stored").
MemoryState stored_precision(MemoryState state);
// One number as the stores keep it (4-byte REAL): stability, difficulty, retrievability.
double stored_value(double value);

// Probability of recall at `at`: 0 for a new item, the forgetting curve at the whole days
// since the last review otherwise (1 on the day of a review).
double retrievability(const MemoryState& state, Timestamp at, const Parameters& w);

}  // namespace ll::fsrs
