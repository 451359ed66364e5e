#pragma once
// Word and question generation (docs/spec/authoring.md): the WordGenerator port (FreeDict offline,
// or an OpenAI-compatible model) proposes; the core validates everything it proposes before
// anything is stored, then finds or creates the words (by title_de, case-insensitively) and
// questions (by text_de within the object) so that nothing is duplicated.
#include "core/app/authoring/authoring_ports.hpp"
#include "core/app/authoring/requests/generation.hpp"
#include "core/app/authoring/unit_of_work.hpp"
#include "core/app/authoring/views.hpp"

namespace ll {

// `{object_id | picture_id, count? (1..50, default 10), status?: "draft"|"published"}`: words
// about the object's label word, or the picture's words and labels; created with `status`
// (default draft) or found, and linked to the object (not as its label) or the picture.
Result<GeneratedWords> generate_words(AuthoringPorts& ports, const GenerateWords& request);

// `{object_id | picture_id, count?}`: what generate_words would create or link, asked and
// validated the same way (the same 400/404/409/502), but nothing is stored. Each word names the
// existing word it would find (by title_de, case-insensitively) and whether that one is linked
// to the subject already.
Result<WordSuggestions> suggest_words(AuthoringPorts& ports, const SuggestWords& request);

// `{count? (1..20, default 3)}` for an object with a label word: questions (draft) with their
// answer and distractor words (draft), linked to the object's questions.
Result<GeneratedQuestions> generate_questions(AuthoringPorts& ports, Id object_id,
                                              const GenerateQuestions& request);

// The checks generated content must pass (level 1..100, non-empty titles and texts within the
// field limits); the problem, or nullopt when all is well. Exposed for tests.
std::optional<std::string> invalid_generated_word(const GeneratedWord& w);
std::optional<std::string> invalid_generated_question(const GeneratedQuestion& q);

}  // namespace ll
