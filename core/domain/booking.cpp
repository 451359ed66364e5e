// The booking's rules (docs/spec/service.md POST /auth/progress, docs/spec/decisions.md 6, 8 and
// 11).
#include "core/domain/booking.hpp"

#include <algorithm>
#include <iterator>

#include "core/domain/rules.hpp"

namespace ll {
namespace {

// An unknown pair or a learner without a profile: nothing booked, zeros and the default goal.
// The first answer under a key is kept only for a learner with a profile: without one the
// answer changes once the profile exists (a queue of offline answers sent before it must book
// afterwards), and the account may be gone already (deleted while its token still works), so
// there would be nothing to keep the record for.
BookingDecision not_booked(const BookingCommand& c, const BookingState& s, BookingStatus status) {
    BookingDecision d;
    d.outcome.status = status;
    if (c.idempotency && s.profile) {
        BookingWrite w;
        w.user_id = c.user_id;
        w.pair_id = c.pair_id;
        w.key = c.idempotency;
        w.practised_at = c.now;
        w.recorded_at = c.recorded_at.value_or(c.now);
        w.outcome = d.outcome;
        d.write = std::move(w);
    }
    return d;
}

bool threshold_reached(std::int64_t next, std::int64_t value) {
    return next == 0 || value >= next;  // 0: not known, look at the definitions
}

// The smallest threshold of `kind` among the definitions left locked.
std::int64_t next_threshold(const std::vector<AchievementDefinition>& locked,
                            const std::string& kind) {
    std::int64_t next = kNoThresholdLeft;
    for (const auto& def : locked) {
        if (def.kind == kind) next = std::min(next, def.threshold);
    }
    return next;
}

// The memory model's step for the booked card (docs/learning.md "How the schedule works"): the
// card's state in the learner's target language moves by the answer's rating at the instant it
// was given, and the review log records it.
void review_card(const BookingCommand& c, const BookedAnswer& a, const BookingState& s,
                 const BookingProfile& p, BookingWrite& w) {
    const fsrs::Rating rating = a.rating;
    const fsrs::MemoryState before = s.memory.value_or(fsrs::MemoryState{});
    const fsrs::Parameters& weights = p.parameters ? *p.parameters : fsrs::kDefaultParameters;
    w.memory =
        fsrs::stored_precision(fsrs::review(before, c.now, rating, weights, p.desired_retention));
    ReviewRecord& r = w.review;
    r.language = p.target_language;
    r.reviewed_at = c.now;
    r.rating = rating;
    if (before.last_review)
        r.elapsed_days = static_cast<std::int32_t>(fsrs::elapsed_days(*before.last_review, c.now));
    r.retrievability = fsrs::stored_value(fsrs::retrievability(before, c.now, weights));
    r.stability = w.memory.stability;
    r.difficulty = w.memory.difficulty;
    r.distractor_word_id = a.distractor_word;
}

// The booking of an answer to a known pair by a learner with a profile.
BookingDecision decide_answer(const BookingCommand& c, const BookedAnswer& a,
                              const BookingState& s) {
    if (c.points_gap && s.memory && s.memory->last_review && c.now < *s.memory->last_review)
        return not_booked(c, s, BookingStatus::before_last_review);
    const BookingProfile& p = *s.profile;
    // A graded answer earns the card's points once per gap (docs/learning.md "Points").
    const bool earns = !c.points_gap || !s.memory || !s.memory->last_review ||
                       c.now - *s.memory->last_review >= *c.points_gap;
    const Ep points = earns ? a.points : 0;

    BookingWrite w;
    w.user_id = c.user_id;
    w.pair_id = c.pair_id;
    w.booked = true;
    w.expected_version = p.version;
    w.total_ep = p.total_ep + points;
    // An answer dated before the last practice date (sent late from offline) counts for its own
    // day's figures but moves neither the streak nor the last practice: the streak is kept
    // incrementally from last_practice_date and cannot be rebuilt backwards.
    w.moves_last_practice = !p.last_practice_date || c.today >= *p.last_practice_date;
    w.streak_days = w.moves_last_practice
                        ? next_streak(p.streak_days, p.last_practice_date, c.today)
                        : p.streak_days;
    w.practised_at = c.now;
    w.practised_on = c.today;
    w.recorded_at = c.recorded_at.value_or(c.now);
    w.next_ep_threshold = p.next_ep_threshold;
    w.next_streak_threshold = p.next_streak_threshold;
    w.stats.first_practice_of_pair = !s.pair_practised;
    w.stats.correct = a.correct;
    w.stats.points = points;
    w.pair_answer_type = *s.answer_type;
    if (answer_type_counted(*s.answer_type)) w.stats.answer_type = *s.answer_type;
    w.stats.categories = s.categories;
    w.key = c.idempotency;
    review_card(c, a, s, p, w);

    BookingDecision d;
    BookingOutcome& out = d.outcome;
    out.status = BookingStatus::booked;
    out.previous_total_ep = p.total_ep;
    out.total_ep = w.total_ep;
    out.previous_streak_days = p.streak_days;
    out.streak_days = w.streak_days;
    out.daily_ep = s.daily_ep + points;
    out.daily_goal_ep = p.daily_goal_ep;

    // Achievements (docs/spec/decisions.md 6): only when a threshold is reached are the locked
    // definitions looked at; each is reported once, in sort_order then id.
    if (threshold_reached(p.next_ep_threshold, w.total_ep) ||
        threshold_reached(p.next_streak_threshold, w.streak_days)) {
        if (!s.pending) {
            d.needs_pending_achievements = true;
            return d;
        }
        std::vector<AchievementDefinition> reached, locked;
        for (const auto& def : *s.pending) {
            (achievement_reached(def, w.total_ep, w.streak_days) ? reached : locked).push_back(def);
        }
        std::sort(reached.begin(), reached.end(), [](const auto& a, const auto& b) {
            return a.sort_order != b.sort_order ? a.sort_order < b.sort_order : a.id < b.id;
        });
        for (auto& def : reached) {
            w.unlock.push_back(def.id);
            // Dated when booked (an offline answer's record replays it with that time).
            out.unlocked.push_back(UnlockedAchievement{std::move(def), w.recorded_at});
        }
        w.next_ep_threshold = next_threshold(locked, "ep");
        w.next_streak_threshold = next_threshold(locked, "streak");
    }
    w.outcome = out;  // without the memory: a replay does not give it (BookingOutcome::memory)
    out.memory = w.memory;
    out.language = p.target_language;
    d.write = std::move(w);
    return d;
}

}  // namespace

bool answer_type_counted(const std::string& answer_type) {
    return std::any_of(std::begin(kCountedAnswerTypes), std::end(kCountedAnswerTypes),
                       [&](const char* counted) { return answer_type == counted; });
}

BookingDecision decide_booking(const BookingCommand& c, const BookingState& s) {
    // A retry under a key still alive: the first outcome again, or a refusal; nothing written.
    if (c.idempotency && s.stored && s.stored->stored_at >= c.idempotency->expired_before) {
        BookingDecision d;
        if (s.stored->fingerprint != c.idempotency->fingerprint) {
            d.outcome.status = BookingStatus::key_reused;
            return d;
        }
        d.outcome = s.stored->outcome;
        d.outcome.replayed = true;
        if (s.profile) d.outcome.language = s.profile->target_language;
        return d;
    }
    if (c.replay_only) {
        BookingDecision d;
        d.outcome.status = BookingStatus::not_stored;
        return d;
    }
    if (!s.answer_type) return not_booked(c, s, BookingStatus::pair_not_found);
    if (!s.profile) return not_booked(c, s, BookingStatus::no_profile);
    if (!c.grade)
        return decide_answer(
            c,
            {c.correct, c.points, c.rating.value_or(fsrs::rating_for_answer(c.correct)),
             c.distractor_word},
            s);
    // A graded answer: booked with its grade in the language the learner practises.
    const Id language = s.profile->target_language;
    const auto grade = c.grade(language);
    if (!grade) {
        BookingDecision d;
        d.outcome.status = BookingStatus::not_gradable;
        d.outcome.language = language;
        return d;
    }
    return decide_answer(c, *grade, s);
}

}  // namespace ll
