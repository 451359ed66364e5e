#pragma once
// The learning engine's stored memory (docs/learning.md "What is stored"): each card's state
// per learner and target language, and the review log. The booking writes both
// (core/ports/progress.hpp, in the statement that books the answer); this is how they are read.
#include <vector>

#include "core/domain/booking.hpp"
#include "core/domain/memory_model.hpp"

namespace ll {

// One learner's memory of one card in one language.
struct CardMemoryRecord {
    Id pair_id = 0;
    Id language_id = 0;
    fsrs::MemoryState state;
    bool operator==(const CardMemoryRecord&) const = default;
};

// One line of the review log.
struct ReviewLogRecord {
    Id pair_id = 0;
    ReviewRecord review;  // review.language is the line's language
    bool operator==(const ReviewLogRecord&) const = default;
};

}  // namespace ll
