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

// The learner's figures of the language at one instant, over the cards in memory (a card that
// left the feed since still counts until its memory goes).
struct PracticeCounts {
    std::int64_t due_now = 0;              // due at or before `now`
    std::int64_t due_by_day_end = 0;       // due before the end of the learner's day
    std::int64_t new_started_today = 0;    // cards first answered since the day's start
    std::optional<Timestamp> next_due_at;  // the first due instant after `now`, if any
    bool operator==(const PracticeCounts&) const = default;
};

// One language the learner has practised (GET /auth/learning): its cards in memory and the log
// lines kept of it.
struct LanguagePractice {
    Id language_id = 0;
    std::int64_t cards = 0;    // cards answered in the language (in memory)
    std::int64_t due_now = 0;  // of them, due at or before `now`
    std::int64_t reviews = 0;  // review-log lines kept (REVIEW_LOG_DAYS may have purged older)
    std::optional<Timestamp> last_review_at;  // the latest review of any of its cards
    bool operator==(const LanguagePractice&) const = default;
};

// One card of GET /auth/cards (docs/learning.md "Sync"): the learner's memory of it in one
// language, the pair's answer counts (all languages), and the review-log line of its last change,
// the sync's position.
struct CardChange {
    CardMemoryRecord card;
    std::int64_t seen = 0;
    std::int64_t correct = 0;
    std::int64_t wrong = 0;
    std::int64_t change = 0;  // the id of the card's last review-log line
    bool operator==(const CardChange&) const = default;
};

class PracticeQuery {
  public:
    virtual ~PracticeQuery() = default;
    // At most `max` of the learner's cards in `language` due at or before `now`, with their
    // memory, the least likely to be recalled first: by the whole days since the last review
    // over the stability, largest first (the forgetting curve falls with that ratio alone,
    // core/domain/memory_model.hpp), then by due instant and pair id. A range of the due index,
    // ranked without looking at the content; the caller drops cards the feed no longer has.
    virtual std::vector<CardMemoryRecord> due(Id user_id, Id language, Timestamp now, int max) = 0;
    // At most `limit` eligible cards the learner never answered in `language` (`code` is its
    // short code, for the audio), by level, then pair id.
    virtual std::vector<Id> new_cards(Id user_id, Id language, std::string_view code,
                                      int limit) = 0;
    virtual PracticeCounts counts(Id user_id, Id language, Timestamp now, Timestamp day_start,
                                  Timestamp day_end) = 0;
    // Every language the learner has cards in memory of, by language id.
    virtual std::vector<LanguagePractice> languages(Id user_id, Timestamp now) = 0;
    // At most `max` of the learner's cards (all languages) whose last review-log line comes after
    // line `after`, by that line; pairs removed since are left out. A booking writes its line
    // under the learner's lock, so one learner's line ids grow in commit order, and the
    // retention's purge keeps each card's last line: a position never skips a change.
    virtual std::vector<CardChange> changed_cards(Id user_id, std::int64_t after, int max) = 0;
    // The id of the learner's last review-log line; 0 without one.
    virtual std::int64_t last_change(Id user_id) = 0;
};

}  // namespace ll
