#pragma once
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "core/domain/booking.hpp"

namespace ll {

// What one try of a booking reads and writes (core/app/book_progress.cpp).
class BookingAccess {
  public:
    virtual ~BookingAccess() = default;
    // What decide_booking() reads for this command, as of one moment: the pair (answer type,
    // categories), the profile, whether the pair was practised, today's EP, the record under
    // the idempotency key; the locked achievement definitions only when `with_pending`.
    virtual BookingState load_booking(const BookingCommand& command, bool with_pending) = 0;
    // Writes a decision atomically, all or nothing: for a booked card the profile (figures,
    // version + 1), the pair's and the day's counters, the running statistics, the unlocked
    // achievements and the record under the key; otherwise the record alone. Answers false
    // and writes nothing when the profile's version is no longer `expected_version` or an
    // unexpired record under the key is there already (another booking came first).
    virtual bool store_booking(const BookingWrite& write) = 0;
};

// One step of the review log's retention (REVIEW_LOG_DAYS; docs/learning.md "Review log").
struct ReviewPurgeStep {
    std::int64_t removed = 0;     // lines deleted
    std::optional<Id> last_user;  // the last learner looked at; nullopt: none was left
};

// The booking's store (docs/spec/decisions.md 8): it reads what the rules need and writes what
// core/domain/booking.hpp decided; it decides nothing. The use case (core/app/book_progress.cpp)
// reads, decides and stores, and decides again on a fresh read when the store answers
// "conflict", so concurrent bookings of one learner, from any number of processes, lose no
// update: each write is guarded by the profile's version.
class ProgressStore : public BookingAccess {
  public:
    // The way out of contention (docs/architecture.md "The booking"): runs `work` with reads
    // and writes that no other booking of the learner, from any process, comes between, and
    // answers what it answers. SQL: one transaction that locks the learner's profile row first
    // (SELECT ... FOR UPDATE; SQLite's BEGIN IMMEDIATE), so the other bookings wait for it;
    // memory: the store's lock. Its writes are guarded as store_booking()'s. `work` may run
    // again when the connection was lost before the commit (nothing of its first run stored).
    virtual BookingOutcome book_locked(
        Id user_id, const std::function<BookingOutcome(BookingAccess&)>& work) = 0;
    // Deletes idempotency keys stored before `cutoff` (run in the background); answers how many.
    // Keys that start with kBatchClientIdPrefix (a batch's client ids) are left.
    virtual std::int64_t purge_idempotency_keys(Timestamp cutoff) = 0;
    // Deletes the records under a batch's client ids (keys that start with kBatchClientIdPrefix)
    // stored before `cutoff`; answers how many.
    virtual std::int64_t purge_batch_client_ids(Timestamp cutoff) = 0;
    // Deletes the review-log lines answered before `cutoff` of the next `learners` learners
    // after `after_user` by id (learners of any role, with or without lines), in one write, but
    // each card's last line (per learner and language): per learner a range of the log's
    // (user_id, reviewed_at) index below the cutoff, so only the old lines are read.
    virtual ReviewPurgeStep purge_reviews(Timestamp cutoff, Id after_user, int learners) = 0;
    // The zone this store last saw on the learner's profile, to date a booking before its read;
    // nullopt (APP_TIMEZONE) when it does not know. Only a hint: the read returns the profile's
    // zone, and a booking dated in another zone reads again (book_card_in_zone).
    virtual std::optional<std::string> likely_zone(Id /*user_id*/) { return std::nullopt; }
};

class AchievementRepository {
  public:
    virtual ~AchievementRepository() = default;
    // Every definition ordered by sort_order then id, with this user's unlock time.
    virtual std::vector<AchievementStatus> list_for_user(Id user_id) = 0;
    // Adds a definition or replaces the one with its id (staff, migrations, tests); every
    // learner's next thresholds are looked at again at their next booking.
    virtual void save_definition(const AchievementDefinition& definition) = 0;
    // Takes one unlock back (support); that learner's thresholds are looked at again.
    virtual void revoke(Id user_id, const std::string& achievement_id) = 0;
};

}  // namespace ll
