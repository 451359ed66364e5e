#pragma once
// What the authoring use cases answer, beyond the plain entities of core/domain/content.hpp.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/domain/content.hpp"

namespace ll {

// A word as a list of a picture's or object's words, or generation, shows it.
struct WordView {
    Word word;
    std::optional<Id> link_id;     // the link record, in link lists
    std::optional<bool> is_label;  // object words
    std::optional<bool> created;   // generation and link routes: made by this request
    std::optional<std::string> role = std::nullopt;  // question words: answer or distractor
};

// A word linked to a pair's statement or question (docs/spec/authoring.md "A pair answer").
struct PairWordView {
    Id link_id = 0;
    std::string link_to;  // "question" or "statement"
    Id word_id = 0;
    std::string title_de;
};

struct PairView {
    Pair pair;
    std::optional<Statement> statement;
    std::optional<Question> question;
    std::vector<PairWordView> words;
    std::vector<Category> categories;
};

// GET /api/object/:id/questions and question generation.
struct QuestionView {
    Question question;
    std::vector<Word> answer_words;
    std::vector<Word> distractor_words;
    std::optional<bool> created;  // generation: made by this request (false: an existing one)
};

struct GeneratedQuestions {
    std::vector<QuestionView> questions;
    std::vector<WordView> words;  // every word the questions use, with `created`
    std::string generator;
};

struct GeneratedWords {
    std::vector<WordView> words;
    std::string generator;
};

// One word POST /api/word-suggestions proposes: the generator's, or the existing word with that
// title_de (word_id), and whether that word is linked to the subject already.
struct WordSuggestion {
    std::string title_de, title_en, title_sv;
    int level = 1;
    std::optional<Id> word_id;
    bool linked = false;
};

struct WordSuggestions {
    std::vector<WordSuggestion> words;
    std::string generator;
};

struct AudioResult {
    Audio audio;
    bool created = false;  // false: an existing row whose file was replaced
};

struct AudioFailure {
    AudioSource source;
    std::string error;      // for the client: "Speech synthesis failed"
    std::string detail;     // why, for the log only (the synthesizer's own message)
    std::string_view code;  // the error's code (core/domain/errors.hpp)
};

struct AudioBatchResult {
    std::int64_t generated = 0;
    std::int64_t skipped = 0;  // items in scope that had audio already
    std::vector<AudioFailure> failed;
};

struct PipelineResult {
    Id picture_id = 0;
    std::vector<PairView> published;
};

}  // namespace ll
