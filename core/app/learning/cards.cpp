#include "core/app/learning/cards.hpp"

#include <limits>

#include "core/domain/errors.hpp"
#include "core/domain/rules.hpp"

namespace ll {

// A position is the id of a review-log line, written as decimal digits: opaque to an app, which
// only sends back what it was given.
Result<CardsOutput> changed_cards(PracticeQuery& practice, Id user_id, const CardsInput& input) {
    std::int64_t limit = kDefaultCardsLimit;
    if (input.limit) {
        const auto given = decimal_in(*input.limit, 1, kMaxCardsLimit);
        if (!given) return errors::cards_limit_invalid();
        limit = *given;
    }
    std::int64_t after = 0;
    if (input.changed_after) {
        const auto given =
            decimal_in(*input.changed_after, 0, std::numeric_limits<std::int64_t>::max());
        if (!given) return errors::cards_cursor_invalid();
        after = *given;
    }
    CardsOutput out;
    out.cards = practice.changed_cards(user_id, after, static_cast<int>(limit) + 1);
    // A position past the learner's last line was never answered to this learner. A card changed
    // after it proves it is not; only an empty page needs the learner's last line read.
    if (out.cards.empty() && after > 0 && after > practice.last_change(user_id))
        return errors::cards_cursor_invalid();
    out.has_more = static_cast<std::int64_t>(out.cards.size()) > limit;
    if (out.has_more) out.cards.resize(static_cast<std::size_t>(limit));
    out.next_cursor = std::to_string(out.cards.empty() ? after : out.cards.back().change);
    return out;
}

}  // namespace ll
