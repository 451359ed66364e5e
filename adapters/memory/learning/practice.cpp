// The practice queue's reads in memory (core/ports/learning/practice.hpp), over the card memory
// and review log the booking keeps (memory_progress.cpp) and the feed's rule (memory_feed.cpp).
#include <algorithm>
#include <map>

#include "adapters/memory/memory_state.hpp"

namespace ll {
namespace {

class MemoryPractice final : public PracticeQuery {
  public:
    explicit MemoryPractice(MemoryBackend::State& s) : s_(s) {}

    std::vector<CardMemoryRecord> due(Id user_id, Id language, Timestamp now, int max) override {
        std::lock_guard lock(s_.mutex);
        std::vector<CardMemoryRecord> out;
        for_each_card(user_id, language, [&](Id pair, const fsrs::MemoryState& m) {
            if (m.due <= now) out.push_back({pair, language, m});
        });
        // The port's rank: whole days since the last review over the stability, largest first.
        const auto rank = [&](const CardMemoryRecord& c) {
            const auto days =
                c.state.last_review ? fsrs::elapsed_days(*c.state.last_review, now) : 0;
            return static_cast<double>(days) / c.state.stability;
        };
        std::sort(out.begin(), out.end(), [&](const auto& a, const auto& b) {
            if (rank(a) != rank(b)) return rank(a) > rank(b);
            if (a.state.due != b.state.due) return a.state.due < b.state.due;
            return a.pair_id < b.pair_id;
        });
        if (static_cast<int>(out.size()) > max) out.resize(static_cast<std::size_t>(max));
        return out;
    }

    std::vector<Id> new_cards(Id user_id, Id language, std::string_view code, int limit) override {
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

    PracticeCounts counts(Id user_id, Id language, Timestamp now, Timestamp day_start,
                          Timestamp day_end) override {
        std::lock_guard lock(s_.mutex);
        PracticeCounts out;
        for_each_card(user_id, language, [&](Id, const fsrs::MemoryState& m) {
            if (m.due <= now) ++out.due_now;
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

    std::vector<LanguagePractice> languages(Id user_id, Timestamp now) override {
        std::lock_guard lock(s_.mutex);
        std::map<Id, LanguagePractice> by_language;
        for (const auto& [key, m] : s_.card_memory) {
            const auto& [user, language, pair_id] = key;
            if (user != user_id || !s_.content.pairs.count(pair_id)) continue;
            LanguagePractice& l = by_language[language];
            l.language_id = language;
            ++l.cards;
            if (m.due <= now) ++l.due_now;
            if (m.last_review && (!l.last_review_at || *m.last_review > *l.last_review_at))
                l.last_review_at = m.last_review;
        }
        for (const auto& line : s_.review_log) {
            const auto l = by_language.find(line.record.language);
            if (line.user_id == user_id && l != by_language.end() &&
                s_.content.pairs.count(line.pair_id))
                ++l->second.reviews;
        }
        std::vector<LanguagePractice> out;
        for (const auto& [language, l] : by_language) out.push_back(l);
        return out;
    }

    std::vector<CardChange> changed_cards(Id user_id, std::int64_t after, int max) override {
        std::lock_guard lock(s_.mutex);
        std::map<std::tuple<Id, Id>, std::int64_t> last;  // (language, pair) -> last line
        for (const auto& line : s_.review_log) {
            if (line.user_id == user_id && line.id > after)
                last[{line.record.language, line.pair_id}] = line.id;  // the log is in order
        }
        std::vector<CardChange> out;
        for (const auto& [card, id] : last) {
            const auto& [language, pair_id] = card;
            const auto memory = s_.card_memory.find({user_id, language, pair_id});
            if (memory == s_.card_memory.end() || !s_.content.pairs.count(pair_id)) continue;
            CardChange change{{pair_id, language, memory->second}};
            if (const auto p = s_.progress.find({user_id, pair_id}); p != s_.progress.end()) {
                change.seen = p->second.seen;
                change.correct = p->second.correct;
                change.wrong = p->second.wrong;
            }
            change.change = id;
            out.push_back(change);
        }
        std::sort(out.begin(), out.end(),
                  [](const auto& a, const auto& b) { return a.change < b.change; });
        if (static_cast<int>(out.size()) > max) out.resize(static_cast<std::size_t>(max));
        return out;
    }

    std::int64_t last_change(Id user_id) override {
        std::lock_guard lock(s_.mutex);
        std::int64_t last = 0;
        for (const auto& line : s_.review_log)
            if (line.user_id == user_id) last = line.id;
        return last;
    }

  private:
    // Each card of the learner in `language` with its memory (whatever the feed says now).
    template <typename Visit>
    void for_each_card(Id user_id, Id language, Visit&& visit) {
        for (const auto& [key, state] : s_.card_memory) {
            const auto& [user, lang, pair_id] = key;
            if (user == user_id && lang == language) visit(pair_id, state);
        }
    }

    MemoryBackend::State& s_;
};

}  // namespace

std::unique_ptr<PracticeQuery> make_memory_practice(MemoryBackend::State& s) {
    return std::make_unique<MemoryPractice>(s);
}

}  // namespace ll
