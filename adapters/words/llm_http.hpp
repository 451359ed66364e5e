#pragma once
// One HTTP(S) POST of a JSON body, bounded as a whole by a deadline (resolve, connect, TLS
// handshake, write and read together). HTTPS verifies the server certificate against the
// system store (plus an optional extra CA file) and the host name, and sends SNI.
#include <chrono>
#include <string>
#include <vector>

#include "adapters/words/llm_endpoint.hpp"

namespace ll::words {

struct HttpReply {
    unsigned status = 0;
    std::string body;
};

struct HttpHeader {
    std::string name, value;
};

// Throws GenerationError on any transport failure or when the deadline passes. Error messages
// name the host and the failure, never the headers.
HttpReply post_json(const LlmEndpoint& endpoint, const std::string& body,
                    const std::vector<HttpHeader>& headers, std::chrono::milliseconds timeout,
                    const std::string& extra_ca_file = {});

}  // namespace ll::words
