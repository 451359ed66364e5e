#pragma once
// The online WordGenerator: any OpenAI-compatible chat-completions endpoint (a local llama.cpp
// or Ollama server, or a hosted one), configured by LLM_URL, LLM_MODEL and LLM_API_KEY. Each
// call is one POST in JSON mode (temperature 0.2); the answer is read by llm_protocol.hpp.
// Every failure is a GenerationError whose message never holds the API key.
#include <chrono>
#include <string>

#include "adapters/words/llm_endpoint.hpp"
#include "core/ports/word_generator.hpp"

namespace ll {

struct LlmSettings {
    std::string url;      // LLM_URL, see llm_endpoint.hpp for the accepted forms
    std::string model;    // LLM_MODEL
    std::string api_key;  // LLM_API_KEY; empty: no Authorization header
    std::chrono::milliseconds timeout{30000};  // bounds the whole exchange of one call
    // A PEM file of CA certificates trusted in addition to the system store (a self-hosted
    // server with a private CA); empty: the system store only.
    std::string extra_ca_file{};
};

class LlmGenerator final : public WordGenerator {
  public:
    // Throws GenerationError when the URL is unusable or the model is empty.
    explicit LlmGenerator(LlmSettings settings);

    std::vector<GeneratedWord> words(const WordGenerationRequest& request) override;
    std::vector<GeneratedQuestion> questions(const QuestionGenerationRequest& request) override;
    std::string name() const override { return "llm:" + settings_.model; }

  private:
    // POSTs the body and returns the response body of a 200 answer.
    std::string call(const std::string& body) const;
    [[noreturn]] void fail(const std::string& message) const;

    LlmSettings settings_;
    words::LlmEndpoint endpoint_;
};

}  // namespace ll
