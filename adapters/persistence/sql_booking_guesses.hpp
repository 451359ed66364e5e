#pragma once
// What this process last read and wrote about a learner's booking state, so that the next
// booking of that learner can skip the read on PostgreSQL: one round trip instead of two
// (docs/performance.md "The booking in the core"). A guess is never trusted: the write it leads
// to is guarded by everything the rules used (the profile's version, which every change of the
// profile, the day's row, the thresholds, the time zone or the learner's statistics raises;
// the pair's answer type and categories; whether the learner had practised the pair; no record
// under the key). When any of it changed (another replica booked, staff edited the pair), the write
// changes nothing, the guess is forgotten and the booking reads and decides again. A decision
// that books nothing (a graded answer with no grade in the guessed language, one dated before
// the guessed last review) has no write to check it: the booking reads and decides again
// (BookingState::guessed).
//
// Bounded: past kMaxLearners learners, kMaxPairs pairs or kMaxPractised remembered practised
// pairs (each with the card's memory) in all, that table starts again empty (some 40 MiB at
// most, of which about 9 MiB the learners' fitted parameters). A learner
// whose guess was wrong is read for the next 1, 2, 4, ... kMaxCooldown bookings (doubling while
// guesses keep failing, back to none after one holds): a chance collision with a concurrent
// booking costs little, and a learner whose answers go round several replicas (every guess
// stale) costs the read and the write, hardly ever a wasted write on top.
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "core/domain/booking.hpp"
#include "core/ports/progress.hpp"

namespace ll::sql {

class BookingGuesses {
  public:
    static constexpr std::size_t kMaxLearners = 50'000;
    static constexpr std::size_t kMaxPairs = 50'000;
    static constexpr std::size_t kMaxPractised = 200'000;  // (learner, pair), all learners
    static constexpr int kMaxCooldown = 16;

    // The state as this process last knew it; nullopt when it does not know enough (the read
    // must be made). Never with a stored idempotency record or the pending achievements.
    std::optional<BookingState> guess(const BookingCommand& command);
    // A state read from the database for `command`.
    void remember_read(const BookingCommand& command, const BookingState& state);
    // A booking written; `goal` is the learner's daily goal it was decided with.
    void remember_write(const BookingWrite& write);
    // A write refused (the state had changed): read this learner for a while.
    void forget(Id user_id);
    // The zone of the learner's profile as last read; nullopt when not known.
    std::optional<std::string> zone(Id user_id);

  private:
    // A pair practised and, when `epoch` is the learner's current one, the learner's memory of
    // it (nullopt: not answered in the language yet) as of the remembered profile's version. A
    // read that finds another version than the one remembered makes every memory unknown (another
    // process may have reviewed any card meanwhile): the learner's epoch moves on, in constant
    // time however many pairs are remembered.
    struct Practised {
        std::uint64_t epoch = 0;
        std::optional<fsrs::MemoryState> memory;
    };
    struct Learner {
        std::optional<BookingProfile> profile;  // nullopt: not to be guessed now
        Date daily_date{};                      // daily_ep is this day's EP
        Ep daily_ep = 0;
        // Pairs the learner is known to have practised, each with its memory in `language`.
        std::map<Id, Practised> practised;
        Id language = 0;          // the profile's target language the memories are of
        std::uint64_t epoch = 1;  // memories remembered in another epoch are unknown
        int cooldown = 0;         // bookings still to read before the next guess
        int failed_guesses = 0;   // in a row
        bool guessed = false;     // the state last handed out was a guess
        // The profile's zone as last read; kept when the profile is forgotten (a zone changes
        // rarely, and the booking reads again when the read shows another one).
        std::optional<std::string> zone;
    };
    struct PairInfo {
        std::string answer_type;
        std::vector<Id> categories;
    };

    Learner& learner(Id user_id);
    static void forget_memories(Learner& l);
    void remember_practised(Learner& l, Id pair_id, const std::optional<fsrs::MemoryState>& memory);

    std::mutex mutex_;
    std::unordered_map<Id, Learner> learners_;
    std::unordered_map<Id, PairInfo> pairs_;
    std::size_t practised_ = 0;  // entries in all the learners' sets
};

// `store` answering load_booking from its BookingGuesses where it can, and keeping them up to
// date with every read and write. Only for a store whose write refuses a stale guess: one that
// checks everything in BookingWrite that the rules read (store_booking_postgresql).
std::unique_ptr<ProgressStore> remembering(std::unique_ptr<ProgressStore> store);

}  // namespace ll::sql
