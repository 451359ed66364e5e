#pragma once
// The review log as langlearn-admin fit-schedules reads it (docs/learning.md "Fitted
// parameters"): which learners have enough reviews, and one learner's lines. The booking writes
// the log (core/ports/progress.hpp); the export reads it with the rest of a learner's data.
#include <cstdint>
#include <vector>

#include "core/ports/learning/memory.hpp"

namespace ll {

class ReviewLogReader {
  public:
    virtual ~ReviewLogReader() = default;
    // At most `limit` learners with an id above `after` and at least `min_reviews` lines kept,
    // by id.
    virtual std::vector<Id> learners_with_reviews(std::int64_t min_reviews, Id after,
                                                  int limit) = 0;
    // The learner's latest `max_lines` lines by review instant (all languages), in booking
    // order.
    virtual std::vector<ReviewLogRecord> reviews_of(Id user_id, std::int64_t max_lines) = 0;
};

}  // namespace ll
