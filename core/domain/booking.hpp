#pragma once
// The booking of one answered card (docs/spec/service.md POST /auth/progress,
// docs/spec/decisions.md 8 and 11) as a pure decision: what the store read (BookingState) and the
// request (BookingCommand) in, what to answer and what to write (BookingDecision) out. The store
// only reads and writes; every rule (streak, EP, goal, achievements, the statistics' increments,
// idempotency) is here.
#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "core/domain/entities.hpp"
#include "core/domain/memory_model.hpp"

namespace ll {

// A retried booking (docs/spec/decisions.md 11, Idempotency-Key): the first booking under (user,
// key) keeps its outcome; the same request again gets that outcome, another request is refused.
struct IdempotencyKey {
    std::string key;             // 1 to 100 printable characters
    std::string fingerprint;     // the request as the core read it; same fingerprint = same request
    Timestamp expired_before{};  // a key stored before this instant counts as absent (24 h)
};

// The records of POST /auth/progress/batch live beside the Idempotency-Key records, under the
// item's client_id behind this prefix: a header key is printable ASCII and never holds a tab, so
// the two never meet, and the purge keeps these 30 days instead of 24 hours.
inline constexpr const char* kBatchClientIdPrefix = "batch\t";

// An answer as it is booked: right or not, its points, the memory model's rating, and the
// word offered as the wrong choice it picked (as BookingCommand::distractor_word).
struct BookedAnswer {
    bool correct = false;
    Ep points = 0;
    fsrs::Rating rating = fsrs::Rating::again;
    std::optional<Id> distractor_word = std::nullopt;
};

// A graded answer's grade in a language (POST /auth/answers): what the answer is worth to a
// learner who practises that language; nullopt when the card has nothing to grade it against
// there. The grade depends on the language (a typed text is checked against that language's
// answers); the learner's language is read by the booking, which asks for the grade in it.
using GradeIn = std::function<std::optional<BookedAnswer>(Id language)>;

struct BookingCommand {
    Id user_id = 0;
    Id pair_id = 0;
    bool correct = false;
    Ep points = 0;  // already parsed and clamped
    Timestamp now;  // when the card was answered; becomes last_practice_at
    Date today;  // the learner's local date of `now`; the streak compares with today and today - 1
    std::optional<std::string> zone = std::nullopt;  // the zone `today` is in (nullopt: APP's)
    std::optional<IdempotencyKey> idempotency = std::nullopt;
    // When the booking is recorded, if not `now` (an offline answer booked later): the idempotency
    // record's time.
    std::optional<Timestamp> recorded_at = std::nullopt;
    // Only give the stored outcome under the key, book nothing (a batch item whose answered_at is
    // out of the window: a replay is still a replay).
    bool replay_only = false;
    // The learner's own grade of the answer (docs/learning.md "Ratings"); nullopt: Good when
    // correct, Again when not. Consistent with `correct` (the request's checks see to that).
    std::optional<fsrs::Rating> rating = std::nullopt;
    // Graded answers (docs/learning.md "Points"): `points` only when the card's memory in the
    // learner's language was last reviewed at least this long before `now` (or never); else the
    // answer is booked with 0 points. nullopt: always (POST /auth/progress).
    std::optional<std::chrono::hours> points_gap = std::nullopt;
    // A graded answer that picked a wrong choice: the word offered as that choice, kept on the
    // review log's line for the editors' card analytics (docs/learning.md "Card analytics").
    std::optional<Id> distractor_word = std::nullopt;
    // A graded answer: its grade, asked for in the profile's target language, replaces
    // correct, points, rating and distractor_word (status not_gradable, nothing written, when
    // there is none), so that grading costs no read of the profile of its own and is done in
    // one language only (docs/performance.md "Graded answers"). Empty: the fields above as they
    // are. Called while the booking decides, possibly more than once (a decision made again).
    GradeIn grade = nullptr;
};

// key_reused: the key was used by this user for another request (nothing written).
// contended: other bookings of this learner won every attempt (nothing written; 503).
// not_stored: a replay_only command found no record under its key (nothing written).
// before_last_review: a graded answer (points_gap set) dated before the card's last review in the
// language: refused, as booking it would move the card's memory back in time (and the points
// gap with it; docs/learning.md "Points").
// not_gradable: a graded answer (grade set) with no grade in the profile's target language
// (nothing written: the card may get an answer in that language later).
enum class BookingStatus {
    booked,
    pair_not_found,
    no_profile,
    key_reused,
    contended,
    not_stored,
    before_last_review,
    not_gradable
};

struct BookingOutcome {
    BookingStatus status = BookingStatus::booked;
    Ep previous_total_ep = 0;
    Ep total_ep = 0;
    std::int32_t previous_streak_days = 0;
    std::int32_t streak_days = 0;
    Ep daily_ep = 0;  // today's ep_earned after this card
    std::int32_t daily_goal_ep = kDefaultDailyGoal;
    std::vector<UnlockedAchievement> unlocked;  // newly unlocked by this card only
    // The stored outcome of the first booking with this idempotency key, given again.
    bool replayed = false;
    // The card's memory after this booking, in the profile's language; nullopt in a replay (not
    // stored with the outcome: the card may have been answered since; GET /auth/cards has it).
    std::optional<fsrs::MemoryState> memory;
    // The profile's target language as the booking read it: the language whose grade a graded
    // answer was booked with. 0 without a profile and for key_reused; not stored with the outcome
    // (a replay gives the language the learner practises now).
    Id language = 0;

    bool operator==(const BookingOutcome&) const = default;
};

// "No achievement of this kind is left to unlock."
inline constexpr std::int64_t kNoThresholdLeft = INT64_MAX;

// The learner's profile as the booking needs it. `version` changes with every write of the
// booking's figures (a booking, or staff moving the statistics): a store refuses a write whose
// version is no longer the stored one. The next thresholds are the smallest ep and streak
// thresholds of the achievements this learner has not unlocked, kept on the profile so that a
// booking looks at the definitions only when one is reached; 0 means "not known".
struct BookingProfile {
    std::int64_t version = 0;
    Ep total_ep = 0;
    std::int32_t streak_days = 0;
    std::int32_t daily_goal_ep = kDefaultDailyGoal;
    std::optional<Date> last_practice_date;  // the local date of last_practice_at
    std::int64_t next_ep_threshold = 0;
    std::int64_t next_streak_threshold = 0;
    // The learner's own zone (nullopt: APP_TIMEZONE), read with the rest so that a booking dated in
    // another zone learns it from the same read (core/app/book_progress.cpp).
    std::optional<std::string> timezone = std::nullopt;
    // The language the learner practises now: the card's memory is kept per language.
    Id target_language = 0;
    // The learner's schedule setting (docs/learning.md "Settings").
    double desired_retention = fsrs::kDefaultDesiredRetention;
    // The parameters fitted to the learner's review log; nullopt: the defaults
    // (docs/learning.md "Fitted parameters").
    std::optional<fsrs::Parameters> parameters = std::nullopt;
};

// The outcome stored under an idempotency key, as the store keeps it.
struct StoredBooking {
    std::string fingerprint;
    Timestamp stored_at;  // when the first booking under the key was made
    BookingOutcome outcome;
};

// Everything the rules read, as one store read it.
struct BookingState {
    std::optional<std::string> answer_type;  // nullopt: no such pair
    std::vector<Id> categories;              // the pair's categories
    std::optional<BookingProfile> profile;   // nullopt: the learner has no profile
    bool pair_practised = false;             // the learner has answered this pair before
    Ep daily_ep = 0;                         // today's EP before this card
    std::optional<StoredBooking> stored;     // under the command's idempotency key
    // The learner's memory of the pair in the profile's target language; nullopt: never answered
    // in that language (a new card).
    std::optional<fsrs::MemoryState> memory;
    // The achievement definitions this learner has not unlocked: read only when the decision
    // asks for them (a threshold reached, or not known).
    std::optional<std::vector<AchievementDefinition>> pending;
    // Answered from what the store remembers rather than read (PostgreSQL's guesses,
    // adapters/persistence/sql_booking_guesses.hpp): the write a decision leads to checks it,
    // so a decision that books nothing is made again on a read (core/app/book_progress.cpp).
    bool guessed = false;
};

// What a booked card adds to the learner's running statistics (GET /auth/stats).
struct StatsIncrement {
    bool first_practice_of_pair = false;  // pairs_practiced + 1
    bool correct = false;                 // seen + 1 always; correct + 1 when correct
    Ep points = 0;
    // The answer type whose per-type figures count this card (word, question, text, yes_no);
    // nullopt for a type no skill counts.
    std::optional<std::string> answer_type;
    std::vector<Id> categories;  // each gets points and seen + 1
};

// One line of the review log (docs/learning.md "Review log"): a booked answer as the memory
// model saw it.
struct ReviewRecord {
    Id language = 0;
    Timestamp reviewed_at;  // when answered
    fsrs::Rating rating = fsrs::Rating::good;
    // Whole days since the card's previous review in this language; nullopt for its first.
    std::optional<std::int32_t> elapsed_days;
    double retrievability = 0;  // just before this review (0 for a new card)
    double stability = 0;       // after it
    double difficulty = 0;      // after it
    // The wrong choice's word, for a graded answer that picked one (BookingCommand).
    std::optional<Id> distractor_word_id;
    bool operator==(const ReviewRecord&) const = default;
};

// What to write, atomically. `expected_version` guards the profile: nothing is written when
// the stored version differs (the store answers "conflict" and the booking is decided again).
struct BookingWrite {
    Id user_id = 0;
    Id pair_id = 0;
    bool booked = false;  // false: only the idempotency record (an unknown pair, no profile)
    std::int64_t expected_version = 0;
    // The profile after the card.
    Ep total_ep = 0;
    std::int32_t streak_days = 0;
    Timestamp practised_at;
    Date practised_on;
    // false for an answer dated before the profile's last practice date (an offline answer
    // booked after a later one, docs/accounts.md "Offline practice"): the profile keeps its
    // last_practice_at and last_practice_date.
    bool moves_last_practice = true;
    Timestamp recorded_at;  // the idempotency record's created_at
    std::int64_t next_ep_threshold = 0;
    std::int64_t next_streak_threshold = 0;
    StatsIncrement stats;
    std::vector<std::string> unlock;  // achievement ids, unlocked at recorded_at
    // The pair's answer type as the rules read it. With stats.categories and
    // stats.first_practice_of_pair it is what a store that answered load_booking from memory
    // (not from the database) must find unchanged before it writes.
    std::string pair_answer_type;
    // The record under the idempotency key: stored (or an expired one replaced) with the
    // outcome; refused as a conflict when an unexpired record is there already.
    std::optional<IdempotencyKey> key;
    BookingOutcome outcome;
    // The card's memory after this answer, in review.language, kept as every store keeps it
    // (fsrs::stored_precision), and the review log's line for the answer.
    fsrs::MemoryState memory;
    ReviewRecord review;
};

struct BookingDecision {
    // The state lacks the pending achievements: read them and decide again.
    bool needs_pending_achievements = false;
    BookingOutcome outcome;
    std::optional<BookingWrite> write;  // nullopt: nothing to write (a replay, a refused key)
};

BookingDecision decide_booking(const BookingCommand& command, const BookingState& state);

// The answer types with per-type figures (a skill counts them), in the order the stores keep
// their columns; any other type is booked without them.
inline constexpr const char* kCountedAnswerTypes[] = {"word", "question", "text", "yes_no"};
bool answer_type_counted(const std::string& answer_type);

}  // namespace ll
