#pragma once
// A word generator for core unit tests: answers what the test scripted, or throws, and keeps
// the last request.
#include <mutex>

#include "core/ports/word_generator.hpp"

namespace ll {

class ScriptedWordGenerator final : public WordGenerator {
  public:
    std::vector<GeneratedWord> next_words;
    std::vector<GeneratedQuestion> next_questions;
    bool fail = false;
    WordGenerationRequest last_words_request;
    QuestionGenerationRequest last_questions_request;

    std::vector<GeneratedWord> words(const WordGenerationRequest& request) override {
        last_words_request = request;
        if (fail) throw GenerationError("scripted failure");
        return next_words;
    }
    std::vector<GeneratedQuestion> questions(const QuestionGenerationRequest& request) override {
        last_questions_request = request;
        if (fail) throw GenerationError("scripted failure");
        return next_questions;
    }
    std::string name() const override { return "scripted"; }
};

}  // namespace ll
