#pragma once
// Where the chat-completions requests go, from LLM_URL. Accepted forms:
//   http://127.0.0.1:11434              -> /v1/chat/completions   (Ollama, llama.cpp server)
//   https://host/v1                      -> /v1/chat/completions
//   https://host/openai/v1/              -> /openai/v1/chat/completions
//   http://host:8080/v1/chat/completions -> as given
// A query string is kept. User info in the URL is refused (credentials belong in LLM_API_KEY).
#include <cstdint>
#include <string>
#include <string_view>

namespace ll::words {

struct LlmEndpoint {
    bool https = false;
    std::string host;  // name or address, IPv6 without brackets
    std::uint16_t port = 0;
    std::string target;            // "/v1/chat/completions[?query]"
    std::string host_header;       // "host[:port]", IPv6 in brackets
    bool host_is_address = false;  // an IP literal: no SNI, certificate checked for the address
};

// Throws GenerationError naming what is wrong with the URL.
LlmEndpoint parse_llm_url(std::string_view url);

}  // namespace ll::words
