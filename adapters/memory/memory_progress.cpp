// Booking, achievements and stats in memory, over the content tables' pairs and categories.
#include <algorithm>

#include "adapters/memory/memory_state.hpp"

namespace ll {
namespace {

using Lock = std::lock_guard<std::mutex>;

// The next thresholds become "not known"; a booking decided on the old ones meanwhile must
// decide again (version + 1).
void forget_thresholds(ProfileRow& row) {
    row.next_ep_threshold = row.next_streak_threshold = 0;
    ++row.version;
}

class MemoryProgress final : public ProgressStore {
  public:
    explicit MemoryProgress(MemoryBackend::State& s) : s_(s) {}

    BookingState load_booking(const BookingCommand& c, bool with_pending) override {
        Lock lock(s_.mutex);
        return read(c, with_pending);
    }

    // The whole write under one lock: the in-memory form of one transaction.
    bool store_booking(const BookingWrite& w) override {
        Lock lock(s_.mutex);
        return write(w);
    }

    // The store's lock held across the work's reads and writes.
    BookingOutcome book_locked(Id /*user_id*/,
                               const std::function<BookingOutcome(BookingAccess&)>& work) override {
        Lock lock(s_.mutex);
        Held held(*this);
        return work(held);
    }

    std::int64_t purge_idempotency_keys(Timestamp cutoff) override { return purge(cutoff, false); }
    std::int64_t purge_batch_client_ids(Timestamp cutoff) override { return purge(cutoff, true); }

    ReviewPurgeStep purge_reviews(Timestamp cutoff, Id after_user, int learners) override {
        Lock lock(s_.mutex);
        ReviewPurgeStep step;
        for (auto a = s_.accounts.upper_bound(after_user); a != s_.accounts.end() && learners > 0;
             ++a, --learners)
            step.last_user = a->first;
        if (!step.last_user) return step;
        // As the SQL purge: a line is its card's last when it is at the memory's last review.
        const auto last_of_card = [&](const auto& line) {
            const auto m = s_.card_memory.find({line.user_id, line.record.language, line.pair_id});
            return m != s_.card_memory.end() && m->second.last_review == line.record.reviewed_at;
        };
        step.removed = std::erase_if(s_.review_log, [&](const auto& line) {
            return line.user_id > after_user && line.user_id <= *step.last_user &&
                   line.record.reviewed_at < cutoff && !last_of_card(line);
        });
        return step;
    }

  private:
    // Reads and writes for a caller that holds the lock.
    struct Held final : BookingAccess {
        explicit Held(MemoryProgress& store) : store(store) {}
        BookingState load_booking(const BookingCommand& c, bool with_pending) override {
            return store.read(c, with_pending);
        }
        bool store_booking(const BookingWrite& w) override { return store.write(w); }
        MemoryProgress& store;
    };

    BookingState read(const BookingCommand& c, bool with_pending) {
        BookingState state;
        if (const auto pair = s_.content.pairs.find(c.pair_id); pair != s_.content.pairs.end()) {
            state.answer_type = pair->second.answer_type;
            for (const Category& category :
                 categories_of(s_.content, s_.content.pair_categories, c.pair_id))
                state.categories.push_back(category.id);
        }
        if (const auto it = s_.profiles.find(c.user_id); it != s_.profiles.end()) {
            const ProfileRow& row = it->second;
            state.profile = BookingProfile{row.version,
                                           row.profile.total_ep,
                                           row.profile.streak_days,
                                           row.profile.daily_goal_ep,
                                           row.last_practice_date,
                                           row.next_ep_threshold,
                                           row.next_streak_threshold,
                                           row.profile.timezone,
                                           row.profile.language_target_id};
            if (const auto settings = s_.learning_settings.find(c.user_id);
                settings != s_.learning_settings.end()) {
                state.profile->desired_retention = settings->second.settings.desired_retention;
                if (settings->second.fitted)
                    state.profile->parameters = settings->second.fitted->weights;
            }
            const auto memory =
                s_.card_memory.find({c.user_id, row.profile.language_target_id, c.pair_id});
            if (memory != s_.card_memory.end()) state.memory = memory->second;
        }
        state.pair_practised = s_.progress.count({c.user_id, c.pair_id}) > 0;
        if (const auto day = s_.daily.find({c.user_id, c.today}); day != s_.daily.end())
            state.daily_ep = day->second.ep;
        if (c.idempotency) {
            const auto it = s_.idempotency.find({c.user_id, c.idempotency->key});
            if (it != s_.idempotency.end())
                state.stored =
                    StoredBooking{it->second.fingerprint, it->second.stored_at, it->second.outcome};
        }
        if (with_pending) {
            state.pending.emplace();
            for (const auto& def : s_.achievement_definitions) {
                if (!s_.unlocked.count({c.user_id, def.id})) state.pending->push_back(def);
            }
        }
        return state;
    }

    bool write(const BookingWrite& w) {
        if (w.key) {
            const auto it = s_.idempotency.find({w.user_id, w.key->key});
            if (it != s_.idempotency.end() && it->second.stored_at >= w.key->expired_before)
                return false;
        }
        if (w.booked) {
            const auto profile = s_.profiles.find(w.user_id);
            if (profile == s_.profiles.end() || profile->second.version != w.expected_version)
                return false;
            ProfileRow& row = profile->second;
            ++row.version;
            row.profile.total_ep = w.total_ep;
            row.profile.streak_days = w.streak_days;
            if (w.moves_last_practice) {
                row.profile.last_practice_at = w.practised_at;
                row.last_practice_date = w.practised_on;
            }
            row.next_ep_threshold = w.next_ep_threshold;
            row.next_streak_threshold = w.next_streak_threshold;

            PairProgressRow& pair = s_.progress[{w.user_id, w.pair_id}];
            ++pair.seen;
            ++(w.stats.correct ? pair.correct : pair.wrong);
            pair.earned += w.stats.points;

            DailyActivityRow& day = s_.daily[{w.user_id, w.practised_on}];
            day.date = w.practised_on;
            day.ep += w.stats.points;
            ++day.cards;
            if (w.stats.correct) ++day.correct;
            // Statistics are summed from the rows above when read (MemoryStats).

            s_.card_memory[{w.user_id, w.review.language, w.pair_id}] = w.memory;
            s_.review_log.push_back({s_.next_review_line++, w.user_id, w.pair_id, w.review});

            for (const auto& id : w.unlock)
                s_.unlocked.emplace(std::make_pair(w.user_id, id), w.recorded_at);
        }
        if (w.key)
            s_.idempotency[{w.user_id, w.key->key}] = {w.key->fingerprint, w.recorded_at,
                                                       w.outcome};
        return true;
    }

    std::int64_t purge(Timestamp cutoff, bool batch) {
        Lock lock(s_.mutex);
        const std::string_view prefix = kBatchClientIdPrefix;
        return static_cast<std::int64_t>(std::erase_if(s_.idempotency, [&](const auto& entry) {
            return entry.first.second.starts_with(prefix) == batch &&
                   entry.second.stored_at < cutoff;
        }));
    }

    MemoryBackend::State& s_;
};

class MemoryAchievements final : public AchievementRepository {
  public:
    explicit MemoryAchievements(MemoryBackend::State& s) : s_(s) {}
    std::vector<AchievementStatus> list_for_user(Id user_id) override {
        Lock lock(s_.mutex);
        auto defs = s_.achievement_definitions;
        std::stable_sort(defs.begin(), defs.end(), [](const auto& a, const auto& b) {
            return a.sort_order != b.sort_order ? a.sort_order < b.sort_order : a.id < b.id;
        });
        std::vector<AchievementStatus> out;
        for (auto& def : defs) {
            const auto it = s_.unlocked.find({user_id, def.id});
            out.push_back(AchievementStatus{def, it == s_.unlocked.end()
                                                     ? std::nullopt
                                                     : std::optional<Timestamp>(it->second)});
        }
        return out;
    }

    void save_definition(const AchievementDefinition& definition) override {
        Lock lock(s_.mutex);
        auto& defs = s_.achievement_definitions;
        const auto it = std::find_if(defs.begin(), defs.end(),
                                     [&](const auto& d) { return d.id == definition.id; });
        if (it == defs.end())
            defs.push_back(definition);
        else
            *it = definition;
        // A booking decided on the old thresholds meanwhile must decide again: version + 1.
        for (auto& [user, row] : s_.profiles) forget_thresholds(row);
    }

    void revoke(Id user_id, const std::string& achievement_id) override {
        Lock lock(s_.mutex);
        s_.unlocked.erase({user_id, achievement_id});
        if (const auto it = s_.profiles.find(user_id); it != s_.profiles.end())
            forget_thresholds(it->second);
    }

  private:
    MemoryBackend::State& s_;
};

class MemoryStats final : public StatsQuery {
  public:
    explicit MemoryStats(MemoryBackend::State& s) : s_(s) {}
    StatsSnapshot load(Id user_id, Date from, Date to) override {
        Lock lock(s_.mutex);
        StatsSnapshot snap;
        for (const auto& [key, row] : s_.daily) {
            if (key.first == user_id && row.date >= from && row.date <= to)
                snap.daily.push_back(row);
        }
        std::map<std::string, AnswerTypeCounts> by_type;
        std::map<Id, CategoryCounts> by_category;
        const ContentTables& content = s_.content;
        for (const auto& [key, row] : s_.progress) {
            if (key.first != user_id) continue;
            // Progress of a deleted pair is gone with it (SQL: ON DELETE CASCADE).
            const auto pair = content.pairs.find(key.second);
            if (pair == content.pairs.end()) continue;
            ++snap.pairs_practiced;
            snap.total_seen += row.seen;
            snap.total_correct += row.correct;
            AnswerTypeCounts& t = by_type[pair->second.answer_type];
            t.answer_type = pair->second.answer_type;
            t.seen += row.seen;
            t.correct += row.correct;
            for (const Category& category :
                 categories_of(content, content.pair_categories, pair->first)) {
                CategoryCounts& c = by_category[category.id];
                c.id = category.id;
                c.label = category.titel_de;
                c.label_en = category.titel_en;
                c.label_sv = category.titel_sv;
                c.points += row.earned;
                c.seen += row.seen;
            }
        }
        for (auto& [type, counts] : by_type) snap.by_answer_type.push_back(counts);
        for (auto& [id, counts] : by_category) snap.categories.push_back(counts);
        if (const auto it = s_.profiles.find(user_id); it != s_.profiles.end()) {
            snap.daily_goal_ep = it->second.profile.daily_goal_ep;
            snap.timezone = it->second.profile.timezone;
        }
        return snap;
    }

  private:
    MemoryBackend::State& s_;
};

}  // namespace

std::unique_ptr<ProgressStore> make_memory_progress(MemoryBackend::State& s) {
    return std::make_unique<MemoryProgress>(s);
}
std::unique_ptr<AchievementRepository> make_memory_achievements(MemoryBackend::State& s) {
    return std::make_unique<MemoryAchievements>(s);
}
std::unique_ptr<StatsQuery> make_memory_stats(MemoryBackend::State& s) {
    return std::make_unique<MemoryStats>(s);
}
}  // namespace ll
