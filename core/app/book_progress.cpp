#include "core/app/book_progress.hpp"

#include <algorithm>
#include <optional>

#include <fmt/format.h>

#include "core/app/book_progress_batch.hpp"
#include "core/domain/rules.hpp"

namespace ll {

// 1 to 100 printable ASCII characters (space included), as docs/spec/decisions.md 11 says.
bool valid_key(const std::string& key) {
    if (key.empty() || key.size() > 100) return false;
    return std::all_of(key.begin(), key.end(), [](char c) { return c >= 0x20 && c <= 0x7E; });
}

Result<Id> booked_pair_id(const LooseValue& pair_id) {
    const PairIdParse pair = parse_pair_id(pair_id);
    if (pair.id) return *pair.id;
    return pair.problem == PairIdProblem::missing ? errors::pair_id_required()
                                                  : errors::pair_id_not_positive();
}

Result<std::optional<fsrs::Rating>> answer_rating(const LooseValue& rating, bool correct) {
    if (rating.kind == LooseValue::Kind::missing || rating.kind == LooseValue::Kind::null)
        return std::optional<fsrs::Rating>{};
    const auto parsed = rating.kind == LooseValue::Kind::integer
                            ? fsrs::rating_from_number(rating.integer)
                            : std::nullopt;
    if (!parsed) return errors::rating_invalid();
    if ((*parsed == fsrs::Rating::again) == correct) return errors::rating_contradicts_correct();
    return std::optional<fsrs::Rating>{parsed};
}

std::string rating_fingerprint(const std::optional<fsrs::Rating>& rating) {
    return rating ? fmt::format(";rating={}", static_cast<int>(*rating)) : std::string();
}

namespace {

// True when `state` was read for a day in another zone than the profile's: `command` is dated
// again in the profile's zone (and must be read again). Without a clock, `today` is given.
bool redated(BookingCommand& command, const Clock* clock, const BookingState& state) {
    if (!clock || !state.profile || state.profile->timezone == command.zone) return false;
    command.zone = state.profile->timezone;
    command.today = clock->learner_date(command.now, command.zone);
    return true;
}

// One try: read, decide, store. Nothing when the booking is to be tried again: its write found
// that another booking of the learner came first, or its read was dated in the wrong zone.
std::optional<BookingOutcome> try_booking(BookingAccess& store, BookingCommand& command,
                                          const Clock* clock) {
    BookingState state = store.load_booking(command, false);
    if (redated(command, clock, state)) return std::nullopt;
    BookingDecision decision = decide_booking(command, state);
    // A guess is checked by the booking's write; a refusal (no write, or only the key's record)
    // would keep a stale guess's answer, so it is decided again on a read: a learner who has
    // just switched language, or an answer dated before a review made elsewhere.
    const bool books_nothing = !decision.write || !decision.write->booked;
    if (decision.needs_pending_achievements || (state.guessed && books_nothing)) {
        state = store.load_booking(command, true);
        if (redated(command, clock, state)) return std::nullopt;
        decision = decide_booking(command, state);
    }
    if (!decision.write || store.store_booking(*decision.write)) return decision.outcome;
    return std::nullopt;
}

// A read dated in the wrong zone costs one of the tries, as a conflict does. After
// kUnlockedBookingAttempts the booking waits for the learner's other bookings under their lock
// instead of racing them again (docs/architecture.md "The booking").
BookingOutcome book(ProgressStore& store, BookingCommand command, const Clock* clock) {
    for (int attempt = 0; attempt < kUnlockedBookingAttempts; ++attempt) {
        if (auto outcome = try_booking(store, command, clock)) return *std::move(outcome);
    }
    return store.book_locked(command.user_id, [&](BookingAccess& locked) {
        BookingCommand again = command;  // the work runs again after a lost connection
        for (int attempt = kUnlockedBookingAttempts; attempt < kMaxBookingAttempts; ++attempt) {
            if (auto outcome = try_booking(locked, again, clock)) return *std::move(outcome);
        }
        BookingOutcome contended;
        contended.status = BookingStatus::contended;
        return contended;
    });
}

}  // namespace

BookingOutcome book_card(ProgressStore& store, const BookingCommand& command) {
    return book(store, command, nullptr);
}

BookingOutcome book_card_in_zone(ProgressStore& store, const Clock& clock, BookingCommand command) {
    command.zone = store.likely_zone(command.user_id);
    command.today = clock.learner_date(command.now, command.zone);
    return book(store, std::move(command), &clock);
}

Result<ProgressRequest> decode_progress(const LooseValue& body,
                                        std::optional<std::string> idempotency_key) {
    ProgressRequest r;
    Decoder d(body);
    d.read(r.pair_id, [&] { return booked_pair_id(body["pair_id"]); })
        .refuse_if(idempotency_key && !valid_key(*idempotency_key),
                   errors::invalid_idempotency_key());
    r.correct = parse_correct(body["correct"]);
    r.points = parse_points(body["points"]);
    d.read(r.rating, [&] { return answer_rating(body["rating"], r.correct); });
    r.idempotency_key = std::move(idempotency_key);
    return d.done(std::move(r));
}

Result<BookProgressOutput> book_progress(const BookingPorts& ports, Id user_id,
                                         const ProgressRequest& request) {
    const Timestamp now = ports.clock.now();
    BookingCommand command;
    command.user_id = user_id;
    command.pair_id = request.pair_id;
    command.correct = request.correct;
    command.points = request.points;
    command.rating = request.rating;
    command.now = now;  // dated in the learner's zone by book_card_in_zone
    if (request.idempotency_key) {
        // The request as read: a retry may spell the same booking differently ("7" or 7).
        command.idempotency = IdempotencyKey{
            *request.idempotency_key,
            fmt::format("pair={};correct={};points={}{}", command.pair_id, command.correct,
                        command.points, rating_fingerprint(command.rating)),
            now - kIdempotencyKeyLifetime};
    }

    return progress_answer(book_card_in_zone(ports.progress, ports.clock, command), command.points,
                           errors::idempotency_key_reused());
}

Result<BookProgressOutput> progress_answer(BookingOutcome outcome, Ep points,
                                           const Error& key_reused) {
    switch (outcome.status) {
        case BookingStatus::pair_not_found:
            return errors::pair_not_found();
        case BookingStatus::no_profile:
            return errors::no_profile_for_progress();
        case BookingStatus::key_reused:
            return key_reused;
        case BookingStatus::contended:
            return errors::busy();
        case BookingStatus::not_stored:  // the batch answers its own error (replay_only)
            return errors::internal();
        case BookingStatus::before_last_review:  // graded answers only (points_gap)
            return errors::answered_at_before_last_review();
        case BookingStatus::not_gradable:  // graded answers only (grade)
            return errors::card_has_no_answer();
        case BookingStatus::booked:
            break;
    }
    BookProgressOutput out;
    out.total_ep = outcome.total_ep;
    out.level = level_for(outcome.total_ep);
    out.prev_level = level_for(outcome.previous_total_ep);
    out.streak_days = outcome.streak_days;
    out.streak_increased = outcome.streak_days > outcome.previous_streak_days;
    out.daily_ep = outcome.daily_ep;
    out.daily_goal_ep = outcome.daily_goal_ep;
    out.goal_just_reached = goal_just_reached(out.daily_ep, out.daily_goal_ep, points);
    out.unlocked_achievements = std::move(outcome.unlocked);
    return out;
}

std::int64_t purge_expired_idempotency_keys(const BookingPorts& ports) {
    const Timestamp now = ports.clock.now();
    return ports.progress.purge_idempotency_keys(now - kIdempotencyKeyLifetime) +
           ports.progress.purge_batch_client_ids(now - kBatchClientIdLifetime);
}

}  // namespace ll
