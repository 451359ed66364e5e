// Booking, achievements, stats, feed and content seeding in memory.
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
        BookingOutcome out;
        if (!s_.pairs.count(c.pair_id)) {
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

  private:
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
        for (const auto& [key, row] : s_.progress) {
            if (key.first != user_id) continue;
            ++snap.pairs_practiced;
            snap.total_seen += row.seen;
            snap.total_correct += row.correct;
            const PairRow& pair = s_.pairs.at(key.second);
            AnswerTypeCounts& t = by_type[pair.answer_type];
            t.answer_type = pair.answer_type;
            t.seen += row.seen;
            t.correct += row.correct;
            for (Id category : pair.category_ids) {
                CategoryCounts& c = by_category[category];
                c.id = category;
                c.label = s_.categories.at(category);
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

class MemoryFeed final : public FeedQuery {
  public:
    explicit MemoryFeed(MemoryBackend::State& s) : s_(s) {}
    std::vector<FeedItem> page(std::string_view lang, std::optional<Id> after, int limit) override {
        Lock lock(s_.mutex);
        std::vector<FeedItem> items;
        for (const auto& [item, audio_lang] : s_.feed) {
            if (audio_lang == lang && (!after || item.pair_id > *after)) items.push_back(item);
        }
        std::sort(items.begin(), items.end(),
                  [](const auto& a, const auto& b) { return a.pair_id < b.pair_id; });
        if (static_cast<int>(items.size()) > limit) items.resize(static_cast<std::size_t>(limit));
        return items;
    }

  private:
    MemoryBackend::State& s_;
};

class MemoryContent final : public ContentSeeder {
  public:
    explicit MemoryContent(MemoryBackend::State& s) : s_(s) {}
    Id add_category(const std::string& titel_de) override {
        Lock lock(s_.mutex);
        const Id id = s_.new_id();
        s_.categories[id] = titel_de;
        return id;
    }
    Id add_pair(const SeedPair& pair) override {
        Lock lock(s_.mutex);
        const Id id = s_.new_id();
        s_.pairs[id] = PairRow{pair.answer_type, pair.status, pair.category_ids};
        return id;
    }
    std::int64_t pair_count() override {
        Lock lock(s_.mutex);
        return static_cast<std::int64_t>(s_.pairs.size());
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
std::unique_ptr<FeedQuery> make_memory_feed(MemoryBackend::State& s) {
    return std::make_unique<MemoryFeed>(s);
}
std::unique_ptr<ContentSeeder> make_memory_content(MemoryBackend::State& s) {
    return std::make_unique<MemoryContent>(s);
}

}  // namespace ll
