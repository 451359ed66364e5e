#pragma once
#include <chrono>
#include <optional>
#include <string>
#include <vector>

#include "core/app/requests/decoder.hpp"
#include "core/domain/loose_value.hpp"
#include "core/domain/result.hpp"
#include "core/ports/clock.hpp"
#include "core/ports/progress.hpp"

namespace ll {

// What POST /auth/progress and the purge of its keys uses: made from the learner routes'
// LearnerPorts, or from a use case's ports that hold these members too.
struct BookingPorts {
    ProgressStore& progress;
    const Clock& clock;
    template <typename From>
    BookingPorts(const From& from)  // implicit on purpose: callers pass their own ports
        : progress(from.progress), clock(from.clock) {}
};

// POST /auth/progress as read: its body, and the Idempotency-Key header when sent
// (docs/spec/decisions.md 11).
struct ProgressRequest {
    Id pair_id = 0;
    bool correct = false;  // read as leniently as docs/spec/service.md says (parse_correct)
    Ep points = 0;         // and the same (parse_points)
    std::optional<fsrs::Rating> rating;  // optional, 1..4 (docs/learning.md "Ratings")
    std::optional<std::string> idempotency_key;
};
// The request, or the first problem in the order the route checks them: pair_id, the key, the
// rating (correct and points refuse nothing).
Result<ProgressRequest> decode_progress(const LooseValue& body,
                                        std::optional<std::string> idempotency_key);

// 1 to 100 printable ASCII characters: an Idempotency-Key, a batch item's client_id.
bool valid_key(const std::string& key);
// A booking's pair_id (POST /auth/progress and each batch item): the id, or the 400 saying
// whether it was missing or not a positive integer.
Result<Id> booked_pair_id(const LooseValue& pair_id);

// An answer's optional `rating` (POST /auth/progress and each batch item): nullopt when absent
// or null, the rating when an integer 1..4 that agrees with `correct` (1 for a wrong answer,
// 2..4 for a correct one), else the 400 naming the field.
Result<std::optional<fsrs::Rating>> answer_rating(const LooseValue& rating, bool correct);
// The rating as a booking's fingerprint spells it: empty when none was sent, so a retry of an
// answer without one matches the record it left.
std::string rating_fingerprint(const std::optional<fsrs::Rating>& rating);

// How long a retry with the same Idempotency-Key gets the first answer.
inline constexpr std::chrono::hours kIdempotencyKeyLifetime{24};

struct BookProgressOutput {  // 200
    Ep total_ep = 0;
    std::int64_t level = 0;
    std::int64_t prev_level = 0;
    std::int32_t streak_days = 0;
    bool streak_increased = false;
    Ep daily_ep = 0;
    std::int32_t daily_goal_ep = kDefaultDailyGoal;
    bool goal_just_reached = false;
    std::vector<UnlockedAchievement> unlocked_achievements;
};

// Each try reads, decides (decide_booking) and stores; a store that answers "conflict" (another
// booking of the learner came first) gets a fresh read. A learner's app sends one answer at a
// time, so a conflict is rare; after this many tries in a row the booking is tried under the
// learner's lock (ProgressStore::book_locked), where the other bookings wait their turn
// (docs/architecture.md "The booking"). Six threads booking one learner without pause through
// two processes (tests/property) needed up to 18 tries on PostgreSQL without the lock.
inline constexpr int kUnlockedBookingAttempts = 3;
// Past this many tries in all (under the lock only a read dated in the wrong zone or staff
// editing the pair meanwhile ask for another) the booking is refused as contended (503).
inline constexpr int kMaxBookingAttempts = 64;

// One card booked through the store: the outcome, or pair_not_found / no_profile / key_reused
// / contended with nothing written.
BookingOutcome book_card(ProgressStore& store, const BookingCommand& command);

// The same for a command whose `today` is to be the learner's local date of `now` in their own
// zone: dated in the zone the store expects (ProgressStore::likely_zone), and read
// again on the right day when the profile it reads has another one. No separate read of the
// zone: on PostgreSQL a booking stays one round trip (docs/performance.md).
BookingOutcome book_card_in_zone(ProgressStore& store, const Clock& clock, BookingCommand command);

Result<BookProgressOutput> book_progress(const BookingPorts& ports, Id user_id,
                                         const ProgressRequest& request);

// A booked card's answer (docs/spec/service.md POST /auth/progress), or the error of a card
// that was not booked; `key_reused` is the error a reused key or client id answers.
Result<BookProgressOutput> progress_answer(BookingOutcome outcome, Ep points,
                                           const Error& key_reused);

// Background housekeeping: forgets keys older than their lifetime, and a batch's client ids
// older than theirs (core/app/book_progress_batch.hpp); answers how many.
std::int64_t purge_expired_idempotency_keys(const BookingPorts& ports);

}  // namespace ll
