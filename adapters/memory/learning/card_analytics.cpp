// The editors' card analytics over the in-memory tables (core/ports/learning/card_analytics.hpp):
// the review log, the cards' memory and the content, as the SQL queries read them.
#include <map>

#include "adapters/memory/memory_state.hpp"

namespace ll {
namespace {

class MemoryCardAnalytics final : public CardAnalyticsQuery {
  public:
    explicit MemoryCardAnalytics(MemoryBackend::State& s) : s_(s) {}

    std::vector<CardFigureRow> card_figures(const CardFigureFilter& f) override {
        std::lock_guard lock(s_.mutex);
        const ContentTables& t = s_.content;
        std::map<std::pair<Id, Id>, CardFigureRow> rows;  // (pair, language)
        std::map<std::pair<Id, Id>, std::map<Id, std::int64_t>> picks;
        for (const auto& line : s_.review_log) {
            const ReviewRecord& r = line.record;
            if ((f.language_id && r.language != *f.language_id) ||
                (f.pair_id && line.pair_id != *f.pair_id))
                continue;
            const auto pair = t.pairs.find(line.pair_id);
            if (pair == t.pairs.end()) continue;
            const Pair& p = pair->second;
            if (f.level && p.level != *f.level) continue;
            if (f.category_id && !t.pair_categories.count({p.id, *f.category_id})) continue;
            CardFigureRow& row = rows[{p.id, r.language}];
            if (row.pair_id == 0) describe(row, p, r.language);
            const bool current = !p.revised_at || r.reviewed_at >= *p.revised_at;
            AnswerTally& tally = current ? row.current : row.previous;
            ++tally.answers;
            if (r.rating != fsrs::Rating::again) ++tally.passed;
            if (current && r.elapsed_days) {
                row.retrievability_sum += r.retrievability;
                ++row.retrievability_count;
            }
            if (current && r.distractor_word_id) ++picks[{p.id, r.language}][*r.distractor_word_id];
        }
        std::vector<CardFigureRow> out;
        for (auto& [key, row] : rows) {
            double difficulty = 0;
            for (const auto& [at, memory] : s_.card_memory) {
                const auto& [user, language, pair] = at;
                if (pair != key.first || language != key.second) continue;
                ++row.learners;
                difficulty += memory.difficulty;
            }
            if (row.learners > 0) row.mean_difficulty = difficulty / row.learners;
            for (const auto& [pair, category] : t.pair_categories)
                if (pair == key.first) row.category_ids.push_back(category);
            for (const auto& [word, count] : picks[key]) {
                const auto w = t.words.find(word);
                if (w == t.words.end()) continue;
                row.picks.push_back(DistractorPick{
                    AnswerWord{word, w->second.title_de, w->second.title_en, w->second.title_sv},
                    count});
            }
            out.push_back(std::move(row));
        }
        return out;
    }

  private:
    void describe(CardFigureRow& row, const Pair& p, Id language) const {
        row.pair_id = p.id;
        row.language_id = language;
        row.picture_id = p.picture_id;
        row.answer_type = p.answer_type;
        row.level = p.level;
        row.status = p.status;
        row.revised_at = p.revised_at;
        if (!p.statement_id) return;
        const auto st = s_.content.statements.find(*p.statement_id);
        if (st == s_.content.statements.end()) return;
        row.statement_de = st->second.text_de;
        row.statement_en = st->second.text_en;
        row.statement_sv = st->second.text_sv;
    }

    MemoryBackend::State& s_;
};

}  // namespace

std::unique_ptr<CardAnalyticsQuery> make_memory_card_analytics(MemoryBackend::State& s) {
    return std::make_unique<MemoryCardAnalytics>(s);
}

}  // namespace ll
