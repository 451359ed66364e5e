#pragma once
// What the practice queue reads (GET /auth/practice; docs/learning.md "What to practise next"):
// one learner's cards in one target language, each eligible by the feed's rule
// (core/domain/feed_rules.hpp: published, picture image, statement audio in the language). The
// order and the limits are the core's (core/app/learning/practice.cpp).
#include <optional>
#include <string_view>
#include <vector>

#include "core/ports/learning/memory.hpp"

namespace ll {

// The learner's figures of the language at one instant.
struct PracticeCounts {
    std::int64_t due_by_day_end = 0;  // eligible cards due by the end of the learner's day
    std::int64_t new_started_today = 0;  // cards first answered since the day's start
    std::optional<Timestamp> next_due_at;  // the first due instant after `now`, if any
    bool operator==(const PracticeCounts&) const = default;
};

class PracticeQuery {
  public:
    virtual ~PracticeQuery() = default;
    // The eligible cards of the learner in `language` (`code` is its short code, for the
    // audio) whose due instant is at or before `now`, with their memory, in no given order.
    virtual std::vector<CardMemoryRecord> due(Id user_id, Id language, std::string_view code,
                                              Timestamp now) = 0;
    // At most `limit` eligible cards the learner never answered in `language`, by level, then
    // pair id.
    virtual std::vector<Id> new_cards(Id user_id, Id language, std::string_view code,
                                      int limit) = 0;
    // due_by_day_end counts eligible cards due before `day_end`; new_started_today the cards
    // whose first review in the language was at or after `day_start`; next_due_at the first
    // due instant of an eligible card after `now`.
    virtual PracticeCounts counts(Id user_id, Id language, std::string_view code, Timestamp now,
                                  Timestamp day_start, Timestamp day_end) = 0;
};

}  // namespace ll
