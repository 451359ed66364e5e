// The practice queue's reads in memory (core/ports/learning/practice.hpp), over the card memory
// and review log the booking keeps (memory_progress.cpp) and the feed's rule (memory_feed.cpp).
#include <algorithm>

#include "adapters/memory/memory_state.hpp"

namespace ll {
namespace {

class MemoryPractice final : public PracticeQuery {
  public:
    explicit MemoryPractice(MemoryBackend::State& s) : s_(s) {}

    std::vector<CardMemoryRecord> due(Id user_id, Id language, std::string_view code,
                                      Timestamp now) override {
        std::lock_guard lock(s_.mutex);
        std::vector<CardMemoryRecord> out;
        for_each_card(user_id, language, code, [&](Id pair, const fsrs::MemoryState& m) {
            if (m.due <= now) out.push_back({pair, language, m});
        });
        return out;
    }

    std::vector<Id> new_cards(Id user_id, Id language, std::string_view code,
                              int limit) override {
        std::lock_guard lock(s_.mutex);
        std::vector<std::pair<int, Id>> fresh;  // (level, id)
        for (const auto& [id, pair] : s_.content.pairs) {
            if (s_.card_memory.count({user_id, language, id})) continue;
            if (memory_feed_entry(s_.content, pair, code)) fresh.emplace_back(pair.level, id);
        }
        std::sort(fresh.begin(), fresh.end());
        std::vector<Id> out;
        for (const auto& [level, id] : fresh) {
            if (static_cast<int>(out.size()) == limit) break;
            out.push_back(id);
        }
        return out;
    }

    PracticeCounts counts(Id user_id, Id language, std::string_view code, Timestamp now,
                          Timestamp day_start, Timestamp day_end) override {
        std::lock_guard lock(s_.mutex);
        PracticeCounts out;
        for_each_card(user_id, language, code, [&](Id, const fsrs::MemoryState& m) {
            if (m.due < day_end) ++out.due_by_day_end;
            if (m.due > now && (!out.next_due_at || m.due < *out.next_due_at))
                out.next_due_at = m.due;
        });
        for (const auto& line : s_.review_log) {
            const ReviewRecord& r = line.record;
            if (line.user_id == user_id && r.language == language && !r.elapsed_days &&
                r.reviewed_at >= day_start)
                ++out.new_started_today;
        }
        return out;
    }

  private:
    // Each eligible card of the learner in `language` with its memory.
    template <typename Visit>
    void for_each_card(Id user_id, Id language, std::string_view code, Visit&& visit) {
        for (const auto& [key, state] : s_.card_memory) {
            const auto& [user, lang, pair_id] = key;
            if (user != user_id || lang != language) continue;
            const auto pair = s_.content.pairs.find(pair_id);
            if (pair == s_.content.pairs.end() || !memory_feed_entry(s_.content, pair->second, code))
                continue;
            visit(pair_id, state);
        }
    }

    MemoryBackend::State& s_;
};

}  // namespace

std::unique_ptr<PracticeQuery> make_memory_practice(MemoryBackend::State& s) {
    return std::make_unique<MemoryPractice>(s);
}

}  // namespace ll
