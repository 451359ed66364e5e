// FSRS-6 (docs/learning.md "How the schedule works"): the formulas, then the schedule's phases.
#include "core/domain/memory_model.hpp"

#include <algorithm>
#include <cmath>
#include <span>

namespace ll::fsrs {

namespace {

// kParameterBounds' w17/w18 ceiling of 2.0 is FSRS's trainer's for at most one relearning step
// (with more, it lowers the ceiling so that a lapse and its steps cannot raise stability).
static_assert(kRelearningSteps.size() == 1);

// 1..4; a value cast from outside the enum is held to the nearest grade (never an index past w).
int grade(Rating rating) {
    return std::clamp(static_cast<int>(rating), 1, 4);
}

// A stored value outside the model's range (or not a number) is read as the nearest bound, as
// FSRS's trainer does before each step; NaN becomes the lower bound.
double bounded(double value, double low, double high) {
    return std::isnan(value) ? low : std::clamp(value, low, high);
}

// The forgetting curve's constant: chosen so that R(S) = 0.9 for any decay w20.
double curve_factor(const Parameters& w) {
    return std::pow(0.9, -1.0 / w[20]) - 1.0;
}

}  // namespace

Rating rating_for_answer(bool correct) {
    return correct ? Rating::good : Rating::again;
}

std::optional<Rating> rating_from_number(std::int64_t number) {
    if (number < 1 || number > 4) return std::nullopt;
    return static_cast<Rating>(number);
}

bool within_bounds(const Parameters& parameters) {
    for (std::size_t i = 0; i < parameters.size(); ++i) {
        const double w = parameters[i];
        if (!std::isfinite(w) || w < kParameterBounds[i].low || w > kParameterBounds[i].high) {
            return false;
        }
    }
    return true;
}

Parameters clamp_to_bounds(const Parameters& parameters) {
    Parameters clamped{};
    for (std::size_t i = 0; i < parameters.size(); ++i) {
        // An optimiser step can produce NaN; the default is a safer stand-in than a bound.
        clamped[i] = std::isnan(parameters[i]) ? kDefaultParameters[i]
                                               : std::clamp(parameters[i], kParameterBounds[i].low,
                                                            kParameterBounds[i].high);
    }
    return clamped;
}

std::int64_t elapsed_days(Timestamp from, Timestamp to) {
    // floor, not truncation: 23 h 59 min is day 0 and so is a review dated before the last one.
    return std::max<std::int64_t>(0, std::chrono::floor<std::chrono::days>(to - from).count());
}

double forgetting_curve(double elapsed, double stability, const Parameters& w) {
    return std::pow(1.0 + curve_factor(w) * elapsed / stability, -w[20]);
}

double interval_for(double stability, double desired_retention, const Parameters& w) {
    return stability / curve_factor(w) * (std::pow(desired_retention, -1.0 / w[20]) - 1.0);
}

std::int32_t scheduled_days(double stability, double desired_retention, const Parameters& w) {
    const double days = interval_for(stability, desired_retention, w);
    // Clamp before rounding so that an infinite or NaN interval (a retention of 0 or not a
    // number) still gives a whole number of days; NaN takes the shortest.
    const double within = bounded(days, 1.0, static_cast<double>(kMaximumIntervalDays));
    return static_cast<std::int32_t>(std::lround(within));
}

double initial_stability(Rating rating, const Parameters& w) {
    return bounded(w[static_cast<std::size_t>(grade(rating) - 1)], kMinStability, kMaxStability);
}

double initial_difficulty(Rating rating, const Parameters& w) {
    return w[4] - std::exp(w[5] * (grade(rating) - 1)) + 1.0;
}

double next_difficulty(double difficulty, Rating rating, const Parameters& w) {
    const double change = -w[6] * (grade(rating) - 3);
    // Linear damping: the closer to 10, the smaller the step, so difficulty approaches 10
    // without overshooting.
    const double damped = difficulty + change * (10.0 - difficulty) / 9.0;
    // Mean reversion towards the initial difficulty of Easy keeps difficulty from sticking.
    const double reverted = w[7] * initial_difficulty(Rating::easy, w) + (1.0 - w[7]) * damped;
    return std::clamp(reverted, kMinDifficulty, kMaxDifficulty);
}

double recall_stability(double difficulty, double stability, double recall, Rating rating,
                        const Parameters& w) {
    const double hard_penalty = rating == Rating::hard ? w[15] : 1.0;
    const double easy_bonus = rating == Rating::easy ? w[16] : 1.0;
    return stability *
           (1.0 + std::exp(w[8]) * (11.0 - difficulty) * std::pow(stability, -w[9]) *
                      (std::exp((1.0 - recall) * w[10]) - 1.0) * hard_penalty * easy_bonus);
}

double forget_stability(double difficulty, double stability, double recall, const Parameters& w) {
    const double long_term = w[11] * std::pow(difficulty, -w[12]) *
                             (std::pow(stability + 1.0, w[13]) - 1.0) *
                             std::exp((1.0 - recall) * w[14]);
    // Capped so that the relearning step's same-day Good (x e^(w17 * w18)) cannot lift
    // stability above what it was before the lapse (fsrs-rs's post-lapse clip).
    const double short_term_ceiling = stability / std::exp(w[17] * w[18]);
    return std::min(long_term, short_term_ceiling);
}

double short_term_stability(double stability, Rating rating, const Parameters& w) {
    double increase = std::exp(w[17] * (grade(rating) - 3 + w[18])) * std::pow(stability, -w[19]);
    // A same-day recall never lowers stability: Hard, Good and Easy are floored at 1, as
    // fsrs-rs (whose trainer the parameter fit follows) and ts-fsrs do; the FSRS wiki's rule
    // floors only G >= 3 (docs/learning.md "What we took from which reference, and where we
    // differ").
    if (rating >= Rating::hard) increase = std::max(increase, 1.0);
    return stability * increase;
}

Memory initial_memory(Rating rating, const Parameters& w) {
    return Memory{initial_stability(rating, w),
                  std::clamp(initial_difficulty(rating, w), kMinDifficulty, kMaxDifficulty)};
}

Memory next_memory(Memory memory, std::int64_t elapsed, Rating rating, const Parameters& w) {
    const double s = bounded(memory.stability, kMinStability, kMaxStability);
    const double d = bounded(memory.difficulty, kMinDifficulty, kMaxDifficulty);
    double stability = 0;
    if (elapsed <= 0) {
        stability = short_term_stability(s, rating, w);
    } else {
        const double recall = forgetting_curve(static_cast<double>(elapsed), s, w);
        stability = rating == Rating::again ? forget_stability(d, s, recall, w)
                                            : recall_stability(d, s, recall, rating, w);
    }
    return Memory{bounded(stability, kMinStability, kMaxStability), next_difficulty(d, rating, w)};
}

std::string_view phase_name(Phase phase) {
    switch (phase) {
        case Phase::new_item:
            return "new";
        case Phase::learning:
            return "learning";
        case Phase::review:
            return "review";
        case Phase::relearning:
            return "relearning";
    }
    return "new";
}

std::optional<Phase> phase_from_name(std::string_view name) {
    for (const Phase phase : {Phase::new_item, Phase::learning, Phase::review, Phase::relearning}) {
        if (phase_name(phase) == name) return phase;
    }
    return std::nullopt;
}

namespace {

// Where a rating moves an item within its (re)learning steps: the next step and the wait
// before it, or no wait when the item leaves the steps for the review phase.
struct StepMove {
    std::int32_t step = 0;
    std::optional<std::chrono::milliseconds> wait;
};

// py-fsrs's Scheduler's rule: Again restarts the steps; Hard repeats the step (on the first
// step, half way to the second, or 1.5 times the only step); Good moves on, and from the last
// step graduates; Easy graduates at once.
StepMove move_through_steps(std::span<const std::chrono::minutes> steps, std::int32_t step,
                            Rating rating) {
    using std::chrono::milliseconds;
    const auto count = static_cast<std::int32_t>(steps.size());
    const StepMove graduate{};
    step = std::max(step, 0);
    // A stored step past the end (the steps were shortened since) graduates unless forgotten.
    if (count == 0 || (step >= count && rating != Rating::again)) return graduate;
    switch (rating) {
        case Rating::again:
            return StepMove{0, milliseconds{steps[0]}};
        case Rating::hard:
            if (step > 0)
                return StepMove{step, milliseconds{steps[static_cast<std::size_t>(step)]}};
            if (count == 1) return StepMove{0, milliseconds{steps[0]} * 3 / 2};
            return StepMove{0, (milliseconds{steps[0]} + milliseconds{steps[1]}) / 2};
        case Rating::good:
            if (step + 1 >= count) return graduate;
            return StepMove{step + 1, milliseconds{steps[static_cast<std::size_t>(step) + 1]}};
        case Rating::easy:
            return graduate;
    }
    return graduate;
}

}  // namespace

MemoryState review(const MemoryState& state, Timestamp at, Rating rating, const Parameters& w,
                   double desired_retention) {
    MemoryState next = state;
    // A stored state without its last review counts its next review as a same-day one.
    const Memory memory =
        state.phase == Phase::new_item
            ? initial_memory(rating, w)
            : next_memory(Memory{state.stability, state.difficulty},
                          state.last_review ? elapsed_days(*state.last_review, at) : 0, rating, w);
    next.stability = memory.stability;
    next.difficulty = memory.difficulty;
    next.last_review = at;
    next.reps = state.reps + 1;

    const auto schedule_in_days = [&] {
        next.phase = Phase::review;
        next.step = 0;
        next.due = at + std::chrono::days{scheduled_days(memory.stability, desired_retention, w)};
    };

    if (state.phase == Phase::review) {
        if (rating != Rating::again) {
            schedule_in_days();
        } else {
            next.lapses = state.lapses + 1;
            next.phase = Phase::relearning;
            next.step = 0;
            next.due = at + kRelearningSteps[0];
        }
        return next;
    }

    const bool relearning = state.phase == Phase::relearning;
    const std::span<const std::chrono::minutes> steps =
        relearning ? std::span<const std::chrono::minutes>{kRelearningSteps}
                   : std::span<const std::chrono::minutes>{kLearningSteps};
    const StepMove move =
        move_through_steps(steps, state.phase == Phase::new_item ? 0 : state.step, rating);
    if (!move.wait) {
        schedule_in_days();
        return next;
    }
    next.phase = relearning ? Phase::relearning : Phase::learning;
    next.step = move.step;
    next.due = at + *move.wait;
    return next;
}

double stored_value(double value) {
    return static_cast<double>(static_cast<float>(value));
}

MemoryState stored_precision(MemoryState state) {
    constexpr std::int32_t kMaxCount = 32767;
    state.stability = stored_value(state.stability);
    state.difficulty = stored_value(state.difficulty);
    state.reps = std::min(state.reps, kMaxCount);
    state.lapses = std::min(state.lapses, kMaxCount);
    return state;
}

double retrievability(const MemoryState& state, Timestamp at, const Parameters& w) {
    if (state.phase == Phase::new_item || !state.last_review) return 0.0;
    return forgetting_curve(static_cast<double>(elapsed_days(*state.last_review, at)),
                            bounded(state.stability, kMinStability, kMaxStability), w);
}

}  // namespace ll::fsrs
