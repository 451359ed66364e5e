// Booking, achievements and stats in memory, over the content tables' pairs and categories.
#include <algorithm>

#include "adapters/memory/memory_state.hpp"

namespace ll {
namespace {

using Lock = std::lock_guard<std::mutex>;

class MemoryProgress final : public ProgressStore {
  public:
    explicit MemoryProgress(MemoryBackend::State& s) : s_(s) {}

    // The whole booking under one lock: the in-memory form of one transaction.
    BookingOutcome book(const BookingCommand& c) override {
        Lock lock(s_.mutex);
        if (!c.idempotency) return book_locked(c);
        const auto key = std::make_pair(c.user_id, c.idempotency->key);
        const auto it = s_.idempotency.find(key);
        if (it != s_.idempotency.end() && it->second.stored_at >= c.idempotency->expired_before) {
            if (it->second.fingerprint != c.idempotency->fingerprint) {
                BookingOutcome refused;
                refused.status = BookingStatus::key_reused;
                return refused;
            }
            BookingOutcome again = it->second.outcome;
            again.replayed = true;
            return again;
        }
        BookingOutcome out = book_locked(c);
        s_.idempotency[key] = {c.idempotency->fingerprint, c.now, out};
        return out;
    }

    std::int64_t purge_idempotency_keys(Timestamp cutoff) override {
        Lock lock(s_.mutex);
        return static_cast<std::int64_t>(std::erase_if(
            s_.idempotency, [&](const auto& entry) { return entry.second.stored_at < cutoff; }));
    }

  private:
    BookingOutcome book_locked(const BookingCommand& c) {
        BookingOutcome out;
        if (!s_.content.pairs.count(c.pair_id)) {
            out.status = BookingStatus::pair_not_found;
            return out;
        }
        const auto profile_it = s_.profiles.find(c.user_id);
        if (profile_it == s_.profiles.end()) {
            out.status = BookingStatus::no_profile;
            return out;
        }
        PairProgressRow& pair = s_.progress[{c.user_id, c.pair_id}];
        ++pair.seen;
        ++(c.correct ? pair.correct : pair.wrong);
        pair.earned += c.points;

        DailyActivityRow& day = s_.daily[{c.user_id, c.today}];
        day.date = c.today;
        day.ep += c.points;
        ++day.cards;
        if (c.correct) ++day.correct;

        ProfileRow& row = profile_it->second;
        Profile& p = row.profile;
        out.previous_total_ep = p.total_ep;
        out.previous_streak_days = p.streak_days;
        p.total_ep += c.points;
        p.streak_days = next_streak(p.streak_days, row.last_practice_date, c.today);
        p.last_practice_at = c.now;
        row.last_practice_date = c.today;

        out.total_ep = p.total_ep;
        out.streak_days = p.streak_days;
        out.daily_ep = day.ep;
        out.daily_goal_ep = p.daily_goal_ep;
        for (const auto& def : s_.achievement_definitions) {
            if (!achievement_reached(def, p.total_ep, p.streak_days)) continue;
            if (s_.unlocked.emplace(std::make_pair(c.user_id, def.id), c.now).second) {
                out.unlocked.push_back(UnlockedAchievement{def, c.now});
            }
        }
        return out;
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
                c.points += row.earned;
                c.seen += row.seen;
            }
        }
        for (auto& [type, counts] : by_type) snap.by_answer_type.push_back(counts);
        for (auto& [id, counts] : by_category) snap.categories.push_back(counts);
        if (const auto it = s_.profiles.find(user_id); it != s_.profiles.end()) {
            snap.daily_goal_ep = it->second.profile.daily_goal_ep;
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
