#pragma once
// The exercise of each practice-queue entry (GET /auth/practice; docs/learning.md "Exercises"):
// what an app needs to render the card as a task the server then grades (POST /auth/answers).
// Which choice is right is never in it.
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/app/learning/answer_texts.hpp"
#include "core/ports/feed.hpp"

namespace ll {

struct ExerciseChoice {
    std::string id;  // opaque: sent back as POST /auth/answers' choice_id
    std::string text;
    bool operator==(const ExerciseChoice&) const = default;
};

struct Exercise {
    std::string type;                   // the card's answer type: word, question, yes_no, text
    std::optional<std::string> prompt;  // the question in the learner's language
    std::vector<ExerciseChoice> choices;
    bool accepts_text = false;  // a typed answer is graded too
    bool self_rated = false;    // answered with a rating 1..4 (a text card)
    // A word card's object: its shapes in pixels of the picture, and the picture's size.
    std::vector<Selection> outline;
    std::optional<int> width, height;
};

// Words to offer as wrong choices beyond a question's own distractors, read once for a page:
// those sharing a category with an answer word (with that word's id), then any others.
struct DistractorPool {
    std::vector<std::pair<Id, AnswerWord>> same_category;
    std::vector<AnswerWord> others;
};

inline constexpr std::size_t kWrongChoices = 3;
// Words read to fill up wrong choices (DistractorPool): per answer word, those sharing a category
// with it, and any others (the first published by id). The same for a page of the practice queue
// and for finding which word a wrong choice was (POST /auth/answers).
inline constexpr int kPoolPerWord = 8;
inline constexpr int kPoolOthers = 12;

// The exercise of `key` in `lang`. `seed` orders the choices: the same seed, the same order
// (the practice queue gives one per learner, card and local day).
// `choice_id` names a word's choice (word_choice_id for the learner and the card).
Exercise exercise_for(const AnswerKey& key, const FeedItem& item, std::string_view lang,
                      const DistractorPool& pool, const TextFolding& folding, std::uint64_t seed,
                      const std::function<std::string(Id)>& choice_id);

// The seed of a learner's card on a local day ("2026-11-27").
std::uint64_t exercise_seed(Id user_id, Id pair_id, std::string_view local_date);

// True when the key's own distractors with a title in `lang` cannot fill kWrongChoices wrong
// choices. Decided per card and language, so a card's choices do not depend on the other cards
// of a practice page (and the studio's preview of one card shows what the queue gives).
bool needs_pool(const AnswerKey& key, std::string_view lang);

// The words that fill up the wrong choices of these cards in `lang`, read once and only when one
// of them needs_pool (the practice queue's page, the studio's preview of one card).
DistractorPool read_distractor_pool(AnswerKeyQuery& query,
                                    const std::vector<const AnswerKey*>& keys,
                                    std::string_view lang);

}  // namespace ll
