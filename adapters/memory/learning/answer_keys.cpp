// What grading an answer reads about a card, over the in-memory content tables
// (core/ports/learning/answer_keys.hpp).
#include <algorithm>

#include "adapters/memory/memory_state.hpp"

namespace ll {
namespace {

AnswerWord answer_word(const Word& w) {
    return AnswerWord{w.id, w.title_de, w.title_en, w.title_sv};
}

class MemoryAnswerKeys final : public AnswerKeyQuery {
  public:
    explicit MemoryAnswerKeys(MemoryBackend::State& s) : s_(s) {}

    std::optional<AnswerKey> answer_key(Id pair_id) override {
        std::lock_guard lock(s_.mutex);
        const ContentTables& t = s_.content;
        const auto pair = t.pairs.find(pair_id);
        if (pair == t.pairs.end()) return std::nullopt;
        const Pair& p = pair->second;
        AnswerKey key;
        key.pair_id = p.id;
        key.answer_type = p.answer_type;
        key.level = p.level;
        const Question* question = nullptr;
        if (p.question_id) {
            const auto q = t.questions.find(*p.question_id);
            if (q != t.questions.end()) question = &q->second;
        }
        if (question) {
            key.short_answer_de = question->short_answer_de;
            key.short_answer_en = question->short_answer_en;
            key.short_answer_se = question->short_answer_se;
        }
        const auto word = [&](Id id) -> const Word* {
            const auto w = t.words.find(id);
            return w == t.words.end() ? nullptr : &w->second;
        };
        if (p.answer_type == "word" && p.object_id) {
            for (const auto& [id, link] : t.object_words)
                if (link.object_id == *p.object_id && link.is_label)
                    if (const Word* w = word(link.word_id)) key.answers.push_back(answer_word(*w));
        }
        if (question) {
            for (const auto& [id, link] : t.question_words) {
                if (link.question_id != question->id) continue;
                const Word* w = word(link.word_id);
                if (!w) continue;
                auto& list = link.role == kRoleDistractor ? key.distractors : key.answers;
                list.push_back(answer_word(*w));
            }
        }
        // By word id, a label word that also answers the question once (as the SQL reads them).
        for (auto* list : {&key.answers, &key.distractors}) {
            std::stable_sort(list->begin(), list->end(),
                             [](const auto& a, const auto& b) { return a.word_id < b.word_id; });
            list->erase(
                std::unique(list->begin(), list->end(),
                            [](const auto& a, const auto& b) { return a.word_id == b.word_id; }),
                list->end());
        }
        return key;
    }

  private:
    MemoryBackend::State& s_;
};

}  // namespace

std::unique_ptr<AnswerKeyQuery> make_memory_answer_keys(MemoryBackend::State& s) {
    return std::make_unique<MemoryAnswerKeys>(s);
}

}  // namespace ll
