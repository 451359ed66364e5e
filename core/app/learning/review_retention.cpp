#include "core/app/learning/review_retention.hpp"

namespace ll {

std::int64_t purge_old_reviews(const BookingPorts& ports, int days,
                               const std::function<bool()>& stop) {
    const Timestamp cutoff = ports.clock.now() - std::chrono::days(days);
    std::int64_t removed = 0;
    Id after = 0;
    while (!stop()) {
        const ReviewPurgeStep step =
            ports.progress.purge_reviews(cutoff, after, kReviewPurgeLearnersPerWrite);
        removed += step.removed;
        if (!step.last_user) return removed;
        after = *step.last_user;
    }
    return removed;
}

}  // namespace ll
