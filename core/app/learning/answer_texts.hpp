#pragma once
// A card's texts in the learner's language, as grading (answers.cpp) and the practice queue's
// exercises (exercises.cpp) both read them (docs/learning.md "Graded answers", "Exercises").
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/domain/grading.hpp"
#include "core/ports/learning/answer_keys.hpp"
#include "core/ports/refresh_sessions.hpp"
#include "core/ports/text_folding.hpp"

namespace ll {

// The choice ids of the exercises: a word's is "c" and 16 hex digits of a digest keyed with the
// service's secret over the learner, the card and the word, so the id says nothing about the
// word (not even its place among the ids) to anyone without the key, and the server finds it
// again for the card's answer words when it grades; or "yes" and "no".
std::string word_choice_id(const SecretTokens& secrets, Id user_id, Id pair_id, Id word_id);
inline constexpr const char* kYesChoice = "yes";
inline constexpr const char* kNoChoice = "no";
// The shape of a word's choice id.
bool is_word_choice_id(std::string_view id);
// Which choices grading counts right: a word choice naming one of the card's answer words (each
// word's id made by `choice_id`), whatever the language; on a yes_no card, the one its short
// answer says (`truth`, yes_no_truth below).
bool names_answer_word(const AnswerKey& key, std::string_view choice,
                       const std::function<std::string(Id)>& choice_id);
inline bool yes_no_choice_right(std::string_view choice, bool truth) {
    return (choice == kYesChoice) == truth;
}

// A word's title in `lang` ("de", "en", "sv"); nullopt where it has none.
std::optional<std::string> word_title(const AnswerWord& w, std::string_view lang);
// Only white space (nothing to grade).
bool blank(std::string_view text);
// The question's short answer in `lang`; a blank one is none.
std::optional<std::string> short_answer_in(const AnswerKey& key, std::string_view lang);
// The words for yes and no in `lang`.
std::string_view yes_word(std::string_view lang);
std::string_view no_word(std::string_view lang);
// `text` folded and in its normal form for `lang` (core/domain/grading.hpp).
std::string normal(const TextFolding& folding, std::string_view text, std::string_view lang);
// A yes_no card's truth: its short answer (in the language, else in German) says no in any of
// the three languages, or yes; nullopt when it has no short answer to tell.
std::optional<bool> yes_no_truth(const AnswerKey& key, std::string_view lang,
                                 const TextFolding& folding);
// The texts a card accepts in `lang`, its own answer first: the label word of a `word` card,
// the question's short answer, the question's answer words; each normal form once.
std::vector<grading::Accepted> accepted_texts(const AnswerKey& key, std::string_view lang,
                                              const TextFolding& folding);

}  // namespace ll
