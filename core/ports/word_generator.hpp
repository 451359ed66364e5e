#pragma once
// Word and question generation for authoring (docs/spec/authoring.md "Generators"). Adapters: the
// offline FreeDict dictionaries (deu-eng, deu-swe; the default) and an OpenAI-compatible
// chat-completions endpoint (LLM_URL, LLM_MODEL, LLM_API_KEY). Adapters only parse what their
// source gives into these values; the core validates them (level 1..100, non-empty titles)
// before anything is stored.
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace ll {

// A German word with what is known of its translations.
struct WordSeed {
    std::string title_de;
    std::optional<std::string> title_en;
    std::optional<std::string> title_sv;
};

struct GeneratedWord {
    std::string title_de;
    std::string title_en;
    std::string title_sv;
    int level = 1;  // 1..100 (validated by the core)
};

struct WordGenerationRequest {
    // What the words are about: the object's label word, or the picture's words and labels.
    std::vector<WordSeed> seeds;
    std::string context;  // e.g. the picture title; may be empty
    int count = 10;       // at most this many words (1..50)
    // German titles (any case) the caller has already: the generator should not repeat them.
    std::vector<std::string> known_titles;
};

struct GeneratedQuestion {
    std::string text_de, text_en, text_sv;
    std::string short_answer_de, short_answer_en, short_answer_se;
    int level = 1;                                // 1..100
    std::vector<GeneratedWord> answer_words;      // usually the label itself
    std::vector<GeneratedWord> distractor_words;  // plausible wrong answers
};

struct QuestionGenerationRequest {
    WordSeed label;                     // the object's label word
    std::vector<WordSeed> other_words;  // other words of the picture (distractor candidates)
    std::string context;                // the picture title; may be empty
    int count = 3;                      // at most this many questions (1..20)
};

// The source could not be asked or gave something that cannot be read (network failure, HTTP
// error, malformed model output). The message is for logs; never holds the API key.
struct GenerationError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

class WordGenerator {
  public:
    virtual ~WordGenerator() = default;
    // Throws GenerationError. May return fewer than `count` (even none).
    virtual std::vector<GeneratedWord> words(const WordGenerationRequest& request) = 0;
    virtual std::vector<GeneratedQuestion> questions(const QuestionGenerationRequest& request) = 0;
    // "freedict" or "llm:<model>" (for logs and the answer's `generator` field).
    virtual std::string name() const = 0;
};

}  // namespace ll
