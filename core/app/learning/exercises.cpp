#include "core/app/learning/exercises.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "core/domain/digest.hpp"

namespace ll {
namespace {

std::optional<std::string> question_in(const FeedItem& item, std::string_view lang) {
    if (!item.question) return std::nullopt;
    const auto& q = *item.question;
    if (lang == "de") return q.de;
    if (lang == "en") return q.en;
    if (lang == "sv") return q.sv;
    return std::nullopt;
}

// The choices of a word or question card: its first answer word with a title in the language,
// and up to kWrongChoices others, each text once (in normal form) and none of them a text the
// card accepts (which a typed answer would pass) or an answer word of the card.
std::vector<ExerciseChoice> word_choices(const AnswerKey& key, std::string_view lang,
                                         const DistractorPool& pool, const TextFolding& folding,
                                         const std::function<std::string(Id)>& choice_id) {
    std::vector<ExerciseChoice> out;
    const auto right = std::find_if(key.answers.begin(), key.answers.end(), [&](const auto& w) {
        const auto t = word_title(w, lang);
        return t && !blank(*t);
    });
    if (right == key.answers.end()) return out;
    out.push_back({choice_id(right->word_id), *word_title(*right, lang)});
    std::vector<std::string> seen;
    for (const auto& a : accepted_texts(key, lang, folding)) seen.push_back(a.normal);
    seen.push_back(normal(folding, out.front().text, lang));
    const auto is_answer = [&](Id id) {
        return std::any_of(key.answers.begin(), key.answers.end(),
                           [&](const AnswerWord& a) { return a.word_id == id; });
    };
    const auto offer = [&](const AnswerWord& w) {
        if (out.size() > kWrongChoices || is_answer(w.word_id)) return;
        const auto text = word_title(w, lang);
        if (!text || blank(*text)) return;
        std::string n = normal(folding, *text, lang);
        if (std::find(seen.begin(), seen.end(), n) != seen.end()) return;
        seen.push_back(std::move(n));
        out.push_back({choice_id(w.word_id), *text});
    };
    for (const auto& w : key.distractors) offer(w);
    for (const auto& [shared, w] : pool.same_category)
        if (is_answer(shared)) offer(w);
    for (const auto& w : pool.others) offer(w);
    return out;
}

}  // namespace

std::uint64_t exercise_seed(Id user_id, Id pair_id, std::string_view local_date) {
    return fnv1a64(fmt::format("{}:{}:{}", user_id, pair_id, local_date));
}

bool needs_pool(const AnswerKey& key, std::string_view lang) {
    if (key.answer_type != "word" && key.answer_type != "question") return false;
    const auto titled =
        std::count_if(key.distractors.begin(), key.distractors.end(), [&](const AnswerWord& w) {
            const auto t = word_title(w, lang);
            return t && !blank(*t);
        });
    return static_cast<std::size_t>(titled) < kWrongChoices;
}

DistractorPool read_distractor_pool(AnswerKeyQuery& query,
                                    const std::vector<const AnswerKey*>& keys,
                                    std::string_view lang) {
    DistractorPool pool;
    std::vector<Id> answer_words;
    for (const AnswerKey* key : keys)
        if (needs_pool(*key, lang))
            for (const auto& w : key->answers) answer_words.push_back(w.word_id);
    if (!answer_words.empty()) {
        pool.same_category = query.category_words(answer_words, kPoolPerWord);
        pool.others = query.some_words(kPoolOthers);
    }
    return pool;
}

Exercise exercise_for(const AnswerKey& key, const FeedItem& item, std::string_view lang,
                      const DistractorPool& pool, const TextFolding& folding, std::uint64_t seed,
                      const std::function<std::string(Id)>& choice_id) {
    Exercise e;
    e.type = key.answer_type;
    e.prompt = question_in(item, lang);
    if (key.answer_type == "text") {
        e.self_rated = true;
        return e;
    }
    if (key.answer_type == "yes_no") {
        // Without a short answer there is nothing to grade against (409 card_has_no_answer).
        if (yes_no_truth(key, lang, folding))
            e.choices = {{kYesChoice, std::string(yes_word(lang))},
                         {kNoChoice, std::string(no_word(lang))}};
        e.accepts_text = true;
    } else {
        e.choices = word_choices(key, lang, pool, folding, choice_id);
        e.accepts_text = true;
    }
    if (key.answer_type == "word") {
        e.outline = key.outline;
        e.width = key.width;
        e.height = key.height;
    }
    // Shuffled by the seed: each choice's place is its digest with the seed, so the order is
    // the same for the same learner, card and day, and says nothing about which is right.
    std::sort(e.choices.begin(), e.choices.end(), [&](const auto& a, const auto& b) {
        return fnv1a64(fmt::format("{}:{}", seed, a.id)) <
               fnv1a64(fmt::format("{}:{}", seed, b.id));
    });
    return e;
}

}  // namespace ll
