#include "adapters/words/llm_generator.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "adapters/words/llm_http.hpp"
#include "adapters/words/llm_protocol.hpp"

namespace ll {
namespace {

constexpr std::size_t kMaxQuotedBody = 200;

// The message with every occurrence of the key masked: a server may echo it back.
std::string redact(std::string message, const std::string& key) {
    if (key.empty()) return message;
    for (auto at = message.find(key); at != std::string::npos; at = message.find(key, at))
        message.replace(at, key.size(), "[redacted]");
    return message;
}

}  // namespace

LlmGenerator::LlmGenerator(LlmSettings settings) : settings_(std::move(settings)) {
    if (settings_.model.empty()) throw GenerationError("LLM_MODEL is empty");
    try {
        endpoint_ = words::parse_llm_url(settings_.url);
    } catch (const GenerationError& e) {
        fail(e.what());
    }
}

void LlmGenerator::fail(const std::string& message) const {
    throw GenerationError(redact(message, settings_.api_key));
}

std::string LlmGenerator::call(const std::string& body) const {
    std::vector<words::HttpHeader> headers;
    if (!settings_.api_key.empty())
        headers.push_back({"Authorization", "Bearer " + settings_.api_key});
    words::HttpReply reply;
    try {
        reply =
            words::post_json(endpoint_, body, headers, settings_.timeout, settings_.extra_ca_file);
    } catch (const std::exception& e) {
        fail(e.what());
    }
    if (reply.status != 200) {
        auto quoted = reply.body.substr(0, kMaxQuotedBody);
        std::replace(quoted.begin(), quoted.end(), '\n', ' ');
        fail(fmt::format("LLM endpoint answered HTTP {}: {}", reply.status, quoted));
    }
    return std::move(reply.body);
}

std::vector<GeneratedWord> LlmGenerator::words(const WordGenerationRequest& request) {
    if (request.count <= 0) return {};
    try {
        auto out =
            words::parse_words_reply(call(words::words_request_body(settings_.model, request)));
        if (out.size() > static_cast<std::size_t>(request.count)) out.resize(request.count);
        return out;
    } catch (const std::exception& e) {
        fail(e.what());
    }
}

std::vector<GeneratedQuestion> LlmGenerator::questions(const QuestionGenerationRequest& request) {
    if (request.count <= 0) return {};
    try {
        auto out = words::parse_questions_reply(
            call(words::questions_request_body(settings_.model, request)));
        if (out.size() > static_cast<std::size_t>(request.count)) out.resize(request.count);
        return out;
    } catch (const std::exception& e) {
        fail(e.what());
    }
}

}  // namespace ll
