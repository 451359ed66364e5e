#pragma once
// Requests the HttpClient cannot make: a body without any Content-Type, and `Expect:
// 100-continue` where the test decides whether the body is sent at all. One connection per
// call, on a real socket, with a read timeout so a server that waits for bytes that never come
// fails the test instead of hanging it.
#include <chrono>
#include <cstdint>
#include <map>
#include <string>

namespace ll::test {

struct RawReply {
    int status = 0;  // 0: nothing (or no parsable status line) before the timeout
    std::map<std::string, std::string> headers;  // lower-case names
    std::string body;
    bool timed_out = false;  // the server neither answered completely nor closed in time
};

// Sends `head` (request line and headers, ending with an empty line) and, when `body` is
// given, the body right after; answers the first final (non-1xx) response.
RawReply raw_exchange(std::uint16_t port, const std::string& head, const std::string& body,
                      std::chrono::milliseconds timeout = std::chrono::seconds(5));

// `Expect: 100-continue`: sends `head`, waits for the server's first answer; when it is
// `100 Continue` the body is sent and the final answer is read. `continued` tells which
// happened.
RawReply raw_expect_continue(std::uint16_t port, const std::string& head, const std::string& body,
                             bool& continued,
                             std::chrono::milliseconds timeout = std::chrono::seconds(5));

}  // namespace ll::test
