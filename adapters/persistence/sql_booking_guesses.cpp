#include "adapters/persistence/sql_booking_guesses.hpp"

#include <algorithm>

namespace ll::sql {

void BookingGuesses::forget_memories(Learner& l) {
    ++l.epoch;
}

BookingGuesses::Learner& BookingGuesses::learner(Id user_id) {
    if (learners_.size() >= kMaxLearners && !learners_.count(user_id)) {
        learners_.clear();
        practised_ = 0;
    }
    return learners_[user_id];
}

void BookingGuesses::remember_practised(Learner& l, Id pair_id,
                                        const std::optional<fsrs::MemoryState>& memory) {
    if (const auto known = l.practised.find(pair_id); known != l.practised.end()) {
        known->second = Practised{l.epoch, memory};
        return;
    }
    if (practised_ >= kMaxPractised) {  // forget every learner's pairs, keep the profiles
        for (auto& entry : learners_) entry.second.practised.clear();
        practised_ = 0;
    }
    l.practised.emplace(pair_id, Practised{l.epoch, memory});
    ++practised_;
}

std::optional<BookingState> BookingGuesses::guess(const BookingCommand& c) {
    std::lock_guard lock(mutex_);
    const auto l = learners_.find(c.user_id);
    if (l == learners_.end() || !l->second.profile) return std::nullopt;
    if (l->second.cooldown > 0) {
        --l->second.cooldown;
        return std::nullopt;
    }
    const auto p = pairs_.find(c.pair_id);
    // A pair the learner is not known to have practised: the read tells whether this is the
    // first time (rare once a learner has practised a while).
    const auto practised = l->second.practised.find(c.pair_id);
    if (p == pairs_.end() || practised == l->second.practised.end() ||
        practised->second.epoch != l->second.epoch)
        return std::nullopt;
    // An answer dated before the last day booked here (sent late from offline): that day's EP is
    // not remembered.
    if (c.today < l->second.daily_date) return std::nullopt;
    l->second.guessed = true;
    BookingState s;
    s.guessed = true;
    s.answer_type = p->second.answer_type;
    s.categories = p->second.categories;
    s.profile = l->second.profile;
    s.pair_practised = true;
    s.memory = practised->second.memory;
    // The day's row changes only by a booking, which raises the version: a guess from another
    // day is "nothing yet today".
    s.daily_ep = l->second.daily_date == c.today ? l->second.daily_ep : 0;
    return s;
}

void BookingGuesses::remember_read(const BookingCommand& c, const BookingState& s) {
    std::lock_guard lock(mutex_);
    if (s.answer_type) {
        if (pairs_.size() >= kMaxPairs && !pairs_.count(c.pair_id)) pairs_.clear();
        pairs_[c.pair_id] = PairInfo{*s.answer_type, s.categories};
    }
    if (!s.profile) return;
    Learner& l = learner(c.user_id);
    if (!l.profile || l.profile->version != s.profile->version) forget_memories(l);
    l.profile = s.profile;
    l.zone = s.profile->timezone;
    if (l.language != s.profile->target_language) {  // the memories known are another language's
        practised_ -= l.practised.size();
        l.practised.clear();
        l.language = s.profile->target_language;
    }
    l.daily_date = c.today;
    l.daily_ep = s.daily_ep;
    l.guessed = false;
    if (s.pair_practised) remember_practised(l, c.pair_id, s.memory);
    // No day after the last practice date has a row, so "a later day has no EP yet" holds only for
    // a read of that date or after it. A read for an earlier day (a late offline answer) says
    // nothing about the later days: read again next time.
    const auto& last = s.profile->last_practice_date;
    if (last && c.today < *last) l.profile.reset();
}

void BookingGuesses::remember_write(const BookingWrite& w) {
    std::lock_guard lock(mutex_);
    const auto it = learners_.find(w.user_id);
    if (it == learners_.end() || !it->second.profile) return;
    Learner& l = it->second;
    if (l.guessed) l.failed_guesses = 0;
    l.guessed = false;
    BookingProfile& p = *l.profile;
    if (p.version != w.expected_version) forget_memories(l);  // decided on another read
    p.version = w.expected_version + 1;
    p.total_ep = w.total_ep;
    p.streak_days = w.streak_days;
    p.last_practice_date = w.practised_on;
    p.next_ep_threshold = w.next_ep_threshold;
    p.next_streak_threshold = w.next_streak_threshold;
    l.daily_date = w.practised_on;
    l.daily_ep = w.outcome.daily_ep;
    remember_practised(l, w.pair_id, w.memory);
    // A late offline answer wrote an earlier day: the figures above are not the last practice
    // day's. Read again next time.
    if (!w.moves_last_practice) l.profile.reset();
}

void BookingGuesses::forget(Id user_id) {
    std::lock_guard lock(mutex_);
    const auto it = learners_.find(user_id);
    if (it == learners_.end()) return;
    Learner& l = it->second;
    if (l.guessed) {
        l.failed_guesses = std::min(l.failed_guesses + 1, 5);
        l.cooldown = std::min(kMaxCooldown, 1 << (l.failed_guesses - 1));
    }
    l.guessed = false;
    l.profile.reset();  // the pairs practised stay practised
}

std::optional<std::string> BookingGuesses::zone(Id user_id) {
    std::lock_guard lock(mutex_);
    const auto it = learners_.find(user_id);
    return it == learners_.end() ? std::nullopt : it->second.zone;
}

namespace {

class RememberingProgressStore final : public ProgressStore {
  public:
    explicit RememberingProgressStore(std::unique_ptr<ProgressStore> store)
        : store_(std::move(store)) {}

    BookingState load_booking(const BookingCommand& c, bool with_pending) override {
        // A replay_only command (a batch item) writes nothing that could find a wrong guess out: it
        // needs the record under its key, read.
        if (!with_pending && !c.replay_only) {
            if (auto guessed = guesses_.guess(c)) return *std::move(guessed);
        }
        BookingState state = store_->load_booking(c, with_pending);
        guesses_.remember_read(c, state);
        return state;
    }

    // A refused write means the state had changed: read that learner next time.
    bool store_booking(const BookingWrite& w) override {
        const bool stored = store_->store_booking(w);
        if (!stored) {
            guesses_.forget(w.user_id);
        } else if (w.booked) {
            guesses_.remember_write(w);
        }
        return stored;
    }

    // Read, not guessed: the guess of a learner whose writes kept losing is gone already.
    BookingOutcome book_locked(Id user_id,
                               const std::function<BookingOutcome(BookingAccess&)>& work) override {
        return store_->book_locked(user_id, work);
    }

    std::optional<std::string> likely_zone(Id user_id) override { return guesses_.zone(user_id); }

    std::int64_t purge_idempotency_keys(Timestamp cutoff) override {
        return store_->purge_idempotency_keys(cutoff);
    }
    std::int64_t purge_batch_client_ids(Timestamp cutoff) override {
        return store_->purge_batch_client_ids(cutoff);
    }
    ReviewPurgeStep purge_reviews(Timestamp cutoff, Id after_user, int learners) override {
        return store_->purge_reviews(cutoff, after_user, learners);
    }

  private:
    std::unique_ptr<ProgressStore> store_;
    BookingGuesses guesses_;
};

}  // namespace

std::unique_ptr<ProgressStore> remembering(std::unique_ptr<ProgressStore> store) {
    return std::make_unique<RememberingProgressStore>(std::move(store));
}

}  // namespace ll::sql
