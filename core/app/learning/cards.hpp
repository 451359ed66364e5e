#pragma once
// GET /auth/cards: the learner's cards whose memory changed since a position this route answered,
// for an app that syncs (docs/learning.md "Sync"): every language, each card with its memory and
// the pair's answer counts, a page at a time.
#include <optional>
#include <string>
#include <vector>

#include "core/domain/result.hpp"
#include "core/ports/learning/practice.hpp"

namespace ll {

inline constexpr int kDefaultCardsLimit = 100;
inline constexpr int kMaxCardsLimit = 500;

struct CardsInput {
    std::optional<std::string> changed_after;  // a next_cursor answered before; absent: all
    std::optional<std::string> limit;          // an integer from 1 to 500, default 100
};

struct CardsOutput {
    std::vector<CardChange> cards;  // by their last change
    std::string next_cursor;        // the position after these cards
    bool has_more = false;          // more changed cards wait after next_cursor
};

// 400 for a limit out of its range, or a changed_after that is not a position: not decimal
// digits, or past the learner's last change (never answered to this learner).
Result<CardsOutput> changed_cards(PracticeQuery& practice, Id user_id, const CardsInput& input);

}  // namespace ll
