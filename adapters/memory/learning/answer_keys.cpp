// What grading an answer reads about a card, over the in-memory content tables
// (core/ports/learning/answer_keys.hpp).
#include <algorithm>
#include <set>

#include "adapters/memory/memory_state.hpp"

namespace ll {
namespace {

AnswerWord answer_word(const Word& w) {
    return AnswerWord{w.id, w.title_de, w.title_en, w.title_sv};
}

class MemoryAnswerKeys final : public AnswerKeyQuery {
  public:
    explicit MemoryAnswerKeys(MemoryBackend::State& s) : s_(s) {}

    std::shared_ptr<const AnswerKey> answer_key(Id pair_id) override {
        std::lock_guard lock(s_.mutex);
        auto key = key_of(pair_id);
        if (!key) return nullptr;
        return std::make_shared<const AnswerKey>(std::move(*key));
    }

    std::vector<AnswerKey> answer_keys(const std::vector<Id>& pair_ids) override {
        std::lock_guard lock(s_.mutex);
        std::set<Id> ids(pair_ids.begin(), pair_ids.end());
        std::vector<AnswerKey> out;
        for (const Id id : ids)
            if (auto key = key_of(id)) out.push_back(std::move(*key));
        return out;
    }

    std::vector<std::pair<Id, AnswerWord>> category_words(const std::vector<Id>& word_ids,
                                                          int per_word) override {
        std::lock_guard lock(s_.mutex);
        const ContentTables& t = s_.content;
        std::vector<std::pair<Id, AnswerWord>> out;
        for (const Id shared : std::set<Id>(word_ids.begin(), word_ids.end())) {
            std::set<Id> categories;
            std::vector<Id> others;  // sharing a category, within kCategoryWordsNear ids
            for (const auto& [word, category] : t.word_categories)
                if (word == shared) categories.insert(category);
            for (const auto& [word, category] : t.word_categories) {
                const Id gap = word > shared ? word - shared : shared - word;
                if (word == shared || gap > kCategoryWordsNear || !categories.count(category))
                    continue;
                const auto w = t.words.find(word);
                if (w == t.words.end() || w->second.status != status::kPublished) continue;
                if (std::find(others.begin(), others.end(), word) == others.end())
                    others.push_back(word);
            }
            // The nearest first, then by id; the first `per_word`, reported by id.
            std::sort(others.begin(), others.end(), [&](Id a, Id b) {
                const Id da = a > shared ? a - shared : shared - a;
                const Id db = b > shared ? b - shared : shared - b;
                return da != db ? da < db : a < b;
            });
            if (static_cast<int>(others.size()) > per_word)
                others.resize(static_cast<std::size_t>(std::max(per_word, 0)));
            std::sort(others.begin(), others.end());
            for (const Id other : others) out.emplace_back(shared, answer_word(t.words.at(other)));
        }
        return out;
    }

    std::vector<AnswerWord> some_words(int max) override {
        std::lock_guard lock(s_.mutex);
        std::vector<AnswerWord> out;
        for (const auto& [id, w] : s_.content.words) {
            if (static_cast<int>(out.size()) >= max) break;
            if (w.status == status::kPublished) out.push_back(answer_word(w));
        }
        return out;
    }

  private:
    std::optional<AnswerKey> key_of(Id pair_id) {
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
        if (p.object_id) {
            const auto object = t.objects.find(*p.object_id);
            if (object != t.objects.end()) key.outline = object->second.selections;
        }
        if (p.picture_id) {
            const auto picture = t.pictures.find(*p.picture_id);
            if (picture != t.pictures.end()) {
                key.width = picture->second.width;
                key.height = picture->second.height;
            }
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
        bool labelled = false;  // answers[0] is the object's label word
        if (p.answer_type == "word" && p.object_id) {
            for (const auto& [id, link] : t.object_words)
                if (link.object_id == *p.object_id && link.is_label)
                    if (const Word* w = word(link.word_id)) {
                        key.answers.push_back(answer_word(*w));
                        labelled = true;
                    }
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
        // The label first, then by word id; a label word that also answers the question once
        // (as the SQL reads them).
        for (auto* list : {&key.answers, &key.distractors}) {
            const auto first = list == &key.answers && labelled ? list->begin() + 1 : list->begin();
            std::stable_sort(first, list->end(),
                             [](const auto& a, const auto& b) { return a.word_id < b.word_id; });
            std::vector<AnswerWord> once;
            for (auto& w : *list)
                if (std::none_of(once.begin(), once.end(),
                                 [&](const AnswerWord& o) { return o.word_id == w.word_id; }))
                    once.push_back(std::move(w));
            *list = std::move(once);
        }
        return key;
    }

    MemoryBackend::State& s_;
};

}  // namespace

std::unique_ptr<AnswerKeyQuery> make_memory_answer_keys(MemoryBackend::State& s) {
    return std::make_unique<MemoryAnswerKeys>(s);
}

}  // namespace ll
