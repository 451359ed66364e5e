#pragma once
// langlearn-admin fit-schedules (docs/learning.md "Fitted parameters"): the memory model's
// parameters fitted to each learner's own review log, kept only where they predict that
// learner's latest reviews better than the defaults do.
#include <cstdint>
#include <functional>
#include <string>

#include "core/domain/parameter_fit.hpp"
#include "core/ports/clock.hpp"
#include "core/ports/learning/review_log.hpp"
#include "core/ports/learning/settings.hpp"

namespace ll {

inline constexpr std::int64_t kDefaultMinReviewsToFit = 400;
// The latest lines a fit reads: bounds its memory (some 13 MB) and time (about ten seconds)
// whatever a learner's log holds; nine years at 30 answers a day.
inline constexpr std::int64_t kMaxReviewsToFit = 100'000;
// The check scores at least this many reviews before fitted parameters may replace the
// defaults: fewer decide by noise.
inline constexpr std::size_t kMinCheckedReviews = 30;

struct FitSchedulesPorts {
    ReviewLogReader& review_log;
    LearningSettingsRepository& learning_settings;
    const Clock& clock;
};

// One learner's fit. The check: parameters fitted to the lines before the learner's last fifth
// of review instants, scored on that last fifth against the defaults.
struct LearnerFit {
    Id user_id = 0;
    std::int64_t reviews = 0;     // review-log lines read (the latest kMaxReviewsToFit)
    std::size_t checked = 0;      // reviews the check scored
    double default_log_loss = 0;  // of the defaults on them
    double fitted_log_loss = 0;   // of the parameters fitted without them
    bool adopted = false;         // fitted better: parameters fitted to every line stored
    std::string problem;          // not empty: this learner's fit failed (the run goes on)
};

// The learner's lines as the fit reads them: one history per card and language, in time order.
std::vector<fsrs::CardHistory> card_histories(const std::vector<ReviewLogRecord>& lines);

// Fits one learner; stores the parameters when they predict better on at least
// kMinCheckedReviews reviews, removes earlier ones (a damaged value too) otherwise.
LearnerFit fit_schedule(const FitSchedulesPorts& ports, Id user_id);

// Every learner with at least `min_reviews` lines, by id; `report` hears of each. A learner
// whose fit fails (the account deleted meanwhile, the database briefly away) is reported with
// its problem and the run goes on.
void fit_schedules(const FitSchedulesPorts& ports, std::int64_t min_reviews,
                   const std::function<void(const LearnerFit&)>& report);

}  // namespace ll
