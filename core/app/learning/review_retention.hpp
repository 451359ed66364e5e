#pragma once
// The review log's retention (REVIEW_LOG_DAYS; docs/learning.md "Review log"): by default every
// line is kept for ever; with a number of days, a background task deletes the lines answered
// longer ago but each card's last line (GET /auth/cards's position rests on it), a batch of
// learners per write so that no write holds locks for long.
#include <cstdint>
#include <functional>

#include "core/app/book_progress.hpp"

namespace ll {

inline constexpr int kReviewPurgeLearnersPerWrite = 100;

// Deletes every learner's review-log lines answered more than `days` days before now, walking
// the learners by id; answers how many lines went. Stops early, between writes, once `stop`
// answers true (the service is shutting down; the next run starts the walk again).
std::int64_t purge_old_reviews(
    const BookingPorts& ports, int days, const std::function<bool()>& stop = [] { return false; });

}  // namespace ll
